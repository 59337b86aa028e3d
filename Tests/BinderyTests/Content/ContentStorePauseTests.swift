import Bindery
import BinderyTesting
import Foundation
import Testing

/// A store's time stands still while the app is away (issue 66, item 10): a load under way when
/// the app is suspended is timed out by the time it ran, not by the time the app was away.
@Suite("A store's time paused while the app is away", .mainActorTurns)
@MainActor
struct ContentStorePauseTests {
  func store(_ clock: VirtualClock, _ loader: GatedLoader) -> ContentStore<Int, String> {
    ContentStore(configuration: .init(timeout: .seconds(10), clock: clock), loader: loader.load)
  }

  /// The control: a minute away with the time running times the load out.
  @Test func withoutAPauseAMinuteAwayTimesTheLoadOut() async {
    let clock = VirtualClock()
    let loader = GatedLoader()
    defer { loader.openAll() }
    let avatars = store(clock, loader)
    avatars.request(1)
    await eventually("the load started") { loader.startedKeys == [1] }
    clock.advance(by: .seconds(60))
    await eventually("timed out") { avatars.statistics.timedOut == 1 }
  }

  @Test func aLoadUnderWayIsNotTimedOutForTheTimeAway() async {
    let clock = VirtualClock()
    let loader = GatedLoader()
    defer { loader.openAll() }
    let avatars = store(clock, loader)
    avatars.request(1)
    await eventually("the load started") { loader.startedKeys == [1] }
    clock.advance(by: .seconds(4))
    avatars.pauseTime()
    avatars.pauseTime()  // again: nothing more
    #expect(avatars.isTimePaused)
    clock.advance(by: .seconds(60))  // a minute away: the watchdog wakes, and finds nothing due
    #expect(avatars.time.elapsed() == .seconds(4), "the time stood still")
    avatars.resumeTime()
    #expect(!avatars.isTimePaused)
    #expect(avatars.time.elapsed() == .seconds(4), "and goes on from there")
    clock.advance(by: .seconds(5))
    loader.open(1)  // the load ends 9 s into its 10
    await eventually("the content") { avatars.state(for: 1).content != nil }
    #expect(avatars.statistics.timedOut == 0)
  }

  @Test func aLoadStillRunningTimesOutByTheTimeItRan() async {
    let clock = VirtualClock()
    let loader = GatedLoader()
    defer { loader.openAll() }
    let avatars = store(clock, loader)
    avatars.request(1)
    await eventually("the load started") { loader.startedKeys == [1] }
    avatars.pauseTime()
    clock.advance(by: .seconds(60))
    avatars.resumeTime()
    clock.advance(by: .seconds(10))
    await eventually("timed out after 10 s of the app's time") {
      avatars.statistics.timedOut == 1
    }
  }
}
