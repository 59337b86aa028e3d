/// What a loader's `nil` means, for a loader that returns an optional
/// (``ContentStore/init(configuration:nilMeans:loader:)``): use cases often answer "no photo"
/// and "could not get it" alike, with `nil`.
public enum NilContent: Sendable, Hashable {
  /// The key has no content (a mate without a photo): a failure that no retry can fix, shown as
  /// any other (`failure.error` is the loader's ``NoContent``, `allowsRetry` is `false`) and not
  /// loaded again until interest in the key ends and comes back.
  case noContent
  /// The content could not be had this time (a use case that logs its error and returns `nil`):
  /// a failure retried after the backoff, as a thrown error is.
  case failure
}

/// A loader returned `nil` for a key (``NilContent``).
public struct NoContent: ContentLoaderError, Hashable, CustomStringConvertible {
  /// Whether trying again could help: `false` for ``NilContent/noContent``.
  public var allowsRetry: Bool

  /// The error for a `nil` that means `meaning`.
  public init(_ meaning: NilContent) { allowsRetry = meaning == .failure }

  /// What happened, in a sentence.
  public var description: String {
    allowsRetry ? "The loader returned no content this time" : "The key has no content"
  }
}

extension ContentStore {
  /// A store whose loader returns an optional, as many use cases do: a value is the content,
  /// and `nil` is what `nilMeans` says — no content for the key, shown and not retried, or a
  /// failure retried as any other. Everything else is as
  /// ``init(configuration:loader:)``'s; a loader may still throw.
  ///
  /// ```swift
  /// let photos = ContentStore<Mate.ID, Data>(nilMeans: .noContent) { id in
  ///   await repository.photo(of: id)  // nil: this mate has no photo
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: as ``init(configuration:loader:)``'s.
  ///   - nilMeans: what the loader's `nil` means.
  ///   - loader: loads the content for a key, off the main actor; `nil` when it has none.
  public convenience init(
    configuration: Configuration = Configuration(), nilMeans: NilContent,
    loader: @escaping @Sendable (Key) async throws -> Content?
  ) {
    self.init(configuration: configuration) { key in
      guard let content = try await loader(key) else { throw NoContent(nilMeans) }
      return content
    }
  }
}
