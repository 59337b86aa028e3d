import Observation
import Testing

@testable import BinderyUIKit

/// A tracking's end serves one tracking after another, each by its number: the end of one
/// tracking is made once, and only that tracking's change handler hears it.
@Suite("A cell's tracking end")
@MainActor
struct TrackingEndTests {
  /// Whether a tracking through `end` has heard a change by the time a read returns.
  final class Heard: @unchecked Sendable {
    var count = 0
  }

  func track(through end: ObservedTrackingEnd, _ heard: Heard) {
    withObservationTracking {
      end.track()
    } onChange: {
      heard.count += 1
    }
  }

  @Test func eachTrackingEndsOnceAndTheNextGoesByTheNextNumber() {
    let end = ObservedTrackingEnd()
    let first = end.trackingUnderWay
    let heardFirst = Heard()
    track(through: end, heardFirst)
    #expect(end.isUnderWay(first))
    #expect(end.end(first))
    #expect(heardFirst.count == 1, "the tracking under way hears its end")
    #expect(!end.isUnderWay(first))
    // The end serves the next tracking; the first one's end, told again, ends nothing.
    let second = end.trackingUnderWay
    #expect(second != first)
    let heardSecond = Heard()
    track(through: end, heardSecond)
    #expect(!end.end(first), "an end told twice of one tracking ends it once")
    #expect(heardSecond.count == 0, "and leaves the next tracking registered")
    #expect(end.isUnderWay(second))
    #expect(end.end(second))
    #expect(heardSecond.count == 1)
    #expect(heardFirst.count == 1, "an ended tracking hears nothing more")
  }
}
