import Foundation
import HeadlessUIKit
import Testing

/// Reads that UIKit answers with an alert from inside the calls that lay a view out, and the
/// sections and index paths a view does not have (UIKit rules §7.2, §7.6).
@Suite("UIKit's list assertions: reads while laying out, sections and index paths")
@MainActor
struct ReadsAndBoundsTests {
  /// A table of two titled sections of 20 rows that reads its own cells where it is told to.
  final class ReadingSource: HeadlessTableViewDataSource {
    enum Place { case count, title }
    let place: Place
    var countRequests = 0
    var titleRequests = 0
    init(reading place: Place) { self.place = place }

    func read(_ tableView: HeadlessTableView) {
      _ = tableView.visibleCells
      _ = tableView.cellForRow(at: IndexPath(indexes: [0, 0]))
      _ = tableView.indexPathsForVisibleRows
    }
    func numberOfSections(in tableView: HeadlessTableView) -> Int { 2 }
    func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int {
      countRequests += 1
      if place == .count { read(tableView) }
      return 20
    }
    func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
      -> HeadlessTableViewCell
    { tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) }
    func tableView(_ tableView: HeadlessTableView, titleForHeaderInSection section: Int)
      -> String?
    {
      titleRequests += 1
      if place == .title { read(tableView) }
      return "Section \(section)"
    }
  }

  @Test(arguments: [ReadingSource.Place.count, .title])
  func readingCellsFromACountOrATitleIsAnAlertNotARecursion(_ place: ReadingSource.Place) {
    // Before, each read laid the table out, which asked for the same count or title again,
    // until the stack overflowed.
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    let source = ReadingSource(reading: place)
    table.dataSource = source
    HeadlessWindow.show(table)
    #expect(table.violations.isEmpty, "alerts, not crashes")
    #expect(!table.alerts.isEmpty)
    #expect(table.alerts.allSatisfy { $0.rule == .accessDuringUpdate })
    #expect(
      table.alerts.contains {
        $0.message.hasPrefix("Attempted to access the table view's visibleCells")
      })
    #expect(
      table.alerts.contains { $0.message.hasPrefix("Attempted to call -cellForRowAtIndexPath:") })
    // Each read asked nothing of the data source again.
    #expect(source.countRequests == 2, "each section's count, once")
    #expect(source.titleRequests < 20, "a handful of layout passes, not a recursion")
    // And the table shows what it would have shown.
    #expect(table.indexPathsForVisibleRows?.first == IndexPath(indexes: [0, 0]))
    #expect(table.visibleCells.count == table.indexPathsForVisibleRows?.count)
    #expect(!table.visibleCells.isEmpty)
    withExtendedLifetime(source) {}
  }

  @Test func aGridReadingItsCellsFromACountDoesNotRecurse() {
    final class Reading: HeadlessCollectionViewDataSource {
      var countRequests = 0
      func collectionView(
        _ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int
      ) -> Int {
        countRequests += 1
        _ = collectionView.visibleCells
        _ = collectionView.cellForItem(at: IndexPath(indexes: [0, 0]))
        return 12
      }
      func collectionView(
        _ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath
      ) -> HeadlessCollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
      }
    }
    let grid = HeadlessCollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 200),
      collectionViewLayout: threeColumns(lineHeight: 100))
    grid.register(HeadlessCollectionViewCell.self, forCellWithReuseIdentifier: "item")
    let source = Reading()
    grid.dataSource = source
    HeadlessWindow.show(grid)
    #expect(grid.violations.isEmpty)
    #expect(source.countRequests == 1)
    #expect(grid.indexPathsForVisibleItems.count == 6, "two lines of three")
    withExtendedLifetime(source) {}
  }

  @Test func theRectOfASectionThatDoesNotExistIsRejected() {
    let (table, _) = makeTable(rows: 5, sections: 2)
    #expect(table.rect(forSection: 1) == CGRect(x: 0, y: 5 * 44, width: 320, height: 5 * 44))
    #expect(table.rectForHeader(inSection: 1) == CGRect(x: 0, y: 5 * 44, width: 320, height: 0))
    #expect(table.rectForFooter(inSection: 0) == CGRect(x: 0, y: 5 * 44, width: 320, height: 0))
    #expect(table.violations.isEmpty)
    #expect(table.rect(forSection: 2) == .zero)
    #expect(table.rectForHeader(inSection: 2) == .zero)
    #expect(table.rectForFooter(inSection: -1) == .zero)
    #expect(
      table.violations.map(\.message) == [
        "request for rect of invalid section (2)",
        "request for rect of header in invalid section (2)",
        "request for rect of footer in invalid section (-1)",
      ])
    #expect(table.violations.map(\.isUIKitMessage) == [true, true, false])
  }

  /// Catalog entry 30: a cell asked for at a section the view no longer has, as a path kept
  /// from before a batch is, raises; an item past the end of a section it has is not there.
  @Test func aCellOfASectionThatIsGoneIsRejected() {
    let (grid, _) = makeGrid(items: 6)
    HeadlessWindow.show(grid)
    #expect(grid.cellForItem(at: IndexPath(item: 0, section: 0)) != nil)
    #expect(grid.cellForItem(at: IndexPath(item: 9, section: 0)) == nil)
    #expect(grid.violations.isEmpty)
    #expect(grid.cellForItem(at: IndexPath(item: 0, section: 2)) == nil)
    #expect(
      grid.violations.map(\.message)
        == [
          "request for number of items before section 2 when there are only 1 sections in the "
            + "collection view"
        ])
  }

  @Test func aCollectionViewRejectsIndexPathsWithoutTwoIndices() {
    let (grid, _) = makeGrid(items: 6)
    HeadlessWindow.show(grid)
    let short = IndexPath(index: 0)
    let long = IndexPath(indexes: [0, 1, 2])
    #expect(grid.cellForItem(at: short) == nil)
    #expect(grid.layoutAttributesForItem(at: long) == nil)
    grid.scrollToItem(at: short, at: .top, animated: false)
    grid.selectItem(at: long, animated: false, scrollPosition: [])
    grid.performBatchUpdates {
      grid.reconfigureItems(at: [long])
      grid.deleteItems(at: [short])
    }
    #expect(grid.violations.count == 6)
    #expect(grid.violations.allSatisfy { $0.rule == .invalidIndexPath && !$0.isUIKitMessage })
    #expect(grid.indexPathsForSelectedItems?.isEmpty ?? true)
    #expect(grid.indexPathsForVisibleItems.count == 6, "nothing else happened to the grid")
  }

  @Test func aLayoutWithNoAttributesForAnItemItHasIsRejected() {
    // A layout that knows only the items it cached at its last prepare (BouncyLayout#10's).
    final class Forgetful: HeadlessCollectionViewFlowLayout {
      var known = 0..<6
      override func layoutAttributesForItem(at indexPath: IndexPath)
        -> HeadlessCollectionViewLayoutAttributes?
      {
        known.contains(indexPath.item) ? super.layoutAttributesForItem(at: indexPath) : nil
      }
    }
    let (grid, source) = makeGrid(items: 30)
    let layout = Forgetful()
    layout.itemSize = CGSize(width: 100, height: 100)
    grid.collectionViewLayout = layout
    HeadlessWindow.show(grid)
    #expect(grid.layoutAttributesForItem(at: IndexPath(indexes: [0, 5]))?.frame.minY == 110)
    #expect(grid.layoutAttributesForItem(at: IndexPath(indexes: [0, 30])) == nil, "not an item")
    #expect(grid.violations.isEmpty)
    // Scrolling to an item it has no attributes for.
    grid.scrollToItem(at: IndexPath(indexes: [0, 20]), at: .top, animated: false)
    #expect(grid.contentOffset.y == 0, "nothing to scroll to")
    #expect(
      grid.violations.map(\.message) == [
        "no UICollectionViewLayoutAttributes instance for -layoutAttributesForItemAtIndexPath: "
          + "<NSIndexPath> {length = 2, path = 0 - 20}"
      ])
    // An item a batch brings onto the screen.
    layout.known = 0..<30
    grid.performBatchUpdates {
      source.count += 1
      layout.known = 0..<6
      grid.insertItems(at: [IndexPath(indexes: [0, 2])])
    }
    #expect(grid.violations.count == 1, "item 2 is known")
    grid.performBatchUpdates {
      source.count += 1
      grid.insertItems(at: [IndexPath(indexes: [0, 6])])
    }
    #expect(grid.violations.count == 1, "item 6 is off screen: not asked for")
    layout.known = 0..<3
    grid.performBatchUpdates {
      source.count += 1
      grid.insertItems(at: [IndexPath(indexes: [0, 4])])
    }
    #expect(grid.violations.map(\.rule) == [.noLayoutAttributes, .noLayoutAttributes])
  }
}
