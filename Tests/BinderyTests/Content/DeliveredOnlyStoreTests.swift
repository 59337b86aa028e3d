import Bindery
import BinderyTesting
import Foundation
import Testing

/// A store without a loader (issue 67, item 2): its content is what the app delivers — a push
/// pipeline kept as it is.
@Suite("A store whose content the app delivers", .mainActorTurns)
@MainActor
struct DeliveredOnlyStoreTests {
  @Test func aKeyAskedForLoadsUntilTheAppDeliversIt() {
    let clock = VirtualClock()
    let photos = ContentStore<Int, String>(configuration: .init(clock: clock))
    var told: [Int] = []
    let observation = photos.observe { key, _ in told.append(key) }
    photos.request(1)
    photos.request(2)
    #expect(photos.state(for: 1).phase == .loading && photos.loadsInFlight == 0)
    clock.advance(by: .seconds(3_600))  // no timeout, no retry: the app decides
    #expect(photos.state(for: 1).phase == .loading && photos.state(for: 1).failure == nil)
    photos.deliver("photo 1", for: 1)
    #expect(photos.state(for: 1).content == "photo 1" && told == [1])
    #expect(photos.statistics.started == 0 && photos.statistics.delivered == 1)
    photos._checkInvariants()
    observation.cancel()
  }

  @Test func aKeyNobodyWantsAnyMoreWaitsNoLonger() {
    let photos = ContentStore<Int, String>()
    photos.request(3)
    photos.cancelRequest(3)
    #expect(photos.state(for: 3).phase == .notRequested)
    photos._checkInvariants()
    photos.request(3)
    #expect(photos.state(for: 3).phase == .loading)
    photos.deliver("photo 3", for: 3)  // delivered after coming back: shown
    #expect(photos.state(for: 3).content == "photo 3")
    // Content delivered for a key nobody asked for is kept for when someone does.
    photos.deliver("photo 4", for: 4)
    photos.request(4)
    #expect(photos.state(for: 4).content == "photo 4")
    photos._checkInvariants()
  }

  /// The first note's presenter pushes `(mateID, Data?)`: a `nil` is content — "no photo".
  @Test func aDeliveredNilIsContent() {
    let photos = ContentStore<Int, Data?>()
    photos.request(5)
    photos.deliver(nil, for: 5)
    guard case .loaded(let data) = photos.state(for: 5) else {
      Issue.record("a delivered nil is loaded content: \(photos.state(for: 5))")
      return
    }
    #expect(data == nil)
    photos._checkInvariants()
  }

  struct Offline: Error {}

  /// The app's pipeline says a key failed (issue 67, item 2): shown as a failure no retry can
  /// fix, since nothing could retry it, until the app delivers the key again.
  @Test func aFailureTheAppDeliversIsShownUntilItDeliversTheKey() {
    let clock = VirtualClock()
    let photos = ContentStore<Int, String>(configuration: .init(clock: clock))
    var told: [Int] = []
    let observation = photos.observe { key, _ in told.append(key) }
    photos.request(1)
    photos.deliverFailure(Offline(), for: 1)
    let failure = photos.state(for: 1).failure
    #expect(failure?.allowsRetry == false && told == [1])
    clock.advance(by: .seconds(3_600))  // nothing retries it
    #expect(photos.state(for: 1).phase == .failed && photos.statistics.started == 0)
    photos._checkInvariants()
    photos.deliver("photo 1", for: 1)
    #expect(photos.state(for: 1).content == "photo 1")
    // A failure replaces content the key had.
    photos.deliverFailure(Offline(), for: 1)
    #expect(photos.state(for: 1).phase == .failed && photos.state(for: 1).content == nil)
    photos._checkInvariants()
    // A failure of a key nobody wants is not kept, as a load's that no retry can fix is not.
    photos.deliverFailure(Offline(), for: 9)
    #expect(photos.state(for: 9).phase == .notRequested)
    photos._checkInvariants()
    observation.cancel()
  }

  /// In a store with a loader a delivered failure is a load's: the loader tries again after
  /// the backoff.
  @Test func aFailureDeliveredToAStoreWithALoaderIsRetried() async {
    let clock = VirtualClock()
    let loader = GatedLoader()
    defer { loader.openAll() }
    let photos = ContentStore<Int, String>(configuration: .init(clock: clock), loader: loader.load)
    photos.request(2)
    await eventually("the load to start") { loader.startedKeys == [2] }
    photos.deliverFailure(Offline(), for: 2)
    #expect(photos.state(for: 2).failure?.allowsRetry == true)
    clock.advance(by: .seconds(60))
    await eventually("the retry to start") { loader.startedKeys == [2, 2] }
    loader.open(2)
    await eventually("the retry's content") { photos.state(for: 2).content == "content 2" }
    photos._checkInvariants()
  }
}
