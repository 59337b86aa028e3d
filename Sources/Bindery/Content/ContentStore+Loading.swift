extension ContentStore {
  // MARK: Loads

  /// Queues a key's load, or raises its priority if it waits already; makes sure the watchdog
  /// will see its deadline.
  @inlinable
  func load(_ key: Key, priority: ContentPriority) {
    let isNew = records.update(key) { record -> Bool in
      switch record.phase {
      case .loading: return false
      case .idle: record.phase = .loading(retrying: nil)
      case .failed(let failure, _): record.phase = .loading(retrying: failure)
      }
      return true
    }
    scheduler.enqueue(key, priority: priority, isNew: isNew)
    // A load started now, or later, is due no sooner than this.
    armWatchdog(by: time.elapsed() + timeout)
  }

  /// Finishes the loads whose results came in since the last drain.
  @inlinable
  func drainCompletions() {
    for completion in completions.take() {
      finish(completion.key, priority: completion.priority, completion.outcome)
    }
    restWatchdogIfIdle()
  }

  /// Takes a load's result: content into the cache, or a failure; the cells are told.
  @inlinable
  func finish(_ key: Key, priority: ContentPriority, _ outcome: LoadOutcome<Content>) {
    let (previous, isWanted) = records.update(key) { record -> (FailureRecord?, Bool) in
      let previous = record.failure
      record.phase = previous.map { .failed($0, retry: nil) } ?? .idle
      return (previous, record.interest > 0)
    }
    switch outcome {
    case .loaded(let content):
      keep(content, for: key, priority: priority)
    case .failed(let error):
      if case .timedOut = error { counted.timedOut += 1 } else { counted.failed += 1 }
      fail(key, error, priority: priority, after: previous)
    case .cancelled:
      counted.cancelled += 1
      // Its interest ended while its result was on the way: a failure it had is forgotten
      // like any other of a key nobody wants.
      if !isWanted, let previous { forgetLater(key, previous) }
    }
  }

  @inlinable
  func keep(_ content: Content, for key: Key, priority: ContentPriority) {
    counted.completed += 1
    let contentCost = cost(content)
    guard cache.accepts(cost: contentCost) else {
      // Delivered once to whoever shows the key now, then a failure no retry can fix.
      counted.notCached += 1
      let failure = FailureRecord.notCached(
        cost: contentCost, limit: cache.costLimit, priority: priority)
      records.update(key) { $0.phase = .failed(failure, retry: nil) }
      handoff = (key, content)
      announce(key)
      handoff = nil
      // Nobody waits for it: forget it now.
      if records.interest(in: key) == 0 { forgetFailure(of: key) }
      return
    }
    if case .failed = records[key].phase { records.update(key) { $0.phase = .idle } }
    let evicted = cache.insert(
      CachedContent(content: content, observedKeyPath: observedKeyPaths.paths[key]), for: key,
      cost: contentCost
    ) { self.records.interest(in: $0) > 0 }
    counted.evicted += evicted.count
    counted.peakCachedCost = max(counted.peakCachedCost, cache.totalCost)
    announce(key, .loaded(content))
    for wanted in evicted where records.interest(in: wanted.key) > 0 {
      // Only when everything cached is wanted: what is on screen stays there, and the key is
      // not reloaded (which would evict another) until interest in it ends. Its own cost is
      // what did not fit.
      let failure = FailureRecord.notCached(
        cost: wanted.cost, limit: cache.costLimit, priority: .visible)
      records.update(wanted.key) { $0.phase = .failed(failure, retry: nil) }
      announce(wanted.key)
    }
  }

  @usableFromInline
  func fail(
    _ key: Key, _ error: ContentError, priority: ContentPriority, after previous: FailureRecord?
  ) {
    let attempts = (previous?.attempts ?? 0) + 1
    let jitter = min(max(0, retry.jitter), 1)
    let spread = jitter > 0 ? Double.random(in: -jitter...jitter) : 0
    let backoff = retry.delay(afterFailures: attempts) * (1 + spread)
    let failure = FailureRecord(
      error: error, attempts: attempts,
      retryTime: error.allowsRetry ? time.elapsed() + backoff : nil, priority: priority)
    let isWanted = records.update(key) { record -> Bool in
      record.phase = .failed(failure, retry: nil)
      return record.interest > 0
    }
    if !isWanted { forgetLater(key, failure) }  // its result came after interest ended
    retryLater(key)
    announce(key)
  }

  /// Schedules the automatic retry of a failed key that someone wants; at once if its backoff
  /// has passed. Nothing for a failure no retry can fix, or one whose retry is scheduled.
  @usableFromInline
  func retryLater(_ key: Key) {
    let record = records[key]
    guard record.interest > 0, case .failed(let failure, retry: nil) = record.phase,
      let retryTime = failure.retryTime
    else { return }
    if retryTime <= time.elapsed() {
      counted.retries += 1
      load(key, priority: failure.priority)
      announce(key)
    } else {
      retriesScheduled += 1
      let due = RetryDue(time: retryTime, order: retriesScheduled)
      records.update(key) { $0.phase = .failed(failure, retry: due) }
      armWatchdog(by: retryTime)
    }
  }

  // MARK: The watchdog

  /// Makes the one watchdog task wake by `deadline` (a load's timeout or a retry time) at the
  /// latest. O(1): a watchdog already due by then is left alone; one that wakes for a load that
  /// has since ended finds nothing due and sleeps again.
  @inlinable
  func armWatchdog(by deadline: Duration) {
    if let watchdog, watchdog.wakesAt <= deadline { return }
    watchdog?.task.cancel()
    let time = self.time
    let task = Task { [weak self] in
      do { try await time.sleepUntil(deadline) } catch { return }
      self?.watchdogFired()
    }
    watchdog = (task, deadline)
  }

  /// Lets the watchdog go when no load runs and no retry waits.
  @inlinable
  func restWatchdogIfIdle() {
    guard let watchdog, records.scheduledRetryCount == 0, scheduler.runningCount == 0,
      scheduler.abandonedCount == 0
    else { return }
    watchdog.task.cancel()
    self.watchdog = nil
  }

  @usableFromInline
  func watchdogFired() {
    watchdog = nil
    let now = time.elapsed()
    for load in scheduler.expire(by: now) {
      finish(load.key, priority: load.priority, .failed(.timedOut(timeout)))
    }
    var retried: [Key] = []
    for (key, failure) in records.retries(dueBy: now) {
      counted.retries += 1
      load(key, priority: failure.priority)
      retried.append(key)
    }
    // Sleep again until the earliest deadline left.
    let deadlines = [scheduler.earliestDeadline, records.earliestRetry].compactMap { $0 }
    if let earliest = deadlines.min() { armWatchdog(by: earliest) }
    for key in retried { announce(key) }
  }
}

/// How one load ended.
@usableFromInline
enum LoadOutcome<Content: Sendable>: Sendable {
  case loaded(Content)
  case failed(ContentError)
  case cancelled
}

/// Where the load workers leave their results, from any thread, for the store to finish on the main
/// actor in batches: one hop to the main actor for all the results that came in since the
/// last one.
@usableFromInline
final class CompletionQueue<Key: Hashable & Sendable, Content: Sendable>: Sendable {
  @usableFromInline
  struct Completion: Sendable {
    @usableFromInline let key: Key
    @usableFromInline let priority: ContentPriority
    @usableFromInline let outcome: LoadOutcome<Content>

    @inlinable
    init(key: Key, priority: ContentPriority, outcome: LoadOutcome<Content>) {
      self.key = key
      self.priority = priority
      self.outcome = outcome
    }
  }

  /// The store to drain into; set once by the store.
  @usableFromInline @MainActor let store = WeakReference<ContentStore<Key, Content>>()
  @usableFromInline let pending = Locked((completions: [Completion](), drainScheduled: false))

  @inlinable
  func deliver(_ key: Key, priority: ContentPriority, _ outcome: LoadOutcome<Content>) {
    let schedule = pending.withLock { state in
      state.completions.append(Completion(key: key, priority: priority, outcome: outcome))
      defer { state.drainScheduled = true }
      return !state.drainScheduled
    }
    guard schedule else { return }
    Task { @MainActor [store] in store.value?.drainCompletions() }
  }

  /// How many outcomes were delivered and not yet taken by the store.
  package var undeliveredCount: Int { pending.withLock { $0.completions.count } }

  /// Everything delivered so far, in order; the next delivery schedules a new drain.
  @inlinable
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

extension ContentStore {
  /// Checks the store's bookkeeping: the scheduler's queues and limits, interest behind every
  /// scheduled retry, nothing handed off outside an announcement, and the cache's own
  /// invariants. Traps on a broken invariant. Debug builds only: in release builds it does nothing (tests call it after every
  /// mutation).
  package func _checkInvariants() {
    #if DEBUG
      scheduler._checkInvariants()
      records._checkInvariants()
      for key in scheduler.pendingKeys {
        precondition(records[key].isLoading, "the store knows every load")
        precondition(records[key].interest > 0, "someone wants every waiting or running key")
      }
      let unwanted = records.records.values.compactMap { record -> FailureRecord? in
        guard record.interest == 0, case .failed(let failure, _) = record.phase else { return nil }
        return failure
      }
      precondition(
        unwanted.allSatisfy { $0.retryTime != nil },
        "a failure no retry can fix is forgotten when interest ends")
      precondition(
        unwanted.count <= Self.forgottenFailureLimit, "failures of unwanted keys are bounded")
      precondition(handoff == nil, "content is handed off only while it is announced")
      for (key, cached) in cache.values {
        guard let kept = cached.observedKeyPath else { continue }
        precondition(
          observedKeyPaths.paths[key] === kept.takeUnretainedValue(),
          "the key path cached content refers to is the one the store keeps")
      }
      cache._checkInvariants()
    #endif
  }
}
