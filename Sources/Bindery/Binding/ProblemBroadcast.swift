import BinderyDiff

/// Problems told to every reader: each ``stream()`` gets the newest `limit` problems reported
/// before it was made, then every one after, and finishes when the broadcast does. A reader that
/// falls behind keeps the newest `limit`; readers never take problems from each other, as the
/// readers of one `AsyncStream` would.
///
/// Safe from any thread. Problems are handed to the streams under the lock, so that every reader
/// sees them in the order they were reported; nothing of the app runs there (a stream's
/// consumer resumes on its own executor).
package final class ProblemBroadcast<Problem: Sendable>: Sendable {
  private struct State {
    var history: [Problem] = []
    var readers: [Int: AsyncStream<Problem>.Continuation] = [:]
    var nextReader = 0
    var isFinished = false
  }

  private let state = Locked(State())
  /// How many problems a reader keeps, and how many a new reader is told of.
  package let limit: Int

  /// A broadcast whose readers keep the newest `limit` problems (at least one).
  package init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// A new reader: the newest problems so far, then every new one; finished at once when the
  /// broadcast has finished (after the ones it kept).
  ///
  /// - Complexity: O(`limit`).
  package func stream() -> AsyncStream<Problem> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Problem.self, bufferingPolicy: .bufferingNewest(limit))
    let finished = state.withLock { state -> Bool in
      for problem in state.history { continuation.yield(problem) }
      guard !state.isFinished else { return true }
      let id = state.nextReader
      state.nextReader += 1
      state.readers[id] = continuation
      // A reader that stops (its task cancelled, its stream dropped) is forgotten. This runs
      // outside the lock: a stream ends on its reader's side, or in `finish()` once the
      // readers have been taken out.
      continuation.onTermination = { [weak self] _ in
        _ = self?.state.withLock { $0.readers.removeValue(forKey: id) }
      }
      return false
    }
    if finished { continuation.finish() }
    return stream
  }

  /// How many readers are listening now.
  package var readerCount: Int { state.withLock { $0.readers.count } }

  /// Tells every reader, and keeps the problem for readers to come. Ignored once finished.
  package func yield(_ problem: Problem) {
    state.withLock { state in
      guard !state.isFinished else { return }
      state.history.append(problem)
      if state.history.count > limit { state.history.removeFirst(state.history.count - limit) }
      for reader in state.readers.values { reader.yield(problem) }
    }
  }

  /// Finishes every reader, and every reader to come after what was kept; more than once is
  /// harmless.
  package func finish() {
    let readers = state.withLock { state -> [AsyncStream<Problem>.Continuation] in
      state.isFinished = true
      defer { state.readers.removeAll() }
      return Array(state.readers.values)
    }
    for reader in readers { reader.finish() }
  }
}
