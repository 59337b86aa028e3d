import Foundation

/// A loader whose calls wait at a gate until the test opens it, and which records the order
/// loads started in.
public final class GatedLoader: @unchecked Sendable {
  /// The error a failing load throws.
  public struct Failure: Error, Equatable {}

  private typealias Gate = CheckedContinuation<Result<String, Failure>, Never>
  private let lock = NSLock()
  /// The loads waiting at their gates, by key and then by call (a key's load can be cancelled
  /// and asked for again before the first call has returned).
  private var gates: [Int: [Int: Gate]] = [:]
  private var early: [Int: Result<String, Failure>] = [:]
  private var started: [Int] = []
  private var cancelled: [Int] = []
  /// Calls cancelled before they reached their gate: they must not wait there, as nothing
  /// would open it.
  private var cancelledBeforeTheGate: Set<Int> = []
  /// Calls that have started and not yet reached their gate, with their keys: a test that saw
  /// a load start and opens every gate must not miss it by a few instructions.
  private var onTheWay: [Int: Int] = [:]
  private var nextCall = 0
  /// When set, loads ignore cancellation (a loader that hangs).
  public var ignoresCancellation: Bool {
    get { lock.withLock { ignoring } }
    set { lock.withLock { ignoring = newValue } }
  }
  private var ignoring = false

  /// Keys in the order their loads started.
  public var startedKeys: [Int] { lock.withLock { started } }
  /// How many loads wait at their gates.
  public var waitingCount: Int { lock.withLock { gates.values.reduce(0) { $0 + $1.count } } }
  /// Keys whose loads saw a cancellation.
  public var cancelledKeys: [Int] { lock.withLock { cancelled } }

  /// Creates a loader with every gate closed.
  public init() {}

  /// The loader: waits at the key's gate, then returns `content <key>` or throws. A call
  /// cancelled before or while it waits returns at once (unless ``ignoresCancellation``).
  public func load(_ key: Int) async throws -> String {
    let call = lock.withLock { () -> Int in
      started.append(key)
      onTheWay[nextCall] = key
      defer { nextCall += 1 }
      return nextCall
    }
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: Gate) in
        // Under the lock, so that a cancellation is seen either here or by the handler below.
        let ready = lock.withLock { () -> Result<String, Failure>? in
          onTheWay[call] = nil
          if cancelledBeforeTheGate.remove(call) != nil { return .failure(Failure()) }
          if let result = early.removeValue(forKey: key) { return result }
          gates[key, default: [:]][call] = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let gate = lock.withLock { () -> Gate? in
        guard !ignoring else { return nil }
        cancelled.append(key)
        guard let gate = gates[key]?.removeValue(forKey: call) else {
          cancelledBeforeTheGate.insert(call)
          return nil
        }
        if gates[key]?.isEmpty == true { gates[key] = nil }
        return gate
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
    let waiting = lock.withLock { () -> [Gate] in
      guard let waiting = gates.removeValue(forKey: key) else {
        early[key] = result
        return []
      }
      return waiting.sorted { $0.key < $1.key }.map(\.value)
    }
    for gate in waiting { gate.resume(returning: result) }
  }

  /// Opens every gate still closed, so no task is left waiting when a test ends: loads at their
  /// gates, and loads that have started (they are in ``startedKeys``) and not reached their
  /// gate yet, which pass it when they do. Loads that start later wait: to let a key's content
  /// through whenever its load comes, open it by name with ``open(_:failing:)``.
  public func openAll() {
    let all = lock.withLock { () -> [Int: [Int: Gate]] in
      for (call, key) in onTheWay where !cancelledBeforeTheGate.contains(call) {
        early[key] = .success("content \(key)")
      }
      defer { gates.removeAll() }
      return gates
    }
    for (key, waiting) in all {
      for gate in waiting.values { gate.resume(returning: .success("content \(key)")) }
    }
  }
}
