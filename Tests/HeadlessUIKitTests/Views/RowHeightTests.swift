import Foundation
import Testing

@testable import HeadlessUIKit

/// A cell that needs the height its row was given: what Auto Layout would work out on a device.
final class SizedCell: HeadlessTableViewCell {
  var fittingHeight: CGFloat = 44
  override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    CGSize(width: targetSize.width, height: fittingHeight)
  }
}

/// Rows whose cells size themselves; the delegate records what it is told.
@MainActor
final class SizedRows: HeadlessTableViewDataSource, HeadlessTableViewDelegate {
  var heights: [[CGFloat]]
  var displayed: [IndexPath] = []
  var ended: [IndexPath] = []
  var estimates: ((IndexPath) -> CGFloat)?

  init(_ heights: [[CGFloat]]) { self.heights = heights }

  func numberOfSections(in tableView: HeadlessTableView) -> Int { heights.count }
  func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int {
    heights[section].count
  }
  func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
    -> HeadlessTableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "sized", for: indexPath)
    (cell as? SizedCell)?.fittingHeight = heights[indexPath[0]][indexPath[1]]
    return cell
  }
  func tableView(_ tableView: HeadlessTableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> CGFloat
  { estimates?(indexPath) ?? tableView.estimatedRowHeight }
  func tableView(
    _ tableView: HeadlessTableView, willDisplay cell: HeadlessTableViewCell,
    forRowAt indexPath: IndexPath
  ) { displayed.append(indexPath) }
  func tableView(
    _ tableView: HeadlessTableView, didEndDisplaying cell: HeadlessTableViewCell,
    forRowAt indexPath: IndexPath
  ) { ended.append(indexPath) }

  /// A self-sizing table over these rows, 320 × 440, estimating every row at `estimate`.
  func makeTable(estimate: CGFloat = 50) -> HeadlessTableView {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.register(SizedCell.self, forCellReuseIdentifier: "sized")
    table.rowHeight = HeadlessTableView.automaticDimension
    table.estimatedRowHeight = estimate
    table.dataSource = self
    table.delegate = self
    KeepAlive.objects.append(self)
    return table
  }
}

@MainActor
@Suite("Row heights: the delegate's, estimates and self-sizing cells")
struct RowHeightTests {
  /// Random heights from 20 to 200 points.
  static func randomHeights(_ count: Int, seed: UInt64) -> [CGFloat] {
    var generator = SplitMix(seed: seed)
    return (0..<count).map { _ in CGFloat(Int.random(in: 20...200, using: &generator)) }
  }

  /// The viewport grows (the keyboard goes down) over rows not measured yet, the first shorter
  /// than its estimate and the rest taller: the offset is brought within the content as UIKit
  /// brings it, once the pass has measured them all — not against the content's length between
  /// two rows, which would move the reader.
  @Test func aGrowingViewportMovesTheOffsetOnlyForTheFinalContent() throws {
    // 42 rows of 60 points, as estimated (the two below the screen are measured as UIKit's
    // cell prefetching prepares them), then 4 not measured yet: 10 points, then 150s.
    let heights: [CGFloat] = Array(repeating: 60, count: 42) + [10, 150, 150, 150]
    let rows = SizedRows([heights])
    let table = rows.makeTable(estimate: 60)
    table.frame.size.height = 300
    HeadlessWindow.show(table)
    table.contentOffset.y = 40 * 60 - 300  // the 40 rows measured, at the end of what is
    let offset = table.contentOffset.y
    let content = table.contentSize.height
    // Grown by 336: the 4 rows below come on screen; after the first (50 shorter) the
    // content's end would be above the new bottom, after the rest it is below it.
    table.frame.size.height = 636
    #expect(content == CGFloat(46 * 60), "nothing measured yet but what shows and the two below")
    #expect(content - 50 - 636 < offset, "the intermediate content ends above the bottom")
    #expect(table.contentSize.height > offset + 636, "the final content does not")
    #expect(table.contentOffset.y == offset, "the offset stays: nothing needs bringing back")
  }

  /// What the lookups answer, checked against sums worked out the slow way, through random
  /// changes of height.
  @Test func rowHeightLookupsAgreeWithPlainSums() {
    var generator = SplitMix(seed: 7)
    for round in 0..<200 {
      let count = Int.random(in: 0...300, using: &generator)
      var heights = (0..<count).map { _ in CGFloat(Int.random(in: 0...60, using: &generator)) }
      var tree = RowHeights(heights: heights, isMeasured: heights.map { _ in false })
      for _ in 0..<20 where count > 0 {
        let row = Int.random(in: 0..<count, using: &generator)
        let height = CGFloat(Int.random(in: 0...60, using: &generator))
        #expect(tree.setMeasuredHeight(height, ofRow: row) == height - heights[row])
        heights[row] = height
      }
      #expect(tree.total == heights.reduce(0, +), "round \(round)")
      var offset: CGFloat = 0
      for row in 0..<count {
        #expect(tree.offset(ofRow: row) == offset)
        offset += heights[row]
      }
      for _ in 0..<20 {
        let probe = CGFloat(Int.random(in: -5...Int(offset) + 5, using: &generator))
        // The first row that ends after the probe.
        var expected = count
        var end: CGFloat = 0
        for row in 0..<count {
          end += heights[row]
          if end > probe {
            expected = row
            break
          }
        }
        #expect(tree.row(atOffset: probe) == (probe < 0 ? 0 : expected), "probe \(probe)")
      }
    }
  }

  @Test func theDelegatesHeightsLayTheRowsOut() {
    final class Heights: HeadlessTableViewDelegate {
      func tableView(_ tableView: HeadlessTableView, heightForRowAt indexPath: IndexPath)
        -> CGFloat
      { indexPath[1] % 2 == 0 ? 30 : 90 }
    }
    let (table, _) = makeTable(rows: 50, sections: 2)
    // No estimates, as an app turns them off: every height is read up front.
    table.estimatedRowHeight = 0
    let heights = Heights()
    table.delegate = heights
    #expect(
      table.rectForRow(at: IndexPath(row: 3, section: 0))
        == CGRect(x: 0, y: 150, width: 320, height: 90))
    #expect(table.contentHeight == CGFloat(2 * 25 * (30 + 90)))
    #expect(table.rectForRow(at: IndexPath(row: 1, section: 1)).minY == CGFloat(3000 + 30))
    #expect(table.indexPathsForVisibleRows == rows(0..<8))  // 4 pairs of 120 = 480 > 440
    table.setContentOffset(CGPoint(x: 0, y: 2990), animated: false)
    #expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 49, section: 0))
    #expect(table.indexPathsForVisibleRows?.dropFirst().first == IndexPath(row: 0, section: 1))
    // Every cell sits at its row's frame.
    for path in table.indexPathsForVisibleRows ?? [] {
      #expect(table.cellForRow(at: path)?.frame == table.rectForRow(at: path))
    }
  }

  @Test func selfSizingRowsStartFromTheirEstimateAndAreMeasuredWhenShown() {
    let rowsBelow = SizedRows([Array(repeating: 100, count: 40)])
    let table = rowsBelow.makeTable(estimate: 50)
    #expect(table.contentHeight == CGFloat(40 * 50))
    HeadlessWindow.show(table)
    // The first screen's rows are measured (and the two lines prepared below are not shown).
    #expect(table.indexPathsForVisibleRows == rows(0..<5))
    #expect(
      table.rectForRow(at: IndexPath(row: 4, section: 0))
        == CGRect(x: 0, y: 400, width: 320, height: 100))
    #expect(table.rectForRow(at: IndexPath(row: 5, section: 0)).height == 50)
    #expect(table.contentHeight == CGFloat(5 * 100 + 35 * 50))
    #expect(rowsBelow.displayed == rows(0..<5))
    #expect(table.offsetCorrections.isEmpty)
  }

  /// UIKit keeps what is on screen in place when a row above it turns out taller or shorter than
  /// its estimate: the content offset moves by the difference.
  @Test func aRowMeasuredAboveTheScreenMovesTheOffsetNotTheRowsOnScreen() {
    let source = SizedRows([Self.randomHeights(300, seed: 3)])
    let table = source.makeTable(estimate: 60)
    HeadlessWindow.show(table)
    // A jump to the middle: everything above is still an estimate.
    table.setContentOffset(CGPoint(x: 0, y: 9000), animated: false)
    var corrections = 0
    for _ in 0..<2_000 {
      guard table.contentOffset.y > 0 else { break }
      let before = screenPositions(table)
      table.scroll(by: -13)
      let after = screenPositions(table)
      if table.offsetCorrections.count > corrections {
        corrections = table.offsetCorrections.count
      }
      // Every row on screen before and after moved 13 points down the screen, no more: the
      // corrections moved the offset instead (or the scroll stopped at the top).
      let moved = table.contentOffset.y == 0 ? nil : CGFloat(13)
      for (path, position) in after {
        guard let previous = before[path], let moved else { continue }
        #expect(position - previous == moved, "row \(path)")
      }
    }
    #expect(table.contentOffset.y == 0)
    #expect(corrections > 50)
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 0)
  }

  /// The rows on screen and where each starts on screen.
  func screenPositions(_ table: HeadlessTableView) -> [IndexPath: CGFloat] {
    var positions: [IndexPath: CGFloat] = [:]
    for path in table.indexPathsForVisibleRows ?? [] {
      positions[path] = table.rectForRow(at: path).minY - table.contentOffset.y
    }
    return positions
  }

  @Test func measuredHeightsSurviveBatchesAndGoOnReload() {
    let source = SizedRows([Array(repeating: 80, count: 30)])
    let table = source.makeTable(estimate: 50)
    HeadlessWindow.show(table)
    #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).height == 80)
    // A row inserted at the top starts from its estimate; the measured rows keep their heights
    // at their new places, and a moved one takes its height along.
    source.heights[0].insert(120, at: 0)
    source.heights[0].insert(120, at: 28)
    let moved = source.heights[0].remove(at: 3)
    source.heights[0].insert(moved, at: 25)
    table.performBatchUpdates {
      table.insertRows(
        at: [IndexPath(row: 0, section: 0), IndexPath(row: 28, section: 0)], with: .automatic)
      table.moveRow(at: IndexPath(row: 2, section: 0), to: IndexPath(row: 25, section: 0))
    }
    // Row 0 is on screen, so it is measured at once; row 25 (measured before) kept its 80; row
    // 28, off screen, is an estimate.
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 120)
    #expect(table.rectForRow(at: IndexPath(row: 25, section: 0)).height == 80)
    #expect(table.rectForRow(at: IndexPath(row: 28, section: 0)).height == 50)
    table.reloadData()
    table.layoutIfNeeded()  // the rows on screen are measured at the reload's layout
    // Everything off screen is an estimate again.
    #expect(table.rectForRow(at: IndexPath(row: 25, section: 0)).height == 50)
    #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 80)
  }

  @Test func aReconfiguredSelfSizingRowIsMeasuredAgain() {
    let source = SizedRows([Array(repeating: 60, count: 20)])
    let table = source.makeTable(estimate: 60)
    HeadlessWindow.show(table)
    source.heights[0][1] = 150
    table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
    #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 150)
    #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).minY == 210)
  }

  @Test func cellsKeptAndPreparedBeyondTheScreenAreCountedInLinesWhateverTheirHeight() {
    let source = SizedRows([Array(repeating: 200, count: 30)])
    let table = source.makeTable(estimate: 200)
    var requested: [IndexPath] = []
    table.dataSource = CountingRequests(source) { requested.append($0) }
    HeadlessWindow.show(table)
    // Scrolled down five rows: rows 5–7 show, and the two lines below them are prepared.
    table.scroll(by: 1_000)
    #expect(table.indexPathsForVisibleRows == rows(5..<8))
    requested = []
    table.scroll(by: 400)
    #expect(table.indexPathsForVisibleRows == rows(7..<10))
    #expect(requested == rows(10..<12), "rows 8 and 9 were prepared; 10 and 11 are now")
    // The two rows that left the screen above, 400 points of them, are kept: scrolled back,
    // they need no request (a band of 2 × 44 points kept only row 6).
    requested = []
    table.scroll(by: -400)
    #expect(table.indexPathsForVisibleRows == rows(5..<8))
    #expect(requested == rows(3..<5).reversed(), "only the lines prepared above, nearest first")
  }

  @Test func aTableCellWithAContentConfigurationIsAsTallAsItsView() {
    let source = ConfiguredRows(heights: [90, 30, 120])
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = source
    KeepAlive.objects.append(source)
    HeadlessWindow.show(table)
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 90)
    #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).minY == 120)
    #expect(table.contentHeight == 240)
  }

  @Test func theDelegateHearsCellsComeAndGo() {
    let source = SizedRows([Array(repeating: 44, count: 40)])
    let table = source.makeTable(estimate: 44)
    HeadlessWindow.show(table)
    #expect(source.displayed == rows(0..<10))
    table.scroll(by: 88)
    #expect(source.displayed == rows(0..<12))
    #expect(source.ended.sorted() == rows(0..<2))
    source.heights[0].remove(at: 5)
    table.deleteRows(at: [IndexPath(row: 5, section: 0)], with: .automatic)
    #expect(source.ended.last == IndexPath(row: 5, section: 0))
    #expect(source.displayed.last == IndexPath(row: 11, section: 0))
  }

  @Test func perRowEstimatesComeFromTheDelegate() {
    let source = SizedRows([Array(repeating: 70, count: 100)])
    source.estimates = { $0[1] < 50 ? 70 : 10 }
    let table = source.makeTable(estimate: 44)
    #expect(table.contentHeight == CGFloat(50 * 70 + 50 * 10))
  }

  @Test func aNewWidthMeasuresAgain() {
    final class WidthCell: HeadlessTableViewCell {
      override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        CGSize(width: targetSize.width, height: 32_000 / targetSize.width)  // text wraps
      }
    }
    let source = SizedRows([Array(repeating: 0, count: 30)])
    let table = source.makeTable(estimate: 50)
    table.register(WidthCell.self, forCellReuseIdentifier: "sized")
    HeadlessWindow.show(table)
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 100)
    table.frame = CGRect(x: 0, y: 0, width: 640, height: 440)
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 50)
    #expect(table.rectForRow(at: IndexPath(row: 29, section: 0)).height == 50)  // an estimate
  }
}

/// A list-style flow layout (one item per line): the flow delegate's sizes, and self-sizing
/// cells with an estimated item size.
@MainActor
@Suite("Item heights in a list-style flow layout")
struct ItemHeightTests {
  final class SizedItem: HeadlessCollectionViewCell {
    var fittingHeight: CGFloat = 50
    override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
      CGSize(width: targetSize.width, height: fittingHeight)
    }
  }

  final class Items: HeadlessCollectionViewDataSource, HeadlessCollectionViewDelegateFlowLayout {
    var heights: [CGFloat]
    var sizesFromDelegate = false
    var width: CGFloat = 320
    var displayed: [IndexPath] = []
    init(_ heights: [CGFloat]) { self.heights = heights }
    func collectionView(
      _ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int
    )
      -> Int
    { heights.count }
    func collectionView(
      _ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath
    )
      -> HeadlessCollectionViewCell
    {
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
      (cell as? SizedItem)?.fittingHeight = heights[indexPath[1]]
      return cell
    }
    func collectionView(
      _ collectionView: HeadlessCollectionView,
      layout collectionViewLayout: HeadlessCollectionViewLayout,
      sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
      sizesFromDelegate
        ? CGSize(width: width, height: heights[indexPath[1]])
        : (collectionViewLayout as? HeadlessCollectionViewFlowLayout)?.itemSize ?? .zero
    }
    func collectionView(
      _ collectionView: HeadlessCollectionView, willDisplay cell: HeadlessCollectionViewCell,
      forItemAt indexPath: IndexPath
    ) { displayed.append(indexPath) }
  }

  func makeList(_ items: Items, estimated: CGSize, width: CGFloat = 320) -> HeadlessCollectionView {
    let layout = HeadlessCollectionViewFlowLayout()
    layout.itemSize = CGSize(width: width, height: 50)
    items.width = width
    layout.minimumLineSpacing = 10
    layout.estimatedItemSize = estimated
    let list = HeadlessCollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: layout)
    list.register(SizedItem.self, forCellWithReuseIdentifier: "item")
    list.dataSource = items
    list.delegate = items
    KeepAlive.objects.append(items)
    return list
  }

  @Test func theFlowDelegatesSizesLayItemsOut() {
    let items = Items((0..<40).map { CGFloat(20 + ($0 % 5) * 30) })
    items.sizesFromDelegate = true
    let list = makeList(items, estimated: .zero)
    HeadlessWindow.show(list)
    // Each line is its item's height and the line spacing.
    let expected = items.heights.prefix(3).reduce(0) { $0 + $1 + 10 }
    #expect(
      list.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame.minY == expected)
    // The spacing goes between lines, none after the last (UIKit rules §4b).
    #expect(list.contentSize.height == items.heights.reduce(0) { $0 + $1 + 10 } - 10)
  }

  /// A flow layout's line is as tall as its tallest item, the others in its middle: with the
  /// delegate's sizes, and with self-sizing cells (UIKit rules §4b).
  @Test func aFlowGridsLinesAreAsTallAsTheirTallestItem() {
    func frames(_ items: Items, estimated: CGSize) -> ([CGRect], CGFloat) {
      let grid = makeList(items, estimated: estimated, width: 100)
      HeadlessWindow.show(grid)
      let frames = (0..<items.heights.count).map {
        grid.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame ?? .zero
      }
      return (frames, grid.contentSize.height)
    }
    // Three 100-point columns, 10 points between lines: lines of 80 and 40, and 70.
    let heights: [CGFloat] = [20, 80, 50, 40, 40, 40, 70]
    let byDelegate = Items(heights)
    byDelegate.sizesFromDelegate = true
    let bySelfSizing = Items(heights)
    for (items, estimated) in [
      (byDelegate, CGSize.zero), (bySelfSizing, CGSize(width: 100, height: 50)),
    ] {
      let (frames, height) = frames(items, estimated: estimated)
      // The delegate's items are its width; self-sizing cells share the line's width here.
      let width = items.sizesFromDelegate ? 100 : 320.0 / 3
      #expect(
        frames[0] == CGRect(x: 0, y: 30, width: width, height: 20), "in its line's middle")
      #expect(frames[1].minY == 0 && frames[1].height == 80)
      #expect(frames[3].minY == 90 && frames[6].minY == 140)
      #expect(height == CGFloat(90 + 50 + 70), "no spacing after the last line")
    }
  }

  @Test func selfSizingItemsAreMeasuredWhenShown() {
    let items = Items(Array(repeating: 140, count: 30))
    let list = makeList(items, estimated: CGSize(width: 320, height: 50))
    #expect(list.contentSize.height == CGFloat(30 * 60 - 10), "no spacing after the last")
    HeadlessWindow.show(list)
    // 600 points show four items of 150 (140 and 10 of spacing): measured; the rest estimates.
    #expect(
      list.indexPathsForVisibleItems.sorted() == (0..<4).map { IndexPath(item: $0, section: 0) })
    #expect(list.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame.height == 140)
    #expect(list.contentSize.height == CGFloat(4 * 150 + 26 * 60 - 10))
    #expect(items.displayed.sorted() == (0..<4).map { IndexPath(item: $0, section: 0) })
  }
}

/// A data source that tells of each cell request, passing it on.
@MainActor
final class CountingRequests: HeadlessTableViewDataSource {
  let source: any HeadlessTableViewDataSource
  let counted: (IndexPath) -> Void
  init(_ source: any HeadlessTableViewDataSource, counted: @escaping (IndexPath) -> Void) {
    self.source = source
    self.counted = counted
    KeepAlive.objects.append(self)
  }
  func numberOfSections(in tableView: HeadlessTableView) -> Int {
    source.numberOfSections(in: tableView)
  }
  func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int {
    source.tableView(tableView, numberOfRowsInSection: section)
  }
  func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
    -> HeadlessTableViewCell
  {
    counted(indexPath)
    return source.tableView(tableView, cellForRowAt: indexPath)
  }
}

/// A configuration whose view needs a given height, as Auto Layout would say of its content.
struct TallConfiguration: HeadlessContentConfiguration {
  var height: CGFloat
  func makeContentView() -> any HeadlessView & HeadlessContentView { TallContentView(self) }
  func updated(for state: any HeadlessConfigurationState) -> TallConfiguration { self }
}

final class TallContentView: HeadlessView, HeadlessContentView {
  var configuration: any HeadlessContentConfiguration
  init(_ configuration: TallConfiguration) {
    self.configuration = configuration
    super.init(frame: .zero)
  }
  required init?(coder: NSCoder) { nil }
  override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    CGSize(width: targetSize.width, height: (configuration as? TallConfiguration)?.height ?? 0)
  }
}

/// Rows of plain cells, each showing a configuration of its height.
@MainActor
final class ConfiguredRows: HeadlessTableViewDataSource {
  let heights: [CGFloat]
  init(heights: [CGFloat]) { self.heights = heights }
  func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int {
    heights.count
  }
  func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
    -> HeadlessTableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    cell.contentConfiguration = TallConfiguration(height: heights[indexPath[1]])
    return cell
  }
}
