import Bindery
import BinderyTesting
import Foundation
import Testing

/// A 404, as a loader would say it.
struct Gone: ContentLoaderError {
  var allowsRetry: Bool { false }
}

@Suite("ContentStore: permanent failures, bounded bookkeeping, memory", .mainActorTurns)
@MainActor
struct ContentStoreBoundsTests {
  /// A configuration is one value the store keeps; what it cannot run with is read within
  /// bounds — at least one load at a time, a jitter within ±100% — rather than trapping.
  @Test func aConfigurationIsKeptAndReadWithinItsBounds() async throws {
    var configuration = ContentStore<Int, String>.Configuration(costLimit: 10, countLimit: 3)
    configuration.maximumConcurrentLoads = 0
    configuration.retry = RetryPolicy(backoff: .seconds(2), maximumBackoff: .seconds(5), jitter: 7)
    configuration.cost = { $0.count }
    let clock = VirtualClock()
    configuration.clock = clock
    let loader = GatedLoader()
    let store = ContentStore(configuration: configuration) { try await loader.load($0) }
    #expect(store.configuration.costLimit == 10)
    #expect(store.maximumConcurrentLoads == 1)
    #expect(store.retry.delay(afterFailures: 1) == .seconds(2))
    #expect(store.retry.delay(afterFailures: 2) == .seconds(4))
    #expect(store.retry.delay(afterFailures: 40) == .seconds(5), "capped, and no overflow")
    store.request(1)
    store.request(2)
    await eventually("one load at a time") { store.loadsInFlight == 1 }
    #expect(store.waitingKeys == [2])
    loader.open(1, failing: true)
    await eventually("the failure") { store.state(for: 1).failure != nil }
    // A jitter of 7 is read as 1: the retry comes within 0...4 s, never before now.
    let retryIn = try #require(store.state(for: 1).failure?.retryIn)
    #expect(retryIn >= .zero && retryIn <= .seconds(4))
  }

  @Test func aFailureNoRetryCanFixIsShownAndNotRetriedUntilInterestComesBack() async {
    let clock = VirtualClock()
    let loads = BodyCounter()
    let store = ContentStore<Int, String>(
      configuration: .init(retry: RetryPolicy(backoff: .seconds(1)), clock: clock)
    ) { key in
      loads.enter()
      defer { loads.exit() }
      if key == 1 { throw Gone() }
      throw PermanentLoadFailure(Offline())
    }
    var announcements: [Int: Int] = [:]
    let observation = store.observe { key, _ in announcements[key, default: 0] += 1 }
    store.request(1)
    store.request(2)
    await eventually("both failures") { store.statistics.failed == 2 }
    for key in [1, 2] {
      let failure = store.state(for: key).failure
      #expect(
        failure?.allowsRetry == false && failure?.retryIn == nil, "\(String(describing: failure))")
    }
    #expect(clock.sleeperCount == 0, "no retry is scheduled")
    clock.advance(by: .seconds(120))
    store.request(1)  // more interest changes nothing while it fails
    try? await Task.sleep(for: .milliseconds(10))
    #expect(store.statistics.started == 2 && store.statistics.retries == 0)
    #expect(announcements == [1: 1, 2: 1], "each cell is reconfigured once, for the failure")
    store._checkInvariants()
    // Interest ends and comes back: one fresh attempt.
    store.cancelRequest(1)
    store.cancelRequest(1)
    #expect(store.state(for: 1).failure == nil)
    store.request(1)
    await eventually("a fresh attempt") { store.statistics.failed == 3 }
    #expect(store.statistics.started == 3)
    observation.cancel()
    store._checkInvariants()
  }

  @Test func theFailuresOfKeysNobodyWantsAreBounded() async {
    let loader = CountingLoader { Thumbnail(key: $0) }
    let keys = 0..<(ContentStore<Int, Thumbnail>.forgottenFailureLimit + 200)
    loader.failing = Set(keys)
    let store = ContentStore<Int, Thumbnail>(
      configuration: .init(maximumConcurrentLoads: 50), loader: loader.load)
    for key in keys { store.request(key) }
    await eventually("every failure") { store.statistics.failed == keys.count }
    for key in keys { store.cancelRequest(key) }
    store._checkInvariants()
    // The newest are remembered for their backoff; the oldest 200 are forgotten.
    let remembered = keys.filter { store.state(for: $0).failure != nil }
    #expect(remembered == Array(200..<keys.upperBound))
  }

  @Test func anEvictedWantedKeyReportsItsOwnCost() async {
    let store = ContentStore<Int, String>(configuration: .init(costLimit: 10, cost: { $0.count })) {
      key in
      String(repeating: "x", count: key)
    }
    store.request(4)
    await eventually("4 cached") { store.cachedCount == 1 }
    store.request(8)  // both wanted: 4 goes to make room for 8
    await eventually("8 cached") { store.state(for: 8).content != nil }
    guard case .notCached(let cost, let limit) = store.state(for: 4).failure?.error else {
      Issue.record("expected notCached, got \(store.state(for: 4))")
      return
    }
    #expect(cost == 4 && limit == 10)
    store._checkInvariants()
  }

  @Test func arrivalStreamsFinishWhenTheStoreGoes() async {
    var store: ContentStore<Int, String>? = ContentStore { "content \($0)" }
    let stream = store?.arrivals()
    let ended = OneFlag()
    let reader = Task {
      if let stream { for await _ in stream {} }
      ended.set()
    }
    weak let released = store
    store = nil
    #expect(released == nil)
    await eventually("the stream to finish") { ended.isSet }
    reader.cancel()
  }

  @Test func anArrivalStreamKeepsOnlyTheNewestUnreadKeys() async {
    let loader = GatedLoader()  // no load ends: the evictions below are all that is announced
    let store = ContentStore<Int, String>(loader: loader.load)
    var arrivals = store.arrivals(bufferingNewest: 2).makeAsyncIterator()
    for key in 0..<5 {
      store.request(key)
      store.evict(key)  // announced at once
    }
    #expect(await arrivals.next() == 3)
    #expect(await arrivals.next() == 4)
    loader.openAll()
  }

  @Test func aPurgeShedsWhatNobodyWantsAndSparesWhatIsShown() async {
    let store = ContentStore<Int, String>(configuration: .init(cost: { _ in 10 })) {
      "content \($0)"
    }
    for key in 0..<10 { store.request(key) }
    await eventually("ten cached") { store.cachedCount == 10 }
    for key in 0..<7 { store.cancelRequest(key) }  // 7, 8 and 9 stay on screen
    store.purge(downToCost: 50)
    #expect(store.cachedCost == 50 && store.statistics.purged == 5)
    store.purge()
    #expect(store.cachedCount == 3 && store.statistics.purged == 7)
    #expect((7..<10).allSatisfy { store.state(for: $0).content != nil })
    store._checkInvariants()
    // What was purged loads again when it is wanted.
    store.request(0)
    await eventually("0 again") { store.state(for: 0).content != nil }
  }
}

/// A flag set once, read from the main actor.
final class OneFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
