/// Per-row content that arrives late (avatars, thumbnails, details), keyed by identity, loaded
/// once, cached, and read synchronously by cell providers.
///
/// - **Reading**: ``state(for:)`` is synchronous and O(1), for use inside a cell provider.
/// - **Interest**: ``request(_:priority:)`` adds one unit of interest in a key and starts (or
///   queues) its load; ``cancelRequest(_:)`` takes one away. A load is cancelled only when no
///   interest is left, and there is never more than one load per key.
/// - **Scheduling**: at most ``maximumConcurrentLoads`` loads run at once; waiting keys start
///   by priority (``ContentPriority/visible`` before ``ContentPriority/prefetch``), then in
///   request order, and a later request can raise a waiting key's priority.
/// - **Cache**: loaded content is kept within a total cost and a count, least recently read
///   evicted first.
/// - **Failures**: a failed key reports its error; a request after the backoff (doubling per
///   consecutive failure) tries again. A load that exceeds the timeout fails with
///   ``ContentError/timedOut(_:)`` and frees its slot, even if the loader ignores cancellation.
/// - **Arrivals**: every loaded key is announced on each stream from ``arrivals()``.
///
/// Loads run off the main actor; the store's bookkeeping is O(1) main-actor work per event.
/// Time comes from the clock it is given, so tests and simulations can run in virtual time.
@MainActor
public final class ContentStore<Key: Hashable & Sendable, Content: Sendable> {
  /// Loads the content for a key. Called off the main actor; should honour cancellation.
  public typealias Loader = @Sendable (Key) async throws -> Content

  /// How many loads may run at once.
  public let maximumConcurrentLoads: Int
  /// How long a load may take before it fails.
  public let timeout: Duration
  /// How long after a first failure a request retries; doubles per consecutive failure.
  public let retryBackoff: Duration
  /// The longest backoff.
  public let maximumBackoff: Duration

  private let loader: Loader
  private let cost: @Sendable (Content) -> Int
  /// The store's time, from the clock it was given; a prefetcher shares it.
  public let timeline: Timeline
  // Read by the inlinable `state(for:)`, so that it is specialized for the caller's types.
  @usableFromInline var cache: LRUCache<Key, Content>
  @usableFromInline var waiting: [Key: (priority: ContentPriority, order: Int)] = [:]
  @usableFromInline var loading: [Key: Load] = [:]
  @usableFromInline var failures: [Key: Failure] = [:]
  private var interest: [Key: Int] = [:]
  /// One first-in-first-out queue per priority; entries whose key has since started, been
  /// cancelled or been raised to another priority are skipped when they come up.
  private var queues: [[(key: Key, order: Int)]] = ContentPriority.allCases.map { _ in [] }
  private var queueHeads = ContentPriority.allCases.map { _ in 0 }
  private var listeners: [Int: AsyncStream<Key>.Continuation] = [:]
  private var nextOrder = 0
  private var nextGeneration = 0
  private var nextListener = 0

  /// What the store has done so far.
  public private(set) var statistics = ContentStatistics()

  @usableFromInline
  struct Load: Sendable {
    let generation: Int
    let work: Task<Void, Never>
    let timer: Task<Void, Never>
  }

  @usableFromInline
  struct Failure: Sendable {
    @usableFromInline let error: ContentError
    let consecutive: Int
    let retryAfter: Duration
  }

  private enum Outcome: Sendable {
    case loaded(Content)
    case failed(ContentError)
    case cancelled
  }

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - costLimit: the most total cost the cache keeps (for images, bytes).
  ///   - countLimit: the most entries the cache keeps.
  ///   - maximumConcurrentLoads: loads running at once; 6 by default.
  ///   - timeout: how long a load may take; 30 s by default.
  ///   - retryBackoff: how long after a failure a request retries; 1 s by default, doubling per
  ///     consecutive failure up to `maximumBackoff`.
  ///   - maximumBackoff: the longest wait before a retry; 60 s by default.
  ///   - clock: where time comes from; pass a virtual clock to test or simulate.
  ///   - cost: the cost of one piece of content; 1 by default.
  ///   - loader: loads the content for a key, off the main actor.
  public init(
    costLimit: Int = .max, countLimit: Int = 1_000, maximumConcurrentLoads: Int = 6,
    timeout: Duration = .seconds(30), retryBackoff: Duration = .seconds(1),
    maximumBackoff: Duration = .seconds(60),
    clock: any Clock<Duration> = ContinuousClock(),
    cost: @escaping @Sendable (Content) -> Int = { _ in 1 },
    loader: @escaping Loader
  ) {
    self.maximumConcurrentLoads = max(1, maximumConcurrentLoads)
    self.timeout = timeout
    self.retryBackoff = retryBackoff
    self.maximumBackoff = maximumBackoff
    self.timeline = Timeline(clock: clock)
    self.cost = cost
    self.loader = loader
    cache = LRUCache(costLimit: costLimit, countLimit: countLimit)
  }

  deinit {
    for load in loading.values {
      load.work.cancel()
      load.timer.cancel()
    }
    for listener in listeners.values { listener.finish() }
  }

  // MARK: Reading

  /// Where the store is with a key. Reading loaded content marks it recently used.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func state(for key: Key) -> ContentState<Content> {
    if let content = cache.value(for: key) { return .loaded(content) }
    if loading[key] != nil || waiting[key] != nil { return .loading }
    if let failure = failures[key] { return .failed(failure.error) }
    return .notRequested
  }

  /// The total cost of the cached content.
  public var cachedCost: Int { cache.totalCost }

  /// The number of cached entries.
  public var cachedCount: Int { cache.count }

  /// The number of loads running now.
  public var loadsInFlight: Int { loading.count }

  /// The keys waiting for a slot, in the order they would start.
  public var waitingKeys: [Key] {
    waiting.sorted { lhs, rhs in
      lhs.value.priority != rhs.value.priority
        ? lhs.value.priority > rhs.value.priority : lhs.value.order < rhs.value.order
    }.map(\.key)
  }

  /// How much interest there is in a key.
  public func interest(in key: Key) -> Int { interest[key] ?? 0 }

  // MARK: Interest

  /// Adds one unit of interest in `key` and loads it unless it is cached, loading, or failed
  /// within its backoff. A waiting key is raised to `priority` if that is higher.
  public func request(_ key: Key, priority: ContentPriority = .visible) {
    interest[key, default: 0] += 1
    if cache.contains(key) || loading[key] != nil { return }
    if let queued = waiting[key] {
      if priority > queued.priority { enqueue(key, priority: priority, order: queued.order) }
      return
    }
    if let failure = failures[key], timeline.elapsed() < failure.retryAfter { return }
    enqueue(key, priority: priority, order: nextOrder)
    nextOrder += 1
    startWaitingLoads()
  }

  /// Takes one unit of interest away; with none left, a waiting load is dropped and a running
  /// one cancelled. Cached content stays.
  public func cancelRequest(_ key: Key) {
    guard let count = interest[key] else { return }
    guard count <= 1 else {
      interest[key] = count - 1
      return
    }
    interest[key] = nil
    if waiting.removeValue(forKey: key) != nil { return }
    if let load = loading.removeValue(forKey: key) {
      load.work.cancel()
      load.timer.cancel()
      statistics.cancelled += 1
      startWaitingLoads()
    }
  }

  /// Forgets a key's content and failure (to force a fresh load on the next request).
  public func evict(_ key: Key) {
    cache.remove(key)
    failures[key] = nil
  }

  // MARK: Arrivals

  /// A stream of every key whose content arrives from now on. Each call makes a new stream.
  public func arrivals() -> AsyncStream<Key> {
    let (stream, continuation) = AsyncStream.makeStream(of: Key.self)
    let id = nextListener
    nextListener += 1
    listeners[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.listeners[id] = nil }
    }
    return stream
  }

  // MARK: Loading

  private func startWaitingLoads() {
    while loading.count < maximumConcurrentLoads, let next = nextWaitingKey() {
      waiting[next] = nil
      start(next)
    }
  }

  private func enqueue(_ key: Key, priority: ContentPriority, order: Int) {
    waiting[key] = (priority, order)
    queues[priority.rawValue].append((key, order))
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

  private func start(_ key: Key) {
    let generation = nextGeneration
    nextGeneration += 1
    let loader = self.loader
    let timeline = self.timeline
    let timeout = self.timeout
    let work = Task.detached { [weak self] in
      let outcome: Outcome
      do {
        outcome = .loaded(try await loader(key))
      } catch {
        outcome =
          Task.isCancelled || error is CancellationError
          ? .cancelled : .failed(.loaderFailed(error))
      }
      await self?.finish(key, generation: generation, outcome)
    }
    let timer = Task.detached { [weak self] in
      do { try await timeline.sleep(timeout) } catch { return }
      await self?.finish(key, generation: generation, .failed(.timedOut(timeout)))
    }
    loading[key] = Load(generation: generation, work: work, timer: timer)
    statistics.started += 1
    statistics.peakConcurrentLoads = max(statistics.peakConcurrentLoads, loading.count)
  }

  /// The first report of a load wins; a late one (the loader after a timeout, or after a
  /// cancellation) finds another generation or none, and is dropped.
  private func finish(_ key: Key, generation: Int, _ outcome: Outcome) {
    guard let load = loading[key], load.generation == generation else { return }
    loading[key] = nil
    load.work.cancel()
    load.timer.cancel()
    switch outcome {
    case .loaded(let content):
      failures[key] = nil
      statistics.completed += 1
      let evicted = cache.insert(content, for: key, cost: cost(content))
      statistics.evicted += evicted.count
      statistics.peakCachedCost = max(statistics.peakCachedCost, cache.totalCost)
      for listener in listeners.values { listener.yield(key) }
    case .failed(let error):
      if case .timedOut = error { statistics.timedOut += 1 } else { statistics.failed += 1 }
      let consecutive = (failures[key]?.consecutive ?? 0) + 1
      let backoff = min(maximumBackoff, retryBackoff * (1 << min(consecutive - 1, 30)))
      failures[key] = Failure(
        error: error, consecutive: consecutive, retryAfter: timeline.elapsed() + backoff)
    case .cancelled:
      statistics.cancelled += 1
    }
    startWaitingLoads()
  }
}

/// Counts of what a ``ContentStore`` did.
public struct ContentStatistics: Sendable, Equatable {
  /// Loads started.
  public var started = 0
  /// Loads that delivered content.
  public var completed = 0
  /// Loads whose loader threw.
  public var failed = 0
  /// Loads that ran out of time.
  public var timedOut = 0
  /// Loads cancelled because interest dropped to zero.
  public var cancelled = 0
  /// Entries evicted from the cache.
  public var evicted = 0
  /// The most loads that ran at once.
  public var peakConcurrentLoads = 0
  /// The highest total cost the cache held.
  public var peakCachedCost = 0
}
