import HeadlessUIKit
import Testing

/// Cells' configuration state as UIKit keeps it (UIKit rules §4d): a table cell's and a
/// collection cell's selection and highlight in their state, update requests coalesced into one
/// at the end of the turn or before the cell shows, and the content configuration updated for
/// the state.
@MainActor
@Suite("Cells' configuration state")
struct CellConfigurationStateTests {
  /// A table whose cells record each configuration update with the state it was made for.
  final class StatefulRows: HeadlessTableViewDataSource {
    var updates: [(row: Int, selected: Bool)] = []
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      let row = indexPath.row
      cell.configurationUpdateHandler = { [unowned self] _, state in
        updates.append((row, state.isSelected))
      }
      // Asked for twice more while configuring: still one update before the cell shows.
      cell.setNeedsUpdateConfiguration()
      cell.setNeedsUpdateConfiguration()
      return cell
    }
  }

  func statefulTable() -> (HeadlessTableView, StatefulRows) {
    let rows = StatefulRows()
    KeepAlive.objects.append(rows)
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.rowHeight = 44
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = rows
    return (table, rows)
  }

  @Test func aTableCellIsUpdatedOnceBeforeItShowsAndAsItsRowIsSelected() async {
    let (table, rows) = statefulTable()
    let window = HeadlessWindow.show(table)
    #expect(rows.updates.map(\.row) == Array(0..<10), "one update per cell, before it shows")
    #expect(rows.updates.allSatisfy { !$0.selected })
    rows.updates = []
    table.userSelectsRow(at: IndexPath(row: 3, section: 0))
    let cell = table.cellForRow(at: IndexPath(row: 3, section: 0))
    #expect(cell?.isSelected == true && cell?.configurationState.isSelected == true)
    #expect(rows.updates.isEmpty, "coalesced to the end of the turn")
    await Task.yield()
    #expect(rows.updates.map(\.row) == [3] && rows.updates.first?.selected == true)
    // Another row selected: the first is deselected, each updated once.
    rows.updates = []
    table.userSelectsRow(at: IndexPath(row: 5, section: 0))
    await Task.yield()
    #expect(Set(rows.updates.map(\.row)) == [3, 5] && rows.updates.count == 2)
    #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.isSelected == false)
    window.resignVisible()
  }

  @Test func aCellShownForASelectedRowShowsSelected() {
    let (table, rows) = statefulTable()
    let window = HeadlessWindow.show(table)
    table.selectRow(at: IndexPath(row: 25, section: 0), animated: false, scrollPosition: .none)
    rows.updates = []
    table.scrollToRow(at: IndexPath(row: 25, section: 0), at: .top, animated: false)
    #expect(table.cellForRow(at: IndexPath(row: 25, section: 0))?.isSelected == true)
    #expect(rows.updates.contains { $0.row == 25 && $0.selected })
    #expect(table.cellForRow(at: IndexPath(row: 26, section: 0))?.isSelected == false)
    window.resignVisible()
  }

  /// A content configuration that records the state it was updated for.
  struct StateLabel: HeadlessContentConfiguration {
    var selected = false
    func makeContentView() -> any HeadlessView & HeadlessContentView {
      HeadlessListContentView(configuration: .cell())
    }
    func updated(for state: any HeadlessConfigurationState) -> StateLabel {
      var copy = self
      copy.selected = (state as? HeadlessCellConfigurationState)?.isSelected ?? false
      return copy
    }
  }

  @Test func aCollectionCellCoalescesItsRequestsAndUpdatesItsContentForItsState() async {
    let cell = HeadlessCollectionViewCell(frame: CGRect(x: 0, y: 0, width: 100, height: 44))
    var updates = 0
    cell.contentConfiguration = StateLabel()
    cell.configurationUpdateHandler = { _, _ in updates += 1 }
    cell.setNeedsUpdateConfiguration()
    cell.isSelected = true
    cell.isHighlighted = true
    #expect(updates == 0, "not at once: at the end of the turn")
    await Task.yield()
    #expect(updates == 1)
    #expect((cell.contentConfiguration as? StateLabel)?.selected == true)
    #expect(cell.configurationState.isSelected && cell.configurationState.isHighlighted)
    cell.isSelected = true  // no change: no update
    await Task.yield()
    #expect(updates == 1)
  }
}

/// A table's header and footer views keep a configuration state too (iOS 15): their update
/// requests coalesce into one, made at the end of the turn or before the view shows, and a
/// change of traits asks for one.
@MainActor
@Suite("Headers' configuration state")
struct HeaderConfigurationStateTests {
  @Test func aHeaderCoalescesItsRequestsAndHearsItsTraits() async throws {
    let source = TitledSections(rows: [3, 3])
    KeepAlive.objects.append(source)
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.rowHeight = 44
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = source
    let window = HeadlessWindow.show(table)
    let header = try #require(table.headerView(forSection: 0))
    var updates: [HeadlessContentSizeCategory] = []
    header.configurationUpdateHandler = { _, state in
      updates.append(state.traitCollection.preferredContentSizeCategory)
    }
    header.setNeedsUpdateConfiguration()
    header.setNeedsUpdateConfiguration()
    #expect(updates.isEmpty, "never inside the call")
    await Task.yield()
    #expect(updates == [.large], "one update for three requests")
    window.userChangesTraits { $0.preferredContentSizeCategory = .extraLarge }
    #expect(await yieldUntil { updates.count == 2 })
    #expect(
      updates.last == .extraLarge
        && header.configurationState.traitCollection
          .preferredContentSizeCategory == .extraLarge
    )
    window.resignVisible()
  }
}
