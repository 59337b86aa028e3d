import Foundation

/// What the headless table and collection views share, as their UIKit counterparts share
/// `UIScrollView`: a frame whose height is the viewport, a window, a content offset, and the
/// batch and inspection surface of the engine behind them.
@MainActor
open class HeadlessScrollView {
  let engine: ListEngine

  /// The view's frame; its height is the viewport.
  open var frame: CGRect {
    didSet { engine.viewportHeight = frame.height }
  }

  /// The window the view is in; setting one puts it on screen and lays out the visible cells.
  open var window: HeadlessWindow? {
    didSet { engine.isInWindow = window != nil }
  }

  /// How far the content is scrolled; setting it scrolls, lays out and prefetches.
  open var contentOffset: CGPoint {
    get { CGPoint(x: 0, y: engine.contentOffsetY) }
    set { engine.setContentOffset(newValue.y) }
  }

  /// Whether data prefetching is on (UIKit's default: `true`).
  open var isPrefetchingEnabled: Bool {
    get { engine.isPrefetchingEnabled }
    set { engine.isPrefetchingEnabled = newValue }
  }

  init(frame: CGRect, kind: ListViewKind) {
    self.frame = frame
    engine = ListEngine(kind: kind, viewportHeight: frame.height)
  }

  /// Lays out now: requests cells for visible rows that have none, recycles the others.
  open func layoutIfNeeded() { engine.layout() }

  /// Groups operations into one batch, validated when the outermost batch ends; `completion`
  /// gets whether UIKit would have accepted it.
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    engine.beginBatch()
    updates?()
    let accepted = engine.endBatch()
    completion?(accepted)
  }

  /// Forgets the cached counts and cells and asks the data source again; a violation inside a
  /// batch (§1.3).
  open func reloadData() { engine.reloadData() }

  /// Moves a section.
  open func moveSection(_ section: Int, toSection newSection: Int) {
    engine.record { $0.sectionMoves.append(.init(from: section, to: newSection)) }
  }

  /// The number of sections, as the view last read it.
  open var numberOfSections: Int { engine.counts().count }

  // MARK: HeadlessUIKit's own surface

  /// Whether batches are also checked against what UIKit is not known to accept (see
  /// ``BatchUpdateValidator/isStrict``).
  public var isStrict: Bool {
    get { engine.isStrict }
    set { engine.isStrict = newValue }
  }

  /// Every update UIKit would have rejected, in order.
  public var violations: [UpdateViolation] { engine.violations }

  /// Called with each violation as it happens.
  public var onViolation: ((UpdateViolation) -> Void)? {
    get { engine.onViolation }
    set { engine.onViolation = newValue }
  }

  /// Forgets the recorded violations.
  public func clearViolations() { engine.clearViolations() }

  /// How many times the view asked its data source for a cell.
  public var cellRequestCount: Int { engine.cellRequestCount }

  /// The rows the view has asked to be prefetched and not cancelled, nearest first.
  public var prefetchedIndexPaths: [IndexPath] { engine.prefetched }

  /// Rows (or lines of items) of lookahead for data prefetching; `nil`, the default, means one
  /// screen. UIKit does not document its distance (reference §4, §6).
  public var prefetchLookahead: Int? {
    get { engine.prefetchLookahead }
    set { engine.prefetchLookahead = newValue }
  }

  /// The total height of the content.
  public var contentHeight: CGFloat { engine.contentHeight }

  /// Scrolls by a distance in points (negative: up), as one step of a user's scroll.
  public func scroll(by distance: CGFloat) {
    engine.setContentOffset(engine.contentOffsetY + distance)
  }

  func sortedCells<Cell>(as type: Cell.Type) -> [Cell] {
    engine.cells.sorted { $0.key < $1.key }.compactMap { $0.value as? Cell }
  }
}
