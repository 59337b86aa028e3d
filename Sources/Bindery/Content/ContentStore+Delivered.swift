// Content the app delivers, and the store that has no other (a push pipeline kept as it is).

/// A loader-less store was asked to load: it never is (its keys wait for the app's delivery).
struct NoLoader: Error {}

extension ContentStore {
  /// A store without a loader: its content is only what the app delivers with
  /// ``deliver(_:for:)`` — a presenter's push pipeline kept as it is. A key asked for (a cell
  /// showing it, the prefetcher) is ``ContentState/loading`` until the app delivers it, with no
  /// timeout and no retry; delivered content is cached, shown and evicted as loaded content is,
  /// and a key evicted while wanted waits for the app again.
  ///
  /// ```swift
  /// let profileImages = ContentStore<Mate.ID, Data?>()  // nil: the mate has no photo
  /// presenter.output.profileImageData
  ///   .sink { [profileImages] mateID, data in profileImages.deliver(data, for: mateID) }
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// What the app has for "nothing" is content too: a store of optionals shows a delivered
  /// `nil` as loaded (`.loaded(nil)`), which a cell draws as "no photo".
  ///
  /// - Parameter configuration: the cache's limits and the clock; its loads' settings
  ///   (concurrency, timeout, retries) do not apply.
  public convenience init(configuration: Configuration = Configuration()) {
    self.init(configuration: configuration, loader: { _ in throw NoLoader() }, awaitsDelivery: true)
  }
}

extension ContentStore {
  /// Takes content for `key` that the app has — what a push pipeline emits, a value already at
  /// hand — and keeps and shows it exactly as loaded content: cached at its cost, announced to
  /// the cells showing the key, which are reconfigured, and to observers. A load of the key
  /// that waits or runs is taken back (the app's content wins); one whose result is already on
  /// its way is taken as any other when it comes. A failure of the key is forgotten, and its
  /// retry with it. Content the cache refuses is shown once, as a load's is.
  ///
  /// - Complexity: O(1), plus the evictions the new content's cost makes.
  public func deliver(_ content: Content, for key: Key) {
    takeBackLoad(of: key)
    _counted.delivered += 1
    keep(content, for: key, priority: .visible, loaded: false)
  }

  /// Takes a failure for `key` that the app has — the error its push pipeline sends for the
  /// key — and shows it as a load's failure: the content the key had is dropped, a load that
  /// waits or runs is taken back, and the cells showing the key and the observers are told.
  /// In a store with a loader the key is retried after the backoff, as a load's failure is;
  /// a store without one has nothing to retry with, so the failure stays
  /// (``ContentFailure/allowsRetry`` is `false`) until the app delivers the key again or
  /// interest in it ends. A failure of a key nobody wants is not kept.
  ///
  /// - Complexity: O(1).
  public func deliverFailure(_ error: any Error, for key: Key) {
    takeBackLoad(of: key)
    _cache.remove(key)
    var previous: FailureRecord?
    if case .failed(let failure, _) = _records[key]._phase { previous = failure }
    let failure: ContentError =
      _awaitsDelivery ? .loaderFailed(PermanentLoadFailure(error)) : .loaderFailed(error)
    _fail(key, failure, priority: .visible, after: previous)
  }

  /// Takes back a load of `key` that waits or runs, for what the app delivers instead.
  func takeBackLoad(of key: Key) {
    guard _records[key].isLoading else { return }
    let withdrawal = withdraw(key)
    if withdrawal != .ended {
      _records.update(key) { record in
        if case .loading = record._phase { record._phase = .idle }
      }
    }
    if withdrawal == .running {
      _counted.cancelled += 1
      // Its worker is abandoned: the watchdog writes it off if its loader never returns.
      armWatchdog(by: time.elapsed() + timeout)
    }
  }

  /// Takes a loading key out of the scheduler's hands; a store without a loader has only keys
  /// waiting for the app, which no scheduler holds.
  @inlinable
  func withdraw(_ key: Key) -> LoadScheduler<Key, Content>.Withdrawal {
    _awaitsDelivery ? .waiting : _scheduler.cancel(key)
  }
}
