import Foundation
import HeadlessUIKit
import Testing

/// A cell subclass written the way UIKit asks: its own stored views and `init?(coder:)`.
final class AvatarCell: HeadlessTableViewCell {
  let badge = HeadlessLabel()

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    badge.text = "new"
  }
}

/// A titled, sectioned table data source whose rows the user may reorder.
@MainActor
final class TitledSource: HeadlessTableViewDataSource {
  var sections: [(title: String, rows: [String])]
  var moves: [(IndexPath, IndexPath)] = []
  var deletes: [IndexPath] = []
  var editable = true
  /// Whether sections have header titles (footers always do).
  var sectionHeaderTitles = true
  /// Whether a committed delete removes the row at once, as the data source should.
  var deletesOnCommit = false

  init(_ sections: [(title: String, rows: [String])]) { self.sections = sections }

  func tableView(_ tableView: HeadlessTableView, canEditRowAt indexPath: IndexPath) -> Bool {
    editable
  }

  func numberOfSections(in tableView: HeadlessTableView) -> Int { sections.count }
  func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int {
    sections[section].rows.count
  }
  func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
    -> HeadlessTableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    cell.textLabel?.text = sections[indexPath[0]].rows[indexPath[1]]
    return cell
  }
  func tableView(_ tableView: HeadlessTableView, titleForHeaderInSection section: Int) -> String? {
    sectionHeaderTitles ? sections[section].title : nil
  }
  func tableView(_ tableView: HeadlessTableView, titleForFooterInSection section: Int) -> String? {
    sectionHeaderTitles ? "\(sections[section].rows.count) rows" : nil
  }
  func tableView(_ tableView: HeadlessTableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    indexPath[1] != 0
  }
  func tableView(
    _ tableView: HeadlessTableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    moves.append((sourceIndexPath, destinationIndexPath))
    let row = sections[sourceIndexPath[0]].rows.remove(at: sourceIndexPath[1])
    sections[destinationIndexPath[0]].rows.insert(row, at: destinationIndexPath[1])
  }
  func tableView(
    _ tableView: HeadlessTableView, commit editingStyle: HeadlessTableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    deletes.append(indexPath)
    guard deletesOnCommit else { return }
    sections[indexPath[0]].rows.remove(at: indexPath[1])
    tableView.deleteRows(at: [indexPath], with: .automatic)
  }
}

@Suite("UIKit's surface where users touch it")
@MainActor
struct UIKitSurfaceTests {
  @Test func aViewIsOnScreenWhileItIsInAWindow() {
    let (table, source) = makeTable(rows: 20, onScreen: false)
    #expect(table.window == nil)
    #expect(table.visibleCells.isEmpty)
    let container = HeadlessView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    container.addSubview(table)
    #expect(table.window == nil, "a superview without a window is still off screen")
    let window = HeadlessWindow()
    window.addSubview(container)
    #expect(table.window === window)
    // At the window's top, under the status bar: the safe area moves the content 47 points
    // down, and 9 rows of 44 points show in the 393 left.
    #expect(table.adjustedContentInset.top == 47 && table.contentOffset.y == -47)
    #expect(table.visibleCells.count == 9)
    #expect(source.cellRequests.count == 9)
    container.removeFromSuperview()
    #expect(table.window == nil)
    #expect(table.superview === container)
  }

  /// A view's window follows its superviews wherever they move, down to the deepest subview,
  /// as UIKit keeps it; a window is its own.
  @Test func aViewsWindowFollowsItsSuperviews() {
    let (first, second) = (HeadlessWindow(), HeadlessWindow())
    #expect(first.window === first)
    let container = HeadlessView(frame: .zero)
    let middle = HeadlessView(frame: .zero)
    let leaf = HeadlessView(frame: .zero)
    middle.addSubview(leaf)
    container.addSubview(middle)
    #expect(leaf.window == nil)
    first.addSubview(container)
    #expect(leaf.window === first && middle.window === first && container.window === first)
    second.addSubview(container)  // taken from the first window
    #expect(leaf.window === second && middle.window === second)
    let other = HeadlessView(frame: .zero)
    second.addSubview(other)
    other.addSubview(leaf)  // within the same window
    #expect(leaf.window === second)
    container.removeFromSuperview()
    #expect(middle.window == nil && container.window == nil)
    #expect(leaf.window === second, "moved out of the container before it left")
    middle.addSubview(leaf)
    #expect(leaf.window == nil)
    #expect(first.window === first && second.window === second)
  }

  @Test func showingAViewKeepsItsWindowUntilTheViewLeaves() {
    weak var shownWindow: HeadlessWindow?
    let (table, _) = makeTable(rows: 5, onScreen: false)
    do {
      shownWindow = HeadlessWindow.show(table)
    }
    #expect(shownWindow != nil)
    #expect(table.window === shownWindow)
    table.removeFromSuperview()
    #expect(shownWindow == nil, "the window goes away with the view it was made for")
  }

  @Test func cellSubclassesWrittenForUIKitWork() {
    let table = HeadlessTableView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: .grouped)
    #expect(table.style == .grouped)
    table.register(AvatarCell.self, forCellReuseIdentifier: "row")
    let source = TitledSource([("Team", ["Ari", "Bo"])])
    table.dataSource = source
    HeadlessWindow.show(table)
    let cell = table.cellForRow(at: IndexPath(indexes: [0, 0])) as? AvatarCell
    #expect(cell?.badge.text == "new")
    cell?.imageView?.image = HeadlessImage(size: CGSize(width: 40, height: 40), name: "ari")
    #expect(cell?.imageView?.image?.description == "ari")
    #expect(HeadlessImage(data: Data()) == nil)
    #expect(HeadlessImage(data: Data([1]))?.size == CGSize(width: 1, height: 1))
    #expect(AvatarCell(coder: NSCoder()) != nil)
    #expect(HeadlessTableView(coder: NSCoder()) == nil, "no archives to decode a table from")
  }

  /// UIKit's `detailTextLabel` is `nil` in the `.default` style, the style a table makes a
  /// registered class's cells with: a detail set there shows nothing on a device. A subclass
  /// that asks for another style in its `init(style:reuseIdentifier:)` has one.
  @Test func onlyStylesWithADetailLabelHaveOne() {
    #expect(HeadlessTableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
    for style in [HeadlessTableViewCell.CellStyle.value1, .value2, .subtitle] {
      #expect(HeadlessTableViewCell(style: style, reuseIdentifier: nil).detailTextLabel != nil)
    }
    #expect(AvatarCell(coder: NSCoder())?.detailTextLabel == nil)

    final class SubtitleCell: HeadlessTableViewCell {
      override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
      }
      required init?(coder: NSCoder) { nil }
    }
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "plain")
    table.register(SubtitleCell.self, forCellReuseIdentifier: "subtitle")
    let index = IndexPath(indexes: [0, 0])
    #expect(table.dequeueReusableCell(withIdentifier: "plain", for: index).detailTextLabel == nil)
    #expect(
      table.dequeueReusableCell(withIdentifier: "subtitle", for: index).detailTextLabel != nil)
  }

  /// `indexPath(for:)`: the row a visible cell shows; `nil` once the cell shows none.
  @Test func aCellKnowsItsRowWhileItShowsOne() throws {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    let source = TitledSource([("Team", (0..<60).map { "Mate \($0)" })])
    table.dataSource = source
    HeadlessWindow.show(table)
    let second = IndexPath(indexes: [0, 1])
    let cell = try #require(table.cellForRow(at: second))
    #expect(table.indexPath(for: cell) == second)
    table.contentOffset = CGPoint(x: 0, y: 44 * 30)
    table.layoutIfNeeded()
    if let now = table.indexPath(for: cell) {
      #expect(now.row >= 25, "reused for a row on screen now")
    }
    #expect(table.visibleCells.allSatisfy { table.indexPath(for: $0) != nil })
    let loose = HeadlessTableViewCell(style: .default, reuseIdentifier: nil)
    #expect(table.indexPath(for: loose) == nil)
  }

  @Test func titledSectionsHaveHeaderAndFooterViews() {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    let source = TitledSource([("A", ["a0", "a1"]), ("B", ["b0"])])
    table.dataSource = source
    HeadlessWindow.show(table)
    #expect(table.headerView(forSection: 0)?.displayedText == "A")
    #expect(table.footerView(forSection: 1)?.displayedText == "1 rows")
    // A plain table pads 22 points above each header (iOS 15): 22 + 28 + 2 × 44 + 28 for
    // section 0, then section 1's padding and header.
    let expected: CGFloat = 22 + 28 + 88 + 28 + 22 + 28
    #expect(table.rectForRow(at: IndexPath(indexes: [1, 0])).minY == expected)
    let header = table.headerView(forSection: 1)
    table.performBatchUpdates {
      source.sections.insert(("New", []), at: 0)
      table.insertSections(IndexSet(integer: 0), with: .fade)
    }
    #expect(table.violations.isEmpty)
    #expect(table.headerView(forSection: 2) === header, "a header moves with its section")
    #expect(table.lastRowAnimation == .fade)
  }

  @Test func theUserMovesARowAndTheTableShowsItThereAtOnce() {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    let source = TitledSource([("A", ["a0", "a1", "a2"]), ("B", ["b0"])])
    table.dataSource = source
    HeadlessWindow.show(table)
    let moved = table.cellForRow(at: IndexPath(indexes: [0, 2]))
    let requests = table.cellRequestCount
    table.setEditing(true, animated: false)  // reorder controls show in editing mode
    #expect(!table.userMovesRow(at: IndexPath(indexes: [0, 0]), to: IndexPath(indexes: [1, 0])))
    #expect(table.userMovesRow(at: IndexPath(indexes: [0, 2]), to: IndexPath(indexes: [1, 0])))
    #expect(source.sections.map(\.rows) == [["a0", "a1"], ["a2", "b0"]])
    #expect(table.numberOfRows(inSection: 1) == 2)
    #expect(table.cellForRow(at: IndexPath(indexes: [1, 0])) === moved)
    #expect(table.cellRequestCount == requests, "no cell is asked for: the row moved")
    #expect(table.userDeletesRow(at: IndexPath(indexes: [0, 1])))
    #expect(source.deletes == [IndexPath(indexes: [0, 1])])
    #expect(table.numberOfRows(inSection: 0) == 2, "the data source deletes, not the table")
    #expect(table.violations.isEmpty)
    // It did not, inside the commit: on a device the row slides back into place (§7.4).
    #expect(table.alerts.map(\.rule) == [.destructiveSwipeSnapBack])
    table.clearViolations()
    source.deletesOnCommit = true
    #expect(table.userDeletesRow(at: IndexPath(indexes: [0, 1])))
    #expect(table.numberOfRows(inSection: 0) == 1)
    #expect(table.violations.isEmpty && table.alerts.isEmpty)
  }

  @Test func aRowTheUsersMoveBringsOnScreenIsAskedForInTheNewOrder() {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.rowHeight = 44
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    let source = TitledSource([("A", (0..<30).map { "r\($0)" })])
    source.sectionHeaderTitles = false
    table.dataSource = source
    HeadlessWindow.show(table)
    table.setEditing(true, animated: false)
    // Row 1 goes far below: row 10 comes on screen, and its cell shows it, not row 9 or 11.
    #expect(table.userMovesRow(at: IndexPath(indexes: [0, 1]), to: IndexPath(indexes: [0, 20])))
    let shown = (table.indexPathsForVisibleRows ?? []).map {
      table.cellForRow(at: $0)?.textLabel?.text
    }
    #expect(shown == (0..<11).filter { $0 != 1 }.map { "r\($0)" })
    #expect(table.violations.isEmpty)
  }

  @Test func aFlowLayoutFitsAsManyColumnsAsTheWidthHolds() {
    let layout = HeadlessCollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 100)
    let (grid, _) = makeGrid(items: 40)
    grid.collectionViewLayout = layout  // 100-point items, 10 points apart
    HeadlessWindow.show(grid)
    #expect(grid.indexPathsForVisibleItems == rows(0..<6), "3 columns × 2 lines of 110 points")
    grid.frame = CGRect(x: 0, y: 0, width: 430, height: 200)
    #expect(grid.indexPathsForVisibleItems == rows(0..<8), "4 columns now")
    layout.minimumLineSpacing = 0
    #expect(grid.indexPathsForVisibleItems == rows(0..<8))
    #expect(grid.layoutAttributesForItem(at: IndexPath(indexes: [0, 5]))?.frame.minY == 100)
    #expect(grid.layoutAttributesForItem(at: IndexPath(indexes: [0, 40])) == nil)
  }

  @Test func sectionHeadersAreRequestedDequeuedAndKeptThroughBatches() {
    let (grid, source) = makeGrid(items: 4)
    (grid.collectionViewLayout as? HeadlessCollectionViewFlowLayout)?.headerReferenceSize =
      CGSize(width: 320, height: 30)
    HeadlessWindow.show(grid)
    let kind = HeadlessCollectionView.elementKindSectionHeader
    let header = grid.supplementaryView(forElementKind: kind, at: IndexPath(indexes: [0, 0]))
    #expect(header != nil)
    #expect(source.headerRequests == 1)
    #expect(grid.visibleSupplementaryViews(ofKind: kind).count == 1)
    #expect(grid.layoutAttributesForItem(at: IndexPath(indexes: [0, 0]))?.frame.minY == 30)
    grid.performBatchUpdates {
      source.count = 5
      grid.insertItems(at: [IndexPath(indexes: [0, 4])])
    }
    #expect(grid.violations.isEmpty)
    #expect(
      grid.supplementaryView(forElementKind: kind, at: IndexPath(indexes: [0, 0])) === header)
    #expect(source.headerRequests == 1, "an existing header is kept, not asked for again")
  }

  @Test func batchesInsidePerformWithoutAnimationAreRecordedAsNotAnimated() {
    let (table, source) = makeTable(rows: 3)
    table.performBatchUpdates {
      source.rows[0].append("new")
      table.insertRows(at: [IndexPath(indexes: [0, 3])], with: .automatic)
    }
    #expect(table.lastBatchAnimated == true)
    HeadlessView.performWithoutAnimation {
      table.performBatchUpdates {
        source.rows[0].removeLast()
        table.deleteRows(at: [IndexPath(indexes: [0, 3])], with: .none)
      }
    }
    #expect(table.lastBatchAnimated == false)
    #expect(HeadlessView.areAnimationsEnabled)
    #expect(table.acceptedBatchCount == 2)
  }
}
