import Foundation

extension ListEngine {
  // MARK: Data prefetching (§4)

  /// A scroll step's prefetching: the rows ahead in the direction of travel, nearest first,
  /// never the visible ones; a reversal cancels what is now behind. The device-like pattern
  /// also cancels rows jumped past, skips rows, repeats and reorders (``PrefetchPattern``).
  func prefetch(direction: Int) {
    let visible = visibleIndexPaths()
    guard let first = visible.first, let last = visible.last else { return }
    let ahead = rows(
      from: direction > 0 ? last : first, direction: direction,
      count: prefetching.tracker.lookahead(visibleCount: visible.count))
    var cancelled = prefetching.tracker.cancel(notAmong: ahead, direction: direction)
    guard var disorder = prefetching.disorder else {
      var calls: [PrefetchCall] = []
      if !cancelled.isEmpty { calls.append(.cancel(cancelled)) }
      let fresh = prefetching.tracker.prefetch(ahead, direction: direction)
      if !fresh.isEmpty { calls.append(.prefetch(fresh)) }
      send(calls)
      return
    }
    defer { prefetching.disorder = disorder }
    cancelled += prefetching.tracker.cancel(
      passed: direction > 0 ? first : last, direction: direction)
    var calls: [PrefetchCall] = []
    if !cancelled.isEmpty {
      calls.append(.cancel(disorder.disorder(cancelled, columns: lineLayout.columns)))
    }
    let already = Set(prefetching.tracker.prefetched)
    // Not every row is asked for (UIKit: "not necessarily called for every cell").
    let wanted = ahead.filter { !already.contains($0) && !disorder.chance(10) }
    var asked = prefetching.tracker.prefetch(wanted, direction: direction)
    let repeatable = ahead.filter { already.contains($0) }
    if !repeatable.isEmpty, disorder.chance(25) {
      let repeated = Array(repeatable.prefix(1 + disorder.below(min(3, repeatable.count))))
      // Cancelled and asked for again while the scroll goes one way, or asked for twice.
      if disorder.chance(60) { calls.append(.cancel(repeated)) }
      asked += repeated
    }
    for chunk in disorder.split(disorder.disorder(asked, columns: lineLayout.columns)) {
      calls.append(.prefetch(chunk))
    }
    send(calls)
  }

  /// Up to `count` rows after (or before, for a negative `direction`) `path`, nearest first.
  /// The items of a section that scrolls across and are out of its width are not ahead of the
  /// main scroll: they are left out (whether UIKit prefetches them is not established).
  private func rows(from path: IndexPath, direction: Int, count: Int) -> [IndexPath] {
    let frames = sectionFrames()
    var rows: [IndexPath] = []
    var cursor: IndexPath? = path
    var steps = 0
    while rows.count < count, let current = cursor, steps < count * 4 + 64 {
      steps += 1
      cursor = direction > 0 ? indexPath(after: current) : indexPath(before: current)
      guard let next = cursor else { break }
      if isOutOfWidth(next, frames: frames) { continue }
      rows.append(next)
    }
    return rows
  }

  /// Makes the calls in order; the data source may call back into the view.
  private func send(_ calls: [PrefetchCall]) {
    for call in calls {
      switch call {
      case .prefetch(let paths) where !paths.isEmpty: view?.prefetchData(at: paths)
      case .cancel(let paths) where !paths.isEmpty: view?.cancelPrefetchingData(at: paths)
      default: break
      }
    }
  }

  /// At the end of a layout pass, the device-like pattern's calls that do not come from a
  /// scroll: the rows below the first screen once it is displayed, with no scroll (openradar
  /// 28604718), and the stale calls a batch or a reload left.
  func prefetchAfterLayout() {
    guard prefetching.disorder != nil, isInWindow, prefetching.isEnabled else { return }
    if !prefetching.pendingCalls.isEmpty {
      let calls = prefetching.pendingCalls
      prefetching.pendingCalls = []
      send(calls)
    }
    guard !prefetching.hasPrefetchedAfterDisplay, !displayedCells.isEmpty, view != nil else {
      return
    }
    prefetching.hasPrefetchedAfterDisplay = true
    prefetch(direction: viewport.scrollDirection < 0 ? -1 : 1)
  }

  /// Takes the prefetched rows through a batch. The device-like pattern cancels some by the
  /// paths they had before it (UIKit's prefetch context lags the batch), and now and then asks
  /// for a row past the new end of a section the batch shortened.
  func movePrefetches(by plan: BatchUpdatePlan) {
    guard var disorder = prefetching.disorder else {
      prefetching.tracker.move { plan.destinationIndexPath(forOld: $0) }
      return
    }
    defer { prefetching.disorder = disorder }
    var stale: [IndexPath] = []
    prefetching.tracker.move { old in
      guard let new = plan.destinationIndexPath(forOld: old) else { return nil }
      if new != old && disorder.chance(30) {
        stale.append(old)
        return nil
      }
      return new
    }
    if !stale.isEmpty { prefetching.pendingCalls.append(.cancel(stale)) }
    for section in plan.oldCounts.indices {
      guard let new = plan.newSection(forOld: section), new < plan.newCounts.count,
        plan.newCounts[new] < plan.oldCounts[section], disorder.chance(10)
      else { continue }
      prefetching.pendingCalls.append(
        .prefetch([IndexPath(section: new, index: plan.oldCounts[section] - 1)]))
    }
  }

  /// Forgets what was prefetched as the view starts over. The device-like pattern may first
  /// cancel it by its old paths, which now name the reloaded rows.
  func dropPrefetches() {
    if var disorder = prefetching.disorder {
      if !prefetching.tracker.prefetched.isEmpty && disorder.chance(50) {
        prefetching.pendingCalls.append(.cancel(prefetching.tracker.prefetched))
      }
      prefetching.disorder = disorder
      prefetching.hasPrefetchedAfterDisplay = false
    }
    prefetching.tracker.removeAll()
  }
}
