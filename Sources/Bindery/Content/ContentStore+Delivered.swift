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
