extension ContentStore {
  /// How a ``ContentStore`` caches, loads and retries: a value to make once and share, as
  /// `URLSessionConfiguration` is for a session. Every property has a default; set the ones
  /// that matter for the content.
  ///
  /// ```swift
  /// var configuration = ContentStore<URL, UIImage>.Configuration(costLimit: 64 << 20)
  /// configuration.cost = { image in  // the decoded bitmap's bytes
  ///   Int(image.size.width * image.scale * image.size.height * image.scale) * 4
  /// }
  /// configuration.maximumConcurrentLoads = 4
  /// let photos = ContentStore(configuration: configuration) { url in try await api.image(at: url) }
  /// ```
  public struct Configuration: Sendable {
    /// The most total ``cost`` the cache keeps (for images, bytes); no limit by default.
    /// Content costlier than the whole limit is delivered once and not kept.
    public var costLimit: Int
    /// The cost of one piece of content, against ``costLimit``; 1 by default.
    public var cost: @Sendable (Content) -> Int
    /// The most entries the cache keeps; 1,000 by default.
    public var countLimit: Int
    /// How many loader bodies may run at once; 6 by default, and at least 1. A load taken back
    /// or timed out ends for the store at once, but its loader keeps its slot until it returns
    /// — so a loader that ignores cancellation cannot multiply the work — or until a further
    /// ``timeout`` has passed, when it is written off (``ContentStatistics/writtenOff``).
    public var maximumConcurrentLoads: Int
    /// How long a load may take before it fails with ``ContentError/timedOut(_:)``; 30 s by
    /// default.
    public var timeout: Duration
    /// When a failed key that is still wanted is tried again.
    public var retry: RetryPolicy
    /// Where time comes from; a virtual clock tests or simulates.
    public var clock: any Clock<Duration>

    /// A configuration; each parameter is the property of the same name, with its default.
    public init(
      costLimit: Int = .max, cost: @escaping @Sendable (Content) -> Int = { _ in 1 },
      countLimit: Int = 1_000, maximumConcurrentLoads: Int = 6, timeout: Duration = .seconds(30),
      retry: RetryPolicy = RetryPolicy(), clock: any Clock<Duration> = ContinuousClock()
    ) {
      self.costLimit = costLimit
      self.cost = cost
      self.countLimit = countLimit
      self.maximumConcurrentLoads = maximumConcurrentLoads
      self.timeout = timeout
      self.retry = retry
      self.clock = clock
    }
  }
}

/// When a ``ContentStore`` tries a failed key again: after a backoff that doubles per
/// consecutive failure, up to a maximum, spread at random so that many keys that failed together
/// do not all come back at once. Only while someone still wants the key, and never for a failure
/// no retry can fix (``ContentError/allowsRetry``).
public struct RetryPolicy: Sendable, Equatable {
  /// How long after a first failure the store retries; 1 s by default.
  public var backoff: Duration
  /// The longest backoff; 60 s by default.
  public var maximumBackoff: Duration
  /// How much each backoff varies at random, as a share of it: 0.2 (the default) spreads
  /// retries over ±20%; 0 makes them exact. Read within 0...1.
  public var jitter: Double

  /// A policy; each parameter is the property of the same name, with its default.
  public init(
    backoff: Duration = .seconds(1), maximumBackoff: Duration = .seconds(60), jitter: Double = 0.2
  ) {
    self.backoff = backoff
    self.maximumBackoff = maximumBackoff
    self.jitter = jitter
  }

  /// The wait before a retry after `failures` consecutive failures (1 for the first), before
  /// jitter: ``backoff`` doubled per failure after the first, at most ``maximumBackoff``.
  public func delay(afterFailures failures: Int) -> Duration {
    min(maximumBackoff, backoff * (1 << min(max(failures, 1) - 1, 30)))
  }
}
