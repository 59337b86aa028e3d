import Bindery
import BinderyTesting
import Foundation
import Testing

@Suite("ContentStore", .mainActorTurns)
@MainActor
struct ContentStoreTests {
  @Test func aHundredRequestsForOneKeyAreOneLoad() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(loader: loader.load)
    for _ in 0..<100 { store.request(1) }
    #expect(store.interest(in: 1) == 100)
    guard case .loading = store.state(for: 1) else {
      Issue.record("expected loading")
      return
    }
    loader.open(1)
    await eventually("the content") { store.state(for: 1).content != nil }
    #expect(store.state(for: 1).content == "content 1")
    #expect(loader.startedKeys == [1])
    #expect(store.statistics.started == 1)
  }

  @Test func aLoadIsCancelledOnlyWhenNobodyWantsIt() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(loader: loader.load)
    store.request(1)
    store.request(1)
    await eventually("the load to start") { loader.startedKeys == [1] }
    store.cancelRequest(1)
    try? await Task.sleep(for: .milliseconds(10))
    #expect(loader.cancelledKeys.isEmpty)
    store.cancelRequest(1)
    await eventually("the loader to see the cancellation") { loader.cancelledKeys == [1] }
    guard case .notRequested = store.state(for: 1) else {
      Issue.record("expected notRequested, got \(store.state(for: 1))")
      return
    }
    #expect(store.statistics.cancelled == 1)
  }

  @Test func waitingKeysStartByPriorityThenOrder() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 1), loader: loader.load)
    store.request(1, priority: .prefetch)  // runs at once: the slot is free
    store.request(2, priority: .prefetch)
    store.request(3, priority: .visible)
    store.request(4, priority: .prefetch)
    store.request(4, priority: .visible)  // raised while it waits
    #expect(store.waitingKeys == [3, 4, 2])
    for key in [1, 3, 4, 2] {
      await eventually("load \(key) to start") { loader.startedKeys.last == key }
      #expect(store.loadsInFlight == 1)
      loader.open(key)
    }
    await eventually("all loaded") { store.cachedCount == 4 }
    #expect(loader.startedKeys == [1, 3, 4, 2])
    #expect(store.statistics.peakConcurrentLoads == 1)
  }

  @Test func theCacheEvictsWhatWasWantedLeastRecently() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(
      configuration: .init(costLimit: 20, cost: { _ in 8 }), loader: loader.load)
    // One after the other: the clock's order is the order content arrives in.
    for key in 1...2 {
      store.request(key)
      loader.open(key)
      await eventually("\(key) loaded") { store.cachedCount == key }
    }
    store.cancelRequest(1)  // 1 scrolls away first, then 2
    store.cancelRequest(2)
    store.request(3)  // on screen: room is made for it
    loader.open(3)
    await eventually("the third") { store.state(for: 3).content != nil }
    guard case .notRequested = store.state(for: 1) else {
      Issue.record("1 should have been evicted")
      return
    }
    #expect(store.state(for: 2).content != nil)
    store.request(4)
    loader.open(4)
    await eventually("the fourth") { store.state(for: 4).content != nil }
    #expect(store.state(for: 2).content == nil, "then 2, the next least recently wanted")
    #expect(store.state(for: 3).content != nil, "3 is still wanted")
    #expect(store.cachedCost == 16)
    #expect(store.statistics.evicted == 2)
    store._checkInvariants()
  }

  @Test func aFailureIsKeptAndRetriedAfterTheBackoff() async {
    let clock = VirtualClock()
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(
      configuration: .init(retry: RetryPolicy(backoff: .seconds(2)), clock: clock),
      loader: loader.load)
    store.request(1)
    loader.open(1, failing: true)
    await eventually("the failure") {
      if case .failed = store.state(for: 1) { true } else { false }
    }
    guard case .failed(let failure) = store.state(for: 1),
      case .loaderFailed(let error) = failure.error
    else {
      Issue.record("expected the loader's error")
      return
    }
    #expect(error is GatedLoader.Failure)
    #expect(failure.attempts == 1)
    // Two seconds, ±20%: the store retries by itself while the key is wanted.
    let retryIn = failure.retryIn ?? .zero
    #expect(retryIn >= .milliseconds(1_600) && retryIn <= .milliseconds(2_400))
    store.request(1)  // within the backoff: no new load
    #expect(loader.startedKeys == [1])
    clock.advance(by: .milliseconds(1_599))
    try? await Task.sleep(for: .milliseconds(20))
    #expect(loader.startedKeys == [1])
    clock.advance(by: .milliseconds(801))
    await eventually("the retry") { loader.startedKeys == [1, 1] }
    #expect(store.statistics.retries == 1)
    loader.open(1)
    await eventually("the content") { store.state(for: 1).content != nil }
    #expect(store.statistics.failed == 1 && store.statistics.completed == 1)
  }

  @Test func aLoaderThatHangsIsBoundedByTheTimeoutAndWrittenOffAfterAnother() async {
    let clock = VirtualClock()
    let loader = GatedLoader()
    loader.ignoresCancellation = true
    let store = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 1, timeout: .seconds(5), clock: clock),
      loader: loader.load)
    store.request(1)
    store.request(2)
    await eventually("the timer to be set") { clock.sleeperCount == 1 }
    clock.advance(by: .seconds(5))
    await eventually("the timeout") {
      if case .timedOut = store.state(for: 1).failure?.error { true } else { false }
    }
    // The load failed at once, but its loader still runs: it keeps the slot.
    #expect(store.abandonedLoads == 1)
    #expect(loader.startedKeys == [1])
    await eventually("the write-off timer") { clock.sleeperCount == 1 }
    clock.advance(by: .seconds(5))
    // A whole timeout later the loader is written off and the slot goes to the next key.
    await eventually("the next load") { loader.startedKeys == [1, 2] }
    #expect(store.statistics.timedOut == 1 && store.statistics.writtenOff == 1)
    #expect(store.abandonedLoads == 0)
    store._checkInvariants()
    loader.openAll()
  }

  @Test func aLoaderThatReturnsAfterItsLoadWasTakenBackHoldsItsSlotUntilThen() async {
    let loader = GatedLoader()
    loader.ignoresCancellation = true
    let store = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 1), loader: loader.load)
    store.request(1)
    await eventually("load 1 to start") { loader.startedKeys == [1] }
    store.cancelRequest(1)  // ended for the store, but its loader still runs
    store.request(2)
    store.request(3)
    #expect(store.state(for: 1).content == nil && store.abandonedLoads == 1)
    store._checkInvariants()
    loader.open(1)  // the loader of the load taken back returns late: 2 takes its slot
    await eventually("load 2 to start") { loader.startedKeys == [1, 2] }
    #expect(store.loadsInFlight == 1 && store.abandonedLoads == 0)
    loader.open(2)
    loader.open(3)
    await eventually("2 and 3 loaded") { store.cachedCount == 2 }
    #expect(store.state(for: 1).content == nil, "the late result was dropped")
    #expect(loader.startedKeys == [1, 2, 3])
    #expect(store.statistics.peakConcurrentLoads == 1)
    #expect(store.statistics.completed == 2 && store.statistics.cancelled == 1)
    store._checkInvariants()
  }

  @Test func theLimitBoundsLoaderBodiesThatIgnoreCancellation() async {
    let bodies = BodyCounter()
    let gates = GatedLoader()
    gates.ignoresCancellation = true  // a decoder, a third-party SDK
    let store = ContentStore<Int, String>(configuration: .init(maximumConcurrentLoads: 2)) { key in
      bodies.enter()
      defer { bodies.exit() }
      return try await gates.load(key)
    }
    // Five rounds of ten requests, all withdrawn at once while their loaders still run.
    for round in 0..<5 {
      let keys = (round * 10)..<(round * 10 + 10)
      for key in keys { store.request(key, priority: .prefetch) }
      if round == 0 { await eventually("two loads") { bodies.running == 2 } }
      for key in keys { store.cancelRequest(key) }
      store._checkInvariants()
    }
    #expect(bodies.running == 2 && bodies.peak == 2)
    // The two run side by side: either may reach its loader first.
    #expect(gates.startedKeys.sorted() == [0, 1])
    // Once the two bodies return, a new request runs at once.
    store.request(100)
    gates.open(0)
    gates.open(1)
    await eventually("the next load") { gates.startedKeys.contains(100) }
    gates.open(100)
    await eventually("its content") { store.state(for: 100).content != nil }
    #expect(bodies.peak == 2 && store.statistics.peakConcurrentLoads == 2)
    #expect(store.abandonedLoads == 0)
    store._checkInvariants()
  }

  @Test func arrivalsAreAnnounced() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(loader: loader.load)
    var arrivals = store.arrivals().makeAsyncIterator()
    store.request(7)
    store.request(8)
    loader.open(8)
    loader.open(7)
    var seen: Set<Int> = []
    while seen.count < 2, let key = await arrivals.next() { seen.insert(key) }
    #expect(seen == [7, 8])
  }
}

/// Counts the loader bodies running at once.
final class BodyCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var now = 0
  private var most = 0

  var running: Int { lock.withLock { now } }
  var peak: Int { lock.withLock { most } }

  func enter() {
    lock.withLock {
      now += 1
      most = max(most, now)
    }
  }

  func exit() { lock.withLock { now -= 1 } }
}
