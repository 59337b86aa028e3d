/// Per-row content that arrives late (avatars, thumbnails, details), keyed by identity, loaded
/// once, cached, and read synchronously by cell providers.
///
/// - **Reading**: ``state(for:)`` is synchronous and O(1), for use inside a cell provider.
/// - **Interest**: ``request(_:priority:)`` adds one unit of interest in a key and starts (or
///   queues) its load; ``cancelRequest(_:)`` takes one away. A load is cancelled only when no
///   interest is left, and there is never more than one load per key.
/// - **Scheduling**: at most ``maximumConcurrentLoads`` loads run at once; waiting keys start
///   by priority (``ContentPriority/visible`` before ``ContentPriority/prefetch``), then in the
///   order they were requested at that priority — raising a waiting key's priority counts as
///   requesting it then.
/// - **Cache**: loaded content is kept within a total cost and a count; content someone wants
///   is evicted last, and of the rest, what was wanted least recently goes first. Content costlier than the whole limit is not
///   kept: it is delivered once, to the cells showing its key, and the key then reads
///   ``ContentError/notCached(cost:costLimit:)`` until interest in it ends — never a reload loop.
/// - **Failures**: a failed key reports a ``ContentFailure``. While anyone still wants it, the
///   store retries by itself after a backoff that doubles per consecutive failure, spread at
///   random, up to a maximum (``RetryPolicy``); with no interest left it stops. A failure
///   no retry can fix (``ContentError/allowsRetry`` is `false`: a ``ContentLoaderError`` that
///   says so) is shown and not retried until interest in the key ends and comes back. A load
///   that exceeds the timeout fails with ``ContentError/timedOut(_:)`` at once, even if the
///   loader ignores cancellation (its slot is free when the loader returns).
/// - **Events**: every change a cell would show — content, a failure, a retry starting, an
///   eviction of wanted content — is announced to ``observe(_:)``'s observers at once, on the
///   main actor, and on ``arrivals(bufferingNewest:)`` streams.
///
/// Loads run off the main actor on at most ``maximumConcurrentLoads`` worker tasks, each going
/// from one waiting key to the next without a trip through the main actor, and report back in
/// batches; a worker whose load is taken back or times out is cancelled and keeps its slot until
/// its loader returns (or is written off a further timeout later). One watchdog task serves
/// every timeout and retry. What the store knows of a key besides its content — its interest,
/// and whether it loads or failed — is one record, so the store's bookkeeping is O(1)
/// main-actor work per event (a watchdog wake with retries scheduled looks over the records),
/// and its hot paths are inlinable, so they are specialized for the app's key and content
/// types. Time comes from the clock it is given, so tests and simulations can run in virtual
/// time.
@MainActor
public final class ContentStore<Key: Hashable & Sendable, Content: Sendable> {
  /// Loads the content for a key. Called off the main actor; should honour cancellation.
  public typealias Loader = @Sendable (Key) async throws -> Content

  /// How the store was configured.
  public let configuration: Configuration
  /// How many loader bodies may run at once (at least 1); see
  /// ``Configuration-swift.struct/maximumConcurrentLoads``.
  public var maximumConcurrentLoads: Int { max(1, configuration.maximumConcurrentLoads) }
  /// How long a load may take before it fails.
  public var timeout: Duration { configuration.timeout }
  /// When the store retries a failed key that is still wanted.
  public var retry: RetryPolicy { configuration.retry }
  /// The store's time, from the clock it was given; a prefetcher shares it.
  public let time: TimeSource

  @usableFromInline let _cost: @Sendable (Content) -> Int
  // Read by the inlinable `state(for:)`, so that it is specialized for the caller's types;
  // only the main actor touches it, so exclusivity needs no checking at run time.
  @usableFromInline @exclusivity(unchecked) var _cache: ContentCache<Key, CachedContent>
  /// The waiting and running loads, shared with the workers that run them.
  @usableFromInline let _scheduler: LoadScheduler<Key, Content>
  /// What the store knows of each key it tracks besides its content: its interest, and whether
  /// it loads or failed (with when it is retried).
  @usableFromInline var _records = KeyRecords<Key>()
  /// Keys whose interest ended while they had a failure, oldest first: their failures are kept
  /// for the backoff, but only the newest ``forgottenFailureLimit`` of them.
  @usableFromInline var _unwantedFailures = FIFOQueue<Key>()
  /// Arrival streams to finish when the store goes away.
  var arrivalStreams: [Int: AsyncStream<Key>.Continuation] = [:]
  /// Objects that live as long as the store, by type: what a platform module hangs on it (on
  /// iOS, the memory-warning observer).
  package var companions: [ObjectIdentifier: AnyObject] = [:]
  /// Content the cache refused, readable only while its arrival is being announced: at most
  /// one key's, for the length of one call, so not part of any key's record.
  @usableFromInline var _handoff: (key: Key, content: Content)?
  /// How many retries were ever scheduled: each is numbered, so that retries due together
  /// start in the order they were scheduled.
  @usableFromInline var _retriesScheduled: UInt64 = 0
  @usableFromInline var _observers: [Int: @MainActor (Key, ContentState<Content>) -> Void] = [:]
  var nextObserver = 0
  @usableFromInline let _completions = CompletionQueue<Key, Content>()
  @usableFromInline var _watchdog: (task: Task<Void, Never>, wakesAt: Duration)?
  /// What the main actor counted; the scheduler counts the loads it started.
  @usableFromInline var _counted = ContentStatistics()
  /// Observation's registrar for ``state(for:)``, where the platform has Observation (iOS 17+).
  @usableFromInline let _observation: AnyObject?
  /// ``_observation`` again, unretained, for reads: the store owns it for its whole life, and a
  /// read through a strong reference costs a retain and a release, about a quarter of a read.
  @usableFromInline let _unretainedObservation: Unmanaged<AnyObject>?
  /// The key paths Observation watches keys by, kept because making one costs more than the read
  /// itself; `isComplete` while every key ever read through ``state(for:)`` has its path here.
  @usableFromInline @exclusivity(unchecked) var _observedKeyPaths:
    (paths: [Key: KeyPath<ContentStore, Key>], isComplete: Bool) = ([:], true)

  /// Whether the store has no loader: its content is only what the app delivers.
  @usableFromInline let _awaitsDelivery: Bool

  /// What the store has done so far.
  public var statistics: ContentStatistics {
    var statistics = _counted
    (statistics.started, statistics.peakConcurrentLoads, statistics.writtenOff) = _scheduler.counts
    return statistics
  }

  /// A cached value and, once it has been read through ``state(for:)``, the key path
  /// Observation watches its key by, so that a read of cached content is one lookup and no
  /// reference count: `_observedKeyPaths` owns the path (it keeps the paths of cached keys
  /// whenever it lets others go).
  @usableFromInline
  struct CachedContent {
    @usableFromInline let _content: Content
    @usableFromInline var _observedKeyPath: Unmanaged<KeyPath<ContentStore, Key>>?

    @inlinable
    init(content: Content, observedKeyPath: KeyPath<ContentStore, Key>?) {
      self._content = content
      self._observedKeyPath = observedKeyPath.map { Unmanaged.passUnretained($0) }
    }
  }

  /// Creates a store configured by `configuration`, loading with `loader`.
  ///
  /// ```swift
  /// let avatars = ContentStore<Mate.ID, UIImage>(
  ///   configuration: .init(costLimit: 64 << 20, cost: bitmapBytes)  // an image's decoded bytes
  /// ) { id in try await api.avatar(id) }
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: the cache's limits, the loads' concurrency and timeout, the retry
  ///     policy and the clock; ``Configuration-swift.struct/init(costLimit:cost:countLimit:maximumConcurrentLoads:timeout:retry:clock:)``'s
  ///     defaults by default.
  ///   - loader: loads the content for a key, off the main actor.
  public convenience init(configuration: Configuration = Configuration(), loader: @escaping Loader)
  {
    self.init(configuration: configuration, loader: loader, awaitsDelivery: false)
  }

  /// The store, loading with `loader` unless it `awaitsDelivery`: then it has no loader, and a
  /// key asked for waits, loading, for the app's ``deliver(_:for:)`` (see
  /// ``init(configuration:)``).
  init(configuration: Configuration, loader: @escaping Loader, awaitsDelivery: Bool) {
    self.configuration = configuration
    _awaitsDelivery = awaitsDelivery
    let concurrency = max(1, configuration.maximumConcurrentLoads)
    time = TimeSource(clock: configuration.clock, pausable: ())
    _cost = configuration.cost
    _scheduler = LoadScheduler(
      maximumRunning: concurrency, timeout: configuration.timeout, time: time, loader: loader,
      completions: _completions)
    _cache = ContentCache(costLimit: configuration.costLimit, countLimit: configuration.countLimit)
    _observation = ContentStore.makeStateObservation()
    _unretainedObservation = _observation.map { Unmanaged.passUnretained($0) }
    _completions._store._value = self
  }

  deinit {
    _scheduler.cancelAll()
    _watchdog?.task.cancel()
    for stream in arrivalStreams.values { stream.finish() }
  }

  /// How many failures of keys nobody wants the store remembers (for their backoff, should the
  /// key be wanted again soon); older ones are forgotten, so an app-wide store does not grow
  /// with every key that ever failed.
  public static var forgottenFailureLimit: Int { 1_000 }

  // MARK: Reading

  /// Where the store is with a key.
  ///
  /// The state is observable (iOS 17+): read inside `withObservationTracking` — a SwiftUI
  /// view's body, a cell provider (Bindery configures every cell inside it), UIKit's own
  /// observation tracking — it watches this one key, and the next change a cell would show
  /// for it (the events ``observe(_:)`` announces: content, a failure, a retry starting, an
  /// eviction while wanted) invalidates the reader; changes to other keys do not. A request's
  /// own move from `notRequested` to `loading` is not announced (whoever requests knows), nor is
  /// the eviction of content nobody wants.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func state(for key: Key) -> ContentState<Content> {
    guard let observation = _unretainedObservation else { return currentState(for: key) }
    if let cached = _cache.value(for: key) {
      Self.trackRead(
        of: self, by: observation,
        keyPath: cached._observedKeyPath ?? _keepObservedKeyPath(forCached: key))
      return .loaded(cached._content)
    }
    trackRead(by: observation.takeUnretainedValue(), keyPath: observedKeyPath(for: key))
    return _uncachedState(for: key)
  }

  @usableFromInline
  func _uncachedState(for key: Key) -> ContentState<Content> {
    if let _handoff, _handoff.key == key { return .loaded(_handoff.content) }
    switch _records[key]._phase {
    case .idle:
      return .notRequested
    case .loading:
      return .loading
    case .failed(let failure, let retry):
      let retryIn = retry.map { max(.zero, $0._time - time.elapsed()) }
      return .failed(
        ContentFailure(error: failure._error, attempts: failure._attempts, retryIn: retryIn))
    }
  }

  /// The total cost of the cached content.
  public var cachedCost: Int { _cache._totalCost }

  /// The number of cached entries.
  public var cachedCount: Int { _cache.count }

  /// The number of loads running now.
  public var loadsInFlight: Int { _scheduler.runningCount }

  /// The outcomes of loads that ended and that the store has not taken in yet (it does, in
  /// batches, on the main actor): for a simulation that waits until nothing is under way.
  package var outcomesNotTakenIn: Int { _completions.undeliveredCount }

  /// The loader bodies still running for loads that were taken back or timed out: each holds
  /// its slot until it returns (see ``maximumConcurrentLoads``).
  public var abandonedLoads: Int { _scheduler.abandonedCount }

  /// The keys waiting for a slot, in the order they will start.
  ///
  /// - Complexity: O(n log n) in the waiting keys, which it sorts.
  public var waitingKeys: [Key] { _scheduler.waitingKeys }

  /// How many keys wait for a slot: for a simulation that waits until nothing is under way,
  /// without ``waitingKeys``'s sort.
  package var waitingCount: Int { _scheduler.waitingCount }

  /// Whether `key`'s loader is running: taking the key's last unit of interest back now would
  /// cancel a load already paid for.
  package func isLoadRunning(_ key: Key) -> Bool { _scheduler.isRunning(key) }

  /// How much interest there is in a key.
  public func interest(in key: Key) -> Int { _records.interest(in: key) }

  /// How many keys anyone holds interest in.
  public var interestedKeyCount: Int { _records._interestedCount }

  // MARK: Interest

  /// Adds one unit of interest in `key` and loads it unless it is cached, loading, or failed
  /// (a failed key is retried by the store on its own schedule). A waiting key is raised to
  /// `priority` if that is higher, and goes behind the keys already waiting at that priority.
  @inlinable
  public func request(_ key: Key, priority: ContentPriority = .visible) {
    let phase = _records.update(key) { record -> LoadPhase in
      record._interest += 1
      return record._phase
    }
    if _cache.contains(key) || _handoff?.key == key { return }
    if case .failed = phase {
      _retryLater(key)
      return
    }
    load(key, priority: priority)
  }

  /// Takes one unit of interest away; with none left, a waiting load is dropped, a running one
  /// cancelled and a scheduled retry forgotten. Cached content stays.
  @inlinable
  public func cancelRequest(_ key: Key) {
    let record = _records[key]
    guard record._interest > 0 else { return }
    guard record._interest == 1 else {
      _records.update(key) { $0._interest -= 1 }
      return
    }
    _cache.markRecentlyWanted(key)
    // Only a key that loads can be in the scheduler's hands.
    let withdrawal = record.isLoading ? withdraw(key) : .ended
    let failure = _records.update(key) { record -> FailureRecord? in
      record._interest = 0
      switch record._phase {
      case .idle:
        return nil
      case .failed(let failure, _):
        record._phase = .failed(failure, retry: nil)
        return failure
      case .loading(let failure):
        // An ended load's result is on its way, and is taken as any other.
        if withdrawal != .ended { record._phase = failure.map { .failed($0, retry: nil) } ?? .idle }
        return failure
      }
    }
    if let failure { _forgetLater(key, failure) }
    if withdrawal == .running {
      _counted.cancelled += 1
      // Its worker is abandoned: the watchdog writes it off if its loader never returns.
      armWatchdog(by: time.elapsed() + timeout)
    }
  }

  /// A failure whose key nobody wants any more: one no retry can fix is forgotten now (the key
  /// loads afresh when it is wanted again); another is kept for its backoff, among the newest
  /// ``forgottenFailureLimit``.
  @usableFromInline
  func _forgetLater(_ key: Key, _ failure: FailureRecord) {
    guard failure._retryTime != nil else {
      _forgetFailure(of: key)
      return
    }
    _unwantedFailures.append(key)
    while _unwantedFailures.count > Self.forgottenFailureLimit,
      let old = _unwantedFailures.popFirst()
    {
      let record = _records[old]
      if record._interest == 0, !record.isLoading { _forgetFailure(of: old) }
    }
  }

  /// Drops the failure kept for `key`: the one it shows, or the one its load retries.
  @usableFromInline
  func _forgetFailure(of key: Key) {
    _records.update(key) { record in
      switch record._phase {
      case .idle: break
      case .loading: record._phase = .loading(retrying: nil)
      case .failed: record._phase = .idle
      }
    }
  }

  // MARK: Events

  /// Calls `observer` on the main actor with every change a cell would show from now on — a
  /// key's content, its failure, its retry starting, its eviction while wanted — as it
  /// happens, with the state a cell provider would now read. Observation
  /// ends when the returned token is cancelled or released.
  public func observe(_ observer: @escaping @MainActor (Key, ContentState<Content>) -> Void)
    -> ContentObservation
  {
    let id = nextObserver
    nextObserver += 1
    _observers[id] = observer
    return ContentObservation { [weak self] in self?._observers[id] = nil }
  }

  /// A stream of every key whose state changes from now on — content, a failure, a retry
  /// starting, an eviction while wanted — as ``observe(_:)`` tells them. Each call makes a new
  /// stream, which keeps the newest `limit` keys its reader has not read yet (older ones are
  /// dropped, so a reader that falls behind costs bounded memory); it ends when its reader stops
  /// reading or the store goes away.
  public func arrivals(bufferingNewest limit: Int = 1_024) -> AsyncStream<Key> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Key.self, bufferingPolicy: .bufferingNewest(max(1, limit)))
    let id = nextObserver
    let observation = observe { key, _ in continuation.yield(key) }
    arrivalStreams[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in
        observation.cancel()
        self?.arrivalStreams[id] = nil
      }
    }
    return stream
  }

  /// Tells every observer the key's state; `known`, when the caller has it, saves a lookup.
  @inlinable
  func announce(_ key: Key, _ known: ContentState<Content>? = nil) {
    if _observation != nil { _noteChange(of: key) }
    guard !_observers.isEmpty else { return }
    let state = known ?? currentState(for: key)
    for observer in _observers.values { observer(key, state) }
  }
}

/// Keeps an observation of a ``ContentStore`` going until it is cancelled or released.
public final class ContentObservation: Sendable {
  private let end: Locked<(@MainActor @Sendable () -> Void)?>

  init(end: @escaping @MainActor @Sendable () -> Void) { self.end = Locked(end) }

  /// Ends the observation. Releasing the token ends it too.
  @MainActor
  public func cancel() {
    end.withLock { $0.take() }?()
  }

  deinit {
    // The store removes its observer on the main actor; a token may be released on any thread.
    guard let end = end.withLock({ $0.take() }) else { return }
    Task { @MainActor in end() }
  }
}

/// Counts of what a ``ContentStore`` did.
public struct ContentStatistics: Sendable, Equatable {
  /// Loads started, retries included.
  public var started = 0
  /// Loads that delivered content.
  public var completed = 0
  /// Content the app gave the store itself (``ContentStore/deliver(_:for:)``).
  public var delivered = 0
  /// Loads whose loader threw.
  public var failed = 0
  /// Loads that ran out of time.
  public var timedOut = 0
  /// Loads cancelled because interest dropped to zero.
  public var cancelled = 0
  /// Retries the store started by itself after a failure.
  public var retries = 0
  /// Loads whose content the cache refused (delivered once, not kept).
  public var notCached = 0
  /// Entries evicted from the cache.
  public var evicted = 0
  /// Entries shed by ``ContentStore/purge(downToCost:)``.
  public var purged = 0
  /// The most loader bodies that ran at once, abandoned ones included.
  public var peakConcurrentLoads = 0
  /// Loader bodies written off: still running a whole ``ContentStore/timeout`` after their load
  /// was taken back or timed out, so their slots went to other loads.
  public var writtenOff = 0
  /// The highest total cost the cache held.
  public var peakCachedCost = 0
}
