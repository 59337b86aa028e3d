import BinderyDiff

/// Time as a ``ContentStore`` and a ``ContentPrefetcher`` read it: the time elapsed since they
/// were created, and sleeping, both from one injected `Clock`, so that tests and simulations can
/// run in virtual time.
public struct TimeSource: Sendable {
  /// Time since the source was created.
  public let elapsed: @Sendable () -> Duration
  /// Sleeps until ``elapsed`` reaches a time — an absolute deadline, so that a task that gets
  /// to sleep late still wakes on time; throws `CancellationError` if the task is cancelled.
  public let sleepUntil: @Sendable (Duration) async throws -> Void

  /// Where a source's time stands still, and its clock's own reading, for a pausable source.
  let pauses: (record: TimePauses, raw: @Sendable () -> Duration)?

  /// Time read from `clock`.
  public init<C: Clock>(clock: C) where C.Duration == Duration {
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    sleepUntil = { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
    pauses = nil
  }

  /// Time read from `clock` that stands still while ``TimePauses/pause(at:)`` holds it: what
  /// it reads leaves out every pause, and never goes back.
  init<C: Clock>(clock: C, pausable: Void) where C.Duration == Duration {
    let start = clock.now
    let pauses = TimePauses()
    elapsed = { pauses.time(at: start.duration(to: clock.now)) }
    sleepUntil = {
      try await clock.sleep(until: start.advanced(by: $0 + pauses.paused), tolerance: nil)
    }
    self.pauses = (pauses, { start.duration(to: clock.now) })
  }

  /// Stops the time of a pausable source: ``elapsed`` holds, sleeps wake with nothing due;
  /// `false` for a source that cannot pause or is paused already.
  func pause() -> Bool { pauses.map { $0.record.pause(at: $0.raw()) } ?? false }

  /// Lets a paused source's time go on from where it stopped; `false` if it was not paused.
  func resume() -> Bool { pauses.map { $0.record.resume(at: $0.raw()) } ?? false }

  /// Whether a pausable source's time stands still.
  var isPaused: Bool { pauses?.record.isPaused ?? false }

  /// Sleeps for a duration from now.
  public func sleep(for duration: Duration) async throws {
    try await sleepUntil(elapsed() + duration)
  }

  /// Real time, from the continuous clock.
  public static var continuous: TimeSource { TimeSource(clock: ContinuousClock()) }
}

/// The pauses of a source's time (the app in the background): how long it stood still before,
/// and since when it stands still now.
final class TimePauses: Sendable {
  private let state = Locked<(paused: Duration, since: Duration?)>((.zero, nil))

  /// The time paused before now.
  var paused: Duration { state.withLock { $0.paused } }

  /// The source's time when its clock reads `raw`: less every pause, and held while paused.
  func time(at raw: Duration) -> Duration {
    state.withLock { state in (state.since ?? raw) - state.paused }
  }

  /// Stops the time at the clock's `raw` reading; `false` if it stood still already.
  func pause(at raw: Duration) -> Bool {
    state.withLock { state in
      guard state.since == nil else { return false }
      state.since = raw
      return true
    }
  }

  /// Lets the time go on from where it stopped; `false` if it was not paused.
  func resume(at raw: Duration) -> Bool {
    state.withLock { state in
      guard let since = state.since else { return false }
      state.paused += max(.zero, raw - since)
      state.since = nil
      return true
    }
  }

  /// Whether the time stands still.
  var isPaused: Bool { state.withLock { $0.since != nil } }
}
