import Testing

/// Waits until `condition` holds, letting other tasks run; records an issue naming `what` and
/// returns `false` after `seconds`.
@MainActor
@discardableResult
public func eventually(
  _ what: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while !condition() {
    if ContinuousClock.now > deadline {
      Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
      return false
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
