import Bindery
import BinderyTesting
import Foundation
import Testing

/// Content the app delivers itself (issue 67): what a push pipeline emits is kept and shown as
/// loaded content, and wins over a load of the same key.
@Suite("ContentStore: content the app delivers", .mainActorTurns)
@MainActor
struct ContentStoreDeliveryTests {
  @Test func deliveredContentIsShownAndCachedAsLoadedContentIs() {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(loader: loader.load)
    var heard: [(Int, String?)] = []
    let observation = store.observe { key, state in heard.append((key, state.content)) }
    store.deliver("pushed 1", for: 1)
    #expect(store.state(for: 1).content == "pushed 1")
    #expect(heard.map(\.0) == [1] && heard.first?.1 == "pushed 1", "told as an arrival")
    store.request(1)
    #expect(loader.startedKeys.isEmpty, "cached: nothing to load")
    #expect(store.statistics.delivered == 1 && store.statistics.completed == 0)
    store._checkInvariants()
    observation.cancel()
  }

  @Test func aLoadUnderWayIsTakenBackAndTheAppsContentWins() async {
    let loader = GatedLoader()
    let store = ContentStore<Int, String>(loader: loader.load)
    store.request(1)
    await eventually("the load to start") { loader.startedKeys == [1] }
    store.deliver("pushed 1", for: 1)
    #expect(store.state(for: 1).content == "pushed 1")
    await eventually("the load to be cancelled") { loader.cancelledKeys == [1] }
    await eventually("the store to take the cancellation in") { store.loadsInFlight == 0 }
    #expect(store.state(for: 1).content == "pushed 1", "the cancelled load changes nothing")
    #expect(store.statistics.cancelled == 1)
    store._checkInvariants()
    loader.openAll()
  }

  @Test func aFailureIsForgottenWithItsRetry() async {
    let clock = VirtualClock()
    let loader = CountingLoader { "loaded \($0)" }
    loader.failing = [1]
    let store = ContentStore<Int, String>(
      configuration: .init(retry: RetryPolicy(backoff: .seconds(1), jitter: 0), clock: clock),
      loader: loader.load)
    store.request(1)
    await eventually("the failure") { store.statistics.failed == 1 }
    store.deliver("pushed 1", for: 1)
    #expect(store.state(for: 1).content == "pushed 1" && store.state(for: 1).failure == nil)
    clock.advance(to: .init(offset: .seconds(5)))
    try? await Task.sleep(for: .milliseconds(5))
    #expect(loader.loads(of: 1) == 1, "no retry: the content is there")
    store._checkInvariants()
  }
}
