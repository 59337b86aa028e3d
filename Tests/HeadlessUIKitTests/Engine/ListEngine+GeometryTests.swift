import Foundation
import HeadlessUIKit
import Testing

/// The sections' geometry, and the visible rows read from it, are kept between layouts, as
/// UIKit keeps its row data: reads of the view ask its data source nothing, and whatever the
/// geometry is worked out from shows in the next read.
@Suite("The sections' geometry kept between layouts") @MainActor
struct ListEngineGeometryTests {
  func makeTable(_ source: TitledSections) -> HeadlessTableView {
    let table = source.makeTable()
    HeadlessWindow.show(table)
    table.layoutIfNeeded()
    return table
  }

  /// What a table shows, as a freshly made one with the same data source and settings would.
  func expectSameAsFresh(
    _ table: HeadlessTableView, _ source: TitledSections, headerHeight: CGFloat? = nil,
    header: CGFloat? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let fresh = makeTable(source)
    if let headerHeight { fresh.sectionHeaderHeight = headerHeight }
    if let header {
      fresh.tableHeaderView = HeadlessView(frame: CGRect(x: 0, y: 0, width: 1, height: header))
    }
    fresh.contentOffset = table.contentOffset
    fresh.layoutIfNeeded()
    #expect(table.contentSize == fresh.contentSize, sourceLocation: sourceLocation)
    #expect(
      table.indexPathsForVisibleRows == fresh.indexPathsForVisibleRows,
      sourceLocation: sourceLocation)
    #expect(table.rect(forSection: 1) == fresh.rect(forSection: 1), sourceLocation: sourceLocation)
  }

  @Test func readsBetweenLayoutsAskTheDataSourceNothing() {
    let source = TitledSections(rows: [3, 4, 20])
    let table = makeTable(source)
    let asked = source.headerTitleAsks
    var sizes: Set<CGFloat> = []
    for _ in 0..<20 {
      sizes.insert(table.contentSize.height)
      _ = table.indexPathsForVisibleRows
      _ = table.visibleCells
      _ = table.rectForRow(at: IndexPath(row: 2, section: 1))
      _ = table.adjustedContentInset
    }
    #expect(source.headerTitleAsks == asked)
    #expect(sizes.count == 1)
    // A scroll lays out again, and asks again, once.
    table.contentOffset.y = 100
    table.layoutIfNeeded()
    let afterScroll = source.headerTitleAsks
    #expect(afterScroll > asked)
    for _ in 0..<20 { _ = table.contentSize }
    #expect(source.headerTitleAsks == afterScroll)
  }

  /// UIKit's `layoutIfNeeded()` lays out "if layout updates are pending": after a scroll, which
  /// lays out as the offset is set, or after nothing at all, it works nothing out again.
  @Test func layoutIfNeededLaysOutOnlyWhenALayoutIsDue() {
    let source = TitledSections(rows: [3, 4, 20])
    let table = makeTable(source)
    let asked = source.headerTitleAsks
    for _ in 0..<3 { table.layoutIfNeeded() }
    #expect(source.headerTitleAsks == asked)
    table.contentOffset.y = 100
    let afterScroll = source.headerTitleAsks
    #expect(afterScroll > asked)
    table.layoutIfNeeded()
    #expect(source.headerTitleAsks == afterScroll)
    // One that is due still lays out.
    table.sectionHeaderHeight = 60
    table.layoutIfNeeded()
    #expect(source.headerTitleAsks > afterScroll)
  }

  /// A layout keeps the rows it put on screen for the reads that follow it, as UIKit keeps its
  /// visible cells: they are the rows whose frames meet the bounds, no more (the cells prepared
  /// and kept beyond the screen are not among them), at any offset, a row's edge included.
  @Test func theRowsOnScreenAfterALayoutAreTheRowsInTheBounds() {
    let source = TitledSections(rows: [3, 4, 40, 2])
    let table = makeTable(source)
    let all = (0..<source.rows.count).flatMap { section in
      (0..<source.rows[section]).map { IndexPath(row: $0, section: section) }
    }
    // Steps of a finger and a row's edge (28 + 3 × 44 + 28 + 44: the second row of section 1).
    for offset: CGFloat in [0, 7.5, 15, 232, 232.5, 300, 620.25, 900, 880, 460, 232, 0] {
      table.contentOffset.y = offset
      table.layoutIfNeeded()
      let bounds = table.bounds
      let inBounds = all.filter { path in
        let row = table.rectForRow(at: path)
        return row.maxY > bounds.minY && row.minY < bounds.maxY
      }
      #expect(table.indexPathsForVisibleRows == inBounds, "at \(offset)")
      #expect(table.visibleCells.count == inBounds.count, "at \(offset)")
    }
  }

  @Test func whatTheGeometryIsWorkedOutFromShowsInTheNextRead() {
    let source = TitledSections(rows: [3, 4, 20])
    let table = makeTable(source)
    _ = table.contentSize  // kept
    // A property of the view's.
    table.sectionHeaderHeight = 60
    expectSameAsFresh(table, source, headerHeight: 60)
    // The counts, by a batch.
    source.rows[1] = 6
    table.insertRows(
      at: [IndexPath(row: 4, section: 1), IndexPath(row: 5, section: 1)], with: .none)
    expectSameAsFresh(table, source, headerHeight: 60)
    // A header view.
    table.tableHeaderView = HeadlessView(frame: CGRect(x: 0, y: 0, width: 1, height: 90))
    expectSameAsFresh(table, source, headerHeight: 60, header: 90)
    // A scroll.
    table.contentOffset.y = 250
    table.layoutIfNeeded()
    expectSameAsFresh(table, source, headerHeight: 60, header: 90)
    // A reload of new titles (none: a plain table's untitled sections have no header).
    source.headerTitles = false
    table.reloadData()
    table.layoutIfNeeded()
    expectSameAsFresh(table, source, headerHeight: 60, header: 90)
  }
}
