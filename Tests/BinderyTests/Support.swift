import Bindery
import BinderyTesting
import Foundation
import Testing

/// A loader whose calls wait at a gate until the test opens it, and which records the order
/// loads started in.
final class GatedLoader: @unchecked Sendable {
  struct Failure: Error, Equatable {}

  private let lock = NSLock()
  private var gates: [Int: CheckedContinuation<Result<String, Failure>, Never>] = [:]
  private var early: [Int: Result<String, Failure>] = [:]
  private(set) var started: [Int] = []
  private(set) var cancelled: [Int] = []
  /// When set, loads ignore cancellation (a loader that hangs).
  var ignoresCancellation = false

  var startedKeys: [Int] { lock.withLock { started } }
  var cancelledKeys: [Int] { lock.withLock { cancelled } }

  func load(_ key: Int) async throws -> String {
    lock.withLock { started.append(key) }
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready = lock.withLock { () -> Result<String, Failure>? in
          if let result = early.removeValue(forKey: key) { return result }
          gates[key] = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      guard !ignoresCancellation else { return }
      let gate = lock.withLock { () -> CheckedContinuation<Result<String, Failure>, Never>? in
        cancelled.append(key)
        return gates.removeValue(forKey: key)
      }
      gate?.resume(returning: .failure(Failure()))
    }
    try Task.checkCancellation()
    return try result.get()
  }

  /// Lets the load of `key` finish with content (or an error); if it has not reached the gate
  /// yet, it finishes as soon as it does.
  func open(_ key: Int, failing: Bool = false) {
    let result: Result<String, Failure> = failing ? .failure(Failure()) : .success("content \(key)")
    let gate = lock.withLock { () -> CheckedContinuation<Result<String, Failure>, Never>? in
      guard let gate = gates.removeValue(forKey: key) else {
        early[key] = result
        return nil
      }
      return gate
    }
    gate?.resume(returning: result)
  }

  /// Opens every gate still closed, so no task is left waiting when a test ends.
  func openAll() {
    let all = lock.withLock { () -> [Int: CheckedContinuation<Result<String, Failure>, Never>] in
      defer { gates.removeAll() }
      return gates
    }
    for (key, gate) in all { gate.resume(returning: .success("content \(key)")) }
  }
}

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
