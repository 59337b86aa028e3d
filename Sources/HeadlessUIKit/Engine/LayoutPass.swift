/// Where a list view's layout is: whether one is pending, the phase of the pass under way, and
/// why another pass follows it (UIKit rules §1.3, §7.7).
///
/// A layout runs passes until nothing asks for another: a row measured at another height than
/// its estimate changes what is visible (a measuring pass, which measures a row for good, so
/// many are allowed), or the layout was invalidated during a pass (which a layout that
/// invalidates itself every time would do forever: UIKit gives up after a while).
///
/// Invariants: ``phase`` is `.idle` between layouts and never `.idle` during one; a layout
/// started while one is under way does not start (the caller decides what UIKit says); the
/// passes of one layout are bounded by ``passLimit`` and ``measuringPassLimit``.
///
/// It only stores and counts: the engine lays out, outside any access to it.
struct LayoutPass {
  /// How many passes in a row a layout that invalidates itself gets before UIKit gives up.
  static let passLimit = 100
  /// How many rows one layout measures at most, a pass each (a screen of one-point rows).
  static let measuringPassLimit = 10_000

  /// Where the layout under way is; `.idle` between layouts.
  private(set) var phase = LayoutPhase.idle
  /// Whether a layout was asked for (a reload, a new data source, `setNeedsLayout()`) and has
  /// not run: it runs as the main actor's turn ends, as UIKit lays out before the next frame,
  /// or at `layoutIfNeeded()`.
  var isPending = false
  private var needsAnotherPass = false
  private var needsMeasuringPass = false
  private var passes = 0
  private var measuringPasses = 0

  /// Starts a layout, which clears the pending one; `false`, changing nothing, while a layout
  /// is under way.
  mutating func begin() -> Bool {
    guard phase == .idle else { return false }
    phase = .placing
    isPending = false
    needsAnotherPass = false
    needsMeasuringPass = false
    passes = 0
    measuringPasses = 0
    return true
  }

  /// Whether the layout runs another pass (the first always runs), counting it.
  mutating func startsPass() -> Bool {
    assert(phase != .idle, "a pass outside a layout")
    let first = passes + measuringPasses == 0
    guard
      first || (needsAnotherPass && passes < Self.passLimit)
        || (needsMeasuringPass && measuringPasses < Self.measuringPassLimit)
    else { return false }
    if needsMeasuringPass {
      needsMeasuringPass = false
      measuringPasses += 1
    } else {
      needsAnotherPass = false
      passes += 1
    }
    return true
  }

  /// Moves the pass under way to `phase` (preparing the layout object, then placing).
  mutating func enter(_ phase: LayoutPhase) {
    assert(self.phase != .idle && phase != .idle, "a phase outside a layout")
    self.phase = phase
  }

  /// A row just measured changed what is visible: the pass stops, and another measures on.
  mutating func needsMeasuring() {
    needsMeasuringPass = true
  }

  /// The layout was invalidated. Returns `true` when no layout is under way, for the caller to
  /// lay out now; during one, another pass follows the one under way.
  mutating func invalidate() -> Bool {
    guard phase == .idle else {
      needsAnotherPass = true
      return false
    }
    return true
  }

  /// Ends the layout; returns whether it gave up on a layout that kept invalidating itself.
  mutating func end() -> Bool {
    phase = .idle
    defer { needsAnotherPass = false }
    return needsAnotherPass
  }
}

/// Where a layout pass is (UIKit rules §7.7).
enum LayoutPhase {
  /// No pass is under way.
  case idle
  /// The layout object readies itself (a collection view layout's `prepare()`).
  case preparing
  /// The pass works out what is visible, asks for its cells and places them.
  case placing
}
