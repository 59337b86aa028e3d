import Foundation

/// A clock that moves only when told to, for tests and deterministic simulations.
///
/// Sleepers wake in deadline order when ``advance(by:)`` or ``advance(to:)`` passes their
/// deadline; a cancelled sleeper throws `CancellationError` at once.
public final class VirtualClock: Clock, @unchecked Sendable {
  /// A point in virtual time: the duration since the clock started.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// Time since the clock started.
    public var offset: Duration

    /// Creates an instant.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The duration from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Earlier instants first.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>?
  }

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleepers: [Int: Sleeper] = [:]
  private var cancelledBeforeSleeping: Set<Int> = []
  private var nextID = 0

  /// Creates a clock at time zero.
  public init() {}

  /// The current virtual time.
  public var now: Instant {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  /// Virtual time has no resolution limit.
  public var minimumResolution: Duration { .zero }

  /// The earliest time a task asleep on the clock wakes at; `nil` when none sleeps.
  public var nextDeadline: Instant? {
    lock.lock()
    defer { lock.unlock() }
    return sleepers.values.filter { $0.continuation != nil }.map(\.deadline).min()
  }

  /// The number of tasks asleep on the clock.
  public var sleeperCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return sleepers.values.filter { $0.continuation != nil }.count
  }

  /// Suspends until virtual time reaches `deadline`.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let (id, isDue) = lock.withLock { () -> (Int, Bool) in
      defer { nextID += 1 }
      return (nextID, deadline <= current)
    }
    if isDue {
      try Task.checkCancellation()
      return
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        lock.lock()
        if cancelledBeforeSleeping.remove(id) != nil {
          lock.unlock()
          continuation.resume(throwing: CancellationError())
          return
        }
        if deadline <= current {  // time passed the deadline while this task got here
          lock.unlock()
          continuation.resume()
          return
        }
        sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
        lock.unlock()
      }
    } onCancel: {
      lock.lock()
      let sleeper = sleepers.removeValue(forKey: id)
      if sleeper == nil { cancelledBeforeSleeping.insert(id) }
      lock.unlock()
      sleeper?.continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward and wakes every sleeper whose deadline has passed, earliest first.
  public func advance(by duration: Duration) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves time to `instant` (never backwards) and wakes the sleepers it passes.
  public func advance(to instant: Instant) {
    lock.lock()
    if instant > current { current = instant }
    // By deadline, and those due together in the order they went to sleep: which wakes first
    // must not depend on how a dictionary lays its keys out.
    let due = sleepers.filter { $0.value.deadline <= current }.sorted {
      ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key)
    }
    for (id, _) in due { sleepers[id] = nil }
    lock.unlock()
    for (_, sleeper) in due { sleeper.continuation?.resume() }
  }
}

extension VirtualClock {
  /// Lets every task the last step woke run until each running load is asleep on this clock
  /// again, for several turns of the main actor in a row: the loads a step started have
  /// reached their sleep, and the results it finished have been taken. Gives up after
  /// 100,000 turns rather than wait forever.
  ///
  /// - Parameter loadsInFlight: how many loads the store under test is running.
  @MainActor
  public func settle(loadsInFlight: @MainActor () -> Int) async {
    var stable = 0
    var turns = 0
    while stable < 4 && turns < 100_000 {
      await Task.yield()
      turns += 1
      stable = loadsInFlight() == sleeperCount ? stable + 1 : 0
      if stable == 0 && turns % 64 == 0 { try? await Task.sleep(for: .microseconds(50)) }
    }
  }
}
