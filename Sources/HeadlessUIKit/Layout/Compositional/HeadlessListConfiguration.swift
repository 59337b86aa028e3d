import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

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
