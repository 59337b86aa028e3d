import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// UIKit's compositional layout (iOS 13) and its list configuration (iOS 14), as far as lists and
// grids need: sections of groups of items, sized absolutely, as fractions of the container, or
// estimated (list rows size themselves); boundary headers and footers; swipe actions.
// HeadlessUIKit lays a section out as lines: a horizontal group of n items is a line of n
// columns, as long as the group is tall.

/// A layout of sections of groups of items (`UICollectionViewCompositionalLayout`).
@MainActor
open class HeadlessCompositionalLayout: HeadlessCollectionViewLayout {
  private let sectionProvider: (Int, any HeadlessLayoutEnvironment) -> HeadlessLayoutSection?
  /// The layout's settings.
  public let configuration: HeadlessCompositionalLayoutConfiguration
  /// The sections as last worked out, by index, for the width they were worked out at.
  private var sections: [Int: HeadlessLayoutSection] = [:]
  private var sectionsWidth: CGFloat = -1

  /// A layout whose every section is `section`.
  public convenience init(section: HeadlessLayoutSection) {
    self.init(section: section, configuration: HeadlessCompositionalLayoutConfiguration())
  }

  /// A layout whose every section is `section`, with settings.
  public init(
    section: HeadlessLayoutSection, configuration: HeadlessCompositionalLayoutConfiguration
  ) {
    sectionProvider = { _, _ in section }
    self.configuration = configuration
    super.init()
  }

  /// A layout whose sections a provider makes, by index and environment.
  public convenience init(
    sectionProvider: @escaping (Int, any HeadlessLayoutEnvironment) -> HeadlessLayoutSection?
  ) {
    self.init(
      sectionProvider: sectionProvider, configuration: HeadlessCompositionalLayoutConfiguration())
  }

  /// A layout whose sections a provider makes, with settings.
  public init(
    sectionProvider: @escaping (Int, any HeadlessLayoutEnvironment) -> HeadlessLayoutSection?,
    configuration: HeadlessCompositionalLayoutConfiguration
  ) {
    self.sectionProvider = sectionProvider
    self.configuration = configuration
    super.init()
  }

  /// HeadlessUIKit has no archives; this is a one-column list.
  public required init?(coder: NSCoder) {
    let list = HeadlessListConfiguration(appearance: .plain)
    sectionProvider = { _, environment in .list(using: list, layoutEnvironment: environment) }
    configuration = HeadlessCompositionalLayoutConfiguration()
    super.init(coder: coder)
  }

  /// A layout of list sections.
  public static func list(using configuration: HeadlessListConfiguration)
    -> HeadlessCompositionalLayout
  {
    let layout = HeadlessCompositionalLayout { _, environment in
      .list(using: configuration, layoutEnvironment: environment)
    }
    layout.listConfiguration = configuration
    return layout
  }

  /// The list configuration of a ``list(using:)`` layout.
  var listConfiguration: HeadlessListConfiguration?

  /// Tells the collection view to lay out again, and forgets the sections worked out: the next
  /// pass works them out afresh.
  open override func invalidateLayout() {
    sections.removeAll()
    super.invalidateLayout()
  }

  /// Every layout pass asks the provider anew, as UIKit does after the data changes.
  open override func prepare() {
    super.prepare()
    sections.removeAll()
  }

  /// The section layout for a section index, as the provider makes it for the view's size.
  func section(_ index: Int) -> HeadlessLayoutSection? {
    guard let view = collectionView else { return nil }
    let size = view.frame.size
    if size.width != sectionsWidth {
      sections.removeAll()
      sectionsWidth = size.width
    }
    if let section = sections[index] { return section }
    let environment = LayoutEnvironment(container: LayoutContainer(contentSize: size))
    let section = sectionProvider(index, environment)
    sections[index] = section
    return section
  }

  override var scrollsHorizontally: Bool { configuration.scrollDirection == .horizontal }

  override func sectionLayout(_ index: Int, breadth: CGFloat) -> SectionLayout? {
    guard let section = section(index), let view = collectionView else { return nil }
    let insets = section.contentInsets
    let across = max(0, breadth - insets.leading - insets.trailing)
    let container = CGSize(width: across, height: view.frame.height)
    let group = section.group
    let groupHeight = max(0, group.height(in: container))
    var layout = SectionLayout(
      columns: 1, lineHeight: 0, insets: (insets.top, insets.bottom),
      crossInsets: (insets.leading, insets.trailing),
      spacingAfter: configuration.interSectionSpacing)
    if section.orthogonalScrollingBehavior != .none {
      // The groups follow each other across, in one line as tall as a group (UIKit rules §7.9).
      let groupWidth = max(0, group.layoutSize.widthDimension.length(in: container))
      let perGroup = group.isHorizontal ? group.itemsPerGroup(in: container) : group.itemsStacked
      let spacing = group.interItemSpacing?.spacing ?? 0
      let itemWidth =
        group.isHorizontal && group.count != nil
        ? max(0, (groupWidth - spacing * CGFloat(perGroup - 1)) / CGFloat(perGroup))
        : group.firstItemWidth(in: container)
      layout.lineHeight = groupHeight
      layout.orthogonal = OrthogonalRow(
        groupLength: groupWidth, groupSpacing: section.interGroupSpacing,
        itemsPerGroup: perGroup, itemLength: itemWidth, itemSpacing: spacing,
        stacksItems: !group.isHorizontal)
      return layout
    }
    layout.columns = group.isHorizontal ? group.itemsPerGroup(in: container) : 1
    // A vertical group of n items is n lines that share its height.
    layout.lineHeight = groupHeight / CGFloat(group.itemsStacked) + section.interGroupSpacing
    layout.lineSpacing = section.interGroupSpacing
    // An estimated group is as tall as its tallest item once their cells are measured, each
    // starting from its estimate (UIKit rules §7.9).
    if group.layoutSize.heightDimension.isEstimated {
      layout.selfSizing = (groupHeight / CGFloat(group.itemsStacked), section.interGroupSpacing)
    }
    return layout
  }

  override func supplementaryHeight(_ kind: SupplementaryKind, section index: Int) -> CGFloat {
    guard let item = boundaryItem(kind, section: index), let view = collectionView else { return 0 }
    return item.layoutSize.heightDimension.length(in: view.frame.size)
  }

  override func pinsSupplementary(_ kind: SupplementaryKind, section index: Int) -> Bool {
    boundaryItem(kind, section: index)?.pinToVisibleBounds ?? false
  }

  /// A section's header or footer item.
  private func boundaryItem(_ kind: SupplementaryKind, section index: Int)
    -> HeadlessLayoutBoundarySupplementaryItem?
  {
    let elementKind =
      kind == .header
      ? HeadlessCollectionView.elementKindSectionHeader
      : HeadlessCollectionView.elementKindSectionFooter
    return section(index)?.boundarySupplementaryItems.first { $0.elementKind == elementKind }
  }

  /// A section of estimated groups sizes its items by their cells (a list's rows are).
  override var sectionsMaySizeThemselves: Bool { true }

  override func columns(forBreadth breadth: CGFloat) -> Int {
    listConfiguration == nil ? super.columns(forBreadth: breadth) : 1
  }
}

/// A layout's settings (`UICollectionViewCompositionalLayoutConfiguration`).
@MainActor
public final class HeadlessCompositionalLayoutConfiguration {
  /// The direction the sections follow each other in.
  public var scrollDirection = HeadlessCollectionView.ScrollDirection.vertical
  /// Space between sections.
  public var interSectionSpacing: CGFloat = 0

  /// The default settings.
  public init() {}
}
