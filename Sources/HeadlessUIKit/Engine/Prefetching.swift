/// A list view's prefetching, of cells and of data (UIKit rules §4, §4a): whether it is on, how
/// many lines of cells are prepared beyond the screen, what the prefetch data source was asked
/// for, and how it is called — tidily, or as a device calls it, with the device-like pattern's
/// generator and the calls it still owes.
///
/// Invariants: ``cellLines`` is never negative; ``disorder`` exists exactly when ``pattern``
/// is device-like, seeded by it.
///
/// It only stores: the engine works out the rows and calls the prefetch data source, outside
/// any access to it, as the data source may call back into the view.
struct Prefetching {
  /// Whether cells and data are prefetched (`isPrefetchingEnabled`); on by default.
  var isEnabled = true
  /// Lines of cells prepared beyond the viewport while scrolling (UIKit's cell prefetching).
  var cellLines = 2 {
    didSet { cellLines = max(0, cellLines) }
  }
  /// The data prefetching asked for: the rows prefetched, the last direction, the lookahead.
  var tracker = PrefetchTracker()
  /// How the prefetch data source is called: a device's way by default.
  var pattern = PrefetchPattern.default {
    didSet { disorder = Self.disorder(for: pattern) }
  }
  /// The device-like pattern's generator; `nil` for the tidy pattern.
  var disorder = Self.disorder(for: .default)
  /// Calls the device-like pattern makes at the next layout: stale cancels after a batch or a
  /// reload.
  var pendingCalls: [PrefetchCall] = []
  /// Whether the device-like pattern asked for the rows below the screen since it was first
  /// displayed (or reloaded).
  var hasPrefetchedAfterDisplay = false

  private static func disorder(for pattern: PrefetchPattern) -> PrefetchDisorder? {
    if case .deviceLike(let seed) = pattern { return PrefetchDisorder(seed: seed) }
    return nil
  }
}
