import Foundation

/// The data prefetching a list view has asked for (`prefetchRowsAt`, `prefetchItemsAt`): the
/// rows prefetched and not cancelled since, nearest first, the direction of the scroll that
/// asked last, and how far ahead to look.
///
/// Invariants: ``prefetched`` holds each index path at most once, and no path the data source
/// was told is cancelled until it is prefetched again; the engine keeps it in step with the
/// view, taking the paths to their places after a batch and dropping them once they are
/// visible or the view starts over.
///
/// It only stores: the engine works out the rows ahead (from the counts) and tells the data
/// source, outside any access to the tracker, as the data source may call back into the view.
struct PrefetchTracker {
  /// Rows (or lines of items) of lookahead; `nil` means one screen (UIKit rules §4 leaves it
  /// open).
  var lookahead: Int?
  /// The rows prefetched and not cancelled, nearest first.
  private(set) var prefetched: [IndexPath] = []
  /// The direction of the last scroll step that prefetched: 1 forward, -1 back, 0 before any.
  private var lastDirection = 0

  /// How many rows to prefetch ahead of a screen of `visibleCount` rows.
  func lookahead(visibleCount: Int) -> Int {
    lookahead ?? max(1, visibleCount)
  }

  /// On a reversal of the scroll's direction, drops the prefetched rows not among `ahead` (now
  /// behind) and returns them, for the data source to hear of; otherwise returns none.
  mutating func cancel(notAmong ahead: [IndexPath], direction: Int) -> [IndexPath] {
    guard lastDirection != 0 && direction != lastDirection else { return [] }
    let keep = Set(ahead)
    let cancelled = prefetched.filter { !keep.contains($0) }
    prefetched.removeAll { !keep.contains($0) }
    return cancelled
  }

  /// Drops the prefetched rows the scroll went past without showing them — before `path` when
  /// going forward, after it when going back (a jump) — and returns them, for the data source
  /// to hear of, as cells that scroll out of view are cancelled.
  mutating func cancel(passed path: IndexPath, direction: Int) -> [IndexPath] {
    let passed = prefetched.filter { direction > 0 ? $0 < path : $0 > path }
    guard !passed.isEmpty else { return [] }
    prefetched.removeAll { direction > 0 ? $0 < path : $0 > path }
    return passed
  }

  /// Takes `direction` as the scroll's, adds the rows of `ahead` not prefetched yet, and
  /// returns them, in order, for the data source to prefetch.
  mutating func prefetch(_ ahead: [IndexPath], direction: Int) -> [IndexPath] {
    lastDirection = direction
    let already = Set(prefetched)
    let fresh = ahead.filter { !already.contains($0) }
    prefetched += fresh
    return fresh
  }

  /// Takes each prefetched row to its place after a batch (`destination` of its old path),
  /// dropping those the batch removed.
  mutating func move(_ destination: (IndexPath) -> IndexPath?) {
    guard !prefetched.isEmpty else { return }
    prefetched = prefetched.compactMap(destination)
  }

  /// Drops the rows now visible: their cells are shown, no longer prefetched.
  mutating func forget(_ visible: [IndexPath]) {
    guard !prefetched.isEmpty else { return }
    prefetched.removeAll { visible.contains($0) }
  }

  /// Drops every prefetched row (the view starts over); the direction is kept.
  mutating func removeAll() {
    prefetched.removeAll()
  }
}
