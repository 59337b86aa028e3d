import Bindery
import Foundation

/// A content loader the fuzzer drives: every load waits until the fuzzer settles it — with
/// content, a failure a retry may fix, one it cannot, or never (a hang, until the store's
/// timeout). A cancelled load ends at once, unless it ignores cancellation.
final class FuzzLoader: @unchecked Sendable {
  struct Offline: Error {}

  enum Outcome {
    case content
    case failure
    case permanentFailure
  }

  private struct Pending {
    var key: Int
    var continuation: CheckedContinuation<String, any Error>
  }

  private let lock = NSLock()
  private var pending: [Int: Pending] = [:]
  private var nextLoad = 0
  private var started = 0

  /// Loads started so far.
  var startedCount: Int { lock.withLock { started } }
  /// Loads waiting to be settled.
  var pendingCount: Int { lock.withLock { pending.count } }

  @Sendable func load(_ key: Int) async throws -> String {
    let number = lock.withLock { () -> Int in
      started += 1
      defer { nextLoad += 1 }
      return nextLoad
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelled = lock.withLock { () -> Bool in
          pending[number] = Pending(key: key, continuation: continuation)
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let waiting = lock.withLock { pending.removeValue(forKey: number) }
      waiting?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Settles up to `count` waiting loads, chosen by `pick` among the waiting ones, with the
  /// outcome `outcome` gives each key.
  func settle(count: Int, pick: (Int) -> Int, outcome: (Int) -> Outcome) {
    let chosen = lock.withLock { () -> [Pending] in
      var chosen: [Pending] = []
      while chosen.count < count, !pending.isEmpty {
        let numbers = pending.keys.sorted()
        let number = numbers[pick(numbers.count)]
        if let load = pending.removeValue(forKey: number) { chosen.append(load) }
      }
      return chosen
    }
    for load in chosen {
      switch outcome(load.key) {
      case .content: load.continuation.resume(returning: Self.content(for: load.key))
      case .failure: load.continuation.resume(throwing: Offline())
      case .permanentFailure: load.continuation.resume(throwing: PermanentLoadFailure(Offline()))
      }
    }
  }

  /// Settles every waiting load with its content.
  func settleAll() {
    settle(count: .max, pick: { _ in 0 }, outcome: { _ in .content })
  }

  /// The content a key loads: its name, so a cell showing it says whose it is.
  static func content(for key: Int) -> String { "c\(key)" }

  /// The key whose content `content` is, or `nil`.
  static func key(ofContent content: String) -> Int? {
    guard content.hasPrefix("c") else { return nil }
    return Int(content.dropFirst())
  }
}
