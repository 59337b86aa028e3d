import Bindery
import BinderyTesting
import Foundation
import Testing

/// Content that a test can watch go away.
final class Thumbnail: Sendable {
  let key: Int
  init(key: Int) { self.key = key }
}

/// The error a failing load throws.
struct Offline: Error {}

@Suite("ContentStore: failures, limits and lifetimes", .mainActorTurns)
@MainActor
struct ContentStoreFailureTests {
  @Test func failuresAreAnnouncedAsTheyHappen() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(loader: loader.load)
    var events: [(Int, String)] = []
    let observation = store.observe { key, state in
      events.append((key, state.content ?? state.failure.map { "\($0.error)" } ?? "?"))
    }
    store.request(1)
    store.request(2)
    loader.open(1, failing: true)
    loader.open(2)
    await eventually("both outcomes") { events.count == 2 }
    #expect(Set(events.map(\.0)) == [1, 2])
    #expect(events.first { $0.0 == 1 }?.1.hasPrefix("The loader failed") == true)
    #expect(events.first { $0.0 == 2 }?.1 == "content 2")
    observation.cancel()
    store._checkInvariants()
  }

  @Test func retriesRunByThemselvesWhileWantedAndStopWhenInterestEnds() async {
    let clock = VirtualClock()
    let loader = CountingLoader { Thumbnail(key: $0) }
    loader.failing = [1, 2]
    let store = ContentStore<Int, Thumbnail>(
      configuration: .init(
        retry: RetryPolicy(backoff: .seconds(1), maximumBackoff: .seconds(3), jitter: 0),
        clock: clock), loader: loader.load)
    store.request(1)
    store.request(2)
    await eventually("the first failures") { store.statistics.failed == 2 }
    store.cancelRequest(2)  // nobody wants 2 any more
    #expect(store.state(for: 2).failure?.retryIn == nil)
    #expect(store.state(for: 1).failure?.retryIn == .seconds(1))
    store._checkInvariants()
    // Backoffs of 1, 2, 3 (the cap) and 3 seconds: retries at 1, 3, 6 and 9 s.
    for (attempt, due) in [1, 3, 6, 9].enumerated() {
      clock.advance(to: .init(offset: .seconds(due) - .milliseconds(1)))
      try? await Task.sleep(for: .milliseconds(5))
      #expect(loader.loads(of: 1) == attempt + 1, "no retry before \(due) s")
      clock.advance(to: .init(offset: .seconds(due)))
      await eventually("the retry at \(due) s") {
        store.state(for: 1).failure?.attempts == attempt + 2
      }
      store._checkInvariants()
    }
    #expect(loader.loads(of: 1) == 5)
    #expect(loader.loads(of: 2) == 1, "no retry once nobody wants it")
    #expect(store.statistics.retries == 4)
    // Now it loads: the next retry delivers, and nothing more is scheduled.
    loader.failing = []
    clock.advance(by: .seconds(3))
    await eventually("the content") { store.state(for: 1).content != nil }
    #expect(clock.sleeperCount == 0, "the watchdog rests")
    store.cancelRequest(1)
    store._checkInvariants()
  }

  @Test func aRetryWhoseResultIsNotTakenYetIsNotStartedAgain() async {
    // Found by the soak test under the thread sanitizer: a load ends on the pool while the
    // main actor is busy; until the main actor takes its result, the key is still in flight,
    // and requests for it must not start another load.
    let clock = VirtualClock()
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(
      configuration: .init(retry: RetryPolicy(backoff: .seconds(1), jitter: 0), clock: clock),
      loader: loader.load)
    store.request(1)
    loader.open(1, failing: true)
    await eventually("the failure") { store.statistics.failed == 1 }
    clock.advance(by: .seconds(1))
    await eventually("the retry to start") { loader.startedKeys == [1, 1] }
    loader.open(1)  // the retry ends now, on the pool, while the main actor is busy below
    let busyUntil = ContinuousClock.now + .milliseconds(30)
    while ContinuousClock.now < busyUntil {
      store.request(1)
      store.cancelRequest(1)
    }
    await eventually("the content") { store.state(for: 1).content != nil }
    #expect(loader.startedKeys == [1, 1])
    #expect(store.statistics.retries == 1)
    store._checkInvariants()
  }

  @Test func contentTheCacheRefusesIsDeliveredOnceAndNeverLoadedInALoop() async {
    let loader = CountingLoader { Thumbnail(key: $0) }
    let store = ContentStore<Int, Thumbnail>(
      configuration: .init(costLimit: 0), loader: loader.load)
    var delivered: [Int] = []
    let observation = store.observe { key, state in
      if state.content != nil { delivered.append(key) }
      // A cell provider reading the state and asking again, as a reconfigured cell does.
      store.request(key)
      store.cancelRequest(key)
    }
    for key in 0..<10 { store.request(key) }
    await eventually("ten outcomes") { store.statistics.notCached == 10 }
    try? await Task.sleep(for: .milliseconds(30))
    #expect(loader.total == 10, "one load per request")
    #expect(delivered.sorted() == Array(0..<10), "each delivered once")
    guard case .notCached(let cost, let limit) = store.state(for: 3).failure?.error else {
      Issue.record("expected notCached, got \(store.state(for: 3))")
      return
    }
    #expect(cost == 1 && limit == 0)
    store.request(3)  // still wanted: no reload
    #expect(loader.loads(of: 3) == 1)
    // Once nobody wants it, a later request loads it again, once.
    store.cancelRequest(3)
    store.cancelRequest(3)
    store.request(3)
    await eventually("the second load") { loader.loads(of: 3) == 2 }
    observation.cancel()
    store._checkInvariants()
  }

  @Test func contentCostlierThanTheLimitIsNotKeptAndNotLooped() async {
    let loader = CountingLoader { Thumbnail(key: $0) }
    let store = ContentStore<Int, Thumbnail>(
      configuration: .init(costLimit: 100, cost: { $0.key == 7 ? 500 : 10 }), loader: loader.load)
    for key in 0..<9 { store.request(key) }
    await eventually("nine outcomes") {
      store.statistics.completed == 9
    }
    try? await Task.sleep(for: .milliseconds(20))
    #expect(loader.loads(of: 7) == 1)
    #expect(store.cachedCount == 8)
    #expect(store.cachedCost == 80)
    #expect(store.statistics.evicted == 0, "nothing was evicted to make room for it")
    store._checkInvariants()
  }

  @Test func evictedContentIsReleasedAtOnce() async {
    let loader = CountingLoader { Thumbnail(key: $0) }
    let store = ContentStore<Int, Thumbnail>(
      configuration: .init(countLimit: 2), loader: loader.load)
    store.request(1)
    await eventually("the first") { store.state(for: 1).content != nil }
    weak let first = store.state(for: 1).content
    #expect(first != nil)
    store.request(2)
    await eventually("the second") { store.state(for: 2).content != nil }
    weak let second = store.state(for: 2).content
    // Both were read since the clock's hand last passed: it clears both and evicts the first.
    store.request(3)
    await eventually("the third") { store.statistics.completed == 3 }
    #expect(store.cachedCount == 2)
    #expect(first == nil, "evicted content is not kept")
    store.evict(2)
    #expect(second == nil, "evict(_:) drops the content at once")
    store._checkInvariants()
  }

  @Test func aRaisedKeyStartsInRequestOrderAtItsNewPriority() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 1), loader: loader.load)
    store.request(0)  // takes the one slot
    store.request(1, priority: .prefetch)
    store.request(2, priority: .visible)
    store.request(3, priority: .prefetch)
    store.request(4, priority: .visible)
    store.request(1, priority: .visible)  // raised: it is wanted visibly only now
    store._checkInvariants()
    let expected = store.waitingKeys
    #expect(expected == [2, 4, 1, 3])
    for key in [0] + expected {
      await eventually("load \(key) to start") { loader.startedKeys.last == key }
      loader.open(key)
    }
    await eventually("all loaded") { store.cachedCount == 5 }
    #expect(loader.startedKeys == [0] + expected, "start order is the waiting order")
    store._checkInvariants()
  }

  @Test func randomRequestsKeepTheInvariants() async {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let loader = CountingLoader { Thumbnail(key: $0) }
    loader.failing = Set((0..<40).filter { $0 % 7 == 0 })
    let store = ContentStore<Int, Thumbnail>(
      configuration: .init(
        costLimit: 25, cost: { 1 + $0.key % 5 }, countLimit: 8, maximumConcurrentLoads: 3),
      loader: loader.load)
    var held: [Int] = []
    for step in 0..<2_000 {
      if held.isEmpty || Bool.random(using: &random) {
        let key = Int.random(in: 0..<40, using: &random)
        store.request(key, priority: Bool.random(using: &random) ? .visible : .prefetch)
        held.append(key)
      } else {
        store.cancelRequest(held.remove(at: Int.random(in: 0..<held.count, using: &random)))
      }
      if step % 50 == 0 { await Task.yield() }
      _ = store.state(for: Int.random(in: 0..<40, using: &random))
      store._checkInvariants()
    }
    for key in held { store.cancelRequest(key) }
    await eventually("every load to end (seed \(seed))") { store.loadsInFlight == 0 }
    #expect(store.interestedKeyCount == 0)
    store._checkInvariants()
  }
}

@Suite("ContentStore: a cache too small for the screen", .mainActorTurns)
@MainActor
struct ContentStoreWantedEvictionTests {
  @Test func wantedContentIsEvictedLastAndThenNotReloaded() async {
    let loader = CountingLoader { Thumbnail(key: $0) }
    let store = ContentStore<Int, Thumbnail>(
      configuration: .init(countLimit: 3), loader: loader.load)
    var announced: [Int: String] = [:]
    let observation = store.observe { key, state in
      announced[key] = state.content != nil ? "loaded" : state.failure.map { "\($0.error)" }
    }
    for key in 0..<3 { store.request(key) }
    await eventually("three cached") { store.cachedCount == 3 }
    store.cancelRequest(1)  // 1 scrolled away
    store.request(3)
    await eventually("the fourth") { store.statistics.completed == 4 }
    #expect(store.state(for: 1).content == nil, "the unwanted one went first")
    #expect([0, 2, 3].allSatisfy { store.state(for: $0).content != nil })
    // Every key is now wanted: the next one evicts a wanted one, which is not reloaded.
    store.request(4)
    await eventually("the fifth") { store.statistics.completed == 5 }
    try? await Task.sleep(for: .milliseconds(20))
    let lost = [0, 2, 3].filter { store.state(for: $0).content == nil }
    #expect(lost.count == 1)
    #expect(lost.allSatisfy { announced[$0]?.contains("could not be kept") == true })
    #expect(loader.total == 5, "no reload loop")
    #expect(store.cachedCount == 3)
    observation.cancel()
    store._checkInvariants()
  }
}
