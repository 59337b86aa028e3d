import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A table on screen, 12 rows of 44 points, judged in strict mode.
@MainActor
func makeTable() -> UITableView {
  let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 12 * 44))
  table.isStrict = true
  table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
  UIWindow.show(table)
  return table
}

/// A collection view on screen, 3 columns, 6 lines of 100 points, judged in strict mode.
@MainActor
func makeGrid() -> UICollectionView {
  let layout = UICollectionViewFlowLayout()
  layout.itemSize = CGSize(width: 100, height: 100)
  layout.minimumInteritemSpacing = 10
  layout.minimumLineSpacing = 0
  let grid = UICollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: layout)
  grid.isStrict = true
  grid.register(LabelledCell.self, forCellWithReuseIdentifier: "item")
  UIWindow.show(grid)
  return grid
}

/// A collection cell that shows a text.
final class LabelledCell: UICollectionViewCell {
  var text: String?
}

/// The cell provider every table test uses: the row shows `id:content`.
@MainActor
func describeRow(_ tableView: UITableView, _ indexPath: IndexPath, _ item: TestItem)
  -> UITableViewCell
{
  let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
  cell.textLabel?.text = "\(item)"
  return cell
}

@MainActor
func describeItem(_ grid: UICollectionView, _ indexPath: IndexPath, _ item: TestItem)
  -> UICollectionViewCell
{
  let cell = grid.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
  (cell as? LabelledCell)?.text = "\(item)"
  return cell
}

/// What the table shows: every row's item, read back through the data source's counts.
@MainActor
func rows(of table: UITableView) -> [Int] {
  (0..<table.numberOfSections).flatMap { section in
    (0..<table.numberOfRows(inSection: section)).map { _ in section }
  }
}

/// The rows of a flat table: 0 before it has a section (UIKit raises for the count of a section
/// that does not exist).
@MainActor
func rowCount(of table: UITableView) -> Int {
  table.numberOfSections == 0 ? 0 : table.numberOfRows(inSection: 0)
}

/// The items of a flat collection view: 0 before it has a section.
@MainActor
func itemCount(of grid: UICollectionView) -> Int {
  grid.numberOfSections == 0 ? 0 : grid.numberOfItems(inSection: 0)
}

extension ListBinding where Section == FlatSection, Item == TestItem {
  /// The prefetcher `bind(to:content:…)` attached for a store of `String`s by `Int` keys.
  var avatarPrefetcher: ContentPrefetcher<FlatSection, TestItem, Int, String>? {
    screenParts.prefetchers.first as? ContentPrefetcher<FlatSection, TestItem, Int, String>
  }

  /// The late content `bind(to:content:…)` attached for a store of `String`s by `Int` keys.
  var avatarContent: ContentBinding<FlatSection, TestItem, Int, String>? {
    screenParts.lateContent.first as? ContentBinding<FlatSection, TestItem, Int, String>
  }
}
