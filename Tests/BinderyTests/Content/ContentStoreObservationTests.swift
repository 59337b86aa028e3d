import Bindery
import BinderyTesting
import Foundation
import Observation
import Synchronization
import Testing

/// How many times a tracked read was invalidated.
final class Invalidations: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func note() { count.withLock { $0 += 1 } }
}

/// `state(for:)` is observable per key: a tracked read watches its key only.
@Suite("ContentStore under Observation", .mainActorTurns)
@MainActor
struct ContentStoreObservationTests {
  /// Reads `keys`' states inside `withObservationTracking`; the returned counter counts the
  /// (one-shot) invalidation.
  func track(_ store: ContentStore<Int, String>, _ keys: [Int]) -> Invalidations {
    let invalidations = Invalidations()
    withObservationTracking {
      for key in keys { _ = store.state(for: key) }
    } onChange: {
      invalidations.note()
    }
    return invalidations
  }

  @Test func anArrivalInvalidatesOnlyTheReadersOfItsKey() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(loader: loader.load)
    store.request(1)
    store.request(2)
    let readsOne = track(store, [1])
    let readsTwo = track(store, [2])
    loader.open(2)
    await eventually("key 2 loaded") { store.state(for: 2).content != nil }
    #expect(readsTwo.value == 1)
    #expect(readsOne.value == 0, "another key's arrival changes nothing for key 1's reader")
    loader.open(1)
    await eventually("key 1's reader invalidated") { readsOne.value == 1 }
    #expect(store.state(for: 1).content == "content 1", "what the reader reads again")
  }

  @Test func aFailureARetryAndAnEvictionWhileWantedInvalidateTheReader() async {
    let loader = GatedLoader()
    let clock = VirtualClock()
    let store = ContentStore<Int, String>(
      configuration: .init(retry: .init(backoff: .seconds(1), jitter: 0), clock: clock),
      loader: loader.load)
    store.request(1)
    var reader = track(store, [1])
    loader.open(1, failing: true)
    await eventually("the failure invalidates") { reader.value == 1 }
    #expect(store.state(for: 1).failure != nil)

    reader = track(store, [1])
    await eventually("the watchdog waits for the retry") { clock.sleeperCount > 0 }
    clock.advance(by: .seconds(1))
    await eventually("the retry starting invalidates") { reader.value == 1 }
    guard case .loading = store.state(for: 1) else {
      Issue.record("expected the retry loading, got \(store.state(for: 1))")
      return
    }

    reader = track(store, [1])
    loader.open(1)
    await eventually("the content invalidates") { reader.value == 1 }

    reader = track(store, [1])
    store.evict(1)  // still wanted: loads again at once
    #expect(reader.value == 1, "an eviction while wanted is a change at once")
    loader.open(1)
    await eventually("reloaded") { store.state(for: 1).content != nil }
  }

  /// Cached content keeps the key path its readers registered with, for a read in one lookup,
  /// while the store's own table of key paths is bounded: past its limit it lets the paths of
  /// keys it does not cache go. A reader of cached content is still told of its key, and one of
  /// a key whose path was let go is told by a path made anew (key paths compare by value).
  @Test func readersAreToldOfTheirKeysAfterTheStoreLetsKeyPathsGo() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(
      configuration: .init(countLimit: 10), loader: loader.load)
    for key in 0..<3 {
      store.request(key)
      loader.open(key)
    }
    await eventually("three keys cached") { store.cachedCount == 3 }
    _ = track(store, [0, 1, 2])  // their paths are kept with their content now
    store.request(-1)
    let readsUncached = track(store, [-1])
    // More keys read than the store keeps paths for (4,096 at least): it lets paths go.
    for key in 100..<5_000 { _ = store.state(for: key) }
    store._checkInvariants()

    let readsCached = track(store, [1])
    store.evict(1)  // still wanted: a change at once
    #expect(readsCached.value == 1, "the cached key's reader is told")
    loader.open(-1)
    await eventually("the uncached key's reader is told") { readsUncached.value == 1 }
    loader.open(1)
    await eventually("reloaded") { store.state(for: 1).content != nil }
    store._checkInvariants()
  }

  /// A request made by the reader itself (a cell requesting what it shows) changes nothing it
  /// would be told of: no invalidation loop.
  @Test func aRequestDoesNotInvalidateItsReader() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(loader: loader.load)
    let reader = track(store, [1])
    store.request(1)
    store.request(1, priority: .prefetch)
    store.cancelRequest(1)
    await eventually("the load starts") { loader.startedKeys.contains(1) }
    #expect(reader.value == 0)
    loader.open(1)
    await eventually("the content invalidates") { reader.value == 1 }
  }

  /// Reading a state outside any tracking, and announcing to nobody, costs nothing observable:
  /// the store's own observers still hear every event.
  @Test func theStoresOwnObserversStillHearEveryEvent() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(loader: loader.load)
    var heard: [Int] = []
    let observation = store.observe { key, _ in heard.append(key) }
    store.request(1)
    store.request(2)
    loader.open(1)
    loader.open(2)
    await eventually("both heard") { Set(heard) == [1, 2] }
    observation.cancel()
  }
}
