import Foundation

// Optional in UIKit, requirements with defaults here (no `@objc optional` without the
// Objective-C runtime): each default does what UIKit does without the method.

/// The table view's prefetching data source (`UITableViewDataSourcePrefetching`).
@MainActor
public protocol HeadlessTableViewDataSourcePrefetching: AnyObject {
  /// Rows likely to be shown soon, nearest to the visible area first (UIKit rules §4).
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
