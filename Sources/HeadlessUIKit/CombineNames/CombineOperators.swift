import Foundation

// Where Combine does not exist: Combine's operators an app's screen uses, with Combine's
// signatures. Each attaches its own subscriber upstream and hands values on as Combine does.
#if !canImport(Combine)
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

#if !canImport(Combine)
  extension Publisher {
    /// The values `transform` makes something of; those it gives `nil` for are left out
    /// (Combine's `compactMap`).
    public func compactMap<T>(_ transform: @escaping (Output) -> T?)
      -> Publishers.CompactMap<
        Self, T
      >
    {
      Publishers.CompactMap(upstream: self, transform: transform)
    }

    /// On a failure, the publisher `handler` makes of the error instead (Combine's `catch`).
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P)
      -> Publishers.Catch<
        Self, P
      > where P.Output == Output
    {
      Publishers.Catch(upstream: self, handler: handler)
    }

    /// On a failure, `output` and the end instead (Combine's `replaceError(with:)`).
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
      Publishers.ReplaceError(upstream: self, output: output)
    }

    /// The same values, as a publisher that may fail with `Failure` (Combine's
    /// `setFailureType(to:)`), for a publisher that cannot.
    public func setFailureType<E: Error>(to failureType: E.Type)
      -> Publishers.SetFailureType<
        Self, E
      > where Failure == Never
    {
      Publishers.SetFailureType(upstream: self)
    }

    /// The values of the publishers `transform` makes of each value, as they come (Combine's
    /// `flatMap(maxPublishers:_:)`); it ends once the upstream and every one of them ended, or
    /// at the first failure.
    public func flatMap<T, P: Publisher>(
      maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
      Publishers.FlatMap(upstream: self, transform: transform)
    }

    /// The values and the end, each delivered on `scheduler` (Combine's `receive(on:options:)`).
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
      -> Publishers.ReceiveOn<Self, S>
    {
      Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }

    /// Each value once `dueTime` has passed without a newer one, on `scheduler` (Combine's
    /// `debounce(for:scheduler:options:)`).
    public func debounce<S: Scheduler>(
      for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
      Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }

    /// At most one value per `interval` on `scheduler`: the first that comes when none was
    /// sent for an interval, then, at the interval's end, the newest (`latest`) or the first
    /// that came during it (Combine's `throttle(for:scheduler:latest:)`).
    public func throttle<S: Scheduler>(
      for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
    ) -> Publishers.Throttle<Self, S> {
      Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
  }

  extension Publishers {
    /// A publisher of the values a transform makes something of.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
      /// The error it may end with.
      public typealias Failure = Upstream.Failure
      let upstream: Upstream
      let transform: (Upstream.Output) -> Output?

      /// Attaches a subscriber.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        upstream.receive(subscriber: Relay(downstream: subscriber) { [transform] in transform($0) })
      }
    }

    /// A publisher that goes on with another one after a failure.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where NewPublisher.Output == Upstream.Output {
      /// The values it sends.
      public typealias Output = Upstream.Output
      /// The error it may end with.
      public typealias Failure = NewPublisher.Failure
      let upstream: Upstream
      let handler: (Upstream.Failure) -> NewPublisher

      /// Attaches a subscriber.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let link = OperatorLink(subscriber)
        upstream.receive(
          subscriber: OperatorInput<Output, Upstream.Failure>(
            link: link, value: { link.send($0) },
            completion: { [handler] completion in
              switch completion {
              case .finished: link.finish(.finished)
              case .failure(let error):
                handler(error).receive(
                  subscriber: OperatorInput<Output, Failure>(
                    link: link, value: { link.send($0) }, completion: { link.finish($0) }))
              }
            }))
      }
    }

    /// A publisher that ends with a value instead of failing.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
      /// The values it sends.
      public typealias Output = Upstream.Output
      /// The error it may end with.
      public typealias Failure = Never
      let upstream: Upstream
      let output: Output

      /// Attaches a subscriber.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Never {
        let link = OperatorLink(subscriber)
        upstream.receive(
          subscriber: OperatorInput<Output, Upstream.Failure>(
            link: link, value: { link.send($0) },
            completion: { [output] completion in
              if case .failure = completion { link.send(output) }
              link.finish(.finished)
            }))
      }
    }

    /// A publisher that cannot fail, typed as one that can.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher
    where Upstream.Failure == Never {
      /// The values it sends.
      public typealias Output = Upstream.Output
      let upstream: Upstream

      /// Attaches a subscriber.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let link = OperatorLink(subscriber)
        upstream.receive(
          subscriber: OperatorInput<Output, Never>(
            link: link, value: { link.send($0) }, completion: { _ in link.finish(.finished) }))
      }
    }

    /// A publisher of the values of the publishers made of another's values.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
      /// The values it sends.
      public typealias Output = NewPublisher.Output
      /// The error it may end with.
      public typealias Failure = Upstream.Failure
      let upstream: Upstream
      let transform: (Upstream.Output) -> NewPublisher

      /// Attaches a subscriber.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let link = OperatorLink(subscriber)
        // The upstream counts as one open publisher until it ends; each inner one as another.
        let open = Counter(1)
        let ended: (Subscribers.Completion<Failure>) -> Void = { completion in
          if case .failure = completion {
            link.finish(completion)
          } else if open.decrement() == 0 {
            link.finish(.finished)
          }
        }
        upstream.receive(
          subscriber: OperatorInput<Upstream.Output, Failure>(
            link: link,
            value: { [transform] value in
              open.increment()
              transform(value).receive(
                subscriber: OperatorInput<Output, Failure>(
                  link: link, value: { link.send($0) }, completion: ended))
            },
            completion: ended))
      }
    }

    /// A publisher whose values and end are delivered on a scheduler.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
      /// The values it sends.
      public typealias Output = Upstream.Output
      /// The error it may end with.
      public typealias Failure = Upstream.Failure
      let upstream: Upstream
      let scheduler: Context
      let options: Context.SchedulerOptions?

      /// Attaches a subscriber.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let link = OperatorLink(subscriber)
        let (scheduler, options) = (scheduler, options)
        upstream.receive(
          subscriber: OperatorInput<Output, Failure>(
            link: link,
            value: { value in scheduler.schedule(options: options) { link.send(value) } },
            completion: { end in scheduler.schedule(options: options) { link.finish(end) } }))
      }
    }

    /// A publisher of each value that no newer one followed within a time.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
      /// The values it sends.
      public typealias Output = Upstream.Output
      /// The error it may end with.
      public typealias Failure = Upstream.Failure
      let upstream: Upstream
      let dueTime: Context.SchedulerTimeType.Stride
      let scheduler: Context
      let options: Context.SchedulerOptions?

      /// Attaches a subscriber.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let link = OperatorLink(subscriber)
        let latest = Latest<Output>()
        let (scheduler, options, dueTime) = (scheduler, options, dueTime)
        upstream.receive(
          subscriber: OperatorInput<Output, Failure>(
            link: link,
            value: { value in
              let number = latest.replace(with: value)
              scheduler.schedule(
                after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance,
                options: options
              ) {
                if let value = latest.take(ifStill: number) { link.send(value) }
              }
            },
            completion: { end in
              scheduler.schedule(options: options) {
                if case .finished = end, let value = latest.takeAny() { link.send(value) }
                link.finish(end)
              }
            }))
      }
    }

    /// A publisher of at most one value per interval.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
      /// The values it sends.
      public typealias Output = Upstream.Output
      /// The error it may end with.
      public typealias Failure = Upstream.Failure
      let upstream: Upstream
      let interval: Context.SchedulerTimeType.Stride
      let scheduler: Context
      let latest: Bool

      /// Attaches a subscriber.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let link = OperatorLink(subscriber)
        let window = ThrottleWindow<Output>(keepsLatest: latest)
        let (scheduler, interval) = (scheduler, interval)
        func open() {
          scheduler.schedule(
            after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance,
            options: nil
          ) {
            // The interval's end: its value, if one came, and another interval after it.
            if let value = window.close() {
              link.send(value)
              open()
            }
          }
        }
        upstream.receive(
          subscriber: OperatorInput<Output, Failure>(
            link: link,
            value: { value in
              guard window.offer(value) else { return }
              // The first value after a quiet interval goes at once.
              scheduler.schedule(options: nil) { link.send(value) }
              open()
            },
            completion: { end in scheduler.schedule(options: nil) { link.finish(end) } }))
      }
    }
  }

  /// The downstream side of a stateful operator: values and one end handed on until the
  /// subscriber cancels, the upstream subscriptions it made cancelled with it. It asks its
  /// upstreams for every value (the subscribers an app attaches — `sink`, `values`, `assign` —
  /// ask for every value too).
  final class OperatorLink<Output, Failure: Error>: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var upstreams: [any Subscription] = []

    init<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
      downstream = AnySubscriber(subscriber)
      subscriber.receive(subscription: self)
    }

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
      let cancelled = lock.withLock { () -> [any Subscription] in
        downstream = nil
        defer { upstreams = [] }
        return upstreams
      }
      for upstream in cancelled { upstream.cancel() }
    }

    /// Keeps an upstream subscription, asking it for everything; cancels it at once when the
    /// subscriber has cancelled.
    func attach(_ subscription: any Subscription) {
      let live = lock.withLock { () -> Bool in
        if downstream != nil { upstreams.append(subscription) }
        return downstream != nil
      }
      if live { subscription.request(.unlimited) } else { subscription.cancel() }
    }

    func send(_ value: Output) {
      _ = lock.withLock { downstream }?.receive(value)
    }

    /// The one end: later ones (an inner publisher after a failure) are dropped.
    func finish(_ completion: Subscribers.Completion<Failure>) {
      let ending = lock.withLock { () -> AnySubscriber<Output, Failure>? in
        defer { downstream = nil }
        return downstream
      }
      ending?.receive(completion: completion)
    }
  }

  /// An operator's subscriber to one of its upstreams.
  final class OperatorInput<Input, Failure: Error>: Subscriber {
    let attach: (any Subscription) -> Void
    let value: (Input) -> Void
    let completion: (Subscribers.Completion<Failure>) -> Void

    init<O, F>(
      link: OperatorLink<O, F>, value: @escaping (Input) -> Void,
      completion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
      attach = { link.attach($0) }
      self.value = value
      self.completion = completion
    }

    func receive(subscription: any Subscription) { attach(subscription) }
    func receive(_ input: Input) -> Subscribers.Demand {
      value(input)
      return .none
    }
    func receive(completion: Subscribers.Completion<Failure>) { self.completion(completion) }
  }

  /// How many publishers a `flatMap` still listens to.
  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int
    init(_ count: Int) { self.count = count }
    func increment() { lock.withLock { count += 1 } }
    func decrement() -> Int {
      lock.withLock {
        count -= 1
        return count
      }
    }
  }

  /// A `debounce`'s newest value, numbered.
  final class Latest<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private var number = 0
    /// Keeps `next`; returns its number.
    func replace(with next: Value) -> Int {
      lock.withLock {
        value = next
        number += 1
        return number
      }
    }
    /// The value, if no newer one came since the one numbered `expected`.
    func take(ifStill expected: Int) -> Value? {
      lock.withLock {
        guard number == expected else { return nil }
        defer { value = nil }
        return value
      }
    }
    /// The value waiting, if any.
    func takeAny() -> Value? {
      lock.withLock {
        defer { value = nil }
        return value
      }
    }
  }

  /// A `throttle`'s interval: whether one is open, and the value kept in it.
  final class ThrottleWindow<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private let keepsLatest: Bool
    private var isOpen = false
    private var kept: Value?
    init(keepsLatest: Bool) { self.keepsLatest = keepsLatest }
    /// Takes a value: `true` when no interval is open (the value goes at once, and one
    /// opens); otherwise keeps it for the interval's end.
    func offer(_ value: Value) -> Bool {
      lock.withLock {
        guard isOpen else {
          isOpen = true
          return true
        }
        if keepsLatest || kept == nil { kept = value }
        return false
      }
    }
    /// The interval ends: the value kept in it, or `nil` (and no interval is open).
    func close() -> Value? {
      lock.withLock {
        defer { kept = nil }
        if kept == nil { isOpen = false }
        return kept
      }
    }
  }
#endif
