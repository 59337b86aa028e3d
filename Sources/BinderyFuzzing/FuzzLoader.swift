import Bindery
import Foundation

/// A content loader the fuzzer drives: every load waits until the fuzzer settles it — with
/// content, a failure a retry may fix, one it cannot, or never (a hang, until the store's
/// timeout). A cancelled load ends when the fuzzer ends the cancelled loads
/// (``endCancelledLoads()``), as a loader that is slow to notice cancellation does: the moment a
/// taken-back load gives its slot back then comes from the fuzzer's steps, not from how fast
/// the thread that ran it woke up.
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
    var isCancelled = false
  }

  private let lock = NSLock()
  private var pending: [Int: Pending] = [:]
  private var nextLoad = 0
  private var started = 0

  /// Loads started so far.
  var startedCount: Int { lock.withLock { started } }
  /// Loads waiting to be settled or ended, cancelled ones included.
  var pendingCount: Int { lock.withLock { pending.count } }
  /// Whether a cancelled load waits to be ended.
  var hasCancelledLoads: Bool { lock.withLock { pending.values.contains(where: \.isCancelled) } }
  /// The keys of the loads waiting to be settled, in order (for a trace).
  var pendingKeys: [Int] {
    lock.withLock { pending.values.filter { !$0.isCancelled }.map(\.key).sorted() }
  }

  @Sendable func load(_ key: Int) async throws -> String {
    let number = lock.withLock { () -> Int in
      started += 1
      defer { nextLoad += 1 }
      return nextLoad
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        lock.withLock {
          // A load cancelled before it got here is marked at once.
          pending[number] = Pending(
            key: key, continuation: continuation, isCancelled: Task.isCancelled)
        }
      }
    } onCancel: {
      lock.withLock { pending[number]?.isCancelled = true }
    }
  }

  /// Ends every cancelled load, in the order of their keys.
  func endCancelledLoads() {
    let cancelled = lock.withLock { () -> [Pending] in
      let numbers = pending.filter(\.value.isCancelled).keys
      return numbers.compactMap { pending.removeValue(forKey: $0) }.sorted { $0.key < $1.key }
    }
    for load in cancelled { load.continuation.resume(throwing: CancellationError()) }
  }

  /// Settles up to `count` waiting loads that are still wanted, chosen by `pick` among them in
  /// the order of their keys (the order they started in depends on the threads that ran them),
  /// with the outcome `outcome` gives each key.
  func settle(count: Int, pick: (Int) -> Int, outcome: (Int) -> Outcome) {
    let chosen = lock.withLock { () -> [Pending] in
      var chosen: [Pending] = []
      while chosen.count < count {
        let numbers = pending.filter { !$0.value.isCancelled }.keys.sorted {
          (pending[$0]?.key ?? 0, $0) < (pending[$1]?.key ?? 0, $1)
        }
        guard !numbers.isEmpty else { break }
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

  /// Settles every waiting load with its content, and ends the cancelled ones.
  func settleAll() {
    endCancelledLoads()
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
