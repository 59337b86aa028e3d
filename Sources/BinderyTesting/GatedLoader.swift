import Foundation

/// A loader whose calls wait at a gate until the test opens it, and which records the order
/// loads started in.
public final class GatedLoader: @unchecked Sendable {
  /// The error a failing load throws.
  public struct Failure: Error, Equatable {}

  private let lock = NSLock()
  private var gates: [Int: CheckedContinuation<Result<String, Failure>, Never>] = [:]
  private var early: [Int: Result<String, Failure>] = [:]
  private var started: [Int] = []
  private var cancelled: [Int] = []
  /// When set, loads ignore cancellation (a loader that hangs).
  public var ignoresCancellation: Bool {
    get { lock.withLock { ignoring } }
    set { lock.withLock { ignoring = newValue } }
  }
  private var ignoring = false

  /// Keys in the order their loads started.
  public var startedKeys: [Int] { lock.withLock { started } }
  /// Keys whose loads saw a cancellation.
  public var cancelledKeys: [Int] { lock.withLock { cancelled } }

  /// Creates a loader with every gate closed.
  public init() {}

  /// The loader: waits at the key's gate, then returns `content <key>` or throws.
  public func load(_ key: Int) async throws -> String {
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
      guard !self.ignoresCancellation else { return }
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
  public func open(_ key: Int, failing: Bool = false) {
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

  /// Opens every gate still closed, so no task is left waiting when a test ends. Only loads
  /// that have reached their gate: to let a key's content through whenever its load comes,
  /// open it by name with ``open(_:failing:)``.
  public func openAll() {
    let all = lock.withLock { () -> [Int: CheckedContinuation<Result<String, Failure>, Never>] in
      defer { gates.removeAll() }
      return gates
    }
    for (key, gate) in all { gate.resume(returning: .success("content \(key)")) }
  }
}
