import Foundation
import HeadlessUIKit
import Testing

/// Layout that waits for the main actor's turn to end, as a device's waits for the next frame:
/// a reload, a new data source and `setNeedsLayout()` leave it pending (UIKit rules §1.3).
@Suite("Pending layout: a reload lays out as the turn ends")
@MainActor
struct PendingLayoutTests {
  func makeGridOnScreen(items count: Int) -> (HeadlessCollectionView, ItemsDataSource) {
    let (grid, source) = makeGrid(items: count)
    HeadlessWindow.show(grid)
    return (grid, source)
  }

  /// Catalog entry 15 on screen: a collection view reads its counts when it next lays out, so
  /// a model changed after the reload and before an insert is read as the old counts — the
  /// insert no longer adds up and UIKit raises. A table on screen reads its counts as it
  /// reloads, so the same sequence adds up there.
  @Test func aGridOnScreenReadsItsCountsAfterAReloadAtTheNextBatch() {
    let (grid, source) = makeGridOnScreen(items: 6)
    grid.reloadData()
    source.count += 1
    grid.insertItems(at: [IndexPath(item: 6, section: 0)])
    #expect(grid.violations.map(\.rule) == [.invalidNumberOfItems])

    let (table, rows) = makeTable(rows: 5)
    table.reloadData()
    rows.rows[0].append("late")
    table.insertRows(at: [IndexPath(row: 5, section: 0)], with: .automatic)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// The same steps with the layout made in between add up on both views.
  @Test func aLayoutBetweenTheReloadAndTheChangeTakesTheCountsOfThatMoment() {
    let (grid, source) = makeGridOnScreen(items: 6)
    grid.reloadData()
    grid.layoutIfNeeded()
    source.count += 1
    grid.insertItems(at: [IndexPath(item: 6, section: 0)])
    #expect(grid.violations.isEmpty, "\(grid.violations)")
  }

  /// The cells a reload brings come with its layout: none are shown in between (the old ones
  /// have gone), and the turn's end or `layoutIfNeeded()` brings them.
  @Test func aReloadsCellsComeAtTheTurnsEnd() async {
    let (table, _) = makeTable(rows: 30)
    #expect(table.visibleCells.count == 10)
    table.reloadData()
    #expect(table.visibleCells.isEmpty)
    #expect(await yieldUntil { table.visibleCells.count == 10 })

    let (grid, _) = makeGridOnScreen(items: 30)
    #expect(grid.visibleCells.count == 6)
    let requests = grid.cellRequestCount
    grid.reloadData()
    #expect(grid.visibleCells.isEmpty && grid.cellRequestCount == requests)
    grid.layoutIfNeeded()
    #expect(grid.visibleCells.count == 6)
  }

  /// Reloads in one turn are one layout: cells are asked for once, at its end.
  @Test func reloadsInOneTurnAreLaidOutOnce() async {
    let (table, _) = makeTable(rows: 30)
    let requests = table.cellRequestCount
    for _ in 0..<5 { table.reloadData() }
    #expect(table.cellRequestCount == requests)
    #expect(await yieldUntil { !table.visibleCells.isEmpty })
    #expect(table.cellRequestCount == requests + 10)
  }

  /// A new data source's rows are laid out at the turn's end too.
  @Test func aNewDataSourceIsLaidOutAtTheTurnsEnd() async {
    let (table, _) = makeTable(rows: 30)
    let other = RowsDataSource([(0..<3).map { "other\($0)" }])
    table.dataSource = other
    #expect(table.visibleCells.isEmpty)
    #expect(await yieldUntil { table.visibleCells.count == 3 })
    #expect(table.numberOfRows(inSection: 0) == 3)
    withExtendedLifetime(other) {}
  }
}
