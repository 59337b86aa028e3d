import Testing

/// Waits until `condition` holds, checking it about once a millisecond and letting other tasks
/// run in between; records an issue naming `what` and returns `false` when it has not held for
/// `seconds` of the waiter's own time.
///
/// The guard is against a hang, not a measure of speed, so it counts the time between two
/// checks only up to 10 ms: a check that comes late because the machine is busy, or because
/// the main actor was running other work, costs the budget 10 ms however late it was. A
/// condition that never holds still fails, after at least `seconds` of wall-clock time.
/// Suites that wait take turns on the main actor (``MainActorTurns``), so that the other
/// tests' work does not fill the time between checks.
@MainActor
@discardableResult
public func eventually(
  _ what: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () -> Bool
) async -> Bool {
  let budget = Duration.milliseconds(Int(seconds * 1000))
  let longestCountedGap = Duration.milliseconds(10)
  var spent = Duration.zero
  var lastCheck = ContinuousClock.now
  while !condition() {
    let now = ContinuousClock.now
    spent += min(now - lastCheck, longestCountedGap)
    lastCheck = now
    if spent > budget {
      Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
      return false
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
