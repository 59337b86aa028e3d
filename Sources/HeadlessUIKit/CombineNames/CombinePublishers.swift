import Foundation

// Where Combine does not exist: the publishers an app's use cases return — `Just`, `Future`,
// `Deferred`, `Empty`, `Fail` and the type-erased `AnyPublisher` — with Combine's signatures.
#if !canImport(Combine)
  /// A publisher that sends one value, then finishes (Combine's `Just`).
  public struct Just<Output>: Publisher {
    /// It cannot fail.
    public typealias Failure = Never
    /// The value it sends.
    public let output: Output

    /// A publisher of `output`.
    public init(_ output: Output) { self.output = output }

    /// Attaches a subscriber.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      OneShot.deliver(to: subscriber, .success(output))
    }
  }

  /// A publisher that finishes without a value (Combine's `Empty`), at once by default.
  public struct Empty<Output, Failure: Error>: Publisher {
    /// Whether it finishes as soon as it is subscribed to; otherwise it never does.
    public let completeImmediately: Bool

    /// An empty publisher.
    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }

    /// Attaches a subscriber.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      if completeImmediately {
        OneShot.deliver(to: subscriber, nil)
      } else {
        subscriber.receive(subscription: OneShot.Idle())
      }
    }
  }

  /// A publisher that fails at once (Combine's `Fail`).
  public struct Fail<Output, Failure: Error>: Publisher {
    /// The error it fails with.
    public let error: Failure

    /// A publisher that fails with `error`.
    public init(error: Failure) { self.error = error }

    /// Attaches a subscriber.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      OneShot.deliver(to: subscriber, .failure(error))
    }
  }

  /// A publisher of one result that a closure produces, now or later (Combine's `Future`).
  ///
  /// As in Combine, the closure runs at once, when the future is made, whether or not anyone
  /// subscribes; every subscriber gets the one result, however late it subscribes.
  public final class Future<Output, Failure: Error>: Publisher {
    /// What the closure calls with its result.
    public typealias Promise = (Result<Output, Failure>) -> Void

    private let lock = NSLock()
    private var result: Result<Output, Failure>?
    private var waiting: [(Result<Output, Failure>) -> Void] = []

    /// Runs `attemptToFulfill` at once; its promise's first call is the future's result.
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
      attemptToFulfill { [self] result in fulfill(result) }
    }

    private func fulfill(_ result: Result<Output, Failure>) {
      let subscribers = lock.withLock { () -> [(Result<Output, Failure>) -> Void] in
        guard self.result == nil else { return [] }
        self.result = result
        defer { waiting = [] }
        return waiting
      }
      for subscriber in subscribers { subscriber(result) }
    }

    /// Attaches a subscriber.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let link = OneShot.Link(subscriber)
      subscriber.receive(subscription: link)
      let ready = lock.withLock { () -> Result<Output, Failure>? in
        if let result { return result }
        waiting.append { link.arrive($0) }
        return nil
      }
      if let ready { link.arrive(ready) }
    }
  }

  /// A publisher made afresh for each subscriber (Combine's `Deferred`).
  public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    /// The values it sends.
    public typealias Output = DeferredPublisher.Output
    /// The error it may end with.
    public typealias Failure = DeferredPublisher.Failure
    /// Makes the publisher a subscriber gets.
    public let createPublisher: () -> DeferredPublisher

    /// A publisher that calls `createPublisher` for each subscriber.
    public init(createPublisher: @escaping () -> DeferredPublisher) {
      self.createPublisher = createPublisher
    }

    /// Attaches a subscriber.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      createPublisher().receive(subscriber: subscriber)
    }
  }

  /// A publisher whose type is hidden (Combine's `AnyPublisher`): what a use case returns.
  public struct AnyPublisher<Output, Failure: Error>: Publisher {
    private let subscribe: (AnySubscriber<Output, Failure>) -> Void

    /// Hides `publisher`'s type.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
      subscribe = { publisher.receive(subscriber: $0) }
    }

    /// Attaches a subscriber.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      subscribe(AnySubscriber(subscriber))
    }
  }

  /// A subscriber whose type is hidden (Combine's `AnySubscriber`).
  public struct AnySubscriber<Input, Failure: Error>: Subscriber {
    private let subscription: (any Subscription) -> Void
    private let value: (Input) -> Subscribers.Demand
    private let completion: (Subscribers.Completion<Failure>) -> Void

    /// Hides `subscriber`'s type.
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
      subscription = subscriber.receive(subscription:)
      value = subscriber.receive(_:)
      completion = subscriber.receive(completion:)
    }

    /// The subscription started.
    public func receive(subscription: any Subscription) { self.subscription(subscription) }
    /// A value; returns how many more it wants.
    public func receive(_ input: Input) -> Subscribers.Demand { value(input) }
    /// The publisher ended.
    public func receive(completion: Subscribers.Completion<Failure>) { self.completion(completion) }
  }

  extension Publisher {
    /// The publisher with its type hidden (Combine's `eraseToAnyPublisher()`).
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
  }

  /// Subscriptions that deliver one value (or none) and an end, once it is asked for.
  enum OneShot {
    /// Subscribes `subscriber` to a value and an end (`.success`), a failure, or only the end
    /// (`nil`).
    static func deliver<S: Subscriber, Failure>(
      to subscriber: S, _ result: Result<S.Input, Failure>?
    ) where S.Failure == Failure {
      let link = Link(subscriber)
      subscriber.receive(subscription: link)
      if let result { link.arrive(result) } else { link.end() }
    }

    /// A subscription that never sends.
    final class Idle: Subscription {
      func request(_ demand: Subscribers.Demand) {}
      func cancel() {}
    }

    /// One subscriber's subscription to a single result: the value waits for demand.
    final class Link<Output, Failure: Error>: Subscription, @unchecked Sendable {
      private let lock = NSLock()
      private var subscriber: AnySubscriber<Output, Failure>?
      private var demanded = false
      private var pending: Result<Output, Failure>?

      init<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = AnySubscriber(subscriber)
      }

      func request(_ demand: Subscribers.Demand) {
        guard demand != .none else { return }
        let ready = lock.withLock { () -> Result<Output, Failure>? in
          demanded = true
          defer { pending = nil }
          return pending
        }
        if let ready { send(ready) }
      }

      func cancel() { lock.withLock { subscriber = nil } }

      /// The result: sent now if it was asked for, else when it is.
      func arrive(_ result: Result<Output, Failure>) {
        let now = lock.withLock { () -> Bool in
          if case .failure = result { return true }  // a failure needs no demand
          if !demanded { pending = result }
          return demanded
        }
        if now { send(result) }
      }

      /// The end, with no value.
      func end() {
        let subscriber = lock.withLock { () -> AnySubscriber<Output, Failure>? in
          defer { self.subscriber = nil }
          return self.subscriber
        }
        subscriber?.receive(completion: .finished)
      }

      private func send(_ result: Result<Output, Failure>) {
        let subscriber = lock.withLock { () -> AnySubscriber<Output, Failure>? in
          defer { self.subscriber = nil }
          return self.subscriber
        }
        switch result {
        case .success(let value):
          _ = subscriber?.receive(value)
          subscriber?.receive(completion: .finished)
        case .failure(let error):
          subscriber?.receive(completion: .failure(error))
        }
      }
    }
  }
#endif
