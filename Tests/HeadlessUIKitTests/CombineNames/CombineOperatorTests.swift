import Foundation
import HeadlessUIKit
import Testing

/// The publishers and operators an app's screen uses, as Combine runs them: use cases that
/// return `AnyPublisher`s made of `Just`, `Future`, `Deferred` and `Fail`, and view models that
/// `catch`, `replaceError`, `compactMap`, `flatMap`, `debounce`, `throttle` and `receive(on:)`
/// (UIKit rules §5.5).
@Suite("Combine's publishers and operators")
struct CombineOperatorTests {
  struct Offline: Error, Equatable {}

  /// What a subscription received, from any thread.
  final class Heard<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storedValues: [Value] = []
    private var storedEnd: String?
    var values: [Value] { lock.withLock { storedValues } }
    var end: String? { lock.withLock { storedEnd } }
    func value(_ value: Value) { lock.withLock { storedValues.append(value) } }
    func ended<E>(_ completion: Subscribers.Completion<E>) {
      lock.withLock {
        switch completion {
        case .finished: storedEnd = "finished"
        case .failure(let error): storedEnd = "failed: \(error)"
        }
      }
    }
  }

  func listen<P: Publisher>(_ publisher: P) -> (Heard<P.Output>, AnyCancellable)
  where P.Output: Sendable {
    let heard = Heard<P.Output>()
    let cancellable = publisher.sink(
      receiveCompletion: { heard.ended($0) }, receiveValue: { heard.value($0) })
    return (heard, cancellable)
  }

  @Test func justFailAndEmptyEndAtOnce() {
    let (just, a) = listen(Just(3))
    #expect(just.values == [3] && just.end == "finished")
    let (fail, b) = listen(Fail<Int, Offline>(error: Offline()))
    #expect(fail.values.isEmpty && fail.end == "failed: Offline()")
    let (empty, c) = listen(Empty<Int, Never>())
    #expect(empty.values.isEmpty && empty.end == "finished")
    let (never, d) = listen(Empty<Int, Never>(completeImmediately: false))
    #expect(never.end == nil)
    withExtendedLifetime((a, b, c, d)) {}
  }

  /// A use case as apps write one: a `Future` that runs at once, erased.
  @Test func aFutureRunsAtOnceAndEverySubscriberGetsItsOneResult() {
    var runs = 0
    var promise: Future<String, Offline>.Promise?
    let future = Future<String, Offline> { fulfil in
      runs += 1
      promise = fulfil
    }
    #expect(runs == 1, "made, not subscribed to: it ran")
    let erased: AnyPublisher<String, Offline> = future.eraseToAnyPublisher()
    let (early, a) = listen(erased)
    #expect(early.values.isEmpty && early.end == nil)
    promise?(.success("avatar"))
    promise?(.success("again"))  // a promise is kept once
    let (late, b) = listen(erased)
    #expect(early.values == ["avatar"] && early.end == "finished")
    #expect(late.values == ["avatar"] && late.end == "finished")
    #expect(runs == 1)
    withExtendedLifetime((a, b)) {}
  }

  @Test func deferredMakesAPublisherForEachSubscriber() {
    var made = 0
    let deferred = Deferred { () -> Just<Int> in
      made += 1
      return Just(made)
    }
    #expect(made == 0)
    let (first, a) = listen(deferred)
    let (second, b) = listen(deferred)
    #expect(first.values == [1] && second.values == [2] && made == 2)
    withExtendedLifetime((a, b)) {}
  }

  @Test func catchReplaceErrorAndCompactMapChangeWhatComes() {
    let subject = PassthroughSubject<String, Offline>()
    let (caught, a) = listen(subject.catch { _ in Just("cached") })
    let (replaced, b) = listen(subject.replaceError(with: "placeholder"))
    let (numbers, c) = listen(subject.compactMap { Int($0) })
    subject.send("1")
    subject.send("x")
    subject.send(completion: .failure(Offline()))
    #expect(caught.values == ["1", "x", "cached"] && caught.end == "finished")
    #expect(replaced.values == ["1", "x", "placeholder"] && replaced.end == "finished")
    #expect(numbers.values == [1] && numbers.end == "failed: Offline()")
    withExtendedLifetime((a, b, c)) {}
  }

  @Test func flatMapMergesTheInnerPublishersAndEndsWithTheLast() {
    let ids = PassthroughSubject<Int, Offline>()
    var lookups: [Int: PassthroughSubject<String, Offline>] = [:]
    let (names, a) = listen(
      ids.flatMap { id -> PassthroughSubject<String, Offline> in
        let lookup = PassthroughSubject<String, Offline>()
        lookups[id] = lookup
        return lookup
      })
    ids.send(1)
    ids.send(2)
    lookups[2]?.send("Bo")
    lookups[1]?.send("Ari")
    ids.send(completion: .finished)
    lookups[1]?.send(completion: .finished)
    #expect(names.values == ["Bo", "Ari"] && names.end == nil, "one lookup still open")
    lookups[2]?.send(completion: .finished)
    #expect(names.end == "finished")
    // A failure of any ends it.
    let (failing, b) = listen(
      Just(1).setFailureType(to: Offline.self).flatMap { _ in
        Fail<String, Offline>(error: Offline())
      })
    #expect(failing.end == "failed: Offline()")
    withExtendedLifetime((a, b)) {}
  }

  /// `receive(on: DispatchQueue.main)` hands a value sent on another thread to the main queue.
  @Test func receiveOnDeliversOnTheScheduler() async {
    let subject = PassthroughSubject<Int, Never>()
    let heard = Heard<Bool>()
    // On the main queue, whichever thread serves it (on Linux, dispatch's own threads do).
    let mainQueue = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: mainQueue, value: true)
    let cancellable = subject.receive(on: DispatchQueue.main).sink { _ in
      heard.value(DispatchQueue.getSpecific(key: mainQueue) == true)
    }
    let onRunLoop = Heard<Bool>()
    let mainRunLoop = subject.receive(on: RunLoop.main).sink { _ in
      onRunLoop.value(DispatchQueue.getSpecific(key: mainQueue) == true)
    }
    let immediate = Heard<Int>()
    let now = subject.receive(on: ImmediateScheduler.shared).sink { immediate.value($0) }
    // Combine's subjects may be sent to from any thread, though not marked Sendable.
    nonisolated(unsafe) let sender = subject
    await Task.detached { sender.send(1) }.value
    #expect(immediate.values == [1])
    while heard.values.isEmpty || onRunLoop.values.isEmpty { await Task.yield() }
    #expect(heard.values == [true] && onRunLoop.values == [true])
    withExtendedLifetime((cancellable, mainRunLoop, now)) {}
  }

  /// A scheduler whose time moves only when the test moves it: an app's own test scheduler,
  /// which the `Scheduler` protocol lets `debounce` and `throttle` run on.
  final class ManualScheduler: Scheduler, @unchecked Sendable {
    typealias SchedulerTimeType = SchedulerInstant
    typealias SchedulerOptions = Never
    private(set) var now = SchedulerInstant(nanoseconds: 0)
    var minimumTolerance: SchedulerStride { .nanoseconds(0) }
    private var due: [(time: SchedulerInstant, action: () -> Void)] = []

    func schedule(options: Never?, _ action: @escaping () -> Void) { action() }
    func schedule(
      after date: SchedulerInstant, tolerance: SchedulerStride, options: Never?,
      _ action: @escaping () -> Void
    ) { due.append((date, action)) }

    /// Moves the time on, running what falls due in order.
    func advance(by stride: SchedulerStride) {
      let end = now.advanced(by: stride)
      while let next = due.indices.filter({ due[$0].time <= end }).min(by: {
        due[$0].time < due[$1].time
      }) {
        let (time, action) = due.remove(at: next)
        now = time
        action()
      }
      now = end
    }
  }

  /// A search field: keystrokes debounced, and a stream of positions throttled.
  @Test func debounceSendsTheLastValueOfABurstAndThrottleOnePerInterval() {
    let scheduler = ManualScheduler()
    let typed = PassthroughSubject<String, Never>()
    let (query, a) = listen(typed.debounce(for: .milliseconds(300), scheduler: scheduler))
    typed.send("b")
    scheduler.advance(by: .milliseconds(100))
    typed.send("bo")
    scheduler.advance(by: .milliseconds(100))
    typed.send("bon")
    scheduler.advance(by: .milliseconds(299))
    #expect(query.values.isEmpty, "a newer keystroke restarts the wait")
    scheduler.advance(by: .milliseconds(1))
    #expect(query.values == ["bon"])

    let positions = PassthroughSubject<Int, Never>()
    let (throttled, b) = listen(
      positions.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true))
    for position in 1...5 { positions.send(position) }
    #expect(throttled.values == [1], "the first at once")
    scheduler.advance(by: .milliseconds(100))
    #expect(throttled.values == [1, 5], "the newest at the interval's end")
    scheduler.advance(by: .milliseconds(100))
    positions.send(6)
    #expect(throttled.values == [1, 5, 6], "after a quiet interval, at once again")
    withExtendedLifetime((a, b)) {}
  }

  /// A failing publisher's values throw its failure in a loop.
  @Test func aFailingPublishersValuesThrowItsFailure() async {
    let subject = CurrentValueSubject<Int, Offline>(1)
    var seen: [Int] = []
    do {
      for try await value in subject.values {
        seen.append(value)
        if value == 1 { subject.send(2) }
        if value == 2 { subject.send(completion: .failure(Offline())) }
      }
      Issue.record("the loop ended without the failure")
    } catch {
      #expect(error as? Offline == Offline())
    }
    #expect(seen == [1, 2])
  }
}
