import BinderyDiff

/// Which lists a binding's view is done with — UIKit has run the completions of their
/// batches — for the diff worker to wait on. Made once per binding: showing a list costs the
/// main actor no allocation for it.
final class AnimationTracker: Sendable {
  private let state = Locked<
    (
      finished: UInt64,
      waiters: [(sequence: UInt64, continuation: CheckedContinuation<Void, Never>)]
    )
  >((0, []))

  /// The view is done with every list up to `sequence`.
  func finish(through sequence: UInt64) {
    let due = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard sequence > state.finished else { return [] }
      state.finished = sequence
      let due = state.waiters.filter { $0.sequence <= sequence }.map(\.continuation)
      state.waiters.removeAll { $0.sequence <= sequence }
      return due
    }
    for waiter in due { waiter.resume() }
  }

  /// The binding stopped: nothing is waited for any more.
  func finishAll() { finish(through: .max) }

  /// Waits until the view is done with list `sequence` — `true` — or `limit` has passed, or
  /// the task was cancelled (a binding released mid-animation) — `false`.
  func wait(for sequence: UInt64, atMost limit: Duration) async -> Bool {
    let timer = Task { [weak self] in
      try? await Task.sleep(for: limit)
      self?.release(sequence)
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let done = state.withLock { state in
          if state.finished < sequence { state.waiters.append((sequence, continuation)) }
          return state.finished >= sequence
        }
        if done { continuation.resume() }
      }
    } onCancel: {
      self.release(sequence)
    }
    timer.cancel()
    return state.withLock { $0.finished >= sequence }
  }

  /// Lets the waiter for `sequence` go without marking the list finished.
  private func release(_ sequence: UInt64) {
    let due = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      let due = state.waiters.filter { $0.sequence == sequence }.map(\.continuation)
      state.waiters.removeAll { $0.sequence == sequence }
      return due
    }
    for waiter in due { waiter.resume() }
  }
}
