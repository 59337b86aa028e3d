/// Which of UIKit's two list views a headless view or a validator models.
///
/// The rules are the same; the words in UIKit's messages differ ("row" and "table view" against
/// "item" and "collection view").
public enum ListViewKind: String, Sendable, CaseIterable {
  /// `UITableView`.
  case tableView
  /// `UICollectionView`.
  case collectionView

  /// "row" or "item".
  public var elementNoun: String { self == .tableView ? "row" : "item" }

  /// "table view" or "collection view".
  public var viewName: String { self == .tableView ? "table view" : "collection view" }
}
