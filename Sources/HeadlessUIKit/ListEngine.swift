import Foundation

/// The shared machinery of the headless table and collection views: the counts cache and its
/// timing rules, batches and their validation, cells and their reuse, the viewport, and UIKit's
/// prefetch timing. The two views are thin faces over it with UIKit's names.
@MainActor
final class ListEngine {
  let kind: ListViewKind
  var isStrict = false

  // Hooks the view installs; they read its data source at call time.
  var sectionCountSource: () -> Int = { 0 }
  var itemCountSource: (Int) -> Int = { _ in 0 }
  var cellSource: ((IndexPath) -> HeadlessCell?)?
  var prefetchSink: (([IndexPath]) -> Void)?
  var cancelPrefetchSink: (([IndexPath]) -> Void)?

  /// Counts as the view last read them; `nil` until the first read and after `reloadData()`.
  private(set) var cachedCounts: [Int]?

  private var batchDepth = 0
  private var pending = BatchUpdate()
  private var batchOldCounts: [Int] = []
  private var reloadDataInsideBatch = false

  private var registrations: [String: (String) -> HeadlessCell] = [:]
  private(set) var cells: [IndexPath: HeadlessCell] = [:]
  private var reusePool: [String: [HeadlessCell]] = [:]
  private struct CellRequest {
    var path: IndexPath
    var reconfiguring: HeadlessCell?
    var dequeued: [HeadlessCell] = []
  }
  private var request: CellRequest?
  private(set) var cellRequestCount = 0

  var viewportHeight: CGFloat
  private(set) var contentOffsetY: CGFloat = 0
  var rowHeight: CGFloat = 44
  var columns = 1
  var heightForRow: ((IndexPath) -> CGFloat)?
  var isInWindow = false {
    didSet { if isInWindow && !oldValue { layout() } }
  }

  var isPrefetchingEnabled = true
  /// Rows or lines of lookahead; `nil` means one screen (reference §4 leaves it open).
  var prefetchLookahead: Int?
  private(set) var prefetched: [IndexPath] = []
  private var lastScrollDirection = 0

  private(set) var violations: [UpdateViolation] = []
  var onViolation: ((UpdateViolation) -> Void)?

  init(kind: ListViewKind, viewportHeight: CGFloat) {
    self.kind = kind
    self.viewportHeight = viewportHeight
  }

  func report(_ violation: UpdateViolation) {
    violations.append(violation)
    onViolation?(violation)
  }

  func clearViolations() { violations.removeAll() }

  // MARK: Counts (§1.3)

  func counts() -> [Int] {
    if let cachedCounts { return cachedCounts }
    let counts = queryCounts()
    cachedCounts = counts
    return counts
  }

  private func queryCounts() -> [Int] {
    (0..<max(0, sectionCountSource())).map { max(0, itemCountSource($0)) }
  }

  // MARK: Batches (§1.1, §1.2)

  func beginBatch() {
    if batchDepth == 0 {
      // The view's cached counts are the old ones; without valid ones it asks the data source
      // now, before the updates run (§1.3).
      batchOldCounts = counts()
      pending = BatchUpdate()
      reloadDataInsideBatch = false
    }
    batchDepth += 1
  }

  /// Ends a batch; at the outermost end validates and applies it. Returns whether it was
  /// accepted (a nested end returns `true`).
  @discardableResult
  func endBatch() -> Bool {
    guard batchDepth > 0 else { return true }
    batchDepth -= 1
    guard batchDepth == 0 else { return true }
    let update = pending
    pending = BatchUpdate()
    let newCounts = queryCounts()
    if reloadDataInsideBatch {
      report(
        UpdateViolation(
          .reloadDataInsideBatch,
          "reloadData() called inside a batch-updates block; UIKit then fails the count check of "
            + "the batch (reference §1.3, §1.5 #20)", isUIKitMessage: false))
      resynchronize(to: newCounts)
      return false
    }
    do {
      let plan = try BatchUpdateValidator(kind: kind, strict: isStrict)
        .validate(update, oldCounts: batchOldCounts, newCounts: newCounts)
      apply(plan, newCounts: newCounts)
      return true
    } catch {
      report(error)
      resynchronize(to: newCounts)
      return false
    }
  }

  /// Records one operation; outside a batch it is a batch of its own (§1.1).
  func record(_ operation: (inout BatchUpdate) -> Void) {
    let standalone = batchDepth == 0
    if standalone { beginBatch() }
    operation(&pending)
    if standalone { endBatch() }
  }

  /// A new data source: whatever was cached belongs to the old one.
  func dataSourceChanged() {
    startOver(counts: nil)
  }

  func reloadData() {
    if batchDepth > 0 {
      reloadDataInsideBatch = true
      return
    }
    startOver(counts: nil)
  }

  /// Where UIKit would have raised, the headless view goes on from what the data source says.
  private func resynchronize(to counts: [Int]) {
    startOver(counts: counts)
  }

  /// Drops every cell and prefetch, takes `counts` as cached (nil: ask again), lays out anew.
  private func startOver(counts: [Int]?) {
    cachedCounts = counts
    recycleAllCells()
    prefetched.removeAll()
    if isInWindow { layout() }
  }

  private func apply(_ plan: BatchUpdatePlan, newCounts: [Int]) {
    var moved: [IndexPath: HeadlessCell] = [:]
    for (path, cell) in cells {
      if let destination = plan.destinationIndexPath(forOld: path) {
        moved[destination] = cell
      } else {
        recycle(cell)
      }
    }
    cells = moved
    cachedCounts = newCounts
    prefetched = prefetched.compactMap { plan.destinationIndexPath(forOld: $0) }
    // §2: only rows that have a cell are re-asked, and they get the same cell back.
    for path in plan.reconfigured {
      guard let destination = plan.destinationIndexPath(forOld: path),
        let existing = cells[destination]
      else { continue }
      if let cell = requestCell(at: destination, reconfiguring: existing), cell !== existing {
        cells[destination] = cell
      }
    }
    if isInWindow { layout() }
  }

  // MARK: Cells (§1.5 #21, #22; §2)

  func register(_ identifier: String, make: @escaping (String) -> HeadlessCell) {
    registrations[identifier] = make
  }

  private func recycle(_ cell: HeadlessCell) {
    reusePool[cell.reuseIdentifier ?? "", default: []].append(cell)
  }

  private func recycleAllCells() {
    for cell in cells.values { recycle(cell) }
    cells.removeAll()
  }

  private func requestCell(at path: IndexPath, reconfiguring existing: HeadlessCell?)
    -> HeadlessCell?
  {
    guard let cellSource else { return nil }
    let outer = request
    request = CellRequest(path: path, reconfiguring: existing)
    defer { request = outer }
    cellRequestCount += 1
    guard let cell = cellSource(path) else { return nil }
    let dequeued = request?.dequeued ?? []
    if !dequeued.contains(where: { $0 === cell }) || dequeued.count > 1 {
      report(
        UpdateViolation(
          .dequeueOutsideCellRequest,
          "Expected dequeued view to be returned to the \(kind.viewName) in preparation for "
            + "display. When the \(kind.viewName)'s data source is asked to provide a view for a "
            + "given index path, ensure that a single view is dequeued and returned to the "
            + "\(kind.viewName). Avoid dequeuing views without a request from the "
            + "\(kind.viewName)."))
    }
    return cell
  }

  /// Hands out a cell for the request in progress: the existing cell during a reconfigure, a
  /// recycled one (after `prepareForReuse()`), or a new one of the registered class.
  func dequeue(identifier: String, for path: IndexPath?) -> HeadlessCell? {
    guard var active = request, path == nil || active.path == path else {
      report(
        UpdateViolation(
          .dequeueOutsideCellRequest,
          "Attempted to dequeue a cell for a different index path than the one requested, or "
            + "outside the data source's cell request. Avoid dequeuing views without a request "
            + "from the \(kind.viewName)."))
      return makeCell(identifier: identifier)
    }
    if let existing = active.reconfiguring {
      // Handed back either way, so one mistake is reported once.
      active.dequeued.append(existing)
      request = active
      guard existing.reuseIdentifier == identifier else {
        report(
          UpdateViolation(
            .reconfigureWithDifferentIdentifier,
            "reconfigure\(kind == .tableView ? "Rows" : "Items") requires the same type of cell "
              + "for an existing index path: dequeued '\(identifier)' for a cell registered as "
              + "'\(existing.reuseIdentifier ?? "")'", isUIKitMessage: false))
        return existing
      }
      return existing
    }
    let cell: HeadlessCell?
    if let recycled = reusePool[identifier]?.popLast() {
      recycled.prepareForReuseCount += 1
      recycled.prepareForReuse()
      cell = recycled
    } else {
      cell = makeCell(identifier: identifier)
    }
    if let cell { active.dequeued.append(cell) }
    request = active
    return cell
  }

  private func makeCell(identifier: String) -> HeadlessCell? {
    guard let make = registrations[identifier] else {
      report(
        kind == .tableView
          ? UpdateViolation(
            .unregisteredReuseIdentifier,
            "unable to dequeue a cell with identifier \(identifier) - must register a nib or a "
              + "class for the identifier or connect a prototype cell in a storyboard")
          : UpdateViolation(
            .unregisteredReuseIdentifier,
            "could not dequeue a view of kind: UICollectionElementKindCell with identifier "
              + "\(identifier) - must register a nib or a class for the identifier or connect a "
              + "prototype cell in a storyboard"))
      return nil
    }
    let cell = make(identifier)
    cell.reuseIdentifier = identifier
    return cell
  }

  func isRegistered(_ identifier: String) -> Bool { registrations[identifier] != nil }

  // MARK: Viewport and layout (§4)

  /// Visible index paths in order, from the content offset, the viewport and the row heights.
  func visibleIndexPaths() -> [IndexPath] {
    let counts = counts()
    let top = contentOffsetY
    let bottom = contentOffsetY + viewportHeight
    guard viewportHeight > 0 else { return [] }
    if let heightForRow, columns == 1 {
      var paths: [IndexPath] = []
      var y: CGFloat = 0
      for (section, count) in counts.enumerated() {
        for item in 0..<count {
          let path = IndexPath(section: section, index: item)
          let height = max(0, heightForRow(path))
          if y + height > top && y < bottom { paths.append(path) }
          y += height
          if y >= bottom { return paths }
        }
      }
      return paths
    }
    guard rowHeight > 0 else { return [] }
    let columns = max(1, self.columns)
    var lineStarts: [Int] = []
    var lines = 0
    for count in counts {
      lineStarts.append(lines)
      lines += (count + columns - 1) / columns
    }
    let first = max(0, Int((top / rowHeight).rounded(.down)))
    let last = min(lines - 1, Int(((bottom / rowHeight).rounded(.up))) - 1)
    guard first <= last else { return [] }
    var paths: [IndexPath] = []
    for line in first...last {
      var low = 0
      var high = lineStarts.count - 1
      while low < high {  // the last section starting at or before `line`
        let middle = (low + high + 1) / 2
        if lineStarts[middle] <= line { low = middle } else { high = middle - 1 }
      }
      let section = low
      let lineInSection = line - lineStarts[section]
      let start = lineInSection * columns
      for item in start..<min(start + columns, counts[section]) {
        paths.append(IndexPath(section: section, index: item))
      }
    }
    return paths
  }

  var contentHeight: CGFloat {
    let counts = counts()
    if let heightForRow, columns == 1 {
      var total: CGFloat = 0
      for (section, count) in counts.enumerated() {
        for item in 0..<count {
          total += max(0, heightForRow(IndexPath(section: section, index: item)))
        }
      }
      return total
    }
    let columns = max(1, self.columns)
    return CGFloat(counts.reduce(0) { $0 + ($1 + columns - 1) / columns }) * rowHeight
  }

  /// Makes cells for the visible rows and recycles the cells of rows that left the viewport.
  func layout() {
    guard isInWindow else { return }
    let visible = visibleIndexPaths()
    let visibleSet = Set(visible)
    for (path, cell) in cells where !visibleSet.contains(path) {
      cells[path] = nil
      recycle(cell)
    }
    for path in visible where cells[path] == nil {
      if let cell = requestCell(at: path, reconfiguring: nil) { cells[path] = cell }
    }
    prefetched.removeAll { visibleSet.contains($0) }
  }

  // MARK: Scrolling and prefetching (§4)

  func setContentOffset(_ offset: CGFloat) {
    let maximum = max(0, contentHeight - viewportHeight)
    let clamped = min(max(0, offset), maximum)
    let direction = clamped > contentOffsetY ? 1 : clamped < contentOffsetY ? -1 : 0
    contentOffsetY = clamped
    layout()
    guard direction != 0, isInWindow, isPrefetchingEnabled, prefetchSink != nil else { return }
    prefetch(direction: direction)
  }

  /// UIKit's timing: nothing for the first screen; once scrolling starts, the rows ahead in the
  /// direction of travel, nearest first, never the visible ones; a reversal cancels what is now
  /// behind.
  private func prefetch(direction: Int) {
    let visible = visibleIndexPaths()
    guard let first = visible.first, let last = visible.last else { return }
    let lookahead = prefetchLookahead ?? max(1, visible.count)
    var ahead: [IndexPath] = []
    var cursor: IndexPath? = direction > 0 ? last : first
    while ahead.count < lookahead, let current = cursor {
      cursor = direction > 0 ? indexPath(after: current) : indexPath(before: current)
      if let next = cursor { ahead.append(next) }
    }
    if lastScrollDirection != 0 && direction != lastScrollDirection {
      let keep = Set(ahead)
      let cancelled = prefetched.filter { !keep.contains($0) }
      prefetched.removeAll { !keep.contains($0) }
      if !cancelled.isEmpty { cancelPrefetchSink?(cancelled) }
    }
    lastScrollDirection = direction
    let already = Set(prefetched)
    let fresh = ahead.filter { !already.contains($0) }
    guard !fresh.isEmpty else { return }
    prefetched += fresh
    prefetchSink?(fresh)
  }

  private func indexPath(after path: IndexPath) -> IndexPath? {
    let counts = counts()
    if path.itemIndex + 1 < counts[path.sectionIndex] {
      return IndexPath(section: path.sectionIndex, index: path.itemIndex + 1)
    }
    var section = path.sectionIndex + 1
    while section < counts.count {
      if counts[section] > 0 { return IndexPath(section: section, index: 0) }
      section += 1
    }
    return nil
  }

  private func indexPath(before path: IndexPath) -> IndexPath? {
    if path.itemIndex > 0 {
      return IndexPath(section: path.sectionIndex, index: path.itemIndex - 1)
    }
    let counts = counts()
    var section = path.sectionIndex - 1
    while section >= 0 {
      if counts[section] > 0 { return IndexPath(section: section, index: counts[section] - 1) }
      section -= 1
    }
    return nil
  }
}
