import Foundation
import HeadlessUIKit

/// A cell that remembers what it was configured with.
final class LabelCell: HeadlessTableViewCell {
  var configuredCount = 0
}

/// A table data source over labelled rows, counting its calls.
@MainActor
final class RowsDataSource: HeadlessTableViewDataSource, HeadlessTableViewDataSourcePrefetching {
  var rows: [[String]]
  var identifier = "row"
  var cellRequests: [IndexPath] = []
  var prefetches: [[IndexPath]] = []
  var cancellations: [[IndexPath]] = []
  /// Every prefetch call and cancel, in the order they came.
  var prefetchCalls: [(cancel: Bool, paths: [IndexPath])] = []
  /// When set, the data source misbehaves in the way named.
  var dequeueTwice = false
  /// Runs inside every cell request, before the cell is dequeued.
  var duringCellRequest: ((HeadlessTableView, IndexPath) -> Void)?

  init(_ rows: [[String]]) { self.rows = rows }

  func numberOfSections(in tableView: HeadlessTableView) -> Int { rows.count }

  func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int {
    rows[section].count
  }

  func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
    -> HeadlessTableViewCell
  {
    cellRequests.append(indexPath)
    duringCellRequest?(tableView, indexPath)
    if dequeueTwice {
      _ = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    // Checked: UIKit may ask for a row a batch just removed (`requestsCellsAtStalePaths`).
    let section = rows.indices.contains(indexPath[0]) ? rows[indexPath[0]] : []
    cell.textLabel?.text = section.indices.contains(indexPath[1]) ? section[indexPath[1]] : nil
    (cell as? LabelCell)?.configuredCount += 1
    return cell
  }

  func tableView(_ tableView: HeadlessTableView, prefetchRowsAt indexPaths: [IndexPath]) {
    prefetches.append(indexPaths)
    prefetchCalls.append((false, indexPaths))
  }

  func tableView(_ tableView: HeadlessTableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
  {
    cancellations.append(indexPaths)
    prefetchCalls.append((true, indexPaths))
  }
}

/// Views hold their data sources weakly, as UIKit's do; tests that only look at the view keep
/// theirs alive here.
@MainActor
enum KeepAlive {
  static var objects: [AnyObject] = []
}

/// A table of `count` rows of height 44 in a 440-point viewport (10 visible rows), on screen.
/// Its rows are 44 points exactly, as an app sets `rowHeight` (UIKit's default is
/// `automaticDimension`, which a plain cell also sizes to 44): the tests that use it are about
/// something other than heights.
@MainActor
func makeTable(
  rows count: Int, sections: Int = 1, onScreen: Bool = true,
  prefetchPattern: PrefetchPattern = .default
) -> (HeadlessTableView, RowsDataSource) {
  let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
  table.rowHeight = 44
  table.prefetchPattern = prefetchPattern
  table.register(LabelCell.self, forCellReuseIdentifier: "row")
  let source = RowsDataSource(
    (0..<sections).map { section in (0..<count).map { "s\(section)r\($0)" } })
  KeepAlive.objects.append(source)
  table.dataSource = source
  table.prefetchDataSource = source
  if onScreen { HeadlessWindow.show(table) }
  return (table, source)
}

func rows(_ range: Range<Int>, section: Int = 0) -> [IndexPath] {
  range.map { IndexPath(indexes: [section, $0]) }
}

/// A flow layout of three 100-point columns in a 320-point-wide view, lines `height` apart.
@MainActor
func threeColumns(lineHeight height: CGFloat) -> HeadlessCollectionViewFlowLayout {
  let layout = HeadlessCollectionViewFlowLayout()
  layout.itemSize = CGSize(width: 100, height: height)
  layout.minimumInteritemSpacing = 10
  layout.minimumLineSpacing = 0
  return layout
}

/// A collection data source of `count` items in one section, with section headers, that can
/// be told to break the iOS 18 dequeue rule.
@MainActor
final class ItemsDataSource: HeadlessCollectionViewDataSource {
  var count: Int
  var dequeueTwice = false
  var returnUndequeuedCell = false
  var headerRequests = 0

  init(count: Int) { self.count = count }

  func collectionView(_ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int)
    -> Int
  { count }

  func collectionView(_ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath)
    -> HeadlessCollectionViewCell
  {
    if returnUndequeuedCell { return HeadlessCollectionViewCell(frame: .zero) }
    if dequeueTwice {
      _ = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    }
    return collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
  }

  func collectionView(
    _ collectionView: HeadlessCollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> HeadlessCollectionReusableView {
    headerRequests += 1
    return collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", for: indexPath)
  }
}

/// A three-column grid of `count` items, 200 points high, off screen.
@MainActor
func makeGrid(items count: Int) -> (HeadlessCollectionView, ItemsDataSource) {
  let grid = HeadlessCollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: 200),
    collectionViewLayout: threeColumns(lineHeight: 100))
  grid.register(HeadlessCollectionViewCell.self, forCellWithReuseIdentifier: "item")
  grid.register(
    HeadlessCollectionReusableView.self,
    forSupplementaryViewOfKind: HeadlessCollectionView.elementKindSectionHeader,
    withReuseIdentifier: "header")
  let source = ItemsDataSource(count: count)
  KeepAlive.objects.append(source)
  grid.dataSource = source
  return (grid, source)
}

/// Waits, sleeping rather than spinning, until the view has called every batch completion it
/// owes (they come on a later main-actor turn).
@MainActor
func completionsRun(_ view: HeadlessScrollView) async {
  while view.pendingCompletionCount > 0 { try? await Task.sleep(for: .milliseconds(1)) }
}

/// A seeded generator (SplitMix64): HeadlessUIKit's tests depend on nothing of Bindery's.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Lets the main actor run until `condition` holds, a turn at a time; `false` if it still does
/// not after 10,000 turns (a test waits for a condition, never for a duration).
@MainActor
func yieldUntil(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<10_000 {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

/// Sections of 44-point rows, with a title on each header (and each footer, when asked).
@MainActor
final class TitledSections: HeadlessTableViewDataSource {
  var rows: [Int]
  var headerTitles = true
  var footerTitles = false
  /// How many times the header titles were asked for.
  var headerTitleAsks = 0

  init(rows: [Int]) { self.rows = rows }

  func numberOfSections(in tableView: HeadlessTableView) -> Int { rows.count }
  func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int {
    rows[section]
  }
  func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
    -> HeadlessTableViewCell
  {
    tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
  }
  func tableView(_ tableView: HeadlessTableView, titleForHeaderInSection section: Int) -> String? {
    headerTitleAsks += 1
    return headerTitles ? "Section \(section)" : nil
  }
  func tableView(_ tableView: HeadlessTableView, titleForFooterInSection section: Int) -> String? {
    footerTitles ? "End of \(section)" : nil
  }

  /// A table of these sections, 320 × 440, its rows 44 points and its title headers 28, no
  /// padding above them; not in a window.
  func makeTable(style: HeadlessTableView.Style = .plain) -> HeadlessTableView {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: style)
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    table.rowHeight = 44
    table.sectionHeaderTopPadding = 0
    table.dataSource = self
    KeepAlive.objects.append(self)
    return table
  }
}
