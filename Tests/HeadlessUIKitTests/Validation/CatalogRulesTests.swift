import Foundation
import HeadlessUIKit
import Testing

/// The rest of UIKit's list assertions HeadlessUIKit models, one test each: reading a view
/// while it updates, index paths and sections that do not exist, scrolling, the section index,
/// layout passes, and the cells UIKit asks for after a batch removed their rows.
@Suite("UIKit's list assertions: reads, bounds, scrolling, layout")
@MainActor
struct CatalogRulesTests {
  // MARK: Reading while the view updates

  @Test func readingVisibleCellsOrACellFromInsideACellRequestIsAnAlert() {
    let (table, source) = makeTable(rows: 20, onScreen: false)
    var read = false
    source.duringCellRequest = { table, path in
      guard !read else { return }
      read = true
      _ = table.visibleCells
      _ = table.cellForRow(at: IndexPath(indexes: [0, 0]))
    }
    HeadlessWindow.show(table)
    #expect(table.violations.isEmpty, "alerts, not crashes")
    #expect(table.alerts.map(\.rule) == [.accessDuringUpdate, .accessDuringUpdate])
    #expect(
      table.alerts.first?.message.hasPrefix("Attempted to access the table view's visibleCells")
        == true)
    #expect(
      table.alerts.last?.message.hasPrefix("Attempted to call -cellForRowAtIndexPath:") == true)
    _ = table.visibleCells
    #expect(table.alerts.count == 2, "outside a request, reading is fine")
  }

  @Test func readingACellFromInsideAHeightOrWillDisplayIsAnAlert() {
    final class Reader: HeadlessTableViewDelegate {
      var reads = 0
      func tableView(_ tableView: HeadlessTableView, heightForRowAt indexPath: IndexPath)
        -> CGFloat
      {
        if indexPath == IndexPath(indexes: [0, 1]) { _ = tableView.cellForRow(at: indexPath) }
        return 44
      }
      func tableView(
        _ tableView: HeadlessTableView, willDisplay cell: HeadlessTableViewCell,
        forRowAt indexPath: IndexPath
      ) {
        if indexPath == IndexPath(indexes: [0, 2]) { _ = tableView.visibleCells }
      }
    }
    let (table, _) = makeTable(rows: 20, onScreen: false)
    let reader = Reader()
    table.delegate = reader
    HeadlessWindow.show(table)
    #expect(table.violations.isEmpty, "alerts, not crashes")
    #expect(table.alerts.map(\.rule).contains(.accessDuringUpdate))
    #expect(
      table.alerts.contains { $0.message.hasPrefix("Attempted to call -cellForRowAtIndexPath:") })
    #expect(
      table.alerts.contains {
        $0.message.hasPrefix("Attempted to access the table view's visibleCells")
      })
  }

  @Test(arguments: ["willDisplay", "didEndDisplaying", "heightForRowAt"])
  func anUpdateFromADelegateCallDuringLayoutIsReentrant(_ call: String) {
    final class Updater: HeadlessTableViewDelegate {
      let call: String
      var issued = false
      init(_ call: String) { self.call = call }
      func update(_ tableView: HeadlessTableView, _ name: String) {
        guard name == call, !issued else { return }
        issued = true
        tableView.reloadData()
      }
      func tableView(_ tableView: HeadlessTableView, heightForRowAt indexPath: IndexPath)
        -> CGFloat
      {
        if indexPath == IndexPath(indexes: [0, 12]) { update(tableView, "heightForRowAt") }
        return 44
      }
      func tableView(
        _ tableView: HeadlessTableView, willDisplay cell: HeadlessTableViewCell,
        forRowAt indexPath: IndexPath
      ) { update(tableView, "willDisplay") }
      func tableView(
        _ tableView: HeadlessTableView, didEndDisplaying cell: HeadlessTableViewCell,
        forRowAt indexPath: IndexPath
      ) { update(tableView, "didEndDisplaying") }
    }
    let (table, _) = makeTable(rows: 30)
    let updater = Updater(call)
    table.delegate = updater
    table.scroll(by: 300)
    #expect(updater.issued)
    #expect(table.violations.map(\.rule).contains(.updateDuringDataSourceCall))
  }

  // MARK: Index paths and sections that do not exist

  @Test func aTableRejectsIndexPathsWithoutTwoIndices() {
    let (table, _) = makeTable(rows: 5)
    _ = table.cellForRow(at: IndexPath(index: 0))
    table.reconfigureRows(at: [IndexPath(indexes: [0, 1, 2])])
    #expect(table.violations.map(\.rule) == [.invalidIndexPath, .invalidIndexPath])
    #expect(
      table.violations.first?.message
        == "Invalid index path for use with UITableView. Index paths passed to table view must "
        + "contain exactly two indices specifying the section and row. Please use the category "
        + "on NSIndexPath in NSIndexPath+UIKitAdditions.h if possible.")
  }

  @Test func countsOfSectionsThatDoNotExistAreRejected() {
    let (table, _) = makeTable(rows: 5)
    #expect(table.numberOfRows(inSection: 1) == 0)
    #expect(
      table.violations.map(\.message)
        == ["Requested the number of rows for section (1) which is out of bounds."])
    let (grid, _) = makeGrid(items: 5)
    #expect(grid.numberOfItems(inSection: 3) == 0)
    #expect(
      grid.violations.map(\.message)
        == [
          "request for number of items in section 3 when there are only 1 sections in the "
            + "collection view"
        ])
  }

  @Test func theRectOfARowThatDoesNotExistIsRejected() {
    let (table, _) = makeTable(rows: 5)
    #expect(table.rectForRow(at: IndexPath(indexes: [0, 4])).minY == CGFloat(4 * 44))
    #expect(table.rectForRow(at: IndexPath(indexes: [0, 5])) == .zero)
    #expect(
      table.violations.map(\.message)
        == ["request for rect at invalid index path ({length = 2, path = 0 - 5})"])
  }

  // MARK: Scrolling

  @Test func scrollingToARowPutsItWhereAsked() {
    let (table, _) = makeTable(rows: 100)  // 10 rows a screen
    table.scrollToRow(at: IndexPath(indexes: [0, 50]), at: .top, animated: false)
    #expect(table.contentOffset.y == CGFloat(50 * 44))
    table.scrollToRow(at: IndexPath(indexes: [0, 50]), at: .bottom, animated: false)
    #expect(table.contentOffset.y == CGFloat(51 * 44 - 440))
    table.scrollToRow(at: IndexPath(indexes: [0, 45]), at: .none, animated: false)
    #expect(table.contentOffset.y == CGFloat(51 * 44 - 440), "already on screen: no scroll")
    table.scrollToRow(at: IndexPath(indexes: [0, 99]), at: .top, animated: false)
    #expect(table.contentOffset.y == CGFloat(100 * 44 - 440), "clamped to the content")
    #expect(table.violations.isEmpty)
  }

  @Test func scrollingOutOfBoundsIsRejected() {
    let (table, _) = makeTable(rows: 10)
    table.scrollToRow(at: IndexPath(indexes: [0, 10]), at: .top, animated: true)
    table.scrollToRow(at: IndexPath(indexes: [2, 0]), at: .top, animated: true)
    #expect(
      table.violations.map(\.message) == [
        "Attempted to scroll the table view to an out-of-bounds row (10) when there are only 10 "
          + "rows in section 0. Table view: <HeadlessTableView>",
        "Attempted to scroll the table view to an out-of-bounds section (2) when there are only "
          + "1 sections. Table view: <HeadlessTableView>",
      ])
    let (grid, _) = makeGrid(items: 30)
    HeadlessWindow.show(grid)
    grid.scrollToItem(at: IndexPath(indexes: [0, 30]), at: .top, animated: false)
    #expect(
      grid.violations.map(\.message) == [
        "Attempted to scroll the collection view to an out-of-bounds item (30) when there are "
          + "only 30 items in section 0. Collection view: <HeadlessCollectionView>."
      ])
    grid.scrollToItem(at: IndexPath(indexes: [0, 29]), at: .centeredVertically, animated: false)
    #expect(grid.indexPathsForVisibleItems.last == IndexPath(indexes: [0, 29]))
  }

  @Test func aSectionIndexTapScrollsToItsSectionOrIsRejected() {
    final class Indexed: HeadlessTableViewDataSource {
      var target = 1
      func numberOfSections(in tableView: HeadlessTableView) -> Int { 3 }
      func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int {
        20
      }
      func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
        -> HeadlessTableViewCell
      { tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) }
      func sectionIndexTitles(for tableView: HeadlessTableView) -> [String]? { ["A", "B", "C"] }
      func tableView(
        _ tableView: HeadlessTableView, sectionForSectionIndexTitle title: String, at index: Int
      ) -> Int { target }
    }
    let (table, _) = makeTable(rows: 0)
    let source = Indexed()
    table.dataSource = source
    table.reloadData()
    #expect(table.userTapsSectionIndexTitle(at: 1) == 1)
    #expect(table.indexPathsForVisibleRows?.first == IndexPath(indexes: [1, 0]))
    source.target = 7
    table.userTapsSectionIndexTitle(at: 2)
    #expect(table.violations.map(\.rule) == [.scrollOutOfBounds])
    #expect(table.userTapsSectionIndexTitle(at: 3) == nil, "no such entry")
  }

  @Test func aGridIndexTapScrollsToTheItemItNames() {
    final class Indexed: HeadlessCollectionViewDataSource {
      func numberOfSections(in collectionView: HeadlessCollectionView) -> Int { 2 }
      func collectionView(_ view: HeadlessCollectionView, numberOfItemsInSection section: Int)
        -> Int
      { section == 0 ? 30 : 0 }
      func collectionView(_ view: HeadlessCollectionView, cellForItemAt indexPath: IndexPath)
        -> HeadlessCollectionViewCell
      { view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) }
      func indexTitles(for collectionView: HeadlessCollectionView) -> [String]? { ["A", "B"] }
    }
    let (grid, _) = makeGrid(items: 0)
    let source = Indexed()
    grid.dataSource = source
    HeadlessWindow.show(grid)
    #expect(grid.userTapsIndexTitle(at: 1) == IndexPath(indexes: [1, 0]))
    #expect(grid.violations.map(\.rule) == [.scrollOutOfBounds], "section 1 has no item 0")
  }

  // MARK: Layout

  @Test func aTableLaidOutOffScreenWarnsOnce() {
    let (table, source) = makeTable(rows: 5, onScreen: false)
    _ = table.numberOfRows(inSection: 0)
    table.layoutIfNeeded()
    source.rows[0].append("new")
    table.insertRows(at: [IndexPath(indexes: [0, 5])], with: .none)
    #expect(table.violations.isEmpty)
    #expect(table.alerts.map(\.rule) == [.layoutOutsideViewHierarchy])
    #expect(table.alerts.first?.message.hasPrefix("[TableView] Warning once only:") == true)
  }

  @Test func aLayoutStartedInsideALayoutIsIgnoredWithAnAlert() {
    final class Eager: HeadlessCollectionViewFlowLayout {
      var prepares = 0
      override func prepare() {
        prepares += 1
        collectionView?.layoutIfNeeded()  // lays the view out from inside its own preparation
      }
    }
    let (grid, _) = makeGrid(items: 6)
    let layout = Eager()
    layout.itemSize = CGSize(width: 100, height: 100)
    grid.collectionViewLayout = layout
    HeadlessWindow.show(grid)
    #expect(grid.violations.isEmpty)
    #expect(grid.alerts.first?.rule == .reentrantLayout)
    #expect(grid.visibleCells.count == 6)
    #expect(layout.prepares == grid.alerts.count, "each preparation's nested layout ignored")
  }

  @Test func aLayoutIfNeededFromACellRequestIsHarmless() {
    // The view's need for layout is cleared as its pass begins: nothing is pending, nothing is
    // prepared again, and UIKit says nothing.
    final class Eager: HeadlessCollectionViewDataSource {
      func collectionView(_ view: HeadlessCollectionView, numberOfItemsInSection section: Int)
        -> Int
      { 6 }
      func collectionView(_ view: HeadlessCollectionView, cellForItemAt indexPath: IndexPath)
        -> HeadlessCollectionViewCell
      {
        view.layoutIfNeeded()
        return view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
      }
    }
    let (grid, _) = makeGrid(items: 0)
    let source = Eager()
    grid.dataSource = source
    HeadlessWindow.show(grid)
    #expect(grid.violations.isEmpty)
    #expect(grid.alerts.isEmpty)
    #expect(grid.visibleCells.count == 6)
  }

  @Test func aLayoutThatInvalidatesItselfEveryPassIsStuck() {
    final class Restless: HeadlessCollectionViewFlowLayout {
      var passes = 0
      override func prepare() {
        passes += 1
        invalidateLayout()  // a self-sizing layout that never settles
      }
    }
    let (grid, _) = makeGrid(items: 6)
    let layout = Restless()
    grid.collectionViewLayout = layout
    HeadlessWindow.show(grid)
    #expect(grid.violations.map(\.rule) == [.layoutLoop])
    #expect(
      grid.violations.first?.message.hasPrefix(
        "UICollectionView (<HeadlessCollectionView>) is stuck in its update/layout loop.") == true)
    #expect(layout.passes == 100)
  }

  @Test func aLayoutThatSettlesIsLaidOutAgainOnce() {
    final class SettlesOnce: HeadlessCollectionViewFlowLayout {
      var passes = 0
      override func prepare() {
        passes += 1
        if passes == 1 { itemSize.height = 50 }  // invalidates: one more pass
      }
    }
    let (grid, _) = makeGrid(items: 12)
    let layout = SettlesOnce()
    grid.collectionViewLayout = layout
    layout.passes = 0
    HeadlessWindow.show(grid)
    #expect(layout.passes == 2)
    #expect(grid.violations.isEmpty)
    #expect(grid.visibleCells.count == 12, "four lines of 50 points in 200")
  }

  @Test func attributesForItemsTheDataSourceDoesNotHaveAreLogged() {
    final class Stale: HeadlessCollectionViewLayout {
      override func layoutAttributesForElements(in rect: CGRect)
        -> [HeadlessCollectionViewLayoutAttributes]?
      {
        (super.layoutAttributesForElements(in: rect) ?? [])
          + [HeadlessCollectionViewLayoutAttributes(forCellWith: IndexPath(indexes: [0, 99]))]
      }
    }
    let (grid, _) = makeGrid(items: 3)
    grid.collectionViewLayout = Stale()
    HeadlessWindow.show(grid)
    #expect(grid.violations.isEmpty)
    #expect(grid.alerts.first?.rule == .layoutAttributesForInvalidIndexPath)
    #expect(
      grid.alerts.first?.message.hasPrefix(
        "[CollectionView] Received layout attributes with an invalid index path.") == true)
  }

  @Test func staleCellRequestsAskForRowsABatchRemoved() {
    let (table, source) = makeTable(rows: 12)
    table.requestsCellsAtStalePaths = true
    source.cellRequests.removeAll()
    table.performBatchUpdates {
      source.rows[0].removeLast(3)
      table.deleteRows(at: rows(9..<12), with: .fade)
    }
    #expect(source.cellRequests.contains(IndexPath(indexes: [0, 11])), "a row that is gone")
  }

  // MARK: Registrations

  @Test func registrationsMadeUpFrontDequeueAndConfigureCells() {
    final class Labelled: HeadlessCollectionViewCell {
      var text: String?
    }
    final class Source: HeadlessCollectionViewDataSource {
      let registration = HeadlessCollectionView.CellRegistration<Labelled, Int> {
        cell, _, item in cell.text = "item \(item)"
      }
      var madeInside = false
      func collectionView(_ view: HeadlessCollectionView, numberOfItemsInSection section: Int)
        -> Int
      { 60 }
      func collectionView(_ view: HeadlessCollectionView, cellForItemAt indexPath: IndexPath)
        -> HeadlessCollectionViewCell
      {
        let registration =
          madeInside
          ? HeadlessCollectionView.CellRegistration<Labelled, Int> { _, _, _ in } : registration
        return view.dequeueConfiguredReusableCell(
          using: registration, for: indexPath, item: indexPath[1])
      }
    }
    let (grid, _) = makeGrid(items: 0)
    let source = Source()
    grid.dataSource = source
    HeadlessWindow.show(grid)
    #expect((grid.visibleCells.last as? Labelled)?.text == "item 5")
    let reused = grid.visibleCells.first
    grid.scroll(by: 1_000)
    #expect(grid.visibleCells.contains { $0 === reused }, "one registration, cells reused")
    #expect(grid.violations.isEmpty)
    source.madeInside = true
    grid.scroll(by: 1_000)
    #expect(grid.violations.first?.rule == .registrationInsideProvider)
    #expect(
      grid.violations.first?.message.hasPrefix(
        "Attempted to dequeue a cell using a registration that was created inside "
          + "-collectionView:cellForItemAtIndexPath:") == true)
  }

  // MARK: Strict mode

  @Test func strictModeRejectsReloadSectionsBesideOtherWork() {
    let update = BatchUpdate.with {
      $0.sectionReloads = [0]
      $0.itemDeletes = [IndexPath(indexes: [1, 0])]
    }
    #expect(
      violation(update, old: [1, 2], new: [1, 1], strict: true)?.rule == .reloadSectionsInMixedBatch
    )
    #expect(throws: Never.self) {
      try BatchUpdateValidator(kind: .tableView).validate(
        update, oldCounts: [1, 2], newCounts: [1, 1])
    }
  }

  @Test func strictModeRejectsAGridsReloadOfASectionThatChangesOrIsEmpty() throws {
    // rdar 28163205: sections of four and no items, both reloaded, the first becoming five.
    let both = BatchUpdate.with { $0.sectionReloads = [0, 1] }
    let found = violation(both, old: [4, 0], new: [5, 0], kind: .collectionView, strict: true)
    #expect(found?.rule == .reloadSectionsInMixedBatch)
    #expect(found?.message.contains("section 0, whose items go from 4 to 5") == true)
    let empty = BatchUpdate.with { $0.sectionReloads = [1] }
    #expect(
      violation(empty, old: [4, 0], new: [4, 0], kind: .collectionView, strict: true)?.message
        .contains("section 1, whose items go from 0 to 0") == true)
    // A section that keeps its number of items reloads; a table's reloads are not in question,
    // nor is either outside strict mode.
    let same = BatchUpdate.with { $0.sectionReloads = [0] }
    _ = try BatchUpdateValidator(kind: .collectionView, strict: true)
      .validate(same, oldCounts: [4, 0], newCounts: [4, 0])
    _ = try BatchUpdateValidator(kind: .tableView, strict: true)
      .validate(both, oldCounts: [4, 0], newCounts: [5, 0])
    _ = try BatchUpdateValidator(kind: .collectionView)
      .validate(both, oldCounts: [4, 0], newCounts: [5, 0])
  }
}
