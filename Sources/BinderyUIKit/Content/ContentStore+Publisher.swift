import Bindery
import Foundation

#if canImport(Combine)
  import Combine
#else
  import HeadlessUIKit
#endif

// A use case that returns a publisher, as a store's loader, in one line: the first value the
// publisher sends is the content, its failure the load's. No bridge to write by hand.

/// A publisher a store loaded from finished without sending a value.
public struct PublisherFinishedWithoutContent: Error, Equatable, Sendable {
  /// The error, with nothing to say but what happened.
  public init() {}
}

extension ContentStore {
  /// A store whose loader is a publisher made for each key: the first value it sends is the
  /// content (the subscription then ends); a failure it sends is the load's failure, retried
  /// as any other; finishing without a value fails with ``PublisherFinishedWithoutContent``.
  /// The publisher is made and subscribed to off the main actor, where loaders run, and a
  /// load taken back cancels its subscription.
  ///
  /// ```swift
  /// let avatars = ContentStore<Mate.ID, Data>(publisher: { id in useCase.avatar(id) })
  /// ```
  ///
  /// The publisher is taken as an `AnyPublisher` (`eraseToAnyPublisher()`), the type use cases
  /// return: a publisher of any other type would have its conformance used off the main actor,
  /// which Swift 6 only allows of a metatype known to be `Sendable`.
  ///
  /// - Parameters:
  ///   - configuration: as ``ContentStore/init(configuration:loader:)``'s.
  ///   - publisher: makes the publisher that loads a key's content.
  public convenience init<Failure: Error>(
    configuration: Configuration = Configuration(),
    publisher: @escaping @Sendable (Key) -> AnyPublisher<Content, Failure>
  ) {
    self.init(configuration: configuration) { key in
      for try await content in publisher(key).values { return content }
      try Task.checkCancellation()
      throw PublisherFinishedWithoutContent()
    }
  }
}
