import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Observation
import Testing

/// A cell provider whose cell follows what it shows (a placeholder until the photo arrives, an
/// away mate's own cell) says so with `replacesCells(byKind:)`, and every change that turns a
/// row into another kind gives it a new cell — where UIKit's reconfigure raises "different
/// reuse identifier". For late content, observed state and diffed lists alike.
@Suite("Cells whose type follows their content", .mainActorTurns)
@MainActor
struct CellKindTests {
  /// A table with the two cells the provider picks from.
  private func makeKindsTable() -> UITableView {
    let table = makeTable()  // strict
    table.register(UITableViewCell.self, forCellReuseIdentifier: "placeholder")
    table.register(UITableViewCell.self, forCellReuseIdentifier: "photo")
    return table
  }

  /// Binds mates with avatars: a "placeholder" cell until its avatar is loaded, a "photo"
  /// cell after.
  private func bindAvatars(
    _ table: UITableView, _ avatars: ContentStore<Int, String>, declaringKinds: Bool
  ) -> ListBinding<FlatSection, TestItem> {
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(avatars, prefetching: .never)
    ) { tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(
        withIdentifier: avatar.content == nil ? "placeholder" : "photo", for: indexPath)
      cell.textLabel?.text = "\(mate.id) · \(avatar.content ?? "…")"
      return cell
    }
    if declaringKinds {
      _ = binding.replacesCells(byKind: { _, avatar in avatar == .loaded ? "photo" : "placeholder" }
      )
    }
    return binding
  }

  /// What each visible row shows: its cell's identifier and text.
  private func shown(_ table: UITableView) -> [String] {
    table.visibleCells.map { "\($0.reuseIdentifier ?? "-") \($0.textLabel?.text ?? "")" }
  }

  @Test(arguments: [false, true])
  func avatarsThatArriveGiveTheirRowsPhotoCells(declaringKinds: Bool) async {
    let table = makeKindsTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    defer { loader.openAll() }
    let binding = bindAvatars(table, avatars, declaringKinds: declaringKinds)
    #expect(await binding.apply(items: (0..<30).map { TestItem(id: $0) }))
    // The reader has scrolled a little: their place is kept as the cells change.
    table.setContentOffset(CGPoint(x: 0, y: 15), animated: false)
    table.layoutIfNeeded()
    let firstRow = table.indexPathsForVisibleRows?.first
    let visible = Set((table.indexPathsForVisibleRows ?? []).map(\.row))
    await eventually("the visible avatars to be requested") {
      loader.startedKeys.filter(visible.contains).count >= 5
    }
    let keys = Array(loader.startedKeys.filter(visible.contains).prefix(5))
    for key in keys { loader.open(key) }
    await eventually("the opened avatars to arrive") {
      keys.allSatisfy { avatars.state(for: $0).content != nil }
    }
    await eventually("their rows to be configured again") {
      binding.statistics.contentReconfigures >= 1
        && keys.allSatisfy { key in
          table.cellForRow(at: IndexPath(row: key, section: 0))?.textLabel?.text
            == "\(key) · content \(key)" || !table.violations.isEmpty
        }
    }
    if declaringKinds {
      #expect(table.violations.isEmpty, "\(table.violations)")
      for key in keys {
        let cell = table.cellForRow(at: IndexPath(row: key, section: 0))
        #expect(cell?.reuseIdentifier == "photo", "row \(key): \(shown(table))")
        #expect(cell?.textLabel?.text == "\(key) · content \(key)")
      }
      let others = table.visibleCells.filter { cell in
        !keys.contains { table.cellForRow(at: IndexPath(row: $0, section: 0)) === cell }
      }
      #expect(others.allSatisfy { $0.reuseIdentifier == "placeholder" }, "\(shown(table))")
      #expect(table.indexPathsForVisibleRows?.first == firstRow)
      #expect(table.contentOffset.y == 15)
    } else {
      // What UIKit raises without the declaration: the reason it exists.
      #expect(table.violations.contains { $0.rule == .reconfigureWithDifferentIdentifier })
    }
    binding.cancel()
  }

  /// A failure keeps the placeholder cell: a reconfigure, with nothing reported.
  @Test func aFailedAvatarKeepsItsPlaceholderCell() async {
    let table = makeKindsTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    let binding = bindAvatars(table, avatars, declaringKinds: true)
    #expect(await binding.apply(items: (0..<3).map { TestItem(id: $0) }))
    let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))
    loader.open(1, failing: true)
    loader.open(2)
    defer { loader.openAll() }
    await eventually("avatar 1 to fail and avatar 2 to be in a photo cell") {
      guard case .failed = avatars.state(for: 1) else { return false }
      return table.cellForRow(at: IndexPath(row: 2, section: 0))?.reuseIdentifier == "photo"
    }
    await eventually("both rows configured again") { binding.statistics.contentReconfigures >= 2 }
    #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === cell, "the same cell")
    #expect(cell?.reuseIdentifier == "placeholder")
    #expect(table.violations.isEmpty, "\(table.violations)")
    binding.cancel()
  }

  /// UIKit asks for a cell at a path a batch has just removed (rdar 30632322) — here as the
  /// user drops a row into another section, the data source still on the list before it — and
  /// keeps it: the item answered there has a second cell. That cell reused for another item
  /// must not make Bindery forget the kind of the cell the row shows (found by the binding
  /// fuzzer, whose reconfigure then raised "different reuse identifier").
  @Test func aSecondCellForAnItemLeavesTheKindOfItsRowsCellKnown() async {
    let table = makeKindsTable()
    table.requestsCellsAtStalePaths = true
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 40), loader: loader.load)
    defer { loader.openAll() }
    let binding = table.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      content: .store(avatars, prefetching: .never)
    ) { tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(
        withIdentifier: avatar.content == nil ? "placeholder" : "photo", for: indexPath)
      cell.textLabel?.text = "\(mate.id) · \(avatar.content ?? "…")"
      return cell
    }
    .replacesCells(byKind: { _, avatar in avatar == .loaded ? "photo" : "placeholder" })
    .onMove { _, _, _ in }
    func sections(_ first: [Int], _ second: [Int]) -> [ListSection<TestSection, TestItem>] {
      [
        ListSection(TestSection(id: 0), items: first.map { TestItem(id: $0) }),
        ListSection(TestSection(id: 1), items: second.map { TestItem(id: $0) }),
      ]
    }
    #expect(await binding.apply(sections([0, 1, 2], [3])))
    // The user drops item 3, section 1's only row, at the top of section 0: UIKit asks for a
    // cell at (1, 0), which its section no longer has, and the data source answers item 3.
    table.setEditing(true, animated: false)
    let requests = table.cellRequestCount
    #expect(table.userBeginsReorderingRow(at: IndexPath(row: 0, section: 1)))
    table.userDragsReorderedRow(to: IndexPath(row: 0, section: 0))
    #expect(table.userDropsReorderedRow())
    #expect(table.cellRequestCount > requests, "a cell asked for at the stale path")
    table.setEditing(false, animated: false)
    #expect(await binding.apply(sections([3, 0, 1, 2], [])))
    // Rows come in: cells from the reuse pool, the stale one among them, for other items.
    #expect(await binding.apply(sections([3, 0, 1, 2], [10, 11, 12])))
    await eventually("item 3's avatar to be requested") { loader.startedKeys.contains(3) }
    loader.open(3)
    await eventually("item 3's row to show its photo") {
      table.cellForRow(at: IndexPath(row: 0, section: 0))?.reuseIdentifier == "photo"
        || !table.violations.isEmpty
    }
    #expect(table.violations.isEmpty, "\(table.violations)")
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "3 · content 3")
    binding.cancel()
  }

  @Test func anObservedChangeOfKindGivesTheRowANewCell() async {
    let table = makeTable()
    table.register(UITableViewCell.self, forCellReuseIdentifier: "away")
    let model = LiveMates()
    model.mates = (0..<20).map { LiveMate(id: $0, name: "mate \($0)") }
    let binding = table.bind(to: .observing { model.mates }) { tableView, indexPath, mate in
      let identifier = mate.name.hasPrefix("away") ? "away" : "row"
      let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
      cell.textLabel?.text = mate.name
      return cell
    }
    .replacesCells(byKind: { mate in mate.name.hasPrefix("away") })
    #expect(await binding.waitUntilShown())
    let stays = table.cellForRow(at: IndexPath(row: 4, section: 0))
    table.allowsMultipleSelection = true
    table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
    table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
    model.mates[2].name = "away 2"  // another kind: a new cell
    model.mates[4].name = "mate four"  // the same kind: the same cell, configured again
    await eventually("both rows show their new names") {
      table.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "away 2"
        && table.cellForRow(at: IndexPath(row: 4, section: 0))?.textLabel?.text == "mate four"
    }
    #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.reuseIdentifier == "away")
    #expect(table.cellForRow(at: IndexPath(row: 4, section: 0)) === stays)
    #expect(binding.statistics.updates == 1, "no list was diffed")
    #expect(table.indexPathsForSelectedRows?.map(\.row).sorted() == [2, 4], "still selected")
    #expect(table.violations.isEmpty, "\(table.violations)")
    binding.cancel()
  }

  @Test func aDiffedChangeOfKindGivesTheRowANewCell() async {
    let grid = makeGrid()
    final class AwayCell: UICollectionViewCell {}
    grid.register(AwayCell.self, forCellWithReuseIdentifier: "away")
    let binding = grid.bind(to: .sequence(AsyncStream<[TestItem]> { _ in })) {
      grid, indexPath, mate in
      let cell = grid.dequeueReusableCell(
        withReuseIdentifier: mate.content == 1 ? "away" : "item", for: indexPath)
      (cell as? LabelledCell)?.text = "\(mate)"
      return cell
    }
    .replacesCells(byKind: { $0.content == 1 })
    var mates = (0..<6).map { TestItem(id: $0) }
    #expect(await binding.apply(items: mates))
    let stays = grid.cellForItem(at: IndexPath(item: 3, section: 0))
    grid.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
    mates[1].content = 1
    mates[3].content = 2
    #expect(await binding.apply(items: mates))
    #expect(grid.cellForItem(at: IndexPath(item: 1, section: 0)) is AwayCell)
    #expect(grid.cellForItem(at: IndexPath(item: 3, section: 0)) === stays)
    #expect((stays as? LabelledCell)?.text == "3:2")
    #expect(grid.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)], "still selected")
    #expect(grid.violations.isEmpty, "\(grid.violations)")
  }

  /// The kinds Bindery remembers are the cells', not every item's it ever showed.
  @Test func theKindsRememberedAreBoundedByTheCells() async {
    let table = makeTable()
    var cells: Set<ObjectIdentifier> = []
    let binding = table.bind(to: .sequence(AsyncStream<[TestItem]> { _ in })) {
      tableView, indexPath, item in
      let cell = describeRow(tableView, indexPath, item)
      cells.insert(ObjectIdentifier(cell))
      return cell
    }
    .replacesCells(byKind: { _ in "row" })
    #expect(await binding.apply(items: (0..<2_000).map { TestItem(id: $0) }))
    for row in stride(from: 0, to: 2_000, by: 8) {
      table.scrollToRow(at: IndexPath(row: row, section: 0), at: .top, animated: false)
      table.layoutIfNeeded()
    }
    #expect(cells.count < 40)
    #expect(binding.rememberedCellKinds <= cells.count)
    binding.cancel()
  }

  @Test func contentKindsOnABindingWithoutContentAreReported() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    _ = binding.replacesCells(byKind: { _, avatar in avatar == .loaded })
    binding.cancel()
    var found: [ModifierMisuse] = []
    for await problem in binding.errors {
      if case .modifierDoesNotApply(let misuse) = problem { found.append(misuse) }
    }
    #expect(found.map(\.modifier) == ["replacesCells(byKind:)"])
    #expect(found.first?.reason.contains("no late content") == true)
  }
}
