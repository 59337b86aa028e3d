extension ContentStore {
  // MARK: Queues

  /// Puts a key at the back of its priority's queue; a raise counts as a new request.
  func enqueue(_ key: Key, priority: ContentPriority) {
    let order = nextOrder
    nextOrder += 1
    waiting[key] = Waiting(priority: priority, order: order)
    queues[priority.rawValue].append((key, order))
  }

  func startWaitingLoads() {
    while loading.count < maximumConcurrentLoads, let next = nextWaitingKey() {
      let priority = waiting.removeValue(forKey: next)?.priority ?? .visible
      start(next, priority: priority)
    }
  }

  /// The highest-priority, earliest key still waiting. O(1) amortized: each queue entry is
  /// passed over once.
  private func nextWaitingKey() -> Key? {
    for priority in ContentPriority.allCases.reversed() {
      let level = priority.rawValue
      while queueHeads[level] < queues[level].count {
        let entry = queues[level][queueHeads[level]]
        queueHeads[level] += 1
        if let current = waiting[entry.key], current.priority == priority,
          current.order == entry.order
        {
          compact(level)
          return entry.key
        }
      }
      compact(level)
    }
    return nil
  }

  private func compact(_ level: Int) {
    guard queueHeads[level] > 1_024, queueHeads[level] * 2 > queues[level].count else { return }
    queues[level].removeFirst(queueHeads[level])
    queueHeads[level] = 0
  }

  // MARK: Loads

  private func start(_ key: Key, priority: ContentPriority) {
    let generation = nextGeneration
    nextGeneration += 1
    let loader = self.loader
    let completions = self.completions
    let work = Task.detached {
      let outcome: LoadOutcome<Content>
      do {
        outcome = .loaded(try await loader(key))
      } catch {
        outcome =
          Task.isCancelled || error is CancellationError
          ? .cancelled : .failed(.loaderFailed(error))
      }
      completions.deliver(key, generation: generation, outcome)
    }
    loading[key] = Load(
      generation: generation, priority: priority, deadline: time.elapsed() + timeout, work: work)
    statistics.started += 1
    statistics.peakConcurrentLoads = max(statistics.peakConcurrentLoads, loading.count)
    armWatchdog()
  }

  /// Finishes the loads whose results came in since the last drain.
  func drainCompletions() {
    for completion in completions.take() {
      finish(completion.key, generation: completion.generation, completion.outcome)
    }
  }

  /// The first report of a load wins; a late one (the loader after a timeout, or after a
  /// cancellation) finds another generation or none, and is dropped.
  func finish(_ key: Key, generation: Int, _ outcome: LoadOutcome<Content>) {
    guard let load = loading[key], load.generation == generation else { return }
    loading[key] = nil
    load.work.cancel()
    switch outcome {
    case .loaded(let content):
      keep(content, for: key, priority: load.priority)
    case .failed(let error):
      if case .timedOut = error { statistics.timedOut += 1 } else { statistics.failed += 1 }
      fail(key, error, priority: load.priority)
    case .cancelled:
      statistics.cancelled += 1
    }
    startWaitingLoads()
    armWatchdog()
  }

  private func keep(_ content: Content, for key: Key, priority: ContentPriority) {
    statistics.completed += 1
    failures[key] = nil
    let contentCost = cost(content)
    guard cache.accepts(cost: contentCost) else {
      // Delivered once to whoever shows the key now, then a failure no retry can fix.
      statistics.notCached += 1
      failures[key] = Failure(
        error: .notCached(cost: contentCost, costLimit: cache.costLimit), attempts: 1,
        retryTime: nil, priority: priority)
      handoff = (key, content)
      announce(key)
      handoff = nil
      return
    }
    let evicted = cache.insert(content, for: key, cost: contentCost) { self.interest[$0] != nil }
    statistics.evicted += evicted.count
    statistics.peakCachedCost = max(statistics.peakCachedCost, cache.totalCost)
    announce(key)
    for wanted in evicted where interest[wanted] != nil {
      // Only when everything cached is wanted: what is on screen stays there, and the key is
      // not reloaded (which would evict another) until interest in it ends.
      failures[wanted] = Failure(
        error: .notCached(cost: contentCost, costLimit: cache.costLimit), attempts: 1,
        retryTime: nil, priority: .visible)
      announce(wanted)
    }
  }

  private func fail(_ key: Key, _ error: ContentError, priority: ContentPriority) {
    let attempts = (failures[key]?.attempts ?? 0) + 1
    let doubled = retryBackoff * (1 << min(attempts - 1, 30))
    let spread = retryJitter > 0 ? Double.random(in: -retryJitter...retryJitter) : 0
    let backoff = min(maximumBackoff, doubled) * (1 + spread)
    let failure = Failure(
      error: error, attempts: attempts, retryTime: time.elapsed() + backoff, priority: priority)
    failures[key] = failure
    retryLater(key, failure)
    announce(key)
  }

  /// Schedules the automatic retry of a failed key that someone wants; at once if its backoff
  /// has passed. Nothing for a failure no retry can fix.
  func retryLater(_ key: Key, _ failure: Failure) {
    guard interest[key] != nil, let retryTime = failure.retryTime, retries[key] == nil else {
      return
    }
    if retryTime <= time.elapsed() {
      statistics.retries += 1
      enqueue(key, priority: failure.priority)
      startWaitingLoads()
      announce(key)
    } else {
      retries[key] = retryTime
      armWatchdog()
    }
  }

  // MARK: The watchdog

  /// Makes the one watchdog task wake at the earliest load deadline or retry time.
  func armWatchdog() {
    let deadlines = loading.values.map(\.deadline) + retries.values
    guard let earliest = deadlines.min() else {
      watchdog?.task.cancel()
      watchdog = nil
      return
    }
    if let watchdog, watchdog.wakesAt <= earliest { return }
    watchdog?.task.cancel()
    let time = self.time
    let task = Task { [weak self] in
      do { try await time.sleepUntil(earliest) } catch { return }
      self?.watchdogFired()
    }
    watchdog = (task, earliest)
  }

  private func watchdogFired() {
    watchdog = nil
    let now = time.elapsed()
    var retried: [Key] = []
    for (key, load) in loading where load.deadline <= now {
      finish(key, generation: load.generation, .failed(.timedOut(timeout)))
    }
    for (key, due) in retries where due <= now {
      retries[key] = nil
      guard interest[key] != nil, loading[key] == nil, waiting[key] == nil,
        let failure = failures[key]
      else { continue }
      statistics.retries += 1
      enqueue(key, priority: failure.priority)
      retried.append(key)
    }
    startWaitingLoads()
    armWatchdog()
    for key in retried { announce(key) }
  }
}

/// How one load ended.
enum LoadOutcome<Content: Sendable>: Sendable {
  case loaded(Content)
  case failed(ContentError)
  case cancelled
}

/// Where loader tasks leave their results, from any thread, for the store to finish on the
/// main actor in batches: one hop to the main actor for all the results that came in since the
/// last one.
final class CompletionQueue<Key: Hashable & Sendable, Content: Sendable>: Sendable {
  struct Completion: Sendable {
    let key: Key
    let generation: Int
    let outcome: LoadOutcome<Content>
  }

  /// The store to drain into; set once by the store.
  @MainActor let store = WeakStore<Key, Content>()
  private let pending = Locked((completions: [Completion](), drainScheduled: false))

  func deliver(_ key: Key, generation: Int, _ outcome: LoadOutcome<Content>) {
    let schedule = pending.withLock { state in
      state.completions.append(Completion(key: key, generation: generation, outcome: outcome))
      defer { state.drainScheduled = true }
      return !state.drainScheduled
    }
    guard schedule else { return }
    Task { @MainActor [store] in store.value?.drainCompletions() }
  }

  /// Everything delivered so far, in order; the next delivery schedules a new drain.
  func take() -> [Completion] {
    pending.withLock { state in
      defer {
        state.completions = []
        state.drainScheduled = false
      }
      return state.completions
    }
  }
}

/// A weak reference to a store, held by what outlives it.
@MainActor
final class WeakStore<Key: Hashable & Sendable, Content: Sendable> {
  weak var value: ContentStore<Key, Content>?
}

#if DEBUG
  extension ContentStore {
    /// Checks the store's bookkeeping: loads within the limit, no key both waiting and loading
    /// or cached, every waiting key still in its priority queue, interest behind every waiting
    /// or loading key and every scheduled retry, and the cache's own invariants. Traps on a
    /// broken invariant; debug builds only (tests call it after every mutation).
    public func _checkInvariants() {
      precondition(loading.count <= maximumConcurrentLoads, "at most the limit of loads")
      for key in waiting.keys {
        precondition(loading[key] == nil && !cache.contains(key), "waiting, not loading or cached")
        precondition(interest[key] != nil, "someone wants a waiting key")
        let entry = waiting[key].map { (key, $0.order) }
        let level = waiting[key]?.priority.rawValue ?? 0
        precondition(
          queues[level][queueHeads[level]...].contains {
            $0.key == entry?.0 && $0.order == entry?.1
          },
          "a waiting key is in its priority's queue")
      }
      for key in loading.keys {
        precondition(!cache.contains(key), "loading, not cached")
        precondition(interest[key] != nil, "someone wants a loading key")
      }
      for key in retries.keys {
        precondition(
          failures[key] != nil && interest[key] != nil, "a retry is for a wanted failure")
      }
      precondition(interest.values.allSatisfy { $0 > 0 }, "no empty interest entries")
      precondition(handoff == nil, "content is handed off only while it is announced")
      cache._checkInvariants()
    }
  }
#endif
