import Foundation
import Testing

@testable import HeadlessUIKit

/// A table as UIKit makes it: no height set by the test.
@MainActor
private func makeDefaultTable(
  rows count: Int, cell: HeadlessTableViewCell.Type = LabelCell.self
) -> (HeadlessTableView, RowsDataSource) {
  let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
  table.register(cell, forCellReuseIdentifier: "row")
  let source = RowsDataSource([(0..<count).map { "r\($0)" }])
  KeepAlive.objects.append(source)
  table.dataSource = source
  table.prefetchDataSource = source
  HeadlessWindow.show(table)
  return (table, source)
}

@MainActor
@Suite("UIKit's defaults and the table's header and footer views (§4b, §4c)")
struct TableDefaultsTests {
  @Test func aNewTableEstimatesAndSizesItsRowsByTheirCells() {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    #expect(table.rowHeight == HeadlessTableView.automaticDimension)
    #expect(table.estimatedRowHeight == HeadlessTableView.automaticDimension)
    #expect(table.estimatedSectionHeaderHeight == HeadlessTableView.automaticDimension)
    #expect(table.estimatedSectionFooterHeight == HeadlessTableView.automaticDimension)
    #expect(table.sectionHeaderHeight == HeadlessTableView.automaticDimension)
    #expect(table.sectionFooterHeight == HeadlessTableView.automaticDimension)
  }

  @Test func plainCellsSizeThemselvesToAStandardRow() {
    let (table, _) = makeDefaultTable(rows: 30)
    #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)).minY == CGFloat(3 * 44))
    #expect(table.contentSize.height == CGFloat(30 * 44))
    #expect(table.indexPathsForVisibleRows == rows(0..<10))
    #expect(table.offsetCorrections.isEmpty)
  }

  @Test func rowsOfOtherHeightsStartAtTheEstimateAndAreMeasuredWhenShown() {
    final class Tall: HeadlessTableViewCell {
      override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        CGSize(width: targetSize.width, height: 80)
      }
    }
    let (table, _) = makeDefaultTable(rows: 40, cell: Tall.self)
    // 6 rows of 80 cover 440 points; the rest are still estimated at 44.
    #expect(table.indexPathsForVisibleRows == rows(0..<6))
    #expect(table.contentSize.height == CGFloat(6 * 80 + 34 * 44))
    // Back from the end, rows measured above the screen correct the offset.
    table.contentOffset = CGPoint(x: 0, y: table.contentSize.height - 440)
    table.scroll(by: -300)
    #expect(!table.offsetCorrections.isEmpty)
  }

  @Test func theHeaderViewTakesTheTopAndTheFooterViewTheEnd() {
    let (table, _) = makeDefaultTable(rows: 30)
    let header = HeadlessView(frame: CGRect(x: 0, y: 0, width: 10, height: 60))
    let footer = HeadlessView(frame: CGRect(x: 0, y: 0, width: 10, height: 30))
    table.tableHeaderView = header
    table.tableFooterView = footer
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == CGFloat(60))
    #expect(table.contentSize.height == CGFloat(60 + 30 * 44 + 30))
    #expect(header.frame == CGRect(x: 0, y: 0, width: 320, height: 60))
    #expect(footer.frame == CGRect(x: 0, y: 60 + 30 * 44, width: 320, height: 30))
    #expect(header.superview === table && footer.superview === table)
    // 60 points of header leave room for 9 rows, the 9th cut off.
    #expect(table.indexPathsForVisibleRows == rows(0..<9))
  }

  @Test func theFooterFollowsTheRowsAsTheyComeAndGo() {
    let (table, source) = makeDefaultTable(rows: 5)
    let footer = HeadlessView(frame: CGRect(x: 0, y: 0, width: 320, height: 30))
    table.tableFooterView = footer
    #expect(footer.frame.minY == CGFloat(5 * 44))
    source.rows[0] += ["r5", "r6"]
    table.insertRows(
      at: [IndexPath(row: 5, section: 0), IndexPath(row: 6, section: 0)], with: .none)
    #expect(footer.frame.minY == CGFloat(7 * 44))
    #expect(table.violations.isEmpty)
  }

  @Test func aHeaderSetWhileScrolledMovesEveryRowAndKeepsTheOffset() {
    let (table, _) = makeDefaultTable(rows: 60)
    table.contentOffset = CGPoint(x: 0, y: 440)
    let before = table.rectForRow(at: IndexPath(row: 12, section: 0)).minY
    table.tableHeaderView = HeadlessView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
    #expect(table.contentOffset.y == CGFloat(440))
    #expect(table.rectForRow(at: IndexPath(row: 12, section: 0)).minY == before + CGFloat(44))
    #expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 9, section: 0))
    table.tableHeaderView = nil
    #expect(table.contentOffset.y == CGFloat(440))
    #expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 10, section: 0))
  }

  @Test func aHeaderWhoseFrameChangesIsReadAgainOnlyWhenSetAgain() {
    let (table, _) = makeDefaultTable(rows: 10)
    let header = HeadlessView(frame: CGRect(x: 0, y: 0, width: 320, height: 40))
    table.tableHeaderView = header
    header.frame.size.height = 100
    table.layoutIfNeeded()
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == CGFloat(40))
    table.tableHeaderView = header
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == CGFloat(100))
  }

  @Test func aPlainTablePadsAboveEachTitledHeader() {
    let source = TitledSource([("A", ["a0", "a1"]), ("B", ["b0"])])
    KeepAlive.objects.append(source)
    func firstRowOfSecondSection(_ style: HeadlessTableView.Style, padding: CGFloat?) -> CGFloat {
      let table = HeadlessTableView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: style)
      table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
      if let padding { table.sectionHeaderTopPadding = padding }
      table.dataSource = source
      HeadlessWindow.show(table)
      return table.rectForRow(at: IndexPath(row: 0, section: 1)).minY
    }
    // Header, two rows and a footer, then the second section's header.
    let unpadded = CGFloat(28 + 2 * 44 + 28 + 28)
    #expect(firstRowOfSecondSection(.plain, padding: nil) == unpadded + 2 * 22)
    #expect(firstRowOfSecondSection(.plain, padding: 0) == unpadded)
    #expect(firstRowOfSecondSection(.grouped, padding: nil) == unpadded)
  }

  @Test func aTableOffScreenWarnsWhenToldToLayOutAfterAReload() {
    let (table, _) = makeTable(rows: 5, onScreen: false)
    table.reloadData()
    table.layoutIfNeeded()
    #expect(table.alerts.map(\.rule) == [.layoutOutsideViewHierarchy])
  }
}
