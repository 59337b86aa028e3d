import Foundation

// Optional in UIKit, requirements with defaults here (no `@objc optional` without the
// Objective-C runtime): each default does what UIKit does without the method.

/// The collection view's prefetching data source (`UICollectionViewDataSourcePrefetching`).
@MainActor
public protocol HeadlessCollectionViewDataSourcePrefetching: AnyObject {
  /// Items likely to be shown soon, nearest to the visible area first (UIKit rules §4).
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
