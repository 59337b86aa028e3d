import Foundation
import HeadlessUIKit
import Testing

/// Records the scroll delegate calls UIKit makes around a fling, and may move the target.
@MainActor
final class FlingRecorder: HeadlessTableViewDelegate {
  var events: [String] = []
  var announcedTarget: CGFloat?
  var announcedVelocity: CGFloat?
  /// When set, the delegate moves the target here (paging, snapping to a row).
  var snapTo: CGFloat?

  func scrollViewWillBeginDragging(_ scrollView: HeadlessScrollView) { events.append("begin") }
  func scrollViewWillEndDragging(
    _ scrollView: HeadlessScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {
    events.append("willEnd")
    announcedTarget = targetContentOffset.pointee.y
    announcedVelocity = velocity.y
    if let snapTo { targetContentOffset.pointee.y = snapTo }
  }
  func scrollViewDidEndDragging(_ scrollView: HeadlessScrollView, willDecelerate decelerate: Bool) {
    events.append(decelerate ? "didEnd(decelerates)" : "didEnd")
  }
  func scrollViewDidEndDecelerating(_ scrollView: HeadlessScrollView) { events.append("rest") }
  func scrollViewDidScroll(_ scrollView: HeadlessScrollView) { events.append("scroll") }
  func tableView(_ tableView: HeadlessTableView, didSelectRowAt indexPath: IndexPath) {
    events.append("select \(indexPath[1])")
  }
}

/// Records the items a collection view's user selects.
@MainActor
final class ItemSelectionRecorder: HeadlessCollectionViewDelegate {
  var selected: [IndexPath] = []
  func collectionView(
    _ collectionView: HeadlessCollectionView, didSelectItemAt indexPath: IndexPath
  ) { selected.append(indexPath) }
}

@Suite("Deceleration")
@MainActor
struct DecelerationTests {
  @Test func aFlingAnnouncesWhereItStopsAndComesToRestThere() {
    let (table, _) = makeTable(rows: 1_000)
    let recorder = FlingRecorder()
    table.delegate = recorder
    // 6,000 points/s at the normal rate (0.998 per ms): 6 × 0.998 / 0.002 = 2,994 points.
    table.userFlings(velocity: 6_000)
    #expect(recorder.events == ["begin", "willEnd", "didEnd(decelerates)"])
    recorder.events.removeAll()
    #expect(abs((recorder.announcedTarget ?? 0) - 2_994) < 0.01)
    #expect(recorder.announcedVelocity == 6)  // UIKit reports points per millisecond
    #expect(table.isDecelerating)
    var offsets: [CGFloat] = []
    var steps = 0
    while table.isDecelerating && steps < 1_000 {
      table.decelerate(for: .milliseconds(16))
      offsets.append(table.contentOffset.y)
      steps += 1
    }
    #expect(!table.isDecelerating)
    #expect(recorder.events.last == "rest")
    #expect(recorder.events.dropLast().allSatisfy { $0 == "scroll" } && recorder.events.count > 2)
    #expect(abs(table.contentOffset.y - 2_994) < 0.01)
    // It slows down: each step covers less than the one before (but the last, which snaps the
    // final half point), and most of the way is covered early (95% of it by 1.5 s).
    let stepsTravelled = zip(offsets.dropFirst(), offsets).map { $0 - $1 }.dropLast()
    #expect(zip(stepsTravelled.dropFirst(), stepsTravelled).allSatisfy { $0 <= $1 + 0.001 })
    #expect(offsets[Int(1_500 / 16)] > 0.95 * 2_994)
    // The rows on screen at rest are the ones at the target.
    #expect(table.indexPathsForVisibleRows?.first?[1] == 68)  // 2,994 / 44 = 68.05
  }

  @Test func theTargetIsClampedToTheContentAndTheDelegateMayMoveIt() {
    let (table, _) = makeTable(rows: 50)  // 2,200 points of content in a 440-point view
    let recorder = FlingRecorder()
    table.delegate = recorder
    table.userFlings(velocity: 20_000)
    #expect(recorder.announcedTarget == 1_760)
    table.decelerate(for: .seconds(10))
    #expect(table.contentOffset.y == 1_760)
    #expect(!table.isDecelerating)

    recorder.snapTo = 440  // the delegate snaps to a page
    table.userFlings(velocity: -3_000)
    table.decelerate(for: .seconds(10))
    #expect(table.contentOffset.y == 440)
    #expect(!table.isDecelerating)
  }

  @Test func aFingerDownStopsTheDecelerationAndFastRateStopsSooner() {
    let (table, _) = makeTable(rows: 1_000)
    table.userFlings(velocity: 6_000)
    table.decelerate(for: .milliseconds(100))
    let caught = table.contentOffset.y
    table.userBeginsDragging()
    #expect(!table.isDecelerating && table.isDragging)
    table.decelerate(for: .seconds(1))
    #expect(table.contentOffset.y == caught)
    table.userEndsDragging(velocity: 0)  // lifted without moving: no deceleration
    #expect(!table.isDecelerating && !table.isDragging)

    table.decelerationRate = .fast
    let start = table.contentOffset.y
    table.userFlings(velocity: 6_000)
    table.decelerate(for: .seconds(10))
    // 6 × 0.99 / 0.01 = 594 points.
    #expect(abs(table.contentOffset.y - (start + 594)) < 0.01)
  }

  @Test func aDragMovesTheContentWithTheFingerAndATapSelects() {
    let (table, _) = makeTable(rows: 100)
    let recorder = FlingRecorder()
    table.delegate = recorder
    table.userBeginsDragging()
    table.userDrags(by: 100)
    table.userDrags(by: -30)
    #expect(table.contentOffset.y == 70 && table.isDragging && !table.isDecelerating)
    table.userSelectsRow(at: IndexPath(indexes: [0, 3]))
    #expect(recorder.events == ["begin", "scroll", "scroll", "select 3"])

    let (grid, _) = makeGrid(items: 30)
    let selection = ItemSelectionRecorder()
    grid.delegate = selection
    grid.userSelectsItem(at: IndexPath(indexes: [0, 7]))
    #expect(selection.selected == [IndexPath(indexes: [0, 7])])
  }
}
