import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A bound store's time stands still while the app is in the background, from UIKit's own
/// notifications (issue 66, item 10).
@Suite("A bound store's time in the background", .mainActorTurns)
@MainActor
struct BackgroundTimeTests {
  @Test func leavingTheAppStopsTheTimeAndComingBackLetsItGoOn() async {
    let clock = VirtualClock()
    let loader = GatedLoader()
    defer { loader.openAll() }
    let center = NotificationCenter()
    let avatars = ContentStore<Int, String>(
      configuration: .init(timeout: .seconds(10), clock: clock), loader: loader.load)
    avatars.pausesTimeInBackground(from: center)
    avatars.pausesTimeInBackground(from: center)  // again: one observer
    avatars.request(1)
    await eventually("the load started") { loader.startedKeys == [1] }
    UIApplication.simulateLeaving(toBackground: true, in: center)
    await eventually("the time paused") { avatars.isTimePaused }
    clock.advance(by: .seconds(120))
    #expect(avatars.time.elapsed() == .zero, "stood still while away")
    UIApplication.simulateLeaving(toBackground: false, in: center)
    await eventually("the time going on") { !avatars.isTimePaused }
    clock.advance(by: .seconds(3))
    #expect(avatars.time.elapsed() == .seconds(3))
    loader.open(1)
    await eventually("the content") { avatars.state(for: 1).content != nil }
    #expect(avatars.statistics.timedOut == 0)
  }
}
