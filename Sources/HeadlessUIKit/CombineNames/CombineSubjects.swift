import Foundation

// Where Combine does not exist: the publishers an app sends through — the two subjects,
// `@Published` and `ObservableObject` — with Combine's signatures and order (a `@Published`
// property publishes from its `willSet`).
#if !canImport(Combine)
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
#endif
