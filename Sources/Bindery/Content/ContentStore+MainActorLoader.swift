extension ContentStore {
  /// A store whose loader runs on the main actor: for a repository that is not `Sendable` — one
  /// confined to the main thread (a Realm or Core Data view context), or a view model's use case
  /// that the app keeps on the main actor. Everything else is as
  /// ``init(configuration:loader:)``'s: at most
  /// ``Configuration-swift.struct/maximumConcurrentLoads`` loads at once, one per key, the
  /// timeout, the retries.
  ///
  /// ```swift
  /// let photos = ContentStore<Mate.ID, Data>(mainActorLoader: { id in
  ///   try repository.photo(of: id)  // a main-thread repository, not Sendable
  /// })
  /// ```
  ///
  /// The loader's synchronous work holds up the main actor — scrolling included — while it
  /// runs: keep it to a lookup, or `await` the slow part (a callback API through
  /// `withCheckedThrowingContinuation`). A load taken back cancels the task the loader runs in,
  /// as for any loader; one that does not return within the timeout fails at once, and its
  /// result is dropped when it comes.
  ///
  /// - Parameters:
  ///   - configuration: as ``init(configuration:loader:)``'s.
  ///   - mainActorLoader: loads the content for a key, on the main actor.
  public convenience init(
    configuration: Configuration = Configuration(),
    mainActorLoader: @escaping @MainActor (Key) async throws -> Content
  ) {
    // The workers call it as any loader; the call hops to the main actor, and back with the
    // content, which is Sendable.
    self.init(configuration: configuration) { key in try await mainActorLoader(key) }
  }
}
