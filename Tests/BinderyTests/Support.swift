import Bindery
import BinderyTesting
import Foundation
import Testing

/// Waits until `condition` holds, letting other tasks run; fails after `seconds`.
@MainActor
func eventually(
  _ what: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () -> Bool
) async {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while !condition() {
    if ContinuousClock.now > deadline {
      Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
      return
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
}
