/// Time as a ``ContentStore`` and the prefetcher see it: elapsed time since they were created,
/// and sleeping, both from one injected `Clock`, so that tests and simulations can run in
/// virtual time.
public struct Timeline: Sendable {
  /// Time since the timeline was created.
  public let elapsed: @Sendable () -> Duration
  /// Sleeps for a duration on the clock; throws `CancellationError` if the task is cancelled.
  public let sleep: @Sendable (Duration) async throws -> Void

  /// A timeline on `clock`.
  public init<C: Clock>(clock: C) where C.Duration == Duration {
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    sleep = { try await clock.sleep(for: $0) }
  }

  /// A timeline on the continuous clock: real time.
  public static var continuous: Timeline { Timeline(clock: ContinuousClock()) }
}
