import Foundation
import HeadlessUIKit
import Testing

/// What UIKit punishes on a device and HeadlessUIKit once let through: each test breaks one
/// rule the way an app would, and expects UIKit's verdict.
@Suite("Device rules: lifetimes, re-entrancy, dequeues, the user's gestures")
@MainActor
struct DeviceRulesTests {
  @Test func aTableWhoseDataSourceWentAwayCannotShowNewRows() {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    HeadlessWindow.show(table)
    do {
      let source = RowsDataSource([(0..<100).map { "r\($0)" }])
      table.dataSource = source
      table.layoutIfNeeded()
      #expect(table.visibleCells.count == 10)
    }  // released: UIKit holds data sources weakly, and the table still shows its rows
    #expect(table.numberOfRows(inSection: 0) == 100, "the counts it read are still there")
    #expect(table.violations.isEmpty)
    table.scroll(by: 3_000)
    #expect(table.violations.first?.rule == .missingDataSource)
    #expect(table.violations.first?.message == "UITableView dataSource is not set")
  }

  @Test func aGridWhoseDataSourceWentAwayCannotShowNewItems() {
    let (grid, _) = makeGrid(items: 0)
    HeadlessWindow.show(grid)
    do {
      let source = ItemsDataSource(count: 90)
      grid.dataSource = source
      grid.layoutIfNeeded()
    }
    grid.scroll(by: 1_000)
    #expect(grid.violations.first?.rule == .missingDataSource)
    #expect(
      grid.violations.first?.message.hasPrefix(
        "the collection view's data source did not return a valid cell from "
          + "-collectionView:cellForItemAtIndexPath: for index path {length = 2, path = 0 - ")
        == true)
  }

  @Test func anExplicitlyRemovedDataSourceEmptiesTheTable() {
    let (table, _) = makeTable(rows: 50)
    table.dataSource = nil  // a new data source (none): the table reloads, with no rows
    table.scroll(by: 500)
    #expect(table.numberOfSections == 0)
    #expect(table.visibleCells.isEmpty)
    #expect(table.violations.isEmpty)
  }

  @Test(arguments: ["reconfigure", "batch", "reload", "single insert"])
  func updatesFromInsideACellRequestAreReentrant(_ update: String) {
    let (table, source) = makeTable(rows: 30, onScreen: false)
    var issued = false
    source.duringCellRequest = { table, path in
      guard !issued, path == IndexPath(indexes: [0, 3]) else { return }
      issued = true
      switch update {
      case "reconfigure": table.reconfigureRows(at: [IndexPath(indexes: [0, 0])])
      case "batch": table.performBatchUpdates(nil)
      case "reload": table.reloadData()
      default:
        source.rows[0].append("new")
        table.insertRows(at: [IndexPath(indexes: [0, 30])], with: .none)
      }
    }
    HeadlessWindow.show(table)
    #expect(issued)
    #expect(table.violations.map(\.rule).contains(.updateDuringDataSourceCall))
    #expect(table.violations.first?.isUIKitMessage == false)
  }

  @Test func updatesAfterTheCellRequestAreFine() async {
    let (table, source) = makeTable(rows: 30, onScreen: false)
    var deferred: Task<Void, Never>?
    source.duringCellRequest = { table, path in
      guard deferred == nil, path == IndexPath(indexes: [0, 3]) else { return }
      deferred = Task { @MainActor in table.reconfigureRows(at: [IndexPath(indexes: [0, 0])]) }
    }
    HeadlessWindow.show(table)
    await deferred?.value
    #expect(table.violations.isEmpty)
  }

  @Test func aLayoutWithHeadersNeedsADataSourceThatMakesThem() {
    final class NoHeaders: HeadlessCollectionViewDataSource {
      func collectionView(_ view: HeadlessCollectionView, numberOfItemsInSection section: Int)
        -> Int
      { 3 }
      func collectionView(_ view: HeadlessCollectionView, cellForItemAt indexPath: IndexPath)
        -> HeadlessCollectionViewCell
      { view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) }
    }
    let (grid, _) = makeGrid(items: 0)
    (grid.collectionViewLayout as? HeadlessCollectionViewFlowLayout)?.headerReferenceSize =
      CGSize(width: 0, height: 30)
    let source = NoHeaders()
    grid.dataSource = source
    HeadlessWindow.show(grid)
    #expect(grid.violations.map(\.rule) == [.supplementaryViewNotDequeued])
    #expect(
      grid.violations.first?.message
        == "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath "
        + "(UICollectionElementKindSectionHeader,{length = 2, path = 0 - 0}) was not retrieved by "
        + "calling -dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath: or "
        + "is nil ((null))")
  }

  @Test func supplementaryViewsAreRegisteredForAKindAndMustMatchIt() {
    let (grid, source) = makeGrid(items: 3)
    let layout = grid.collectionViewLayout as? HeadlessCollectionViewFlowLayout
    layout?.footerReferenceSize = CGSize(width: 0, height: 20)
    // The fixture dequeues every kind as "header", registered for headers only.
    HeadlessWindow.show(grid)
    #expect(source.headerRequests == 1, "a footer, and no header")
    #expect(grid.violations.map(\.rule) == [.unregisteredReuseIdentifier])
    #expect(
      grid.violations.first?.message
        == "could not dequeue a view of kind: UICollectionElementKindSectionFooter with "
        + "identifier header - must register a nib or a class for the identifier or connect a "
        + "prototype cell in a storyboard")
  }

  @Test func aSupplementaryViewOfAnotherKindIsRejected() {
    final class WrongKind: HeadlessCollectionViewDataSource {
      func collectionView(_ view: HeadlessCollectionView, numberOfItemsInSection section: Int)
        -> Int
      { 3 }
      func collectionView(_ view: HeadlessCollectionView, cellForItemAt indexPath: IndexPath)
        -> HeadlessCollectionViewCell
      { view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) }
      func collectionView(
        _ view: HeadlessCollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
      ) -> HeadlessCollectionReusableView {
        view.dequeueReusableSupplementaryView(
          ofKind: HeadlessCollectionView.elementKindSectionHeader, withReuseIdentifier: "header",
          for: indexPath)
      }
    }
    let (grid, _) = makeGrid(items: 0)
    let layout = grid.collectionViewLayout as? HeadlessCollectionViewFlowLayout
    layout?.footerReferenceSize = CGSize(width: 0, height: 20)
    let source = WrongKind()
    grid.dataSource = source
    HeadlessWindow.show(grid)
    #expect(grid.violations.map(\.rule) == [.supplementaryViewOfWrongKind])
    #expect(
      grid.violations.first?.message.hasSuffix(
        "When asked for a view of element kind 'UICollectionElementKindSectionFooter' the data "
          + "source dequeued a view registered for the element kind "
          + "'UICollectionElementKindSectionHeader'.") == true)
  }

  @Test func aReconfigureThatDequeuesAnotherIdentifierIsRejectedInUIKitsWords() {
    let (table, source) = makeTable(rows: 10)
    table.register(LabelCell.self, forCellReuseIdentifier: "away")
    source.identifier = "away"
    table.reconfigureRows(at: [IndexPath(indexes: [0, 0])])
    #expect(table.violations.map(\.rule) == [.reconfigureWithDifferentIdentifier])
    #expect(
      table.violations.first?.message.hasPrefix(
        "Attempted to dequeue a cell for a different registration or reuse identifier than the "
          + "existing cell when reconfiguring an item, which is not allowed") == true)
  }

  // MARK: The user's gestures

  @Test func aBatchDuringAnInteractiveMovementIsRejected() {
    final class Movable: HeadlessCollectionViewDataSource {
      var items = Array(0..<9)
      var moves: [(IndexPath, IndexPath)] = []
      func collectionView(_ view: HeadlessCollectionView, numberOfItemsInSection section: Int)
        -> Int
      { items.count }
      func collectionView(_ view: HeadlessCollectionView, cellForItemAt indexPath: IndexPath)
        -> HeadlessCollectionViewCell
      { view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) }
      func collectionView(_ view: HeadlessCollectionView, canMoveItemAt indexPath: IndexPath)
        -> Bool
      { true }
      func collectionView(
        _ view: HeadlessCollectionView, moveItemAt source: IndexPath, to destination: IndexPath
      ) {
        moves.append((source, destination))
        items.insert(items.remove(at: source[1]), at: destination[1])
      }
    }
    let (grid, _) = makeGrid(items: 0)
    let source = Movable()
    grid.dataSource = source
    HeadlessWindow.show(grid)
    #expect(grid.beginInteractiveMovementForItem(at: IndexPath(indexes: [0, 0])))
    #expect(!grid.beginInteractiveMovementForItem(at: IndexPath(indexes: [0, 1])), "one at once")
    #expect(grid.hasUncommittedUpdates)
    grid.updateInteractiveMovementTargetPosition(CGPoint(x: 150, y: 150))  // line 1, column 1
    grid.reconfigureItems(at: [IndexPath(indexes: [0, 2])])
    #expect(grid.violations.map(\.rule) == [.updateDuringInteractiveMovement])
    grid.endInteractiveMovement()
    #expect(!grid.hasUncommittedUpdates)
    #expect(source.moves.map(\.1) == [IndexPath(indexes: [0, 4])])
    #expect(source.items.prefix(5) == [1, 2, 3, 4, 0])
    grid.clearViolations()
    grid.reconfigureItems(at: [IndexPath(indexes: [0, 2])])
    #expect(grid.violations.isEmpty)
    #expect(grid.beginInteractiveMovementForItem(at: IndexPath(indexes: [0, 3])))
    grid.cancelInteractiveMovement()
    #expect(source.moves.count == 1, "a cancelled movement tells the data source nothing")
  }

  @Test func aRowIsReorderedOnlyInEditingModeAndABatchMeanwhileIsRejected() {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    let source = TitledSource([("A", ["a0", "a1", "a2"])])
    table.dataSource = source
    HeadlessWindow.show(table)
    #expect(!table.userBeginsReorderingRow(at: IndexPath(indexes: [0, 2])), "not editing")
    table.setEditing(true, animated: false)
    #expect(!table.userBeginsReorderingRow(at: IndexPath(indexes: [0, 0])), "a0 cannot move")
    #expect(table.userBeginsReorderingRow(at: IndexPath(indexes: [0, 2])))
    #expect(table.hasUncommittedUpdates)
    table.userDragsReorderedRow(to: IndexPath(indexes: [0, 0]))
    table.performBatchUpdates(nil)
    #expect(table.violations.map(\.rule) == [.updateDuringInteractiveMovement])
    #expect(table.userDropsReorderedRow())
    #expect(source.sections[0].rows == ["a2", "a0", "a1"])
    #expect(!table.hasUncommittedUpdates)
  }

  @Test func aRowThatCannotBeEditedCannotBeReordered() {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    let source = TitledSource([("A", ["a0", "a1", "a2"])])
    source.editable = false
    table.dataSource = source
    HeadlessWindow.show(table)
    table.setEditing(true, animated: false)
    #expect(!table.userMovesRow(at: IndexPath(indexes: [0, 2]), to: IndexPath(indexes: [0, 0])))
  }

  // MARK: Geometry

  @Test func contentInsetsLetTheViewScrollBeyondTheContent() {
    let (table, _) = makeTable(rows: 20)  // 880 points in a 440-point viewport
    table.contentInset = HeadlessEdgeInsets(top: 50, left: 0, bottom: 30, right: 0)
    #expect(table.contentOffset.y == -50, "a view at its start stays at its start")
    #expect(table.adjustedContentInset.top == 50)
    #expect(table.indexPathsForVisibleRows?.count == 9, "390 points of rows under the inset")
    table.scroll(by: 10_000)
    #expect(table.contentOffset.y == CGFloat(880 + 30 - 440), "\(table.contentOffset.y)")
  }

  @Test func aHorizontalFlowLayoutStacksItsLinesSideways() {
    let layout = HeadlessCollectionViewFlowLayout()
    layout.scrollDirection = .horizontal
    layout.itemSize = CGSize(width: 100, height: 90)
    layout.minimumLineSpacing = 10
    layout.minimumInteritemSpacing = 10
    let (grid, _) = makeGrid(items: 40)  // 320 × 200: two items a column
    grid.collectionViewLayout = layout
    HeadlessWindow.show(grid)
    // Twenty lines, the spacing between them and none after the last.
    #expect(grid.contentSize == CGSize(width: 20 * 110 - 10, height: 200))
    #expect(grid.indexPathsForVisibleItems.count == 6, "three columns of two")
    #expect(grid.layoutAttributesForItem(at: IndexPath(indexes: [0, 3]))?.frame.minX == 110)
    grid.contentOffset = CGPoint(x: 1_100, y: 0)
    #expect(grid.indexPathsForVisibleItems.first == IndexPath(indexes: [0, 20]))
    #expect(grid.indexPathForItem(at: CGPoint(x: 1_115, y: 150)) == IndexPath(indexes: [0, 21]))
    #expect(grid.alerts.isEmpty)
  }

  @Test func aFlowItemWiderThanTheViewIsAnAlert() {
    let layout = threeColumns(lineHeight: 100)
    layout.itemSize = CGSize(width: 300, height: 100)
    layout.sectionInset = HeadlessEdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
    let (grid, _) = makeGrid(items: 4)
    grid.collectionViewLayout = layout
    #expect(grid.violations.isEmpty, "an alert, not a crash")
    #expect(grid.alerts.map(\.rule).contains(.itemTooWide))
    #expect(grid.alerts.first?.severity == .alert)
  }

  @Test func aNegativeRowHeightIsRejectedOnce() {
    let (table, _) = makeTable(rows: 5)
    table.heightForRow = { $0[1] == 2 ? -10 : 44 }
    _ = table.contentHeight
    _ = table.contentHeight
    #expect(table.violations.map(\.rule) == [.negativeRowHeight])
    #expect(
      table.violations.first?.message
        == "table view row height must not be negative - height for index path "
        + "({length = 2, path = 0 - 2}) is -10.0")
  }
}

@Suite("Device rules: gestures and geometry, continued")
@MainActor
struct DeviceRulesContinuedTests {
  @Test func aReloadDuringAMovementEndsItWithAnAlert() {
    let (table, source) = makeTable(rows: 5)
    _ = source
    let titled = TitledSource([("A", ["a0", "a1", "a2"])])
    table.dataSource = titled
    table.setEditing(true, animated: false)
    #expect(table.userBeginsReorderingRow(at: IndexPath(indexes: [0, 1])))
    table.reloadData()
    #expect(!table.hasUncommittedUpdates)
    #expect(table.violations.isEmpty)
    #expect(table.alerts.map(\.rule) == [.updateDuringInteractiveMovement])
    #expect(!table.userDropsReorderedRow(), "nothing left to drop")
    #expect(titled.moves.isEmpty)
  }

  @Test func scrollingToNotFoundScrollsToTheSection() {
    let (table, _) = makeTable(rows: 30, sections: 3)
    table.scrollToRow(at: IndexPath(indexes: [2, NSNotFound]), at: .top, animated: false)
    #expect(table.contentOffset.y == CGFloat(60 * 44))
    #expect(table.violations.isEmpty)
  }

  @Test func switchingALayoutsAxisStartsAtItsStart() {
    let (grid, _) = makeGrid(items: 40)
    grid.contentInset = HeadlessEdgeInsets(top: 10, left: 30, bottom: 0, right: 0)
    HeadlessWindow.show(grid)
    let layout = threeColumns(lineHeight: 100)
    layout.scrollDirection = .horizontal
    grid.collectionViewLayout = layout
    #expect(grid.contentOffset == CGPoint(x: -30, y: 0))
  }

  @Test func aRowHeightThatIsNotANumberIsNotNegative() {
    let (table, _) = makeTable(rows: 3)
    table.heightForRow = { $0[1] == 1 ? .nan : 44 }
    #expect(table.contentHeight == CGFloat(88))
    #expect(table.violations.isEmpty)
  }
}
