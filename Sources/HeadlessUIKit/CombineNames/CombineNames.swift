import Foundation

// Where Combine does not exist, HeadlessUIKit declares the part of it Bindery and an ordinary
// app's screen use, with the signatures of Apple's Combine interface (UIKit rules §5.5). This
// file: `Publisher`, `Subscriber`, `Subscription`, `Cancellable`, `AnyCancellable` with
// `store(in:)`, and `sink`; the subjects and `@Published` are in `CombineSubjects.swift`, the
// publishers a use case returns in `CombinePublishers.swift`, the operators in
// `CombineOperators.swift`, the schedulers in `CombineSchedulers.swift` and `values` in
// `CombineAsync.swift`. Values are delivered synchronously on the sender's thread, as Combine's
// subjects do.
#if !canImport(Combine)
  /// Something that can be cancelled (Combine's `Cancellable`).
  public protocol Cancellable {
    /// Cancels the activity.
    func cancel()
  }

  /// Combine's namespace for subscriber types.
  public enum Subscribers {
    /// How many more values a subscriber wants.
    public struct Demand: Hashable, Sendable {
      let limit: Int?  // nil: unlimited

      /// As many as the publisher sends.
      public static let unlimited = Demand(limit: nil)
      /// No more values.
      public static let none = Demand(limit: 0)
      /// At most `value` more values.
      public static func max(_ value: Int) -> Demand { Demand(limit: Swift.max(0, value)) }

      /// Adds two demands; unlimited absorbs.
      public static func + (lhs: Demand, rhs: Demand) -> Demand {
        guard let left = lhs.limit, let right = rhs.limit else { return .unlimited }
        return Demand(limit: left + right)
      }
    }

    /// How a publisher ended.
    public enum Completion<Failure: Error> {
      /// Normally.
      case finished
      /// With an error.
      case failure(Failure)
    }

    /// A subscriber that requests unlimited values and hands them to closures.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
      private let receiveValue: (Input) -> Void
      private let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
      private let lock = NSLock()
      private var subscription: (any Subscription)?
      private var isDone = false

      /// Creates a sink from its two closures.
      public init(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Input) -> Void
      ) {
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
      }

      /// Stores the subscription and asks for everything.
      public func receive(subscription: any Subscription) {
        lock.lock()
        let accept = !isDone && self.subscription == nil
        if accept { self.subscription = subscription }
        lock.unlock()
        if accept { subscription.request(.unlimited) } else { subscription.cancel() }
      }

      /// Hands a value to the closure.
      public func receive(_ input: Input) -> Subscribers.Demand {
        receiveValue(input)
        return .none
      }

      /// Hands the completion to the closure.
      public func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        isDone = true
        subscription = nil
        lock.unlock()
        receiveCompletion(completion)
      }

      /// Cancels the subscription.
      public func cancel() {
        lock.lock()
        let current = subscription
        subscription = nil
        isDone = true
        lock.unlock()
        current?.cancel()
      }
    }
  }

  /// A publisher's side of a subscription (Combine's `Subscription`).
  public protocol Subscription: Cancellable {
    /// Asks for more values.
    func request(_ demand: Subscribers.Demand)
  }

  /// Something that receives values from a publisher (Combine's `Subscriber`).
  public protocol Subscriber<Input, Failure> {
    /// The values it receives.
    associatedtype Input
    /// The error it may end with.
    associatedtype Failure: Error
    /// The subscription started.
    func receive(subscription: any Subscription)
    /// A value; returns how many more it wants.
    func receive(_ input: Input) -> Subscribers.Demand
    /// The publisher ended.
    func receive(completion: Subscribers.Completion<Failure>)
  }

  /// Something that sends values over time (Combine's `Publisher`).
  public protocol Publisher<Output, Failure> {
    /// The values it sends.
    associatedtype Output
    /// The error it may end with; `Never` if it cannot fail.
    associatedtype Failure: Error
    /// Attaches a subscriber.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
  }

  extension Cancellable {
    /// Keeps the cancellable in a collection, wrapped in an `AnyCancellable`: it lives as long
    /// as the collection holds it, and is cancelled when the collection lets it go.
    public func store<C>(in collection: inout C)
    where C: RangeReplaceableCollection, C.Element == AnyCancellable {
      AnyCancellable(self).store(in: &collection)
    }

    /// Keeps the cancellable in a set, wrapped in an `AnyCancellable`.
    public func store(in set: inout Set<AnyCancellable>) {
      AnyCancellable(self).store(in: &set)
    }
  }

  /// A cancellable that cancels when it is released (Combine's `AnyCancellable`).
  public final class AnyCancellable: Cancellable, Hashable {
    private let lock = NSLock()
    private var action: (() -> Void)?

    /// Wraps a closure that cancels.
    public init(_ cancel: @escaping () -> Void) {
      action = cancel
    }

    /// Wraps another cancellable.
    public init<C: Cancellable>(_ canceller: C) {
      action = canceller.cancel
    }

    deinit { cancel() }

    /// Cancels, once.
    public func cancel() {
      lock.lock()
      let pending = action
      action = nil
      lock.unlock()
      pending?()
    }

    /// Hashes by identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Equal when the same instance.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

    /// Keeps the cancellable in a collection, so it lives as long as the collection holds it.
    public func store<C>(in collection: inout C)
    where C: RangeReplaceableCollection, C.Element == AnyCancellable {
      collection.append(self)
    }

    /// Keeps the cancellable in a set.
    public func store(in set: inout Set<AnyCancellable>) {
      set.insert(self)
    }
  }

  extension Publisher {
    /// Subscribes with closures for values and for the end.
    public func sink(
      receiveCompletion: @escaping ((Subscribers.Completion<Self.Failure>) -> Void),
      receiveValue: @escaping ((Self.Output) -> Void)
    ) -> AnyCancellable {
      let sink = Subscribers.Sink<Output, Failure>(
        receiveCompletion: receiveCompletion, receiveValue: receiveValue)
      receive(subscriber: sink)
      return AnyCancellable(sink)
    }
  }

  extension Publisher where Self.Failure == Never {
    /// Subscribes with a closure for values.
    public func sink(receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable {
      sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
  }
#endif
