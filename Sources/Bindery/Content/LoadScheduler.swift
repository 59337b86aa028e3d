/// A ``ContentStore``'s waiting and running loads, shared between the main actor and the
/// workers that run them under one lock, so that loads keep flowing while the main actor is busy.
///
/// The main actor queues keys (``enqueue(_:priority:isNew:)``), takes them back (``cancel(_:)``), and
/// expires loads past their deadline (``expire(by:)``). Loads run on at most `maximumRunning`
/// worker tasks, each running one load after another until nothing waits — no task to create,
/// and no trip through the main actor, between one load and the next — and leaving each result
/// for the store to take on the main actor, in batches.
///
/// A load taken back while it runs, or past its deadline, is ended at once for the store: its
/// worker is cancelled and whatever its loader returns later is dropped. But the worker is
/// *abandoned*, not let go: it keeps its slot until its loader returns, so that at most
/// `maximumRunning` loader bodies run at once even when loaders ignore cancellation (a decoder,
/// a third-party SDK). A loader that has not returned `timeout` after it was abandoned is
/// written off — its slot goes to a new worker — so that loaders which never return cannot
/// stall the store; that is the one way more bodies can be alive than the limit, and
/// ``ContentStatistics/writtenOff`` counts it.
///
/// Waiting keys start by priority, then in the order they were requested at that priority; a
/// raise counts as a new request. ``LoadWaitQueue`` keeps them, O(1) amortized.
///
/// Inlinable, like the store's paths that reach it, so that it is specialized for the app's key
/// and content types: unspecialized, the generic bookkeeping costs several times the work.
@usableFromInline
final class LoadScheduler<Key: Hashable & Sendable, Content: Sendable>: Sendable {
  @usableFromInline
  struct Running {
    /// The worker running the load; it runs nothing else meanwhile.
    @usableFromInline let _worker: Int
    @usableFromInline let _priority: ContentPriority
    @usableFromInline let _deadline: Duration
    /// Its place among the loads started, for an order that does not depend on a dictionary's.
    @usableFromInline let _order: Int

    @inlinable
    init(worker: Int, priority: ContentPriority, deadline: Duration, order: Int) {
      self._worker = worker
      self._priority = priority
      self._deadline = deadline
      self._order = order
    }
  }

  @usableFromInline
  struct State {
    /// The keys waiting for a slot, in the order they will start.
    @usableFromInline var _waiting = LoadWaitQueue<Key>()
    @usableFromInline var _running: [Key: Running] = [:]
    /// The workers that count against the limit, by number: each runs one load, is about to
    /// take the next waiting key or end, or is abandoned.
    @usableFromInline var _workers: [Int: Task<Void, Never>] = [:]
    /// Workers whose load was taken back or expired while their loader still runs, with the
    /// time at which they are written off if it has not returned.
    @usableFromInline var _abandoned: [Int: Duration] = [:]
    @usableFromInline var _writtenOff = 0
    @usableFromInline var _nextWorker = 0
    @usableFromInline var _started = 0
    @usableFromInline var _peakRunning = 0

    init() {}
  }

  @usableFromInline let _maximumRunning: Int
  @usableFromInline let _state = Locked(State())
  @usableFromInline let _loader: @Sendable (Key) async throws -> Content
  @usableFromInline let _completions: CompletionQueue<Key, Content>
  @usableFromInline let _time: TimeSource
  @usableFromInline let _timeout: Duration

  init(
    maximumRunning: Int, timeout: Duration, time: TimeSource,
    loader: @escaping @Sendable (Key) async throws -> Content,
    completions: CompletionQueue<Key, Content>
  ) {
    self._maximumRunning = maximumRunning
    self._timeout = timeout
    self._time = time
    self._loader = loader
    self._completions = completions
  }

  // MARK: Reading

  /// The number of loads running.
  @inlinable var runningCount: Int { _state.withLock { $0._running.count } }

  /// Loader bodies still running for loads that were taken back or expired.
  @inlinable var abandonedCount: Int { _state.withLock { $0._abandoned.count } }

  /// Loads started so far, the most loader bodies that ran at once, and the abandoned workers
  /// written off.
  var counts: (started: Int, peakRunning: Int, writtenOff: Int) {
    _state.withLock { ($0._started, $0._peakRunning, $0._writtenOff) }
  }

  /// How many keys wait for a slot.
  var waitingCount: Int { _state.withLock { $0._waiting.count } }

  /// Whether `key`'s loader is running for a load someone still wants.
  func isRunning(_ key: Key) -> Bool { _state.withLock { $0._running[key] != nil } }

  /// The waiting keys in the order they will start.
  var waitingKeys: [Key] {
    _state.withLock { $0._waiting.orderedKeys }
  }

  /// The earliest deadline of a running load or of an abandoned worker's write-off.
  var earliestDeadline: Duration? {
    _state.withLock { state in
      let deadlines = state._running.values.map { $0._deadline } + state._abandoned.values
      return deadlines.min()
    }
  }

  // MARK: The main actor's side

  /// Queues a key that is neither waiting nor running, or raises a waiting one to a higher
  /// priority; then fills free slots. Nothing for a key that is running or whose load ended.
  @inlinable
  func enqueue(_ key: Key, priority: ContentPriority, isNew: Bool) {
    _state.withLock { state in
      guard state._running[key] == nil else { return }
      // Nothing for a key not waiting and not new (it ran and ended, its result is on its way
      // to the store), nor for one already waiting at this priority or a higher one.
      guard state._waiting.enqueue(key, priority: priority, onlyIfWaiting: !isNew) else { return }
      fillSlots(&state)
    }
  }

  /// Where a key was when it was taken back.
  @usableFromInline
  enum Withdrawal {
    /// It waited; it never started.
    case waiting
    /// It ran; its worker is cancelled and abandoned, and no result will come.
    case running
    /// Neither: its load already ended, and its result is on its way to the store, or it
    /// never was queued.
    case ended
  }

  /// Takes a key back: out of the queue if it waits, cancelled (its worker abandoned) if it
  /// runs.
  @inlinable @discardableResult
  func cancel(_ key: Key) -> Withdrawal {
    let (withdrawal, worker) = _state.withLock { state -> (Withdrawal, Task<Void, Never>?) in
      if state._waiting.remove(key) != nil { return (.waiting, nil) }
      guard let running = state._running.removeValue(forKey: key) else { return (.ended, nil) }
      return (.running, abandon(running._worker, &state))
    }
    worker?.cancel()
    return withdrawal
  }

  /// Marks a worker abandoned: it keeps its slot until its loader returns, or until it is
  /// written off a `timeout` from now. Returns its task, to cancel outside the lock.
  @inlinable
  func abandon(_ worker: Int, _ state: inout State) -> Task<Void, Never>? {
    guard let task = state._workers[worker] else { return nil }
    state._abandoned[worker] = _time.elapsed() + _timeout
    return task
  }

  /// Ends the loads whose deadline has passed, as the store's watchdog finds them (their
  /// workers are cancelled and abandoned), and writes off the abandoned workers whose loaders
  /// have not returned in time, giving their slots to waiting keys. Returns the expired keys
  /// with their priorities.
  func expire(by now: Duration) -> [(key: Key, priority: ContentPriority)] {
    let (expired, workers) = _state.withLock { state in
      // In the order they started: what the store announces first must not depend on how a
      // dictionary lays its keys out.
      let due = state._running.filter { $0.value._deadline <= now }
        .sorted { $0.value._order < $1.value._order }
      var workers: [Task<Void, Never>] = []
      for (key, running) in due {
        state._running[key] = nil
        if let worker = abandon(running._worker, &state) { workers.append(worker) }
      }
      let hopeless = state._abandoned.filter { $0.value <= now }.keys
      for worker in hopeless {
        state._abandoned[worker] = nil
        state._workers[worker] = nil
        state._writtenOff += 1
      }
      if !hopeless.isEmpty { fillSlots(&state) }
      return (due.map { (key: $0.key, priority: $0.value._priority) }, workers)
    }
    for worker in workers { worker.cancel() }
    return expired
  }

  /// Cancels everything: the store is going away.
  func cancelAll() {
    let workers = _state.withLock { state in
      defer {
        state._running = [:]
        state._waiting.removeAll()
        state._workers = [:]
        state._abandoned = [:]
      }
      return state._workers.values
    }
    for worker in workers { worker.cancel() }
  }

  // MARK: Starting and ending loads

  /// Starts a worker per free slot while keys wait, each with its first key. Runs under the
  /// lock; each task is created there too, so that it is known before the worker takes the
  /// lock again. Workers are created only when a slot frees without one to take the next key —
  /// an abandoned worker's loader returned or was written off, or a queue had run dry.
  @inlinable
  func fillSlots(_ state: inout State) {
    while state._workers.count < _maximumRunning, let load = startNext(&state) {
      state._workers[load.worker] = Task.detached { [self] in await self.work(first: load) }
    }
  }

  /// Takes the next waiting key for a worker (a new one when `worker` is `nil`) and marks it
  /// running; `nil` if nothing waits.
  @inlinable
  func startNext(_ state: inout State, worker: Int? = nil) -> (key: Key, worker: Int)? {
    guard let (key, priority) = state._waiting.popFirst() else { return nil }
    let id: Int
    if let worker {
      id = worker
    } else {
      id = state._nextWorker
      state._nextWorker += 1
    }
    state._running[key] = Running(
      worker: id, priority: priority, deadline: _time.elapsed() + _timeout, order: state._started)
    state._started += 1
    state._peakRunning = max(state._peakRunning, state._running.count + state._abandoned.count)
    return (key, id)
  }

  /// A worker's life: runs its load, hands the result on, and takes the next waiting key, until
  /// nothing waits or its load is taken back or expires; an abandoned worker then gives its
  /// slot back when its loader returns (it is cancelled, so it runs no other load).
  @inlinable
  func work(first: (key: Key, worker: Int)) async {
    var load = first
    while true {
      let outcome: LoadOutcome<Content>
      do {
        outcome = .loaded(try await _loader(load.key))
      } catch {
        outcome =
          Task.isCancelled || error is CancellationError
          ? .cancelled : .failed(.loaderFailed(error))
      }
      let next = _state.withLock { state -> (Key, Int)? in
        // An abandoned worker finds its load gone (the store already finished it) and frees
        // its slot, unless it was written off.
        guard let running = state._running[load.key], running._worker == load.worker else {
          if state._abandoned.removeValue(forKey: load.worker) != nil {
            state._workers[load.worker] = nil
            fillSlots(&state)
          }
          return nil
        }
        state._running[load.key] = nil
        // Handed on as it stops running (under the lock: the completion queue's own lock is
        // only ever taken inside this one), so that a load is always running or delivered.
        _completions.deliver(load.key, priority: running._priority, outcome)
        guard let next = startNext(&state, worker: load.worker) else {
          state._workers[load.worker] = nil
          return nil
        }
        return next
      }
      guard let next else { return }
      load = next
    }
  }

  #if DEBUG
    /// The keys waiting or running.
    var pendingKeys: Set<Key> {
      _state.withLock { Set($0._waiting.keys).union($0._running.keys) }
    }

    /// Checks the queues: within the limit, nothing both waiting and running, and the wait
    /// queue's own invariants.
    func _checkInvariants() {
      _state.withLock { state in
        precondition(state._workers.count <= _maximumRunning, "at most the limit of workers")
        for worker in state._abandoned.keys {
          precondition(state._workers[worker] != nil, "an abandoned worker holds its slot")
        }
        precondition(
          !state._running.values.contains { state._abandoned[$0._worker] != nil },
          "an abandoned worker runs nothing")
        precondition(
          Set(state._running.values.map(\._worker)).count == state._running.count,
          "a worker runs one load at a time")
        for running in state._running.values {
          precondition(state._workers[running._worker] != nil, "a running load has a worker")
        }
        for key in state._waiting.keys {
          precondition(state._running[key] == nil, "waiting, not running")
        }
        state._waiting._checkInvariants()
      }
    }
  #endif
}
