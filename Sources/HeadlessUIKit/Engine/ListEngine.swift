import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The shared machinery of the headless table and collection views: the counts cache and its
/// timing rules, batches and their validation, cells and their reuse, the viewport, and UIKit's
/// prefetch timing. The two views are thin faces over it with UIKit's names.
@MainActor
final class ListEngine {
  let kind: ListViewKind
  var isStrict = false

  /// The cells on screen, as the delegate was told.
  var displayedCells: Set<ObjectIdentifier> = []

  /// Counts as the view last read them; `nil` until the first read and after `reloadData()`.
  private(set) var cachedCounts: [Int]? {
    didSet { kept.geometryChanged() }
  }

  /// The batch being built, between the start and the end of the outermost batch.
  private var batch = BatchRecorder()
  /// The batches animating, the completions owed, and the batches accepted so far.
  var animations = UpdateAnimations()

  /// Registered classes and recycled cells and supplementary views.
  var reusePool = ReusePool()
  var cells: [IndexPath: HeadlessReusableView] = [:] {
    didSet { kept.cellsChanged() }
  }
  /// The selected rows or items (§4d): carried through batches with their rows, dropped with
  /// deleted and reloaded ones, and cleared by a reload of the whole view.
  var selected: Set<IndexPath> = [] {
    // The cells shown and kept say whether their rows are selected, as UIKit's do.
    didSet {
      guard selected != oldValue else { return }
      for (path, cell) in cells {
        (cell as? any StatefulCell)?.isSelected = selected.contains(path)
      }
    }
  }
  var supplementaries: [SupplementaryKey: HeadlessReusableView] = [:]
  /// The calls to the data source under way, for cells and what they dequeue.
  var requests = CellRequests()

  /// Where the view looks at its content: axis, lengths, offset, insets, the user's finger.
  var viewport: Viewport {
    didSet { if !viewport.placesContentAsIn(oldValue) { kept.geometryChanged() } }
  }
  /// How items are laid out in lines: the line length, the columns and the insets every
  /// section shares, or each section's own layout.
  var lineLayout = LineLayout() {
    didSet { kept.geometryChanged() }
  }
  /// The length of the content before the first section and after the last: a table's header
  /// and footer views (UIKit rules §4c). Sections start after the first.
  var accessoryLengths: (leading: CGFloat, trailing: CGFloat) = (0, 0) {
    didSet { kept.geometryChanged() }
  }
  /// How rows get heights of their own, in a single column, and the heights learnt: the
  /// sizing rule (`nil` lays every line out at ``LineLayout/rowHeight``), the rows' heights,
  /// the negative heights reported and the offset corrections made.
  var rowGeometry = RowGeometry() {
    didSet { kept.geometryChanged() }
  }
  /// The sections' geometry, the visible items and their cells, kept between layouts.
  var kept = KeptGeometry()
  /// ``kept``'s generation when the last layout ended; `nil` before the first.
  var laidOutGeneration: UInt64?
  /// The content moved and the rows it reveals are not laid out yet: the delegate hears the
  /// scroll first, as on a device, and a read of the visible rows in between lays them out.
  var scrolledSinceLayout = false
  /// Whether the view's `layoutSubviews()` is running for a layout the engine asked for, and
  /// whether the list's own layout inside it laid out.
  var isInViewLayout = false
  var viewLayoutResult = false
  /// The content's length when a scroll told the observers, until the layout that follows: that
  /// layout tells them again only if the length changed (each telling reads every observed
  /// value).
  var lengthObserversHeard: CGFloat?
  var isInWindow = false {
    didSet {
      kept.cellsChanged()
      if isInWindow && !oldValue { layout() }
      // A view that leaves its window leaves its animations: they end, not finished.
      if !isInWindow && oldValue { interruptAnimations() }
    }
  }

  /// Cell and data prefetching: on or off, the lines of cells, what was asked for and how.
  var prefetching = Prefetching()

  /// A row or item the user has picked up to move, and where it would go now: the view shows
  /// that, its data source does not have it yet (UIKit's `hasUncommittedUpdates`).
  var interactiveMove: (source: IndexPath, target: IndexPath)?

  /// Whether a layout is pending, and the pass under way.
  var layoutPass = LayoutPass()

  /// The view the engine lays out: its data source, delegate and layout (see
  /// ``ListEngineHost``).
  weak var view: (any ListEngineHost)?

  /// What UIKit would have raised on, what it would only have logged, and its once-only
  /// warnings given.
  var log = ViolationLog()

  init(kind: ListViewKind, viewport: Viewport) {
    self.kind = kind
    self.viewport = viewport
  }

  func report(_ violation: UpdateViolation) {
    log.log(violation)
    log.onViolation?(violation)
  }

  /// Reports `violation` the first time `warning` is due only, as UIKit warns once.
  func report(_ violation: @autoclosure () -> UpdateViolation, once warning: ViolationLog.OnceOnly)
  {
    guard log.isFirst(warning) else { return }
    report(violation())
  }

  // MARK: Counts (§1.3)

  func counts() -> [Int] {
    if let cachedCounts { return cachedCounts }
    let counts = queryCounts()
    cachedCounts = counts
    return counts
  }

  private func queryCounts() -> [Int] {
    askingDataSource {
      guard let view else { return [] }
      return (0..<max(0, view.dataSourceSectionCount())).map {
        max(0, view.dataSourceItemCount(inSection: $0))
      }
    }
  }

  // MARK: Batches (§1.1, §1.2)

  func beginBatch(_ name: String = "performBatchUpdates") {
    guard !batch.isRecording else {
      batch.beginNested()
      return
    }
    checkNotInsideDataSourceCall(name)
    if let move = interactiveMove {
      report(UIKitMessages.updateDuringInteractiveMovement(name, move.source, kind: kind))
    }
    // The view's cached counts are the old ones; without valid ones it asks the data source
    // now, before the updates run (§1.3).
    let oldCounts = counts()
    batch.beginOutermost(oldCounts: oldCounts)
  }

  /// Adds a completion to the open batch: UIKit calls it when the outermost batch's animations
  /// end, told whether they finished.
  func addBatchCompletion(_ completion: @escaping UpdateAnimations.Completion) {
    batch.addCompletion(completion)
  }

  /// Ends a batch; at the outermost end validates and applies it. Returns whether it was
  /// accepted (a nested end returns `true`).
  @discardableResult
  func endBatch() -> Bool {
    guard let update = batch.end() else { return true }
    let completions = batch.takeCompletions()
    let newCounts = queryCounts()
    if let countsAtReload = batch.countsAtReload {
      // The reload took the counts of that moment as the view's: the batch's operations are
      // counted against those, and fail UIKit's count check in its words when they do not add
      // up; when they do, HeadlessUIKit still rejects it, in its own (§1.5 #20).
      let validator = BatchUpdateValidator(kind: kind, strict: isStrict)
      do {
        _ = try validator.validate(update, oldCounts: countsAtReload, newCounts: newCounts)
        report(UIKitMessages.reloadDataInsideBatch)
      } catch {
        report(error)
      }
      startOver(counts: newCounts)
      complete(completions, animation: nil, finished: false)
      return false
    }
    do {
      let plan = try BatchUpdateValidator(kind: kind, strict: isStrict)
        .validate(update, oldCounts: batch.oldCounts, newCounts: newCounts)
      // On screen, the batch animates: its removed rows' cells go with the animation, and its
      // completions come when it ends (§7.5).
      let animation = startBatchAnimation()
      apply(plan, newCounts: newCounts, animation: animation)
      view?.didApplyBatch(plan)
      animations.noteAccepted(animated: HeadlessView.areAnimationsEnabled)
      if kind == .tableView && !isInWindow { warnLayoutOutsideHierarchy() }
      complete(completions, animation: animation, finished: true)
      return true
    } catch {
      report(error)
      // Where UIKit would have raised, the headless view goes on from what the data source says.
      startOver(counts: newCounts)
      complete(completions, animation: nil, finished: false)
      return false
    }
  }

  /// Records one operation (`name`, for messages); outside a batch it is a batch of its own
  /// (§1.1).
  func record(_ name: String, _ operation: (inout BatchUpdate) -> Void) {
    let standalone = !batch.isRecording
    if standalone { beginBatch(name) }
    batch.record(operation)
    if standalone { endBatch() }
  }

  /// A new data source: whatever was cached belongs to the old one.
  func dataSourceChanged() {
    startOver(counts: nil)
  }

  func reloadData() {
    checkNotInsideDataSourceCall("reloadData()")
    if let move = interactiveMove {
      // UIKit's headers: avoid reloading while there are uncommitted updates; the reload ends
      // the user's movement (it shows the data source's rows).
      report(UIKitMessages.reloadDuringInteractiveMovement(move.source, kind: kind))
    }
    if batch.isRecording {
      batch.noteReloadData(counts: queryCounts())
      return
    }
    startOver(counts: nil)
  }

  /// Drops every cell, supplementary view and prefetch, takes `counts` as cached (nil: ask
  /// again), and lays out anew.
  func startOver(counts: [Int]?) {
    // A reload ends the animations under way: their rows are gone, and their completions are
    // told they did not finish (§7.5).
    interruptAnimations()
    cachedCounts = counts
    rowGeometry.forgetHeights()
    interactiveMove = nil
    selected = []
    recycleAllViews()
    dropPrefetches()
    guard isInWindow else { return }
    // A table on screen reads its counts as it reloads; its cells, and a collection view's
    // counts and cells, wait for the next layout (§1.3): a batch before it asks its counts
    // before its block.
    if kind == .tableView { _ = self.counts() }
    setNeedsLayout()
  }

  /// Ends the user's movement: the view shows the row or item at its new place, and the move is
  /// returned for the data source to hear of; `nil` when nothing moved.
  func commitInteractiveMove() -> (source: IndexPath, target: IndexPath)? {
    guard let move = interactiveMove else { return nil }
    interactiveMove = nil
    guard move.source != move.target, applyUserMove(from: move.source, to: move.target) else {
      return nil
    }
    return move
  }

  /// The user dragged a row to a new place: the view shows it there at once, with no batch
  /// and no question to the data source about counts, as UIKit does. Returns `false` for a
  /// source or destination that does not exist.
  func applyUserMove(from source: IndexPath, to destination: IndexPath) -> Bool {
    var newCounts = counts()
    guard newCounts.indices.contains(source.sectionIndex),
      newCounts.indices.contains(destination.sectionIndex),
      (0..<newCounts[source.sectionIndex]).contains(source.itemIndex)
    else { return false }
    newCounts[source.sectionIndex] -= 1
    newCounts[destination.sectionIndex] += 1
    guard (0..<newCounts[destination.sectionIndex]).contains(destination.itemIndex) else {
      return false
    }
    var update = BatchUpdate()
    update.itemMoves = [.init(from: source, to: destination)]
    guard
      let plan = try? BatchUpdateValidator(kind: kind)
        .validate(update, oldCounts: counts(), newCounts: newCounts)
    else { return false }
    // The view shows the row there now; it lays out (and asks for any cell it needs) once its
    // data source has heard of the move, which the caller tells it next: asked before, the
    // data source would answer from its old order.
    apply(plan, newCounts: newCounts, animation: nil, layingOut: false)
    return true
  }

  /// UIKit's warning for a table laid out while it is not in a window: given once.
  func warnLayoutOutsideHierarchy() {
    report(UIKitMessages.layoutOutsideViewHierarchy, once: .layoutOutsideHierarchy)
  }

  private func apply(
    _ plan: BatchUpdatePlan, newCounts: [Int], animation: Int?, layingOut: Bool = true
  ) {
    // A batch that only reconfigures leaves every view where it is, and the layout as it was.
    let keepsEveryPlace = plan.keepsEveryPlace
    if !keepsEveryPlace { moveViews(by: plan, animation: animation) }
    if requests.asksAtStalePaths && isInWindow { requestCellsAtStalePaths(plan) }
    if !keepsEveryPlace { carryRowHeights(through: plan) }
    cachedCounts = newCounts
    // §2: only rows that have a cell are re-asked, and they get the same cell back.
    var remeasures = false
    for path in plan.reconfigured {
      guard let destination = plan.destinationIndexPath(forOld: path),
        let existing = cells[destination]
      else { continue }
      // A self-sizing row is measured again with its new content.
      let section = destination.sectionIndex
      if let heights = rowGeometry.heights, heights.indices.contains(section),
        heights[section] != nil,
        rowSizing(for: layout(ofSection: section))?.height(destination) == nil
      {
        rowGeometry.heights?[section]?.forgetMeasurement(ofItem: destination.itemIndex)
        remeasures = true
      }
      if let cell = requestCell(at: destination, reconfiguring: existing), cell !== existing {
        cells[destination] = cell
        recycle(existing)
      }
    }
    if layingOut && isInWindow && (!keepsEveryPlace || remeasures) { layout() }
  }

  /// For each section the batch shortened, asks for the cell at its old last row — a row that
  /// no longer exists — and throws the cell away, as UIKit's cell prefetching has been seen to.
  private func requestCellsAtStalePaths(_ plan: BatchUpdatePlan) {
    for section in plan.oldCounts.indices {
      guard let new = plan.newSection(forOld: section), plan.oldCounts[section] > 0,
        new < plan.newCounts.count, plan.newCounts[new] < plan.oldCounts[section]
      else { continue }
      let stale = IndexPath(section: new, index: plan.oldCounts[section] - 1)
      // The view asks from its stale prefetch context: to itself the row still exists, and a
      // dequeue for it is not refused.
      requests.isAskingAtStalePath = true
      defer { requests.isAskingAtStalePath = false }
      if let cell = requestCell(at: stale, reconfiguring: nil) { recycle(cell) }
    }
  }

  /// Takes every cell, supplementary view and prefetch to its place after the batch, and
  /// recycles the views of what left.
  private func moveViews(by plan: BatchUpdatePlan, animation: Int?) {
    var moved: [IndexPath: HeadlessReusableView] = [:]
    moved.reserveCapacity(cells.count)
    // In index-path order, as every recycling: see `recycleAllViews()`.
    for (path, cell) in cells.sorted(by: { $0.key < $1.key }) {
      if let destination = plan.destinationIndexPath(forOld: path) {
        moved[destination] = cell
      } else {
        endDisplay(cell, at: path)
        if !animations.animateOut(cell, with: animation) { recycle(cell) }
      }
    }
    cells = moved
    selected = Set(selected.compactMap { plan.destinationIndexPath(forOld: $0) })
    var movedSupplementaries: [SupplementaryKey: HeadlessReusableView] = [:]
    for (key, view) in supplementaries.sorted(by: { $0.key < $1.key }) {
      if let section = plan.newSection(forOld: key.section) {
        movedSupplementaries[SupplementaryKey(kind: key.kind, section: section)] = view
      } else {
        recycleSupplementary(view)
      }
    }
    supplementaries = movedSupplementaries
    movePrefetches(by: plan)
  }
}
