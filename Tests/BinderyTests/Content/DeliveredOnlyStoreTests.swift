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
}
