/// The clock a window's animations run on: a device's display, frame by frame (UIKit rules
/// §7.5).
///
/// On a device, an animation takes its time: a batch update's rows slide for about 0.3 s, the
/// keyboard for 0.25 s, and the app's code runs, the user scrolls and new lists arrive while
/// they do. Each window has a clock, and everything that animates in it ends on that clock:
/// a batch's completion, the cells of rows it removed, the keyboard's `did…` notifications, a
/// rotation's completions.
///
/// By default the clock moves by itself, one frame (1/60 s) per main-actor turn while anything
/// animates, so that code under test that waits for a completion gets it, later than the next
/// turn, without a test doing anything — and after as many turns however busy the machine is.
/// A demo or a test that watches what a person would see lets it follow real time
/// (``Mode/realTime``). A test that wants to be in the middle of an animation takes the clock
/// in hand:
///
/// ```swift
/// window.animationClock.mode = .manual
/// table.performBatchUpdates { table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic) }
/// window.animationClock.advance(by: .milliseconds(100))   // still animating
/// window.animationClock.finishAnimations()                 // the completion is due now
/// ```
///
/// Completions a clock makes due run on a later main-actor turn, never inside the call that made
/// them due, as UIKit never calls them inside the call that started the animation.
@MainActor
public final class HeadlessAnimationClock {
  /// How the clock moves.
  public enum Mode: Sendable {
    /// By itself: one frame per main-actor turn while anything animates (the default).
    case frameEachTurn
    /// Only when ``advance(by:)`` or ``finishAnimations()`` moves it.
    case manual
    /// By itself, as fast as the wall clock while anything animates: a frame each 1/60 s, or
    /// as much time as passed when the main actor comes back late.
    case realTime
  }

  /// How the clock moves; ``Mode/frameEachTurn`` by default. Leaving ``Mode/manual`` lets the
  /// animations under way run on by themselves.
  public var mode = Mode.frameEachTurn {
    didSet { startFramesIfNeeded() }
  }

  /// How long one frame lasts: a 60 Hz display's.
  public static let frameDuration = Duration.nanoseconds(16_666_667)

  /// The time on this clock: how long its animations have run, from 0 when it was made.
  public private(set) var now = Duration.zero

  /// Whether anything animates on this clock.
  public var isAnimating: Bool { !scheduled.isEmpty }

  private struct Scheduled {
    var id: Int
    var due: Duration
    var action: @MainActor () -> Void
  }

  /// What ends when, in the order it was scheduled (due times are not sorted: few animate at
  /// once).
  private var scheduled: [Scheduled] = []
  private var nextID = 0
  private var isRunningFrames = false

  /// A clock at 0, moving by itself.
  public init() {}

  /// Moves the clock on by `duration`, frame by frame, ending each animation as its frame
  /// passes; in ``Mode/frameEachTurn`` too, which then goes on by itself.
  public func advance(by duration: Duration) {
    let target = now + max(.zero, duration)
    while now < target {
      now = min(target, now + Self.frameDuration)
      fireDue()
    }
  }

  /// Moves the clock on until nothing animates on it, and returns how far it went.
  @discardableResult
  public func finishAnimations() -> Duration {
    let start = now
    // Each step goes to the next end; an action may schedule more (bounded: each takes time).
    var steps = 0
    while let next = scheduled.map(\.due).min(), steps < 10_000 {
      steps += 1
      if next > now { now = next }
      fireDue()
    }
    return now - start
  }

  /// Runs `action` once `delay` has passed on this clock; returns what cancels it.
  func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> Int {
    nextID += 1
    scheduled.append(Scheduled(id: nextID, due: now + max(.zero, delay), action: action))
    startFramesIfNeeded()
    return nextID
  }

  /// Forgets what `id` named, if it has not run.
  func cancel(_ id: Int) {
    scheduled.removeAll { $0.id == id }
  }

  private func fireDue() {
    let due = scheduled.filter { $0.due <= now }
    guard !due.isEmpty else { return }
    scheduled.removeAll { $0.due <= now }
    for item in due { item.action() }
  }

  /// Unless the clock is in hand, frames pass while anything animates: one each main-actor
  /// turn, or as the wall clock goes. The frames keep the clock, as a display link keeps its
  /// target, until nothing animates: what was scheduled on it always ends.
  private func startFramesIfNeeded() {
    guard mode != .manual, !isRunningFrames, isAnimating else { return }
    isRunningFrames = true
    Task { @MainActor [self] in
      while mode != .manual, isAnimating {
        let mode = self.mode
        let before = ContinuousClock.now
        if mode == .realTime {
          try? await Task.sleep(for: Self.frameDuration)
        } else {
          await Task.yield()
        }
        // The clock may have been taken in hand, or moved on, during the turn.
        guard self.mode == mode else { continue }
        now += mode == .realTime ? ContinuousClock.now - before : Self.frameDuration
        fireDue()
      }
      isRunningFrames = false
    }
  }
}
