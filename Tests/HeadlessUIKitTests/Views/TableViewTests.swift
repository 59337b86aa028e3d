import Foundation
import HeadlessUIKit
import Testing

@Suite("Viewport and cells (§4)")
@MainActor
struct ViewportTests {
  @Test func theFirstScreenIsRequestedWhenTheViewAppears() {
    let (table, source) = makeTable(rows: 100, onScreen: false)
    #expect(source.cellRequests.isEmpty)  // off screen: no cells
    HeadlessWindow.show(table)
    #expect(source.cellRequests == rows(0..<10))
    #expect(table.indexPathsForVisibleRows == rows(0..<10))
    #expect(table.visibleCells.map { $0.textLabel?.text } == (0..<10).map { "s0r\($0)" })
  }

  @Test func partlyVisibleRowsCount() {
    let (table, _) = makeTable(rows: 100)
    table.contentOffset = CGPoint(x: 0, y: 22)
    #expect(table.indexPathsForVisibleRows == rows(0..<11))
  }

  @Test func anOffsetSetByCodeIsKeptAndAScrollEndsWithinTheContent() {
    let (table, _) = makeTable(rows: 12)
    table.contentOffset = CGPoint(x: 0, y: 10_000)
    #expect(table.contentOffset.y == CGFloat(10_000), "kept as set (§4c)")
    #expect(table.indexPathsForVisibleRows == nil)
    table.setContentOffset(CGPoint(x: 0, y: -300), animated: false)
    #expect(table.contentOffset.y == CGFloat(-300))
    table.scroll(by: 10_000)
    #expect(table.contentOffset.y == CGFloat(12 * 44 - 440), "the user's scroll stops at the end")
    #expect(table.indexPathsForVisibleRows == rows(2..<12))
    table.scroll(by: -10_000)
    #expect(table.contentOffset.y == 0)
  }

  @Test func anOffsetPastTheEndComesBackWhenTheContentChanges() {
    let (table, source) = makeTable(rows: 12)
    table.contentOffset = CGPoint(x: 0, y: 10_000)
    source.rows[0].removeLast()
    table.deleteRows(at: [IndexPath(indexes: [0, 11])], with: .none)
    #expect(table.contentOffset.y == CGFloat(11 * 44 - 440))
    #expect(table.violations.isEmpty)
  }

  @Test func anOffsetPastTheEndStaysWhileTheUserDrags() {
    let (table, source) = makeTable(rows: 12)
    table.userBeginsDragging()
    table.contentOffset = CGPoint(x: 0, y: 10_000)
    source.rows[0].removeLast()
    table.deleteRows(at: [IndexPath(indexes: [0, 11])], with: .none)
    #expect(table.contentOffset.y == CGFloat(10_000))
  }

  @Test func perRowHeights() {
    let (table, _) = makeTable(rows: 100)
    // No estimates, as an app turns them off: every height is read up front.
    table.estimatedRowHeight = 0
    table.heightForRow = { $0[1] < 5 ? 100 : 10 }
    // 4 rows of 100 fill 400 points; the 5th (100) fills the rest of the 440.
    #expect(table.indexPathsForVisibleRows == rows(0..<5))
    #expect(table.contentHeight == CGFloat(5 * 100 + 95 * 10))
  }

  @Test func sectionsStackUp() {
    let (table, _) = makeTable(rows: 6, sections: 3)
    #expect(table.indexPathsForVisibleRows == rows(0..<6) + rows(0..<4, section: 1))
  }

  @Test func collectionViewLinesOfItems() {
    final class Source: HeadlessCollectionViewDataSource {
      func collectionView(
        _ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int
      ) -> Int { 100 }
      func collectionView(
        _ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath
      )
        -> HeadlessCollectionViewCell
      {
        collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
      }
    }
    let source = Source()
    let grid = HeadlessCollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 200),
      collectionViewLayout: threeColumns(lineHeight: 100))
    grid.register(HeadlessCollectionViewCell.self, forCellWithReuseIdentifier: "item")
    grid.dataSource = source
    HeadlessWindow.show(grid)
    #expect(grid.indexPathsForVisibleItems == rows(0..<6))
    grid.contentOffset = CGPoint(x: 0, y: 150)
    #expect(grid.indexPathsForVisibleItems == rows(3..<12))
    #expect(grid.violations.isEmpty)
  }

  @Test func scrollingRecyclesCellsAndPreparesThemForReuse() {
    let (table, source) = makeTable(rows: 100)
    let firstCells = table.visibleCells
    table.scroll(by: 5 * 44)
    // 10 first, 5 that scrolled in, and 2 prepared below the screen (cell prefetching).
    #expect(source.cellRequests.count == 17)
    #expect(table.indexPathsForVisibleRows == rows(5..<15))
    // Of the five cells that left, the two just above the screen are kept (§4a); the other
    // three were reused for rows that came in.
    let reused = table.visibleCells.filter { cell in firstCells.contains { $0 === cell } }
    #expect(reused.count == 8)
    #expect(reused.filter { $0.prepareForReuseCount == 1 }.count == 3)
    #expect(table.cellForRow(at: IndexPath(indexes: [0, 14]))?.textLabel?.text == "s0r14")
    #expect(table.cellForRow(at: IndexPath(indexes: [0, 2])) == nil)
  }

  @Test func aCellScrolledBackIsDisplayedAgainWithoutARequest() {
    final class Displays: HeadlessTableViewDelegate {
      var shown: [IndexPath] = []
      var ended: [IndexPath] = []
      func tableView(
        _ tableView: HeadlessTableView, willDisplay cell: HeadlessTableViewCell,
        forRowAt indexPath: IndexPath
      ) { shown.append(indexPath) }
      func tableView(
        _ tableView: HeadlessTableView, didEndDisplaying cell: HeadlessTableViewCell,
        forRowAt indexPath: IndexPath
      ) { ended.append(indexPath) }
    }
    let (table, source) = makeTable(rows: 100)
    let displays = Displays()
    table.delegate = displays
    let cell = table.cellForRow(at: IndexPath(indexes: [0, 0]))
    table.scroll(by: 44)
    #expect(displays.ended.contains(IndexPath(indexes: [0, 0])))
    let requests = source.cellRequests
    table.scroll(by: -44)
    #expect(source.cellRequests == requests, "no cellForRowAt")
    #expect(displays.shown.last == IndexPath(indexes: [0, 0]), "willDisplay again")
    #expect(table.cellForRow(at: IndexPath(indexes: [0, 0])) === cell)
    // Far away, it is recycled: coming back asks for a cell again.
    table.scroll(by: 40 * 44)
    let requestsFarAway = source.cellRequests.count
    table.scroll(by: -40 * 44)
    #expect(source.cellRequests[requestsFarAway...].contains(IndexPath(indexes: [0, 0])))
  }

  @Test func aReloadedRowGetsANewCellWhileTheOldOneAnimatesOut() async {
    let (table, source) = makeTable(rows: 20)
    let old = table.cellForRow(at: IndexPath(indexes: [0, 3]))
    source.rows[0][3] = "reloaded"
    table.reloadRows(at: [IndexPath(indexes: [0, 3])], with: .fade)
    let new = table.cellForRow(at: IndexPath(indexes: [0, 3]))
    #expect(new !== old, "the old cell is still animating out")
    #expect(new?.textLabel?.text == "reloaded")
    #expect(old?.prepareForReuseCount == 0)
    // Once the animation ended, the old cell is back in the reuse pool: the next row shown
    // gets it.
    #expect(await yieldUntil { table.pendingCompletionCount == 0 })
    source.rows[0].insert("inserted", at: 5)
    table.insertRows(at: [IndexPath(indexes: [0, 5])], with: .fade)
    #expect(table.cellForRow(at: IndexPath(indexes: [0, 5])) === old)
    #expect(old?.prepareForReuseCount == 1)
    #expect(table.violations.isEmpty)
  }

  @Test func cellsArePreparedJustBeyondTheScreenInTheDirectionOfTheScroll() {
    let (table, source) = makeTable(rows: 100)
    #expect(source.cellRequests == rows(0..<10), "the first screen: nothing prepared")
    table.scroll(by: 44)
    #expect(source.cellRequests.suffix(3) == rows(10..<13))
    // Prepared cells exist but are not visible: UIKit's cellForRow(at:) has none for them.
    #expect(table.indexPathsForVisibleRows == rows(1..<11))
    #expect(table.cellForRow(at: IndexPath(indexes: [0, 12])) == nil)
    let requests = source.cellRequests.count
    table.scroll(by: 44)
    #expect(source.cellRequests.count == requests + 1, "row 11 was prepared; only 13 is new")
    #expect(source.cellRequests.last == IndexPath(indexes: [0, 13]))
    let requestsBeforeReversal = source.cellRequests.count
    table.scroll(by: -44)
    #expect(
      source.cellRequests.count == requestsBeforeReversal,
      "rows 1 and 0 left the screen and were kept: scrolled back, they need no request (§4a)")
    // Turning prefetching off drops the prepared cells; none are made any more.
    table.isPrefetchingEnabled = false
    let before = source.cellRequests.count
    table.scroll(by: -44)
    #expect(source.cellRequests.count == before + 1)
    #expect(table.visibleCells.count == 10)
  }
}

/// The tidy pattern: one ordered call per scroll step (``PrefetchPattern/tidy``).
@Suite("Prefetch timing, the tidy pattern (§4)")
@MainActor
struct PrefetchTimingTests {
  func makeTable(rows count: Int) -> (HeadlessTableView, RowsDataSource) {
    HeadlessUIKitTests.makeTable(rows: count, prefetchPattern: .tidy)
  }

  @Test func nothingForTheFirstScreen() {
    let (_, source) = makeTable(rows: 100)
    #expect(source.prefetches.isEmpty)
  }

  @Test func scrollingPrefetchesOneScreenAheadNearestFirst() {
    let (table, source) = makeTable(rows: 100)
    table.scroll(by: 44)
    // Visible 1..<11; one screen (10 rows) ahead: 11..<21, nearest first.
    #expect(source.prefetches == [rows(11..<21)])
    table.scroll(by: 44)
    #expect(source.prefetches.last == [IndexPath(indexes: [0, 21])])
    #expect(!table.prefetchedIndexPaths.contains(IndexPath(indexes: [0, 11])))  // now visible
  }

  @Test func reversingCancelsWhatIsNowBehind() {
    let (table, source) = makeTable(rows: 100)
    table.contentOffset = CGPoint(x: 0, y: 20 * 44)
    table.scroll(by: -44)
    // Visible 19..<29 after the reversal; ahead (upwards) is 9..<19, nearest first.
    #expect(source.prefetches.last == rows(9..<19).reversed())
    #expect(source.cancellations.count == 1)
    #expect(source.cancellations.first?.contains(IndexPath(indexes: [0, 31])) == true)
    #expect(table.prefetchedIndexPaths.allSatisfy { $0[1] < 19 })
  }

  @Test func lookaheadIsAParameter() {
    let (table, source) = makeTable(rows: 100)
    table.prefetchLookahead = 3
    table.scroll(by: 44)
    #expect(source.prefetches == [rows(11..<14)])
  }

  @Test func disablingPrefetchingStopsIt() {
    let (table, source) = makeTable(rows: 100)
    table.isPrefetchingEnabled = false
    table.scroll(by: 44)
    #expect(source.prefetches.isEmpty)
  }

  @Test func neverBeyondTheList() {
    let (table, source) = makeTable(rows: 14)
    table.scroll(by: 4 * 44)
    #expect(source.prefetches.allSatisfy { $0.isEmpty })
  }
}

@Suite("Batches on a view: timing and cells (§1.1, §1.3)")
@MainActor
struct ViewBatchTests {
  @Test func theDataSourceChangesInsideTheUpdates() {
    let (table, source) = makeTable(rows: 5)
    table.performBatchUpdates {
      source.rows[0].insert("new", at: 0)
      table.insertRows(at: [IndexPath(indexes: [0, 0])], with: .automatic)
    }
    #expect(table.violations.isEmpty)
    #expect(
      table.visibleCells.map { $0.textLabel?.text } == [
        "new", "s0r0", "s0r1", "s0r2", "s0r3", "s0r4",
      ])
  }

  @Test func cellsMoveWithTheirRows() {
    let (table, source) = makeTable(rows: 5)
    let cell = table.cellForRow(at: IndexPath(indexes: [0, 4]))
    let requests = source.cellRequests.count
    table.performBatchUpdates {
      source.rows[0].insert(source.rows[0].remove(at: 4), at: 0)
      table.moveRow(at: IndexPath(indexes: [0, 4]), to: IndexPath(indexes: [0, 0]))
    }
    #expect(table.violations.isEmpty)
    #expect(table.cellForRow(at: IndexPath(indexes: [0, 0])) === cell)
    #expect(source.cellRequests.count == requests)  // a move asks for no cell
  }

  @Test func aSingleOperationOutsideABatchIsABatch() {
    let (table, source) = makeTable(rows: 5)
    source.rows[0].append("tail")
    table.insertRows(at: [IndexPath(indexes: [0, 5])], with: .fade)
    #expect(table.violations.isEmpty)
    #expect(table.numberOfRows(inSection: 0) == 6)
  }

  @Test func nestedBatchesAreOneBatch() {
    let (table, source) = makeTable(rows: 5)
    table.beginUpdates()
    source.rows[0].append("a")
    table.insertRows(at: [IndexPath(indexes: [0, 5])], with: .none)
    table.performBatchUpdates {
      source.rows[0].append("b")
      table.insertRows(at: [IndexPath(indexes: [0, 6])], with: .none)
    }
    #expect(table.numberOfRows(inSection: 0) == 5)  // not applied until the outer end
    table.endUpdates()
    #expect(table.violations.isEmpty)
    #expect(table.numberOfRows(inSection: 0) == 7)
  }

  @Test func anOperationRightAfterReloadDataSeesTheNewCountsTwice() {
    // §1.3, openradar 27941923: counts are not loaded, so the old counts are read after the
    // data source already changed, and the insert no longer adds up.
    let (table, source) = makeTable(rows: 5, onScreen: false)
    table.reloadData()
    source.rows[0].append("late")
    table.insertRows(at: [IndexPath(indexes: [0, 5])], with: .automatic)
    #expect(table.violations.map(\.rule) == [.invalidNumberOfItems])
  }

  @Test func reloadDataInsideABatchIsAViolation() {
    let (table, source) = makeTable(rows: 5)
    table.performBatchUpdates {
      source.rows[0].removeLast()
      table.reloadData()
    }
    #expect(table.violations.map(\.rule) == [.reloadDataInsideBatch])
    // The view goes on from what the data source says.
    #expect(table.numberOfRows(inSection: 0) == 4)
  }

  @Test func aRejectedBatchReportsThroughCompletionAndCallback() async {
    let (table, _) = makeTable(rows: 5)
    var reported: [UpdateViolation] = []
    table.onViolation = { reported.append($0) }
    var accepted: Bool?
    table.performBatchUpdates({ table.deleteRows(at: [IndexPath(indexes: [0, 0])], with: .left) }) {
      accepted = $0
    }
    #expect(
      reported.first?.message.contains(
        "Data source after updates = { 1 section with row counts: [5] }") == true)
    #expect(accepted == nil, "UIKit never calls the completion inside the call")
    #expect(table.pendingCompletionCount == 1)
    await completionsRun(table)
    #expect(accepted == false)
  }

  @Test func completionsComeLaterInTheOrderOfTheirBatches() async {
    let (table, source) = makeTable(rows: 5)
    var order: [String] = []
    table.performBatchUpdates({
      source.rows[0].removeFirst()
      table.deleteRows(at: [IndexPath(indexes: [0, 0])], with: .fade)
    }) { order.append("first \($0)") }
    table.performBatchUpdates(nil) { order.append("second \($0)") }
    #expect(order.isEmpty)
    await completionsRun(table)
    #expect(order == ["first true", "second true"])
  }

  @Test func offScreenBatchesAreStillJudged() {
    let (table, source) = makeTable(rows: 5, onScreen: false)
    _ = table.numberOfRows(inSection: 0)
    source.rows[0].removeFirst()
    table.deleteRows(at: [IndexPath(indexes: [0, 0])], with: .fade)
    #expect(table.violations.isEmpty)
    #expect(source.cellRequests.isEmpty)
  }
}

@Suite("Reconfigure and dequeue rules (§2, §1.5 #21, #22)")
@MainActor
struct ReconfigureTests {
  @Test func onlyRowsWithACellAreReaskedAndKeepTheirCell() {
    let (table, source) = makeTable(rows: 100)
    let cell = table.cellForRow(at: IndexPath(indexes: [0, 3]))
    source.cellRequests.removeAll()
    source.rows[0][3] = "fresh"
    source.rows[0][50] = "offscreen"
    table.reconfigureRows(at: [IndexPath(indexes: [0, 3]), IndexPath(indexes: [0, 50])])
    #expect(table.violations.isEmpty)
    #expect(source.cellRequests == [IndexPath(indexes: [0, 3])])
    #expect(table.cellForRow(at: IndexPath(indexes: [0, 3])) === cell)
    #expect(cell?.textLabel?.text == "fresh")
    #expect(cell?.prepareForReuseCount == 0)
  }

  @Test func aReconfigureMustDequeueTheSameIdentifier() {
    let (table, source) = makeTable(rows: 10)
    table.register(LabelCell.self, forCellReuseIdentifier: "other")
    source.identifier = "other"
    table.reconfigureRows(at: [IndexPath(indexes: [0, 0])])
    #expect(table.violations.map(\.rule) == [.reconfigureWithDifferentIdentifier])
  }

  @Test func aTableMayDequeueOutsideARequest() {
    // §1.5 #21 is a collection view rule: a table accepts a cell it made itself.
    let (table, _) = makeTable(rows: 10)
    _ = table.dequeueReusableCell(withIdentifier: "row", for: IndexPath(indexes: [0, 0]))
    #expect(table.violations.isEmpty)
    #expect(table.visibleCells.count == 10)
  }

  @Test func aTableRejectsTwoDequeuesForOneRow() {
    let (table, source) = makeTable(rows: 10, onScreen: false)
    source.dequeueTwice = true
    HeadlessWindow.show(table)
    #expect(table.violations.count == 10)
    #expect(table.violations.allSatisfy { $0.rule == .twoCellsForOneIndexPath })
    #expect(
      table.violations.first?.message.hasPrefix(
        "Attempted to dequeue multiple cells for the same index path, which is not allowed.")
        == true)
  }

  @Test func aCollectionViewRejectsADequeueOutsideARequest() {
    let (grid, _) = makeGrid(items: 30)
    _ = grid.dequeueReusableCell(withReuseIdentifier: "item", for: IndexPath(indexes: [0, 0]))
    #expect(grid.violations.map(\.rule) == [.dequeueOutsideCellRequest])
  }

  @Test func aCollectionViewRejectsTwoDequeuesInOneRequest() {
    let (grid, source) = makeGrid(items: 30)
    source.dequeueTwice = true
    HeadlessWindow.show(grid)
    #expect(grid.violations.first?.rule == .dequeueOutsideCellRequest)
    #expect(
      grid.violations.first?.message.hasPrefix(
        "Expected dequeued view to be returned to the collection view in preparation for display.")
        == true)
  }

  @Test func aCollectionViewRejectsACellItDidNotDequeue() {
    let (grid, source) = makeGrid(items: 30)
    source.returnUndequeuedCell = true
    HeadlessWindow.show(grid)
    #expect(grid.violations.count == 6)
    #expect(grid.violations.allSatisfy { $0.rule == .cellWithoutReuseIdentifier })
    #expect(
      grid.violations.first?.message
        == "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a "
        + "reuseIdentifier - cells must be retrieved by calling "
        + "-dequeueReusableCellWithReuseIdentifier:forIndexPath:")
  }

  @Test func unregisteredIdentifier() {
    let (table, source) = makeTable(rows: 10, onScreen: false)
    source.identifier = "missing"
    HeadlessWindow.show(table)
    #expect(
      table.violations.first?.message
        == "unable to dequeue a cell with identifier missing - must register a nib or a class for "
        + "the identifier or connect a prototype cell in a storyboard")
  }
}
