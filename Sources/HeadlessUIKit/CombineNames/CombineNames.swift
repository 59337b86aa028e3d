import Foundation

// Where Combine does not exist, HeadlessUIKit declares the part of it Bindery uses, with the
// signatures of Apple's Combine interface (UIKit rules §5.5): `Publisher`, `Subscriber`,
// `Subscription`, `Cancellable`, `AnyCancellable` with `store(in:)`, `sink`, and the two subjects
// and `@Published` that tests and the demo publish with. Values are delivered synchronously on
// the sender's thread, as Combine's subjects do; demand is honoured.
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

  /// The fan-out both subjects share: subscriptions with their demand.
  final class SubjectCore<Output, Failure: Error> {
    final class Link: Subscription {
      weak var core: SubjectCore?
      let lock = NSLock()
      var demand = Subscribers.Demand.none
      var deliver: ((Output) -> Subscribers.Demand)?
      var finish: ((Subscribers.Completion<Failure>) -> Void)?

      init(core: SubjectCore) { self.core = core }

      func request(_ more: Subscribers.Demand) {
        lock.lock()
        demand = demand + more
        lock.unlock()
      }

      func cancel() {
        lock.lock()
        deliver = nil
        finish = nil
        lock.unlock()
        core?.remove(self)
      }

      func send(_ value: Output) {
        lock.lock()
        guard let deliver, demand != .none else {
          lock.unlock()
          return
        }
        if let limit = demand.limit { demand = .max(limit - 1) }
        lock.unlock()
        let more = deliver(value)
        request(more)
      }
    }

    private let lock = NSLock()
    private var links: [Link] = []
    private var completion: Subscribers.Completion<Failure>?

    func attach<S: Subscriber>(_ subscriber: S, replay: Output?)
    where S.Input == Output, S.Failure == Failure {
      let link = Link(core: self)
      link.deliver = { subscriber.receive($0) }
      link.finish = { subscriber.receive(completion: $0) }
      lock.lock()
      let ended = completion
      if ended == nil { links.append(link) }
      lock.unlock()
      subscriber.receive(subscription: link)
      if let ended {
        subscriber.receive(completion: ended)
      } else if let replay {
        link.send(replay)
      }
    }

    func send(_ value: Output) {
      lock.lock()
      let current = links
      lock.unlock()
      for link in current { link.send(value) }
    }

    func send(completion: Subscribers.Completion<Failure>) {
      lock.lock()
      guard self.completion == nil else {
        lock.unlock()
        return
      }
      self.completion = completion
      let current = links
      links.removeAll()
      lock.unlock()
      for link in current { link.finish?(completion) }
    }

    func remove(_ link: Link) {
      lock.lock()
      links.removeAll { $0 === link }
      lock.unlock()
    }
  }

  /// A publisher you send values through (Combine's `PassthroughSubject`).
  public final class PassthroughSubject<Output, Failure: Error>: Publisher {
    private let core = SubjectCore<Output, Failure>()

    /// Creates a subject.
    public init() {}

    /// Attaches a subscriber.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      core.attach(subscriber, replay: nil)
    }

    /// Sends a value to every subscriber that wants one.
    public func send(_ input: Output) { core.send(input) }

    /// Ends the stream.
    public func send(completion: Subscribers.Completion<Failure>) {
      core.send(completion: completion)
    }
  }

  /// A publisher with a current value that new subscribers receive first (Combine's
  /// `CurrentValueSubject`).
  public final class CurrentValueSubject<Output, Failure: Error>: Publisher {
    private let core = SubjectCore<Output, Failure>()
    private let lock = NSLock()
    private var current: Output

    /// Creates a subject with its first value.
    public init(_ value: Output) {
      current = value
    }

    /// The current value; setting it sends it.
    public var value: Output {
      get {
        lock.lock()
        defer { lock.unlock() }
        return current
      }
      set { send(newValue) }
    }

    /// Attaches a subscriber, which receives the current value first.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      core.attach(subscriber, replay: value)
    }

    /// Sets and sends a value.
    public func send(_ input: Output) {
      lock.lock()
      current = input
      lock.unlock()
      core.send(input)
    }

    /// Ends the stream.
    public func send(completion: Subscribers.Completion<Failure>) {
      core.send(completion: completion)
    }
  }

  /// A property whose changes are published through `$property` (Combine's `@Published`).
  ///
  /// As in Combine, a new value is published from the property's `willSet`: a subscriber that
  /// reads the property while it receives a value still sees the old one.
  @propertyWrapper
  public struct Published<Value> {
    /// The publisher of a `@Published` property: the current value, then every change.
    public struct Publisher: HeadlessUIKit.Publisher {
      /// The property's values.
      public typealias Output = Value
      /// It cannot fail.
      public typealias Failure = Never
      let storage: PublishedStorage<Value>

      /// Attaches a subscriber, which receives the current value first.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Value, S.Failure == Never {
        storage.attach(subscriber)
      }
    }

    private let storage: PublishedStorage<Value>

    /// Creates the property with its first value.
    public init(wrappedValue: Value) {
      storage = PublishedStorage(wrappedValue)
    }

    /// The value; setting it publishes the new value, then stores it.
    public var wrappedValue: Value {
      get { storage.value }
      nonmutating set { storage.set(newValue) }
    }

    /// The value, in a class: setting it first tells the object's `objectWillChange`, as
    /// Combine's `@Published` does in an `ObservableObject`, then publishes and stores it.
    public static subscript<EnclosingSelf: AnyObject>(
      _enclosingInstance object: EnclosingSelf,
      wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
      storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
      get { object[keyPath: storageKeyPath].storage.value }
      set {
        let storage = object[keyPath: storageKeyPath].storage
        storage.objectWillChange?.send()
        storage.set(newValue)
      }
    }

    /// The publisher, as `$property`.
    public var projectedValue: Publisher { Publisher(storage: storage) }
  }

  /// A `@Published` property's value and subscribers.
  final class PublishedStorage<Value>: ObjectWillChangeSlot {
    private let core = SubjectCore<Value, Never>()
    private let lock = NSLock()
    private var current: Value
    private var willChange: ObservableObjectPublisher?

    /// The publisher of the object the property is in, once someone asked for it.
    var objectWillChange: ObservableObjectPublisher? {
      get { lock.withLock { willChange } }
      set { lock.withLock { willChange = newValue } }
    }

    init(_ value: Value) { current = value }

    var value: Value {
      lock.lock()
      defer { lock.unlock() }
      return current
    }

    /// Publishes first, then stores: Combine's `willSet` order.
    func set(_ newValue: Value) {
      core.send(newValue)
      lock.lock()
      current = newValue
      lock.unlock()
    }

    func attach<S: Subscriber>(_ subscriber: S) where S.Input == Value, S.Failure == Never {
      core.attach(subscriber, replay: value)
    }
  }

  extension Published: PublishedProperty {
    var slot: any ObjectWillChangeSlot { storage }
  }

  /// A `@Published` property, seen through reflection without its value's type.
  protocol PublishedProperty {
    var slot: any ObjectWillChangeSlot { get }
  }

  /// Where a `@Published` property keeps its object's `objectWillChange`.
  protocol ObjectWillChangeSlot: AnyObject {
    var objectWillChange: ObservableObjectPublisher? { get set }
  }

  /// An object that tells before it changes (Combine's `ObservableObject`): a class whose
  /// `@Published` properties send its ``objectWillChange`` before each new value, as SwiftUI
  /// and `sink` expect.
  public protocol ObservableObject: AnyObject {
    /// The publisher that tells of a change before it is made.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never
    /// Tells of a change before it is made.
    var objectWillChange: ObjectWillChangePublisher { get }
  }

  /// Guards the one-time wiring of an object's publisher into its `@Published` properties.
  private let objectWillChangeWiring = NSLock()

  extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's publisher, shared by its `@Published` properties (found by reflection,
    /// as Combine finds them), which send it before each change. An object with no
    /// `@Published` property gets a publisher nothing sends on.
    public var objectWillChange: ObservableObjectPublisher {
      objectWillChangeWiring.withLock {
        var slots: [any ObjectWillChangeSlot] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
          for child in current.children {
            if let property = child.value as? any PublishedProperty { slots.append(property.slot) }
          }
          mirror = current.superclassMirror
        }
        if let existing = slots.lazy.compactMap(\.objectWillChange).first {
          for slot in slots where slot.objectWillChange == nil { slot.objectWillChange = existing }
          return existing
        }
        let publisher = ObservableObjectPublisher()
        for slot in slots { slot.objectWillChange = publisher }
        return publisher
      }
    }
  }

  /// The publisher an `ObservableObject` tells its changes with (Combine's
  /// `ObservableObjectPublisher`): it sends `()` before each change.
  public final class ObservableObjectPublisher: Publisher {
    /// Nothing but the fact of a change.
    public typealias Output = Void
    /// It cannot fail.
    public typealias Failure = Never
    private let core = SubjectCore<Void, Never>()

    /// A publisher.
    public init() {}

    /// Attaches a subscriber.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
      core.attach(subscriber, replay: nil)
    }

    /// Tells every subscriber of a change.
    public func send() { core.send(()) }
  }

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

  extension Publisher {
    /// Each value transformed (Combine's `map`).
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
      Publishers.Map(upstream: self, transform: transform)
    }
  }

  extension Publisher where Output: Equatable {
    /// The values, without those equal to the one before (Combine's `removeDuplicates()`).
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
      Publishers.RemoveDuplicates(upstream: self)
    }
  }

  /// Combine's namespace for operators.
  public enum Publishers {
    /// A publisher that transforms each value of another.
    public struct Map<Upstream: Publisher, Output>: Publisher {
      /// Its upstream's failure.
      public typealias Failure = Upstream.Failure
      let upstream: Upstream
      let transform: (Upstream.Output) -> Output

      /// Attaches a subscriber through the transform.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        upstream.receive(subscriber: Relay(downstream: subscriber) { [transform] in transform($0) })
      }
    }

    /// A publisher that leaves out values equal to the one before.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher
    where Upstream.Output: Equatable {
      /// Its upstream's values.
      public typealias Output = Upstream.Output
      /// Its upstream's failure.
      public typealias Failure = Upstream.Failure
      let upstream: Upstream

      /// Attaches a subscriber that hears each value that differs from the last.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let last = LastValue<Output>()
        upstream.receive(
          subscriber: Relay(downstream: subscriber) { value in
            last.replace(with: value) ? value : nil
          })
      }
    }
  }

  /// The last value a `removeDuplicates()` let through.
  final class LastValue<Value: Equatable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    /// Stores `next`; returns whether it differs from the value before.
    func replace(with next: Value) -> Bool {
      lock.withLock {
        defer { value = next }
        return value != next
      }
    }
  }

  /// A subscriber between an upstream and a downstream: each value transformed, or dropped
  /// when the transform gives `nil` (demand asked again for a dropped one).
  final class Relay<Input, Output, Failure: Error, Downstream: Subscriber>: Subscriber
  where Downstream.Input == Output, Downstream.Failure == Failure {
    let downstream: Downstream
    let transform: (Input) -> Output?

    init(downstream: Downstream, transform: @escaping (Input) -> Output?) {
      self.downstream = downstream
      self.transform = transform
    }

    func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard let output = transform(input) else { return .max(1) }
      return downstream.receive(output)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }
#endif
