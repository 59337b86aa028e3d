/// A ``ContentStore``'s waiting and running loads, shared between the main actor and the
/// workers that run them under one lock, so that loads keep flowing while the main actor is busy.
///
/// The main actor queues keys (``enqueue(_:priority:)``), takes them back (``cancel(_:)``), and
/// expires loads past their deadline (``expire(by:)``). Loads run on at most `maximumRunning`
/// worker tasks, each running one load after another until nothing waits — no task to create,
/// and no trip through the main actor, between one load and the next — and leaving each result
/// for the store to take on the main actor, in batches.
///
/// A load taken back while it runs is ended at once: its worker is cancelled and let go (it
/// counts no more, and a fresh worker takes its slot), so a loader that ignores cancellation or
/// hangs holds no slot; whatever it returns later is dropped.
///
/// Waiting keys start by priority, then in the order they were requested at that priority; a
/// raise counts as a new request. Each priority's queue is first-in first-out, and entries whose
/// key has since started, left or been raised are skipped when they come up: O(1) amortized.
///
/// Inlinable, like the store's paths that reach it, so that it is specialized for the app's key
/// and content types: unspecialized, the generic bookkeeping costs several times the work.
@usableFromInline
final class LoadScheduler<Key: Hashable & Sendable, Content: Sendable>: Sendable {
  @usableFromInline
  struct Waiting: Sendable {
    @usableFromInline var priority: ContentPriority
    @usableFromInline var order: Int

    @inlinable
    init(priority: ContentPriority, order: Int) {
      self.priority = priority
      self.order = order
    }
  }

  @usableFromInline
  struct Running {
    /// The worker running the load; it runs nothing else meanwhile.
    @usableFromInline let worker: Int
    @usableFromInline let priority: ContentPriority
    @usableFromInline let deadline: Duration

    @inlinable
    init(worker: Int, priority: ContentPriority, deadline: Duration) {
      self.worker = worker
      self.priority = priority
      self.deadline = deadline
    }
  }

  /// A key in its priority's queue, and when it was queued there.
  @usableFromInline typealias QueueEntry = (key: Key, order: Int)

  @usableFromInline
  struct State {
    @usableFromInline var waiting: [Key: Waiting] = [:]
    @usableFromInline var queues: [[QueueEntry]] = ContentPriority.allCases.map { _ in [] }
    @usableFromInline var heads = ContentPriority.allCases.map { _ in 0 }
    @usableFromInline var nextOrder = 0
    @usableFromInline var running: [Key: Running] = [:]
    /// The workers that count against the limit, by number: each runs one load, or is about to
    /// take the next waiting key or end.
    @usableFromInline var workers: [Int: Task<Void, Never>] = [:]
    @usableFromInline var nextWorker = 0
    @usableFromInline var started = 0
    @usableFromInline var peakRunning = 0

    init() {}
  }

  @usableFromInline let maximumRunning: Int
  @usableFromInline let state = Locked(State())
  @usableFromInline let loader: @Sendable (Key) async throws -> Content
  @usableFromInline let completions: CompletionQueue<Key, Content>
  @usableFromInline let time: TimeSource
  @usableFromInline let timeout: Duration

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
  @inlinable var runningCount: Int { state.withLock { $0.running.count } }

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
  @inlinable
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
  @usableFromInline
  enum Withdrawal {
    /// It waited; it never started.
    case waiting
    /// It ran; its worker is cancelled and let go, and no result will come.
    case running
    /// Neither: its load already ended, and its result is on its way to the store, or it
    /// never was queued.
    case ended
  }

  /// Takes a key back: out of the queue if it waits, cancelled if it runs.
  @inlinable @discardableResult
  func cancel(_ key: Key) -> Withdrawal {
    let (withdrawal, worker) = state.withLock { state -> (Withdrawal, Task<Void, Never>?) in
      if state.waiting.removeValue(forKey: key) != nil { return (.waiting, nil) }
      guard let running = state.running.removeValue(forKey: key) else { return (.ended, nil) }
      let worker = state.workers.removeValue(forKey: running.worker)
      fillSlots(&state)
      return (.running, worker)
    }
    worker?.cancel()
    return withdrawal
  }

  /// Ends the loads whose deadline has passed, as the store's watchdog finds them; their
  /// workers are cancelled and let go, and their slots go to waiting keys. Returns the expired
  /// keys with their priorities.
  func expire(by now: Duration) -> [(key: Key, priority: ContentPriority)] {
    let (expired, workers) = state.withLock { state in
      let due = state.running.filter { $0.value.deadline <= now }
      var workers: [Task<Void, Never>] = []
      for (key, running) in due {
        state.running[key] = nil
        if let worker = state.workers.removeValue(forKey: running.worker) { workers.append(worker) }
      }
      if !due.isEmpty { fillSlots(&state) }
      return (due.map { (key: $0.key, priority: $0.value.priority) }, workers)
    }
    for worker in workers { worker.cancel() }
    return expired
  }

  /// Cancels everything: the store is going away.
  func cancelAll() {
    let workers = state.withLock { state in
      defer {
        state.running = [:]
        state.waiting = [:]
        state.workers = [:]
      }
      return state.workers.values
    }
    for worker in workers { worker.cancel() }
  }

  // MARK: Starting and ending loads

  /// Starts a worker per free slot while keys wait, each with its first key. Runs under the
  /// lock; each task is created there too, so that it is known before the worker takes the
  /// lock again. Workers are created only when a slot frees without one to take the next key —
  /// a load taken back, or a queue that had run dry.
  @inlinable
  func fillSlots(_ state: inout State) {
    while state.workers.count < maximumRunning, let load = startNext(&state) {
      state.workers[load.worker] = Task.detached { [self] in await self.work(first: load) }
    }
  }

  /// Takes the next waiting key for a worker (a new one when `worker` is `nil`) and marks it
  /// running; `nil` if nothing waits.
  @inlinable
  func startNext(_ state: inout State, worker: Int? = nil) -> (key: Key, worker: Int)? {
    guard !state.waiting.isEmpty, let (key, priority) = nextWaiting(&state) else { return nil }
    let id: Int
    if let worker {
      id = worker
    } else {
      id = state.nextWorker
      state.nextWorker += 1
    }
    state.running[key] = Running(
      worker: id, priority: priority, deadline: time.elapsed() + timeout)
    state.started += 1
    state.peakRunning = max(state.peakRunning, state.running.count)
    return (key, id)
  }

  @inlinable
  func nextWaiting(_ state: inout State) -> (Key, ContentPriority)? {
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

  @inlinable
  func compact(_ state: inout State, _ level: Int) {
    guard state.heads[level] > 1_024, state.heads[level] * 2 > state.queues[level].count else {
      return
    }
    state.queues[level].removeFirst(state.heads[level])
    state.heads[level] = 0
  }

  /// A worker's life: runs its load, hands the result on, and takes the next waiting key, until
  /// nothing waits or the worker is let go (its load was taken back or expired).
  @inlinable
  func work(first: (key: Key, worker: Int)) async {
    var load = first
    while true {
      let outcome: LoadOutcome<Content>
      do {
        outcome = .loaded(try await loader(load.key))
      } catch {
        outcome =
          Task.isCancelled || error is CancellationError
          ? .cancelled : .failed(.loaderFailed(error))
      }
      let (priority, next) = state.withLock { state -> (ContentPriority?, (Key, Int)?) in
        // A worker let go finds its load gone: the store already finished it.
        guard let running = state.running[load.key], running.worker == load.worker else {
          return (nil, nil)
        }
        state.running[load.key] = nil
        guard let next = startNext(&state, worker: load.worker) else {
          state.workers[load.worker] = nil
          return (running.priority, nil)
        }
        return (running.priority, next)
      }
      if let priority { completions.deliver(load.key, priority: priority, outcome) }
      guard let next else { return }
      load = next
    }
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
        precondition(state.workers.count <= maximumRunning, "at most the limit of workers")
        precondition(
          Set(state.running.values.map(\.worker)).count == state.running.count,
          "a worker runs one load at a time")
        for running in state.running.values {
          precondition(state.workers[running.worker] != nil, "a running load has a worker")
        }
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
