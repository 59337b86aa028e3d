import Foundation

// Where Combine does not exist: a publisher's values as an `AsyncSequence` (`values`).
#if !canImport(Combine)
  extension Publisher where Failure == Never, Output: Sendable {
    /// The values as an async sequence (Combine's `values`): each value is buffered until the
    /// loop takes it; the sequence ends when the publisher does, or when the loop's task is
    /// cancelled. HeadlessUIKit's needs `Sendable` values, as they cross to the loop's task.
    public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
  }

  /// A publisher's values as an `AsyncSequence` (Combine's `AsyncPublisher`).
  public struct AsyncPublisher<Upstream: Publisher>: AsyncSequence
  where Upstream.Failure == Never, Upstream.Output: Sendable {
    /// The publisher's values.
    public typealias Element = Upstream.Output
    private let upstream: Upstream

    /// The values of `publisher`.
    public init(_ publisher: Upstream) { upstream = publisher }

    /// Subscribes, and hands the values on in order.
    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
      let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
      let subscription = upstream.sink(
        receiveCompletion: { _ in continuation.finish() },
        receiveValue: { continuation.yield($0) })
      let holder = CancellableBox(subscription)
      continuation.onTermination = { _ in holder.cancel() }
      return stream.makeAsyncIterator()
    }
  }

  /// Keeps a subscription for an async sequence until the sequence ends.
  private final class CancellableBox: @unchecked Sendable {
    private let lock = NSLock()
    private var cancellable: AnyCancellable?
    init(_ cancellable: AnyCancellable) { self.cancellable = cancellable }
    func cancel() {
      let current = lock.withLock { () -> AnyCancellable? in
        defer { cancellable = nil }
        return cancellable
      }
      current?.cancel()
    }
  }
#endif

#if !canImport(Combine)
  extension Publisher where Output: Sendable {
    /// The values as an async sequence that throws the publisher's failure (Combine's `values`
    /// of a publisher that can fail): `for try await value in useCase.avatar(id).values`.
    public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
  }

  /// A failing publisher's values as an `AsyncSequence` (Combine's `AsyncThrowingPublisher`).
  public struct AsyncThrowingPublisher<Upstream: Publisher>: AsyncSequence
  where Upstream.Output: Sendable {
    /// The publisher's values.
    public typealias Element = Upstream.Output
    private let upstream: Upstream

    /// The values of `publisher`, then its failure.
    public init(_ publisher: Upstream) { upstream = publisher }

    /// Subscribes, and hands the values on in order; the publisher's failure is thrown.
    public func makeAsyncIterator() -> AsyncThrowingStream<Element, any Error>.Iterator {
      let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
      let subscription = upstream.sink(
        receiveCompletion: { completion in
          switch completion {
          case .finished: continuation.finish()
          case .failure(let error): continuation.finish(throwing: error)
          }
        },
        receiveValue: { continuation.yield($0) })
      let holder = CancellableBox(subscription)
      continuation.onTermination = { _ in holder.cancel() }
      return stream.makeAsyncIterator()
    }
  }
#endif
