import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// UIKit's compositional layout (iOS 13) and its list configuration (iOS 14), as far as lists and
// grids need: sections of groups of items, sized absolutely, as fractions of the container, or
// estimated (list rows size themselves); boundary headers and footers; swipe actions.
// HeadlessUIKit lays a section out as lines: a horizontal group of n items is a line of n
// columns, as long as the group is tall.

/// Insets that follow the reading direction (`NSDirectionalEdgeInsets` where UIKit does not
/// exist).
public struct HeadlessDirectionalEdgeInsets: Hashable, Sendable {
  /// The inset at the top.
  public var top: CGFloat
  /// The inset where lines start.
  public var leading: CGFloat
  /// The inset at the bottom.
  public var bottom: CGFloat
  /// The inset where lines end.
  public var trailing: CGFloat

  /// Insets on each side.
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
  }

  /// No insets.
  public init() { (top, leading, bottom, trailing) = (0, 0, 0, 0) }

  /// No insets.
  public static let zero = Self(top: 0, leading: 0, bottom: 0, trailing: 0)
}

/// Where a boundary supplementary item sits (`NSRectAlignment` where UIKit does not exist).
public enum HeadlessRectAlignment: Int, Sendable {
  /// Nowhere in particular.
  case none
  /// Above (a header).
  case top
  /// Above, at the leading edge.
  case topLeading
  /// At the leading edge.
  case leading
  /// Below, at the leading edge.
  case bottomLeading
  /// Below (a footer).
  case bottom
  /// Below, at the trailing edge.
  case bottomTrailing
  /// At the trailing edge.
  case trailing
  /// Above, at the trailing edge.
  case topTrailing
}

/// One dimension of a layout size (`NSCollectionLayoutDimension`): absolute, a fraction of the
/// container's width or height, or an estimate the content replaces.
@MainActor
public final class HeadlessLayoutDimension {
  enum Kind { case fractionalWidth, fractionalHeight, absolute, estimated }
  let kind: Kind
  /// The value: points, or a fraction.
  public let dimension: CGFloat

  init(_ kind: Kind, _ dimension: CGFloat) {
    self.kind = kind
    self.dimension = dimension
  }

  /// A fraction of the container's width.
  public static func fractionalWidth(_ fraction: CGFloat) -> HeadlessLayoutDimension {
    .init(.fractionalWidth, fraction)
  }
  /// A fraction of the container's height.
  public static func fractionalHeight(_ fraction: CGFloat) -> HeadlessLayoutDimension {
    .init(.fractionalHeight, fraction)
  }
  /// Points.
  public static func absolute(_ points: CGFloat) -> HeadlessLayoutDimension {
    .init(.absolute, points)
  }
  /// An estimate in points, replaced by the size the content needs.
  public static func estimated(_ points: CGFloat) -> HeadlessLayoutDimension {
    .init(.estimated, points)
  }

  /// Whether it is a fraction of the container's width.
  public var isFractionalWidth: Bool { kind == .fractionalWidth }
  /// Whether it is a fraction of the container's height.
  public var isFractionalHeight: Bool { kind == .fractionalHeight }
  /// Whether it is in points.
  public var isAbsolute: Bool { kind == .absolute }
  /// Whether it is an estimate.
  public var isEstimated: Bool { kind == .estimated }

  /// The length in a container of `size`.
  func length(in size: CGSize) -> CGFloat {
    switch kind {
    case .fractionalWidth: dimension * size.width
    case .fractionalHeight: dimension * size.height
    case .absolute, .estimated: dimension
    }
  }
}

/// A width and a height (`NSCollectionLayoutSize`).
@MainActor
public final class HeadlessLayoutSize {
  /// The width.
  public let widthDimension: HeadlessLayoutDimension
  /// The height.
  public let heightDimension: HeadlessLayoutDimension

  /// A size of two dimensions.
  public init(widthDimension: HeadlessLayoutDimension, heightDimension: HeadlessLayoutDimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }
}

/// An item of a group (`NSCollectionLayoutItem`): a cell.
@MainActor
public class HeadlessLayoutItem {
  /// The item's size.
  public let layoutSize: HeadlessLayoutSize
  /// Room inside the item's frame around its cell.
  public var contentInsets = HeadlessDirectionalEdgeInsets.zero

  /// An item of a size.
  public init(layoutSize: HeadlessLayoutSize) {
    self.layoutSize = layoutSize
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
  /// first item as fit its width.
  func itemsPerGroup(in size: CGSize) -> Int {
    if let count { return max(1, count) }
    guard isHorizontal, let item = subitems.first else { return max(1, subitems.count) }
    let groupWidth = layoutSize.widthDimension.length(in: size)
    let itemWidth = item.layoutSize.widthDimension.length(
      in: CGSize(width: groupWidth, height: size.height))
    guard itemWidth > 0 else { return 1 }
    let spacing = interItemSpacing?.spacing ?? 0
    return max(1, Int(((groupWidth + spacing) / (itemWidth + spacing) + 0.0001).rounded(.down)))
  }
}

/// A header or footer of a section (`NSCollectionLayoutBoundarySupplementaryItem`).
@MainActor
public final class HeadlessLayoutBoundarySupplementaryItem: HeadlessLayoutItem {
  /// The element kind it is dequeued for.
  public let elementKind: String
  /// Where it sits: above (a header) or below (a footer) the section.
  public let alignment: HeadlessRectAlignment
  /// Whether it stays on screen while its section scrolls by.
  public var pinToVisibleBounds = false

  /// A header (`alignment: .top`) or footer (`.bottom`) of an element kind.
  public init(
    layoutSize: HeadlessLayoutSize, elementKind: String, alignment: HeadlessRectAlignment
  ) {
    self.elementKind = elementKind
    self.alignment = alignment
    super.init(layoutSize: layoutSize)
  }
}

/// What a section provider is told about the space it lays out in
/// (`NSCollectionLayoutEnvironment`).
@MainActor
public protocol HeadlessLayoutEnvironment {
  /// The container: the collection view's size, less its insets.
  var container: any HeadlessLayoutContainer { get }
}

/// The space a layout lays out in (`NSCollectionLayoutContainer`).
@MainActor
public protocol HeadlessLayoutContainer {
  /// The container's size.
  var contentSize: CGSize { get }
  /// The container's size less its insets.
  var effectiveContentSize: CGSize { get }
}

struct LayoutContainer: HeadlessLayoutContainer {
  var contentSize: CGSize
  var effectiveContentSize: CGSize { contentSize }
}

struct LayoutEnvironment: HeadlessLayoutEnvironment {
  var container: any HeadlessLayoutContainer
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
  /// How the section scrolls across the main scroll; HeadlessUIKit lays every section out along
  /// the main scroll.
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
    return section
  }

  /// A list row's estimated height: a standard cell's.
  static let listRowEstimate: CGFloat = 44
  /// A list header's estimated height.
  static let listHeaderEstimate: CGFloat = 38
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
    let columns = group.isHorizontal ? group.itemsPerGroup(in: container) : 1
    // A vertical group of n items is n lines that share its height.
    let lineHeight =
      group.layoutSize.heightDimension.length(in: container) / CGFloat(group.itemsStacked)
    return SectionLayout(
      columns: columns, lineHeight: max(0, lineHeight) + section.interGroupSpacing,
      insets: (insets.top, insets.bottom), crossInsets: (insets.leading, insets.trailing))
  }

  override func supplementaryHeight(_ kind: SupplementaryKind, section index: Int) -> CGFloat {
    guard let section = section(index), let view = collectionView else { return 0 }
    let elementKind =
      kind == .header
      ? HeadlessCollectionView.elementKindSectionHeader
      : HeadlessCollectionView.elementKindSectionFooter
    guard
      let item = section.boundarySupplementaryItems.first(where: { $0.elementKind == elementKind })
    else { return 0 }
    return item.layoutSize.heightDimension.length(in: view.frame.size)
  }

  /// Rows of a list size themselves from this estimate; other layouts keep their group heights.
  override var selfSizingEstimate: CGFloat? {
    listConfiguration == nil ? nil : HeadlessLayoutSection.listRowEstimate
  }

  override func columns(forBreadth breadth: CGFloat) -> Int {
    listConfiguration == nil ? super.columns(forBreadth: breadth) : 1
  }
}

/// A list's settings (`UICollectionLayoutListConfiguration`).
public struct HeadlessListConfiguration {
  /// The list's look.
  public enum Appearance: Sendable, Hashable {
    /// Rows edge to edge.
    case plain
    /// Sections as groups.
    case grouped
    /// Groups inset from the edges.
    case insetGrouped
    /// A sidebar.
    case sidebar
    /// A plain sidebar.
    case sidebarPlain
  }

  /// What shows a section's header.
  public enum HeaderMode: Sendable, Hashable {
    /// No header.
    case none
    /// A supplementary view of `elementKindSectionHeader`.
    case supplementary
    /// The section's first item, styled as a header.
    case firstItemInSection
  }

  /// What shows a section's footer.
  public enum FooterMode: Sendable, Hashable {
    /// No footer.
    case none
    /// A supplementary view of `elementKindSectionFooter`.
    case supplementary
  }

  /// The swipe actions of the row at an index path, or `nil` for none.
  public typealias SwipeActionsConfigurationProvider =
    @MainActor (IndexPath) -> HeadlessSwipeActionsConfiguration?

  /// The list's look.
  public var appearance: Appearance
  /// What shows a section's header.
  public var headerMode: HeaderMode = .none
  /// What shows a section's footer.
  public var footerMode: FooterMode = .none
  /// Whether lines separate the rows.
  public var showsSeparators = true
  /// The space above each section's header; `nil` for the appearance's.
  public var headerTopPadding: CGFloat?
  /// The list's background colour; `nil` for the appearance's.
  public var backgroundColor: HeadlessColor?
  /// The actions a swipe from the leading edge reveals, row by row.
  public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
  /// The actions a swipe from the trailing edge reveals, row by row.
  public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?

  /// A list of a look.
  public init(appearance: Appearance) {
    self.appearance = appearance
  }
}

/// An action the user swipes a row to reveal (`UIContextualAction`).
@MainActor
public final class HeadlessContextualAction {
  /// How the action looks.
  public enum Style: Int, Sendable {
    /// An ordinary action.
    case normal
    /// An action that destroys (red).
    case destructive
  }

  /// Runs the action; call `completion` with whether it was performed.
  public typealias Handler =
    @MainActor (HeadlessContextualAction, HeadlessView, @escaping @MainActor (Bool) -> Void) -> Void

  /// How the action looks.
  public let style: Style
  /// The action's title.
  public var title: String?
  /// The action's image.
  public var image: HeadlessImage?
  /// The action's background colour.
  public var backgroundColor: HeadlessColor?
  /// What the action does.
  public let handler: Handler

  /// An action of a style and title.
  public init(style: Style, title: String?, handler: @escaping Handler) {
    self.style = style
    self.title = title
    self.handler = handler
  }
}

/// The actions a swipe reveals (`UISwipeActionsConfiguration`).
@MainActor
public final class HeadlessSwipeActionsConfiguration {
  /// The actions, first nearest the edge.
  public let actions: [HeadlessContextualAction]
  /// Whether a full swipe performs the first action.
  public var performsFirstActionWithFullSwipe = true

  /// The actions, first nearest the edge.
  public init(actions: [HeadlessContextualAction]) {
    self.actions = actions
  }
}

extension HeadlessCollectionView {
  /// Which side of a row the user swipes from.
  public enum SwipeEdge: Sendable {
    /// From where lines start.
    case leading
    /// From where lines end.
    case trailing
  }

  /// The user swipes a visible row of a list layout from an edge: the actions its list
  /// configuration's provider gives (HeadlessUIKit only); `nil` when there are none.
  public func userSwipes(itemAt indexPath: IndexPath, from edge: SwipeEdge)
    -> HeadlessSwipeActionsConfiguration?
  {
    guard cellForItem(at: indexPath) != nil,
      let list = (collectionViewLayout as? HeadlessCompositionalLayout)?.listConfiguration
    else { return nil }
    let provider =
      edge == .leading
      ? list.leadingSwipeActionsConfigurationProvider
      : list.trailingSwipeActionsConfigurationProvider
    return provider?(indexPath)
  }

  /// The user taps an action a swipe revealed on the row at `indexPath`: its handler runs, and
  /// `completion` hears whether it was performed (HeadlessUIKit only).
  public func userTaps(
    _ action: HeadlessContextualAction, onItemAt indexPath: IndexPath,
    completion: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    let view = cellForItem(at: indexPath) ?? HeadlessCollectionViewCell(frame: .zero)
    action.handler(action, view, completion)
  }
}
