import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Items side by side or stacked (`NSCollectionLayoutGroup`).
@MainActor
public final class HeadlessLayoutGroup: HeadlessLayoutItem {
  /// Whether the items are side by side.
  let isHorizontal: Bool
  /// The items, and how many times they repeat along the group.
  public let subitems: [HeadlessLayoutItem]
  let count: Int?
  /// The space between items.
  public var interItemSpacing: HeadlessLayoutSpacing?

  init(
    layoutSize: HeadlessLayoutSize, horizontal: Bool, subitems: [HeadlessLayoutItem], count: Int?
  ) {
    self.isHorizontal = horizontal
    self.subitems = subitems
    self.count = count
    super.init(layoutSize: layoutSize)
  }

  /// Items side by side, as many as fit.
  public static func horizontal(layoutSize: HeadlessLayoutSize, subitems: [HeadlessLayoutItem])
    -> HeadlessLayoutGroup
  { .init(layoutSize: layoutSize, horizontal: true, subitems: subitems, count: nil) }

  /// `count` items side by side, sharing the width.
  public static func horizontal(
    layoutSize: HeadlessLayoutSize, subitem: HeadlessLayoutItem, count: Int
  ) -> HeadlessLayoutGroup {
    .init(layoutSize: layoutSize, horizontal: true, subitems: [subitem], count: count)
  }

  /// `count` items side by side (iOS 16's name).
  public static func horizontal(
    layoutSize: HeadlessLayoutSize, repeatingSubitem subitem: HeadlessLayoutItem, count: Int
  ) -> HeadlessLayoutGroup {
    .init(layoutSize: layoutSize, horizontal: true, subitems: [subitem], count: count)
  }

  /// Items stacked.
  public static func vertical(layoutSize: HeadlessLayoutSize, subitems: [HeadlessLayoutItem])
    -> HeadlessLayoutGroup
  { .init(layoutSize: layoutSize, horizontal: false, subitems: subitems, count: nil) }

  /// `count` items stacked, sharing the height.
  public static func vertical(
    layoutSize: HeadlessLayoutSize, subitem: HeadlessLayoutItem, count: Int
  ) -> HeadlessLayoutGroup {
    .init(layoutSize: layoutSize, horizontal: false, subitems: [subitem], count: count)
  }

  /// `count` items stacked (iOS 16's name).
  public static func vertical(
    layoutSize: HeadlessLayoutSize, repeatingSubitem subitem: HeadlessLayoutItem, count: Int
  ) -> HeadlessLayoutGroup {
    .init(layoutSize: layoutSize, horizontal: false, subitems: [subitem], count: count)
  }

  /// How many items a vertical group stacks: its count, or its items.
  var itemsStacked: Int { isHorizontal ? 1 : max(1, count ?? subitems.count) }

  /// How many items one group holds across a container of `size`: its count, or as many of its
  /// subitems, taken in turn and repeated, as fit its width (UIKit: the group "repeats" its
  /// subitems as many times as will fit).
  func itemsPerGroup(in size: CGSize) -> Int {
    if let count { return max(1, count) }
    guard isHorizontal, !subitems.isEmpty else { return max(1, subitems.count) }
    let groupWidth = layoutSize.widthDimension.length(in: size)
    let inGroup = CGSize(width: groupWidth, height: size.height)
    let widths = subitems.map { max(0, $0.layoutSize.widthDimension.length(in: inGroup)) }
    guard widths.contains(where: { $0 > 0 }) else { return 1 }
    let spacing = interItemSpacing?.spacing ?? 0
    var used: CGFloat = 0
    var fitted = 0
    while fitted < 10_000 {
      let width = widths[fitted % widths.count]
      let next = used + (fitted == 0 ? 0 : spacing) + width
      guard next <= groupWidth + 0.0001 else { break }
      used = next
      fitted += 1
    }
    return max(1, fitted)
  }

  /// The width of the group's first subitem in a container of `size`.
  func firstItemWidth(in size: CGSize) -> CGFloat {
    let groupWidth = layoutSize.widthDimension.length(in: size)
    return max(
      0,
      subitems.first?.layoutSize.widthDimension.length(
        in: CGSize(width: groupWidth, height: size.height)) ?? 0)
  }

  /// The group's height in a container of `size`: its own, or, when estimated, the tallest of
  /// its subitems' estimates (UIKit sizes an estimated group to its tallest item).
  func height(in size: CGSize) -> CGFloat {
    let own = layoutSize.heightDimension
    guard own.isEstimated else { return own.length(in: size) }
    // A subitem a fraction of the group's height takes whatever the group comes to.
    let tallest =
      subitems.map(\.layoutSize.heightDimension).filter { $0.isEstimated || $0.isAbsolute }
      .map(\.dimension).max() ?? 0
    return isHorizontal ? max(own.dimension, tallest) : own.dimension
  }
}

/// Spacing between the items of a group (`NSCollectionLayoutSpacing`).
@MainActor
public final class HeadlessLayoutSpacing {
  /// The spacing in points.
  public let spacing: CGFloat
  init(_ spacing: CGFloat) { self.spacing = spacing }
  /// Exactly this much.
  public static func fixed(_ points: CGFloat) -> HeadlessLayoutSpacing { .init(points) }
  /// At least this much.
  public static func flexible(_ points: CGFloat) -> HeadlessLayoutSpacing { .init(points) }
}
