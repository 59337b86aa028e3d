/// Time as a ``ContentStore`` and a ``ContentPrefetcher`` read it: the time elapsed since they
/// were created, and sleeping, both from one injected `Clock`, so that tests and simulations can
/// run in virtual time.
public struct TimeSource: Sendable {
  /// Time since the source was created.
  public let elapsed: @Sendable () -> Duration
  /// Sleeps until ``elapsed`` reaches a time — an absolute deadline, so that a task that gets
  /// to sleep late still wakes on time; throws `CancellationError` if the task is cancelled.
  public let sleepUntil: @Sendable (Duration) async throws -> Void

  /// Time read from `clock`.
  public init<C: Clock>(clock: C) where C.Duration == Duration {
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    sleepUntil = { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
  }

  /// Sleeps for a duration from now.
  public func sleep(for duration: Duration) async throws {
    try await sleepUntil(elapsed() + duration)
  }

  /// Real time, from the continuous clock.
  public static var continuous: TimeSource { TimeSource(clock: ContinuousClock()) }
}
