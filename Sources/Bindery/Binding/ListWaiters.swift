/// Who waits for which list, on the main actor: callers of `apply` wait for their own list, and
/// callers of `waitUntilShown` for every list sent before they asked. Lists are numbered in the
/// order they were sent (``ListInbox``).
///
/// Invariant: every continuation is resumed exactly once — `true` when its list is shown,
/// `false` when a later list replaced it, a hold it waited behind was overtaken, or the binding
/// stopped.
@MainActor
struct ListWaiters {
  /// `apply`'s callers, by the number of the list each sent.
  private var forOwnList: [UInt64: CheckedContinuation<Bool, Never>] = [:]
  /// `waitUntilShown`'s callers, with the newest list number when each asked.
  private var untilShown: [(through: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []

  /// Waits for list number `sequence` (an `apply`).
  mutating func waitForList(_ sequence: UInt64, _ continuation: CheckedContinuation<Bool, Never>) {
    forOwnList[sequence] = continuation
  }

  /// Waits until every list up to number `sequence` is shown (a `waitUntilShown`).
  mutating func waitUntilShown(
    through sequence: UInt64, _ continuation: CheckedContinuation<Bool, Never>
  ) {
    untilShown.append((sequence, continuation))
  }

  /// Lists up to `sequence` are done: list `sequence` was `shown` (its caller hears `true`)
  /// and the earlier ones were replaced (`false`); when shown, everyone waiting until then is
  /// answered `true`.
  mutating func resolve(through sequence: UInt64, shown: Bool = true) {
    for key in forOwnList.keys where key <= sequence {
      forOwnList.removeValue(forKey: key)?.resume(returning: shown && key == sequence)
    }
    guard shown else { return }
    untilShown.removeAll { waiter in
      guard waiter.through <= sequence else { return false }
      waiter.continuation.resume(returning: true)
      return true
    }
  }

  /// The binding stopped: everyone hears `false`.
  mutating func resolveAll() {
    for waiter in forOwnList.values { waiter.resume(returning: false) }
    forOwnList.removeAll()
    for waiter in untilShown { waiter.continuation.resume(returning: false) }
    untilShown.removeAll()
  }
}
