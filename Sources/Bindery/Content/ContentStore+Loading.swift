extension ContentStore {
  // MARK: Loads

  /// Queues a key's load, or raises its priority if it waits already; makes sure the watchdog
  /// will see its deadline.
  @inlinable
  func load(_ key: Key, priority: ContentPriority) {
    let isNew = _records.update(key) { record -> Bool in
      switch record._phase {
      case .loading: return false
      case .idle: record._phase = .loading(retrying: nil)
      case .failed(let failure, _): record._phase = .loading(retrying: failure)
      }
      return true
    }
    // Without a loader, the key waits, loading, for the app to deliver it: no scheduler, no
    // timeout.
    if _awaitsDelivery { return }
    _scheduler.enqueue(key, priority: priority, isNew: isNew)
    // A load started now, or later, is due no sooner than this.
    armWatchdog(by: time.elapsed() + timeout)
  }

  /// Finishes the loads whose results came in since the last drain.
  @inlinable
  func drainCompletions() {
    for completion in _completions.take() {
      finish(completion._key, priority: completion._priority, completion._outcome)
    }
    restWatchdogIfIdle()
  }

  /// Takes a load's result: content into the cache, or a failure; the cells are told.
  @inlinable
  func finish(_ key: Key, priority: ContentPriority, _ outcome: LoadOutcome<Content>) {
    let (previous, isWanted) = _records.update(key) { record -> (FailureRecord?, Bool) in
      let previous = record.failure
      record._phase = previous.map { .failed($0, retry: nil) } ?? .idle
      return (previous, record._interest > 0)
    }
    switch outcome {
    case .loaded(let content):
      keep(content, for: key, priority: priority)
    case .failed(let error):
      if case .timedOut = error { _counted.timedOut += 1 } else { _counted.failed += 1 }
      _fail(key, error, priority: priority, after: previous)
    case .cancelled:
      _counted.cancelled += 1
      // Its interest ended while its result was on the way: a failure it had is forgotten
      // like any other of a key nobody wants.
      if !isWanted, let previous { _forgetLater(key, previous) }
    }
  }

  /// Caches content and tells the cells: a load's (`loaded`), or content the app delivered.
  @inlinable
  func keep(_ content: Content, for key: Key, priority: ContentPriority, loaded: Bool = true) {
    if loaded { _counted.completed += 1 }
    let contentCost = _cost(content)
    guard _cache.accepts(cost: contentCost) else {
      // Delivered once to whoever shows the key now, then a failure no retry can fix.
      _counted.notCached += 1
      let failure = FailureRecord.notCached(
        cost: contentCost, limit: _cache._costLimit, priority: priority)
      _records.update(key) { $0._phase = .failed(failure, retry: nil) }
      _handoff = (key, content)
      announce(key)
      _handoff = nil
      // Nobody waits for it: forget it now.
      if _records.interest(in: key) == 0 { _forgetFailure(of: key) }
      return
    }
    if case .failed = _records[key]._phase { _records.update(key) { $0._phase = .idle } }
    let evicted = _cache.insert(
      CachedContent(content: content, observedKeyPath: _observedKeyPaths.paths[key]), for: key,
      cost: contentCost
    ) { self._records.interest(in: $0) > 0 }
    _counted.evicted += evicted.count
    _counted.peakCachedCost = max(_counted.peakCachedCost, _cache._totalCost)
    announce(key, .loaded(content))
    for wanted in evicted where _records.interest(in: wanted.key) > 0 {
      // Only when everything cached is wanted: what is on screen stays there, and the key is
      // not reloaded (which would evict another) until interest in it ends. Its own cost is
      // what did not fit.
      let failure = FailureRecord.notCached(
        cost: wanted.cost, limit: _cache._costLimit, priority: .visible)
      _records.update(wanted.key) { $0._phase = .failed(failure, retry: nil) }
      announce(wanted.key)
    }
  }

  @usableFromInline
  func _fail(
    _ key: Key, _ error: ContentError, priority: ContentPriority, after previous: FailureRecord?
  ) {
    let attempts = (previous?._attempts ?? 0) + 1
    let jitter = min(max(0, retry.jitter), 1)
    let spread = jitter > 0 ? Double.random(in: -jitter...jitter) : 0
    let backoff = retry.delay(afterFailures: attempts) * (1 + spread)
    let failure = FailureRecord(
      error: error, attempts: attempts,
      retryTime: error.allowsRetry ? time.elapsed() + backoff : nil, priority: priority)
    let isWanted = _records.update(key) { record -> Bool in
      record._phase = .failed(failure, retry: nil)
      return record._interest > 0
    }
    if !isWanted { _forgetLater(key, failure) }  // its result came after interest ended
    _retryLater(key)
    announce(key)
  }

  /// Schedules the automatic retry of a failed key that someone wants; at once if its backoff
  /// has passed. Nothing for a failure no retry can fix, or one whose retry is scheduled.
  @usableFromInline
  func _retryLater(_ key: Key) {
    let record = _records[key]
    guard record._interest > 0, case .failed(let failure, retry: nil) = record._phase,
      let retryTime = failure._retryTime
    else { return }
    if retryTime <= time.elapsed() {
      _counted.retries += 1
      load(key, priority: failure._priority)
      announce(key)
    } else {
      _retriesScheduled += 1
      let due = RetryDue(time: retryTime, order: _retriesScheduled)
      _records.update(key) { $0._phase = .failed(failure, retry: due) }
      armWatchdog(by: retryTime)
    }
  }

  // MARK: The watchdog

  /// Makes the one watchdog task wake by `deadline` (a load's timeout or a retry time) at the
  /// latest. O(1): a watchdog already due by then is left alone; one that wakes for a load that
  /// has since ended finds nothing due and sleeps again.
  @inlinable
  func armWatchdog(by deadline: Duration) {
    if let _watchdog, _watchdog.wakesAt <= deadline { return }
    _watchdog?.task.cancel()
    let time = self.time
    let task = Task { [weak self] in
      do { try await time.sleepUntil(deadline) } catch { return }
      self?._watchdogFired()
    }
    _watchdog = (task, deadline)
  }

  /// Lets the watchdog go when no load runs and no retry waits.
  @inlinable
  func restWatchdogIfIdle() {
    guard let _watchdog, _records._scheduledRetryCount == 0, _scheduler.runningCount == 0,
      _scheduler.abandonedCount == 0
    else { return }
    _watchdog.task.cancel()
    self._watchdog = nil
  }

  @usableFromInline
  func _watchdogFired() {
    _watchdog = nil
    // Woken while the store's time stands still (the app away): nothing is due, and the
    // watchdog sleeps again when the time goes on (`resumeTime()`).
    guard !time.isPaused else { return }
    let now = time.elapsed()
    for load in _scheduler.expire(by: now) {
      finish(load.key, priority: load.priority, .failed(.timedOut(timeout)))
    }
    var retried: [Key] = []
    for (key, failure) in _records.retries(dueBy: now) {
      _counted.retries += 1
      load(key, priority: failure._priority)
      retried.append(key)
    }
    // Sleep again until the earliest deadline left.
    let deadlines = [_scheduler.earliestDeadline, _records.earliestRetry].compactMap { $0 }
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
    @usableFromInline let _key: Key
    @usableFromInline let _priority: ContentPriority
    @usableFromInline let _outcome: LoadOutcome<Content>

    @inlinable
    init(key: Key, priority: ContentPriority, outcome: LoadOutcome<Content>) {
      self._key = key
      self._priority = priority
      self._outcome = outcome
    }
  }

  /// The store to drain into; set once by the store.
  @usableFromInline @MainActor let _store = WeakReference<ContentStore<Key, Content>>()
  @usableFromInline let _pending = Locked((completions: [Completion](), drainScheduled: false))

  @inlinable
  func deliver(_ key: Key, priority: ContentPriority, _ outcome: LoadOutcome<Content>) {
    let schedule = _pending.withLock { state in
      state.completions.append(Completion(key: key, priority: priority, outcome: outcome))
      defer { state.drainScheduled = true }
      return !state.drainScheduled
    }
    guard schedule else { return }
    Task { @MainActor [_store] in _store._value?.drainCompletions() }
  }

  /// How many outcomes were delivered and not yet taken by the store.
  package var undeliveredCount: Int { _pending.withLock { $0.completions.count } }

  /// Everything delivered so far, in order; the next delivery schedules a new drain.
  @inlinable
  func take() -> [Completion] {
    _pending.withLock { state in
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
      _scheduler._checkInvariants()
      _records._checkInvariants()
      for key in _scheduler.pendingKeys {
        precondition(_records[key].isLoading, "the store knows every load")
        precondition(_records[key]._interest > 0, "someone wants every waiting or running key")
      }
      let unwanted = _records._records.values.compactMap { record -> FailureRecord? in
        guard record._interest == 0, case .failed(let failure, _) = record._phase else {
          return nil
        }
        return failure
      }
      precondition(
        unwanted.allSatisfy { $0._retryTime != nil },
        "a failure no retry can fix is forgotten when interest ends")
      precondition(
        unwanted.count <= Self.forgottenFailureLimit, "failures of unwanted keys are bounded")
      precondition(_handoff == nil, "content is handed off only while it is announced")
      for (key, cached) in _cache._values {
        guard let kept = cached._observedKeyPath else { continue }
        precondition(
          _observedKeyPaths.paths[key] === kept.takeUnretainedValue(),
          "the key path cached content refers to is the one the store keeps")
      }
      _cache._checkInvariants()
    #endif
  }
}
