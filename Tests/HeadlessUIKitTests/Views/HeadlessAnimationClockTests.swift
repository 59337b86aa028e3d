import Foundation
import HeadlessUIKit
import Testing

/// Animations that take their time (UIKit rules §7.5): a batch animates for 0.3 s on its
/// window's clock, and what a device sees while it does — more batches, a reload, a scroll, the
/// view leaving its window or going away — happens here too.
@MainActor
@Suite("Animations that take their time")
struct HeadlessAnimationClockTests {
  /// A table on screen whose window's clock the test moves.
  private func tableOnAManualClock(rows: Int = 20) -> (
    HeadlessTableView, RowsDataSource, HeadlessAnimationClock
  ) {
    let (table, source) = makeTable(rows: rows, onScreen: false)
    let clock = HeadlessWindow.show(table).animationClock
    clock.mode = .manual
    return (table, source, clock)
  }

  private func deleteFirstRow(
    _ table: HeadlessTableView, _ source: RowsDataSource,
    completion: ((Bool) -> Void)? = nil
  ) {
    table.performBatchUpdates(
      {
        source.rows[0].removeFirst()
        table.deleteRows(at: [IndexPath(indexes: [0, 0])], with: .automatic)
      }, completion: completion)
  }

  @Test func aBatchAnimatesForAThirdOfASecondAndCompletesAsItEnds() async {
    let (table, source, clock) = tableOnAManualClock()
    let deleted = table.cellForRow(at: IndexPath(indexes: [0, 0]))
    var finished: [Bool] = []
    deleteFirstRow(table, source) { finished.append($0) }
    for _ in 0..<20 { await Task.yield() }
    #expect(finished.isEmpty, "turns pass; the animation has not ended")
    clock.advance(by: .milliseconds(280))
    #expect(finished.isEmpty && table.pendingCompletionCount == 1 && clock.isAnimating)
    #expect(deleted?.prepareForReuseCount == 0, "the deleted row's cell is still animating out")
    clock.advance(by: .milliseconds(20))
    #expect(finished == [true], "the animation ended: the completion is told it finished")
    #expect(table.pendingCompletionCount == 0 && !clock.isAnimating)
    // Its cell is back in the reuse pool: the next row shown takes it.
    source.rows[0].insert("new", at: 3)
    table.insertRows(at: [IndexPath(indexes: [0, 3])], with: .automatic)
    #expect(table.cellForRow(at: IndexPath(indexes: [0, 3])) === deleted)
    #expect(table.violations.isEmpty)
  }

  @Test func aBatchWithoutAnimationCompletesOnTheNextTurn() async {
    let (table, source, clock) = tableOnAManualClock()
    var finished: [Bool] = []
    HeadlessView.performWithoutAnimation { deleteFirstRow(table, source) { finished.append($0) } }
    #expect(finished.isEmpty, "never inside the call")
    #expect(!clock.isAnimating && table.lastBatchAnimated == false)
    await completionsRun(table)
    #expect(finished == [true])
  }

  @Test func aBatchOffScreenDoesNotAnimate() async {
    let (table, source) = makeTable(rows: 20, onScreen: false)
    var finished: [Bool] = []
    deleteFirstRow(table, source) { finished.append($0) }
    await completionsRun(table)
    #expect(finished == [true])
  }

  @Test func batchesDuringAnAnimationApplyAtOnceAndEachEndsOnItsOwnTime() async {
    let (table, source, clock) = tableOnAManualClock()
    var order: [String] = []
    deleteFirstRow(table, source) { _ in order.append("first") }
    clock.advance(by: .milliseconds(100))
    deleteFirstRow(table, source) { _ in order.append("second") }
    #expect(table.numberOfRows(inSection: 0) == 18, "the second batch is applied at once")
    #expect(table.pendingCompletionCount == 2)
    clock.advance(by: .milliseconds(200))
    #expect(order == ["first"])
    clock.advance(by: .milliseconds(100))
    #expect(order == ["first", "second"])
    #expect(table.violations.isEmpty)
  }

  @Test func completionsOfNestedBatchesComeWithTheOutermostOne() async {
    let (table, source, clock) = tableOnAManualClock()
    var order: [String] = []
    table.performBatchUpdates(
      {
        deleteFirstRow(table, source) { _ in order.append("inner") }
      }, completion: { _ in order.append("outer") })
    clock.advance(by: .milliseconds(299))
    #expect(order.isEmpty)
    clock.advance(by: .milliseconds(1))
    #expect(order == ["outer", "inner"], "in the order they were handed in")
  }

  @Test func aReloadDuringAnAnimationEndsItUnfinished() async {
    let (table, source, clock) = tableOnAManualClock()
    var finished: [Bool] = []
    deleteFirstRow(table, source) { finished.append($0) }
    clock.advance(by: .milliseconds(100))
    table.reloadData()
    #expect(!clock.isAnimating, "the reload ended the animation")
    #expect(finished.isEmpty, "never inside the reload")
    await completionsRun(table)
    #expect(finished == [false], "told it did not finish")
  }

  @Test func aNewDataSourceDuringAnAnimationEndsItUnfinished() async {
    let (table, source, clock) = tableOnAManualClock()
    var finished: [Bool] = []
    deleteFirstRow(table, source) { finished.append($0) }
    let other = RowsDataSource([["a", "b"]])
    KeepAlive.objects.append(other)
    table.dataSource = other
    await completionsRun(table)
    #expect(finished == [false])
    #expect(!clock.isAnimating)
  }

  @Test func aScrollDuringAnAnimationLeavesItRunning() async {
    let (table, source, clock) = tableOnAManualClock(rows: 100)
    var finished: [Bool] = []
    deleteFirstRow(table, source) { finished.append($0) }
    clock.advance(by: .milliseconds(100))
    table.scroll(by: 300)
    table.setContentOffset(CGPoint(x: 0, y: 600), animated: false)
    #expect(clock.isAnimating && finished.isEmpty)
    clock.advance(by: .milliseconds(200))
    #expect(finished == [true])
    #expect(table.violations.isEmpty)
  }

  @Test func aViewThatLeavesItsWindowDuringAnAnimationEndsItUnfinished() async {
    let (table, source, clock) = tableOnAManualClock()
    var finished: [Bool] = []
    deleteFirstRow(table, source) { finished.append($0) }
    table.removeFromSuperview()
    #expect(!clock.isAnimating)
    await completionsRun(table)
    #expect(finished == [false])
  }

  @Test func aCollectionViewReleasedDuringAnAnimationRaises() async {
    var reported: [UpdateViolation] = []
    var finished: [Bool] = []
    let clock: HeadlessAnimationClock
    do {
      let (grid, source) = makeGrid(items: 30)
      let window = HeadlessWindow.show(grid)
      clock = window.animationClock
      clock.mode = .manual
      grid.onViolation = { reported.append($0) }
      grid.performBatchUpdates(
        {
          source.count -= 1
          grid.deleteItems(at: [IndexPath(indexes: [0, 0])])
        }, completion: { finished.append($0) })
      // The window and the view go, the animation still under way on the clock.
      window.resignVisible()
      grid.removeFromSuperview()
    }
    await completionsRun(clock: clock)
    #expect(finished == [false])
    #expect(reported.map(\.rule) == [.deallocatedDuringUpdate])
  }

  @Test func theClockMovesByItselfAFrameEachTurnByDefault() async {
    let (table, source) = makeTable(rows: 20, onScreen: false)
    let clock = HeadlessWindow.show(table).animationClock
    #expect(clock.mode == .frameEachTurn)
    let start = clock.now
    var finished: [Bool] = []
    deleteFirstRow(table, source) { finished.append($0) }
    var turns = 0
    while finished.isEmpty && turns < 10_000 {
      await Task.yield()
      turns += 1
    }
    #expect(finished == [true])
    // 0.3 s at 60 frames a second: 18 frames, each a turn at least.
    #expect(turns >= 18)
    #expect(clock.now - start >= .milliseconds(300))
    #expect(!clock.isAnimating)
  }

  @Test func finishingTheAnimationsMovesTheClockToTheLastEnd() async {
    let (table, source, clock) = tableOnAManualClock()
    var finished: [Bool] = []
    deleteFirstRow(table, source) { finished.append($0) }
    clock.advance(by: .milliseconds(50))
    deleteFirstRow(table, source) { finished.append($0) }
    #expect(clock.finishAnimations() == .milliseconds(300))
    #expect(finished == [true, true])
  }

  /// `UIView.animate` sets what its block sets at once, and calls its completion once its
  /// delay and duration have passed on the key window's clock, with `true`.
  @Test func aViewAnimationCompletesWhenItsTimeHasPassed() async {
    let (table, _) = makeTable(rows: 3, onScreen: false)
    let window = HeadlessWindow.show(table)
    let clock = window.animationClock
    clock.mode = .manual
    let banner = HeadlessView(frame: CGRect(x: 0, y: -44, width: 390, height: 44))
    window.addSubview(banner)
    var finished: [Bool] = []
    UIView.animate(
      withDuration: 0.3, delay: 0.1, options: [.curveEaseOut],
      animations: { banner.frame.origin.y = 0 }, completion: { finished.append($0) })
    #expect(banner.frame.origin.y == 0, "the block's changes are the views' state at once")
    clock.advance(by: .milliseconds(390))
    #expect(finished.isEmpty, "0.1 s of delay and 0.3 s of animation")
    clock.advance(by: .milliseconds(10))
    #expect(finished == [true])
    // With animations off, the completion comes on the next turn, with no time passing.
    var immediate = false
    UIView.performWithoutAnimation {
      UIView.animate(withDuration: 5, animations: {}, completion: { _ in immediate = true })
    }
    #expect(!immediate, "never inside the call that started it")
    clock.advance(by: .zero)
    await Task.yield()
    clock.advance(by: HeadlessAnimationClock.frameDuration)
    #expect(immediate)
    window.resignVisible()
  }

  @Test func theKeyboardsDidNotificationsComeAsItsAnimationEnds() async {
    let (table, _) = makeTable(rows: 20, onScreen: false)
    let window = HeadlessWindow.show(table)
    let clock = window.animationClock
    clock.mode = .manual
    let center = NotificationCenter()
    window.notificationCenter = center
    let heard = Heard()
    // The keyboard's notifications come from the screen, as on a device since iOS 16.1.
    let observer = center.addObserver(forName: nil, object: window.screen, queue: nil) { note in
      let name = note.name
      MainActor.assumeIsolated { heard.names.append(name) }
    }
    defer { center.removeObserver(observer) }
    window.userShowsKeyboard()
    #expect(heard.names.contains(HeadlessResponder.keyboardWillShowNotification))
    #expect(!heard.names.contains(HeadlessResponder.keyboardDidShowNotification))
    clock.advance(by: .milliseconds(249))
    #expect(!heard.names.contains(HeadlessResponder.keyboardDidShowNotification))
    clock.advance(by: .milliseconds(1))
    #expect(heard.names.contains(HeadlessResponder.keyboardDidShowNotification))
  }
}

/// Notifications heard, in order.
@MainActor
private final class Heard {
  var names: [Notification.Name] = []
}

/// Waits until nothing animates on `clock` and the next turns have run.
@MainActor
func completionsRun(clock: HeadlessAnimationClock) async {
  while clock.isAnimating { try? await Task.sleep(for: .milliseconds(1)) }
  for _ in 0..<4 { await Task.yield() }
}
