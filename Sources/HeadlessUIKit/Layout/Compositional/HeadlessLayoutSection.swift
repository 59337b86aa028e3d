import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// One section's layout (`NSCollectionLayoutSection`).
@MainActor
public final class HeadlessLayoutSection {
  /// The group the section repeats.
  public let group: HeadlessLayoutGroup
  /// Room around the section's groups.
  public var contentInsets = HeadlessDirectionalEdgeInsets.zero
  /// Space between groups.
  public var interGroupSpacing: CGFloat = 0
  /// Its headers and footers.
  public var boundarySupplementaryItems: [HeadlessLayoutBoundarySupplementaryItem] = []
  /// How the section scrolls across the main scroll: other than `.none`, its groups follow
  /// each other across in one line as tall as a group (a carousel), scrolled on its own; only
  /// the items in the width it shows are visible (UIKit rules §7.9).
  public var orthogonalScrollingBehavior = HeadlessOrthogonalScrollingBehavior.none
  /// The list configuration it was made from, for a list section.
  var list: HeadlessListConfiguration?

  /// A section of repeated groups.
  public init(group: HeadlessLayoutGroup) {
    self.group = group
  }

  /// A section laid out as a list.
  public static func list(
    using configuration: HeadlessListConfiguration,
    layoutEnvironment: any HeadlessLayoutEnvironment
  ) -> HeadlessLayoutSection {
    let row = HeadlessLayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .estimated(Self.listRowEstimate))
    let section = HeadlessLayoutSection(
      group: .vertical(layoutSize: row, subitems: [HeadlessLayoutItem(layoutSize: row)]))
    section.list = configuration
    let header = HeadlessLayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .estimated(Self.listHeaderEstimate))
    if configuration.headerMode == .supplementary {
      section.boundarySupplementaryItems.append(
        .init(
          layoutSize: header, elementKind: HeadlessCollectionView.elementKindSectionHeader,
          alignment: .top))
    }
    if configuration.footerMode == .supplementary {
      section.boundarySupplementaryItems.append(
        .init(
          layoutSize: header, elementKind: HeadlessCollectionView.elementKindSectionFooter,
          alignment: .bottom))
    }
    if configuration.appearance == .insetGrouped {
      section.contentInsets = .init(top: 0, leading: 20, bottom: 0, trailing: 20)
    }
    // A plain list's supplementary headers and footers are pinned, as a plain table's float
    // (UIKit rules §4c).
    if configuration.appearance == .plain || configuration.appearance == .sidebarPlain {
      for item in section.boundarySupplementaryItems { item.pinToVisibleBounds = true }
    }
    return section
  }

  /// A list row's estimated height: a standard cell's.
  static let listRowEstimate: CGFloat = ListEngine.defaultRowHeight
  /// A list header's estimated height.
  static let listHeaderEstimate: CGFloat = 38
}

/// How a section scrolls across the main scroll (`UICollectionLayoutSectionOrthogonalScrollingBehavior`).
public enum HeadlessOrthogonalScrollingBehavior: Int, Sendable {
  /// Not at all.
  case none
  /// Continuously.
  case continuous
  /// Continuously, stopping at group leading edges.
  case continuousGroupLeadingBoundary
  /// A page at a time.
  case paging
  /// A group at a time.
  case groupPaging
  /// A group at a time, centred.
  case groupPagingCentered
}
