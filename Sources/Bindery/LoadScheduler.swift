/// A ``ContentStore``'s waiting and running loads, shared between the main actor and the load
/// tasks under one lock, so that loads keep flowing while the main actor is busy.
///
/// The main actor queues keys (``enqueue(_:priority:)``), takes them back (``cancel(_:)``), and
/// expires loads past their deadline (``expire(by:)``). When a load task ends, it frees its slot
/// and starts the next waiting key itself, on the cooperative pool — no trip through the main
/// actor between one load and the next — then leaves its result for the store to take on the
/// main actor, in batches. A result from a load that was cancelled or expired meanwhile is
/// dropped.
///
/// Waiting keys start by priority, then in the order they were requested at that priority; a
/// raise counts as a new request. Each priority's queue is first-in first-out, and entries whose
/// key has since started, left or been raised are skipped when they come up: O(1) amortized.
final class LoadScheduler<Key: Hashable & Sendable, Content: Sendable>: Sendable {
  struct Waiting: Sendable {
    var priority: ContentPriority
    var order: Int
  }

  struct Running {
    let generation: Int
    let priority: ContentPriority
    let deadline: Duration
    var task: Task<Void, Never>?
  }

  struct State {
    var waiting: [Key: Waiting] = [:]
    var queues: [[(key: Key, order: Int)]] = ContentPriority.allCases.map { _ in [] }
    var heads = ContentPriority.allCases.map { _ in 0 }
    var nextOrder = 0
    var running: [Key: Running] = [:]
    var nextGeneration = 0
    var started = 0
    var peakRunning = 0
  }

  let maximumRunning: Int
  private let state = Locked(State())
  private let loader: @Sendable (Key) async throws -> Content
  private let completions: CompletionQueue<Key, Content>
  private let time: TimeSource
  private let timeout: Duration

  init(
    maximumRunning: Int, timeout: Duration, time: TimeSource,
    loader: @escaping @Sendable (Key) async throws -> Content,
    completions: CompletionQueue<Key, Content>
  ) {
    self.maximumRunning = maximumRunning
    self.timeout = timeout
    self.time = time
    self.loader = loader
    self.completions = completions
  }

  // MARK: Reading

  /// The number of loads running.
  var runningCount: Int { state.withLock { $0.running.count } }

  /// Loads started so far, and the most that ran at once.
  var counts: (started: Int, peakRunning: Int) {
    state.withLock { ($0.started, $0.peakRunning) }
  }

  /// The waiting keys in the order they will start.
  var waitingKeys: [Key] {
    state.withLock { state in
      state.waiting.sorted { lhs, rhs in
        lhs.value.priority != rhs.value.priority
          ? lhs.value.priority > rhs.value.priority : lhs.value.order < rhs.value.order
      }.map(\.key)
    }
  }

  /// The earliest deadline of a running load.
  var earliestDeadline: Duration? {
    state.withLock { $0.running.values.map(\.deadline).min() }
  }

  // MARK: The main actor's side

  /// Queues a key that is neither waiting nor running, or raises a waiting one to a higher
  /// priority; then fills free slots. Nothing for a key that is running or whose load ended.
  func enqueue(_ key: Key, priority: ContentPriority, isNew: Bool) {
    state.withLock { state in
      guard state.running[key] == nil else { return }
      if let waiting = state.waiting[key] {
        guard waiting.priority < priority else { return }
      } else if !isNew {
        return  // it ran and ended: its result is on its way to the store
      }
      let order = state.nextOrder
      state.nextOrder += 1
      state.waiting[key] = Waiting(priority: priority, order: order)
      state.queues[priority.rawValue].append((key, order))
      fillSlots(&state)
    }
  }

  /// Where a key was when it was taken back.
  enum Withdrawal {
    /// It waited; it never started.
    case waiting
    /// It ran; its task is cancelled and no result will come.
    case running
    /// Neither: its load already ended, and its result is on its way to the store, or it
    /// never was queued.
    case ended
  }

  /// Takes a key back: out of the queue if it waits, cancelled if it runs.
  @discardableResult
  func cancel(_ key: Key) -> Withdrawal {
    let (withdrawal, task) = state.withLock { state -> (Withdrawal, Task<Void, Never>?) in
      if state.waiting.removeValue(forKey: key) != nil { return (.waiting, nil) }
      guard let running = state.running.removeValue(forKey: key) else { return (.ended, nil) }
      fillSlots(&state)
      return (.running, running.task)
    }
    task?.cancel()
    return withdrawal
  }

  /// Ends the loads whose deadline has passed, as the store's watchdog finds them; their
  /// tasks are cancelled and their slots go to waiting keys. Returns the expired keys with
  /// their priorities.
  func expire(by now: Duration) -> [(key: Key, priority: ContentPriority)] {
    let expired = state.withLock { state in
      let due = state.running.filter { $0.value.deadline <= now }
      for key in due.keys { state.running[key] = nil }
      if !due.isEmpty { fillSlots(&state) }
      return due.map { (key: $0.key, running: $0.value) }
    }
    for load in expired { load.running.task?.cancel() }
    return expired.map { ($0.key, $0.running.priority) }
  }

  /// Cancels everything: the store is going away.
  func cancelAll() {
    let tasks = state.withLock { state in
      defer {
        state.running = [:]
        state.waiting = [:]
      }
      return state.running.values.compactMap(\.task)
    }
    for task in tasks { task.cancel() }
  }

  // MARK: Starting and ending loads

  /// Starts waiting keys while slots are free. Runs under the lock; each task is created there
  /// too, so that its end, which takes the lock, comes after.
  private func fillSlots(_ state: inout State) {
    guard state.running.count < maximumRunning, !state.waiting.isEmpty else { return }
    let deadline = time.elapsed() + timeout
    while state.running.count < maximumRunning, let (key, priority) = nextWaiting(&state) {
      let generation = state.nextGeneration
      state.nextGeneration += 1
      var running = Running(generation: generation, priority: priority, deadline: deadline)
      running.task = Task.detached { [self] in await self.run(key, generation: generation) }
      state.running[key] = running
      state.started += 1
      state.peakRunning = max(state.peakRunning, state.running.count)
    }
  }

  private func nextWaiting(_ state: inout State) -> (Key, ContentPriority)? {
    for level in stride(from: state.queues.count - 1, through: 0, by: -1) {
      while state.heads[level] < state.queues[level].count {
        let entry = state.queues[level][state.heads[level]]
        state.heads[level] += 1
        if let current = state.waiting[entry.key], current.priority.rawValue == level,
          current.order == entry.order
        {
          state.waiting[entry.key] = nil
          compact(&state, level)
          return (entry.key, current.priority)
        }
      }
      compact(&state, level)
    }
    return nil
  }

  private func compact(_ state: inout State, _ level: Int) {
    guard state.heads[level] > 1_024, state.heads[level] * 2 > state.queues[level].count else {
      return
    }
    state.queues[level].removeFirst(state.heads[level])
    state.heads[level] = 0
  }

  private func run(_ key: Key, generation: Int) async {
    let outcome: LoadOutcome<Content>
    do {
      outcome = .loaded(try await loader(key))
    } catch {
      outcome =
        Task.isCancelled || error is CancellationError ? .cancelled : .failed(.loaderFailed(error))
    }
    let priority = state.withLock { state -> ContentPriority? in
      guard let running = state.running[key], running.generation == generation else { return nil }
      state.running[key] = nil
      fillSlots(&state)
      return running.priority
    }
    // A load cancelled or expired meanwhile was already finished by the store.
    guard let priority else { return }
    completions.deliver(key, priority: priority, outcome)
  }

  #if DEBUG
    /// The keys waiting or running.
    var pendingKeys: Set<Key> {
      state.withLock { Set($0.waiting.keys).union($0.running.keys) }
    }

    /// Checks the queues: within the limit, nothing both waiting and running, every waiting key
    /// in its priority's queue.
    func _checkInvariants() {
      state.withLock { state in
        precondition(state.running.count <= maximumRunning, "at most the limit of loads")
        for (key, waiting) in state.waiting {
          precondition(state.running[key] == nil, "waiting, not running")
          let level = waiting.priority.rawValue
          precondition(
            state.queues[level][state.heads[level]...].contains {
              $0.key == key && $0.order == waiting.order
            }, "a waiting key is in its priority's queue")
        }
      }
    }
  #endif
}
