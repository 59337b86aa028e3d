import Foundation
import HeadlessUIKit
import Testing

/// Scrolls the code animates take their time on the window's clock (UIKit rules §7.5): the
/// content passes through the offsets in between, frame by frame, laying rows out and telling
/// the delegate as it goes, and the delegate hears the end.
@MainActor
@Suite("Animated scrolls")
struct AnimatedScrollTests {
  /// Hears a scroll view's delegate calls, in order.
  final class ScrollEvents: HeadlessTableViewDelegate {
    var offsets: [CGFloat] = []
    var ends = 0
    /// Runs inside each `scrollViewDidScroll(_:)`.
    var duringScroll: ((HeadlessScrollView) -> Void)?

    func scrollViewDidScroll(_ scrollView: HeadlessScrollView) {
      offsets.append(scrollView.contentOffset.y)
      duringScroll?(scrollView)
    }

    func scrollViewDidEndScrollingAnimation(_ scrollView: HeadlessScrollView) { ends += 1 }
  }

  /// A table of 44-point rows on screen, its clock in the test's hand, its delegate recording.
  private func table(rows: Int = 200) -> (
    HeadlessTableView, RowsDataSource, ScrollEvents, HeadlessAnimationClock
  ) {
    let (table, source) = makeTable(rows: rows, onScreen: false)
    let events = ScrollEvents()
    KeepAlive.objects.append(events)
    table.delegate = events
    let clock = HeadlessWindow.show(table).animationClock
    clock.mode = .manual
    return (table, source, events, clock)
  }

  @Test func theContentPassesThroughTheOffsetsBetweenAndTheDelegateHearsTheEnd() {
    let (table, source, events, clock) = table()
    let start = table.contentOffset.y
    let target = start + 3_000
    table.setContentOffset(CGPoint(x: 0, y: target), animated: true)
    #expect(table.contentOffset.y == start, "nothing moves inside the call")
    #expect(table.isScrollAnimating && events.offsets.isEmpty)

    clock.advance(by: .milliseconds(150))
    let halfway = table.contentOffset.y
    #expect(abs(halfway - (start + 1_500)) <= 3_000 / 18, "at a constant rate: about halfway")
    #expect(events.offsets.count >= 8, "told each frame: \(events.offsets.count)")
    #expect(events.offsets == events.offsets.sorted(), "only forward")
    #expect(events.ends == 0)
    // The rows on the way were laid out: the visible rows are those at the offset in between.
    let firstVisible = table.indexPathsForVisibleRows?.first?[1] ?? -1
    #expect(abs(CGFloat(firstVisible) * 44 - halfway) < 44)
    #expect(source.cellRequests.contains(IndexPath(indexes: [0, firstVisible])))

    clock.advance(by: .milliseconds(150))
    #expect(table.contentOffset.y == target && !table.isScrollAnimating)
    #expect(events.ends == 1, "the end, told once")
    clock.advance(by: .seconds(1))
    #expect(events.ends == 1 && table.contentOffset.y == target)
    #expect(table.violations.isEmpty)
  }

  @Test func anOffsetTheContentIsAtDoesNotAnimateAndEndsNothing() {
    let (table, _, events, clock) = table()
    table.setContentOffset(table.contentOffset, animated: true)
    #expect(!table.isScrollAnimating && !clock.isAnimating)
    clock.advance(by: .seconds(1))
    #expect(events.ends == 0 && events.offsets.isEmpty)
  }

  @Test func aScrollWithoutAnimationOrTheFingerStopsItWhereItIsWithoutItsEnd() {
    let (table, _, events, clock) = table()
    let start = table.contentOffset.y
    table.setContentOffset(CGPoint(x: 0, y: start + 2_000), animated: true)
    clock.advance(by: .milliseconds(100))
    let there = table.contentOffset.y
    table.setContentOffset(CGPoint(x: 0, y: there), animated: false)
    clock.advance(by: .seconds(1))
    #expect(table.contentOffset.y == there && events.ends == 0 && !table.isScrollAnimating)

    table.setContentOffset(CGPoint(x: 0, y: start), animated: true)
    clock.advance(by: .milliseconds(100))
    let touched = table.contentOffset.y
    table.userBeginsDragging()
    clock.advance(by: .seconds(1))
    #expect(table.contentOffset.y == touched && events.ends == 0, "the finger stops it")
    table.userEndsDragging(velocity: 0)
  }

  @Test func aNewAnimatedScrollTakesOverFromWhereTheFirstIs() {
    let (table, _, events, clock) = table()
    let start = table.contentOffset.y
    table.setContentOffset(CGPoint(x: 0, y: start + 2_000), animated: true)
    clock.advance(by: .milliseconds(150))
    let middle = table.contentOffset.y
    table.setContentOffset(CGPoint(x: 0, y: start + 500), animated: true)
    clock.advance(by: .milliseconds(17))
    #expect(table.contentOffset.y < middle, "heading for the new offset from where it was")
    clock.finishAnimations()
    #expect(table.contentOffset.y == start + 500 && events.ends == 1, "only the second ends")
  }

  @Test func anOffsetSetMeanwhileIsTakenBackByTheNextFrame() {
    let (table, _, events, clock) = table()
    let start = table.contentOffset.y
    table.setContentOffset(CGPoint(x: 0, y: start + 1_200), animated: true)
    clock.advance(by: .milliseconds(100))
    table.contentOffset = CGPoint(x: 0, y: start + 5_000)
    #expect(table.contentOffset.y == start + 5_000)
    clock.advance(by: .milliseconds(17))
    #expect(table.contentOffset.y < start + 1_200, "back on the animation's way")
    clock.finishAnimations()
    #expect(table.contentOffset.y == start + 1_200 && events.ends == 1)
  }

  @Test func theDelegateThatScrollsAnewInsideAFrameEndsTheFirstAnimation() {
    let (table, _, events, clock) = table()
    let start = table.contentOffset.y
    events.duringScroll = { scrollView in
      events.duringScroll = nil
      scrollView.setContentOffset(scrollView.contentOffset, animated: false)
    }
    table.setContentOffset(CGPoint(x: 0, y: start + 1_000), animated: true)
    clock.advance(by: .milliseconds(17))
    let stopped = table.contentOffset.y
    clock.advance(by: .seconds(1))
    #expect(table.contentOffset.y == stopped && events.ends == 0 && !clock.isAnimating)
  }

  @Test func aScrollToARowAnimatesToWhereTheRowIsNowAndEnds() {
    let (table, _, events, clock) = table()
    table.scrollToRow(at: IndexPath(indexes: [0, 100]), at: .top, animated: true)
    #expect(table.isScrollAnimating)
    #expect(table.indexPathsForVisibleRows?.first == IndexPath(indexes: [0, 0]))
    clock.finishAnimations()
    #expect(table.indexPathsForVisibleRows?.first == IndexPath(indexes: [0, 100]))
    #expect(events.ends == 1)
  }

  @Test func offScreenTheScrollIsMadeAtOnceAndEndsNothing() {
    let (table, _) = makeTable(rows: 100, onScreen: false)
    let events = ScrollEvents()
    table.delegate = events
    table.setContentOffset(CGPoint(x: 0, y: 440), animated: true)
    #expect(table.contentOffset.y == 440 && !table.isScrollAnimating && events.ends == 0)
  }

  @Test func byItselfTheClockRunsTheScrollToItsEnd() async {
    let (table, _) = makeTable(rows: 100)
    let events = ScrollEvents()
    table.delegate = events
    let target = table.contentOffset.y + 880
    table.setContentOffset(CGPoint(x: 0, y: target), animated: true)
    #expect(await yieldUntil { events.ends == 1 })
    #expect(table.contentOffset.y == target)
    #expect(events.offsets.count >= 18, "a frame each turn, 0.3 s: \(events.offsets.count)")
  }

  @Test func onRealTimeTheClockFollowsTheWallClock() async {
    let (table, _) = makeTable(rows: 100, onScreen: false)
    let clock = HeadlessWindow.show(table).animationClock
    clock.mode = .realTime
    let events = ScrollEvents()
    table.delegate = events
    let wall = ContinuousClock.now
    table.setContentOffset(CGPoint(x: 0, y: table.contentOffset.y + 880), animated: true)
    // Sleeping between checks, as the clock does between frames: at least 10 s before giving up.
    for _ in 0..<10_000 where events.ends == 0 { try? await Task.sleep(for: .milliseconds(1)) }
    #expect(events.ends == 1)
    #expect(ContinuousClock.now - wall >= .milliseconds(300), "no sooner than on a device")
    #expect(clock.now >= .milliseconds(300))
  }
}
