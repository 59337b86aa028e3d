import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What the engine asks of the view it lays out: the view's data source, delegate and layout,
/// each in the view's own UIKit terms. The table and the collection view each conform once, so
/// a view that leaves one out does not compile (where a closure hook would have answered a
/// silent default). The engine holds its host weakly: the view owns the engine.
@MainActor
protocol ListEngineHost: HeadlessScrollView {
  /// Whether the view has a data source to ask.
  var hasDataSource: Bool { get }
  /// The data source's number of sections; 0 with none.
  func dataSourceSectionCount() -> Int
  /// The data source's number of rows or items in `section`; 0 with none.
  func dataSourceItemCount(inSection section: Int) -> Int
  /// The data source's cell for `path`; `nil` with no data source to ask (UIKit raises).
  func dataSourceCell(at path: IndexPath) -> HeadlessReusableView?
  /// The header or footer view of `section`, or `nil` when the view has none to show.
  func supplementaryView(_ kind: SupplementaryKind, section: Int) -> HeadlessReusableView?
  /// The length of a section's header or footer along the scroll; 0 for none.
  func supplementaryLength(_ kind: SupplementaryKind, section: Int) -> CGFloat
  /// Whether a section's header (or footer) stays on screen while its section scrolls by,
  /// pinned to the top (or bottom) of the visible area: a plain table's, a flow layout's with
  /// `sectionHeadersPinToVisibleBounds`, a compositional item's with `pinToVisibleBounds`.
  func pinsSupplementary(_ kind: SupplementaryKind, section: Int) -> Bool
  /// The room above a section's header, when it has one (a plain table's
  /// `sectionHeaderTopPadding`).
  func headerPadding(section: Int) -> CGFloat
  /// The element kind UIKit names a header or footer by (a collection view's
  /// `elementKindSectionHeader`, for one).
  func elementKindName(_ kind: SupplementaryKind) -> String
  /// A section's own layout, when the view's layout gives each its own (a compositional
  /// layout); `nil` for a section laid out with ``LineLayout/uniform``.
  func sectionLayout(_ section: Int) -> SectionLayout?
  /// The delegate's scroll events go here.
  var scrollEventDelegate: (any HeadlessScrollViewDelegate)? { get }
  /// Tells the prefetch data source to prefetch, or to stop prefetching, the data of `paths`.
  func prefetchData(at paths: [IndexPath])
  func cancelPrefetchingData(at paths: [IndexPath])
  /// Tells the delegate a cell is about to be shown (measured and in place), or left the screen.
  func willDisplay(_ cell: HeadlessReusableView, at path: IndexPath)
  func didEndDisplaying(_ cell: HeadlessReusableView, at path: IndexPath)
  /// Readies the layout at the start of each pass (a collection view layout's `prepare()`).
  func prepareLayout()
  /// Finishes the view's own part of a pass: a table places its footer view, a collection view
  /// checks what a custom layout says against the counts.
  func didLayOut()
  /// Called once a batch is accepted and applied, for what a view asks of its layout then.
  func didApplyBatch(_ plan: BatchUpdatePlan)
}
