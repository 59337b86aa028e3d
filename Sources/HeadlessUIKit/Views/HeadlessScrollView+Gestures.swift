import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension HeadlessScrollView {
  /// How fast a scroll view slows down after a fling (UIKit's `UIScrollView.DecelerationRate`):
  /// the share of its speed it keeps each millisecond.
  public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    /// The share of speed kept per millisecond.
    public var rawValue: CGFloat

    /// A rate.
    public init(rawValue: CGFloat) { self.rawValue = rawValue }

    /// UIKit's default: 0.998 per millisecond.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIKit's fast rate: 0.99 per millisecond.
    public static let fast = DecelerationRate(rawValue: 0.99)
  }

  /// Where a fling from `offset` at `velocity` (points per millisecond) comes to rest, before
  /// clamping, by UIKit's deceleration: the speed falls by the rate each millisecond, so the
  /// distance left is `velocity × rate / (1 − rate)`.
  public static func restingOffset(
    from offset: CGFloat, velocity: CGFloat, rate: DecelerationRate
  ) -> CGFloat {
    offset + velocity * rate.rawValue / (1 - rate.rawValue)
  }
}

/// The state of a deceleration: where it started, where it stops, and for how long it has run.
///
/// The speed falls by `rate` each millisecond, so the distance still to go after t ms is the
/// distance at the start times `rate^t`: the content never passes its target and always comes
/// within half a point of it, where it snaps and rests.
struct Deceleration {
  var start: CGFloat
  var target: CGFloat
  var rate: CGFloat
  var elapsedMilliseconds: Double = 0

  /// The offset after `elapsedMilliseconds`.
  var offset: CGFloat {
    target - (target - start) * CGFloat(pow(Double(rate), elapsedMilliseconds))
  }

  /// Whether it has come within half a point of its target.
  var isFinished: Bool { abs(target - offset) < 0.5 }
}

extension HeadlessScrollView {
  // MARK: The user's finger (HeadlessUIKit only)

  /// The user puts a finger down to drag: the delegate hears `scrollViewWillBeginDragging(_:)`;
  /// a deceleration or an animated scroll under way stops where it is.
  public func userBeginsDragging() {
    engine.viewport.deceleration = nil
    stopScrollAnimation()
    engine.viewport.isDragging = true
    engine.view?.scrollEventDelegate?.scrollViewWillBeginDragging(self)
  }

  /// The user drags the content by a distance (negative: up), as one step of a drag.
  public func userDrags(by distance: CGFloat) {
    scroll(by: distance)
  }

  /// The user lifts the finger, moving at `velocity` points per second (positive: toward the
  /// end). As in UIKit, the delegate hears `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
  /// with where the deceleration will stop — in points per millisecond, and clamped to the
  /// content — and may change it; then `scrollViewDidEndDragging(_:willDecelerate:)`. The
  /// content then decelerates toward the target as ``decelerate(for:)`` lets time pass.
  public func userEndsDragging(velocity: CGFloat) {
    let perMillisecond = velocity / 1_000
    let start = engine.viewport.offset
    let projected = Self.restingOffset(
      from: start, velocity: perMillisecond, rate: decelerationRate)
    var target = engine.transposed(
      CGPoint(x: 0, y: min(max(engine.minimumOffset, projected), engine.maximumOffset)))
    engine.view?.scrollEventDelegate?.scrollViewWillEndDragging(
      self, withVelocity: engine.transposed(CGPoint(x: 0, y: perMillisecond)),
      targetContentOffset: &target)
    engine.viewport.isDragging = false
    let targetOffset = engine.transposed(target).y
    let decelerates = abs(targetOffset - start) >= 0.5
    engine.view?.scrollEventDelegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
    guard decelerates else { return }
    // The content heads for the target the delegate left, even if it changed it.
    engine.viewport.deceleration = Deceleration(
      start: start, target: targetOffset, rate: decelerationRate.rawValue)
  }

  /// A fling: the finger goes down and lifts at once at `velocity` points per second.
  public func userFlings(velocity: CGFloat) {
    userBeginsDragging()
    userEndsDragging(velocity: velocity)
  }

  /// Lets a deceleration run for a while: the content moves (laying out and prefetching as any
  /// scroll does); when it comes to rest the delegate hears `scrollViewDidEndDecelerating(_:)`.
  public func decelerate(for duration: Duration) {
    guard var deceleration = engine.viewport.deceleration else { return }
    let (seconds, attoseconds) = duration.components
    deceleration.elapsedMilliseconds += Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    let finished = deceleration.isFinished
    engine.viewport.deceleration = finished ? nil : deceleration
    engine.setContentOffset(finished ? deceleration.target : deceleration.offset)
    if finished { engine.view?.scrollEventDelegate?.scrollViewDidEndDecelerating(self) }
  }
}
