/// A gate that opens once; waiting on an open gate returns at once. The prefetcher's holds (the
/// first screen's, new rows') wait at one; the tests use it too (it is `package` for them).
@MainActor
package final class OneShotGate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// A closed gate.
  package init() {}

  /// Whether anything waits at the gate.
  package var isWaiting: Bool { !waiters.isEmpty }

  /// Opens the gate and lets every waiter through; later calls do nothing.
  package func open() {
    guard !isOpen else { return }
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }

  /// Returns once the gate is open.
  package func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }
}
