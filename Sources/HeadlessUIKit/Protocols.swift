import Foundation

/// The table view's data source (`UITableViewDataSource` where UIKit does not exist).
///
/// UIKit's optional requirements are requirements with default implementations here, because
/// Swift on Linux has no `@objc optional`.
@MainActor
public protocol HeadlessTableViewDataSource: AnyObject {
  /// The number of sections; 1 by default.
  func numberOfSections(in tableView: HeadlessTableView) -> Int
  /// The number of rows in a section.
  func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int
  /// A cell for the row, dequeued from the table view within this call.
  func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
    -> HeadlessTableViewCell
  /// The title of a section's header; none by default.
  func tableView(_ tableView: HeadlessTableView, titleForHeaderInSection section: Int) -> String?
}

extension HeadlessTableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: HeadlessTableView) -> Int { 1 }
  /// No header title.
  public func tableView(_ tableView: HeadlessTableView, titleForHeaderInSection section: Int)
    -> String?
  { nil }
}

/// The table view's prefetching data source (`UITableViewDataSourcePrefetching`).
@MainActor
public protocol HeadlessTableViewDataSourcePrefetching: AnyObject {
  /// Rows likely to be shown soon, nearest to the visible area first (reference §4).
  func tableView(_ tableView: HeadlessTableView, prefetchRowsAt indexPaths: [IndexPath])
  /// Rows no longer likely to be shown; does nothing by default.
  func tableView(_ tableView: HeadlessTableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension HeadlessTableViewDataSourcePrefetching {
  /// Ignores the cancellation.
  public func tableView(
    _ tableView: HeadlessTableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
  ) {}
}

/// The collection view's data source (`UICollectionViewDataSource` where UIKit does not exist).
@MainActor
public protocol HeadlessCollectionViewDataSource: AnyObject {
  /// The number of sections; 1 by default.
  func numberOfSections(in collectionView: HeadlessCollectionView) -> Int
  /// The number of items in a section.
  func collectionView(_ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int)
    -> Int
  /// A cell for the item, dequeued from the collection view within this call.
  func collectionView(_ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath)
    -> HeadlessCollectionViewCell
}

extension HeadlessCollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: HeadlessCollectionView) -> Int { 1 }
}

/// The collection view's prefetching data source (`UICollectionViewDataSourcePrefetching`).
@MainActor
public protocol HeadlessCollectionViewDataSourcePrefetching: AnyObject {
  /// Items likely to be shown soon, nearest to the visible area first (reference §4).
  func collectionView(
    _ collectionView: HeadlessCollectionView, prefetchItemsAt indexPaths: [IndexPath])
  /// Items no longer likely to be shown; does nothing by default.
  func collectionView(
    _ collectionView: HeadlessCollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension HeadlessCollectionViewDataSourcePrefetching {
  /// Ignores the cancellation.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {}
}
