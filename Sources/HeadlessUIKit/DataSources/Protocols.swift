import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// UIKit's optional protocol requirements are requirements with default implementations here,
// because Swift without the Objective-C runtime has no `@objc optional`. Each default does what
// UIKit does when the method is not implemented.

/// The table view's data source (`UITableViewDataSource` where UIKit does not exist).
@MainActor
public protocol HeadlessTableViewDataSource: AnyObject {
  /// The number of sections; 1 by default.
  func numberOfSections(in tableView: HeadlessTableView) -> Int
  /// The number of rows in a section.
  func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int
  /// A cell for the row.
  func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
    -> HeadlessTableViewCell
  /// The title of a section's header; none by default.
  func tableView(_ tableView: HeadlessTableView, titleForHeaderInSection section: Int) -> String?
  /// The title of a section's footer; none by default.
  func tableView(_ tableView: HeadlessTableView, titleForFooterInSection section: Int) -> String?
  /// The titles of the section index along the side; none by default.
  func sectionIndexTitles(for tableView: HeadlessTableView) -> [String]?
  /// The section a tap on a section index title scrolls to; the title's index by default.
  func tableView(
    _ tableView: HeadlessTableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int
  /// Whether a row can be edited (swiped to delete); `true` by default, as in UIKit.
  func tableView(_ tableView: HeadlessTableView, canEditRowAt indexPath: IndexPath) -> Bool
  /// The user committed an edit (a delete) on a row; does nothing by default.
  func tableView(
    _ tableView: HeadlessTableView, commit editingStyle: HeadlessTableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath)
  /// Whether a row can be reordered; `false` by default.
  func tableView(_ tableView: HeadlessTableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// The user moved a row; the table already shows it at its new place. Does nothing by
  /// default.
  func tableView(
    _ tableView: HeadlessTableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
}

extension HeadlessTableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: HeadlessTableView) -> Int { 1 }
  /// No header title.
  public func tableView(_ tableView: HeadlessTableView, titleForHeaderInSection section: Int)
    -> String?
  { nil }
  /// No footer title.
  public func tableView(_ tableView: HeadlessTableView, titleForFooterInSection section: Int)
    -> String?
  { nil }
  /// No section index.
  public func sectionIndexTitles(for tableView: HeadlessTableView) -> [String]? { nil }
  /// The section at the title's index.
  public func tableView(
    _ tableView: HeadlessTableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int { index }
  /// Every row can be edited.
  public func tableView(_ tableView: HeadlessTableView, canEditRowAt indexPath: IndexPath)
    -> Bool
  { true }
  /// Ignores the edit.
  public func tableView(
    _ tableView: HeadlessTableView, commit editingStyle: HeadlessTableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}
  /// No row can be reordered.
  public func tableView(_ tableView: HeadlessTableView, canMoveRowAt indexPath: IndexPath)
    -> Bool
  { false }
  /// Ignores the move.
  public func tableView(
    _ tableView: HeadlessTableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}

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
  /// A supplementary view (a section header or footer), dequeued within this call. UIKit
  /// requires it once the layout has supplementary views: without it, the view raises as
  /// UIKit does when the method is missing.
  func collectionView(
    _ collectionView: HeadlessCollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> HeadlessCollectionReusableView
  /// The titles of the index along the side; none by default.
  func indexTitles(for collectionView: HeadlessCollectionView) -> [String]?
  /// Where a tap on an index title scrolls to; the first item of the title's section by default.
  func collectionView(
    _ collectionView: HeadlessCollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath
  /// Whether an item can be reordered; `false` by default.
  func collectionView(_ collectionView: HeadlessCollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  /// The user moved an item; the collection view already shows it at its new place. Does
  /// nothing by default.
  func collectionView(
    _ collectionView: HeadlessCollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
}

extension HeadlessCollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: HeadlessCollectionView) -> Int { 1 }
  /// No view: UIKit gets `nil` from a data source without this method, and raises when its
  /// layout asks for a supplementary view; the collection view reports it.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> HeadlessCollectionReusableView {
    MissingSupplementaryView(frame: .zero)
  }
  /// No index.
  public func indexTitles(for collectionView: HeadlessCollectionView) -> [String]? { nil }
  /// The first item of the section at the title's index.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath { IndexPath(section: index, index: 0) }
  /// No item can be reordered.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, canMoveItemAt indexPath: IndexPath
  ) -> Bool { false }
  /// Ignores the move.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}

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

/// What a scroll view tells its delegate as the user drags and lets go
/// (`UIScrollViewDelegate` where UIKit does not exist).
@MainActor
public protocol HeadlessScrollViewDelegate: AnyObject {
  /// The content offset changed.
  func scrollViewDidScroll(_ scrollView: HeadlessScrollView)
  /// The user put a finger down and started to drag.
  func scrollViewWillBeginDragging(_ scrollView: HeadlessScrollView)
  /// The user lifted the finger: `velocity` is in points per millisecond and
  /// `targetContentOffset` is where the deceleration will stop (the delegate may change it).
  func scrollViewWillEndDragging(
    _ scrollView: HeadlessScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>)
  /// The drag ended; `decelerate` says whether the content goes on moving.
  func scrollViewDidEndDragging(_ scrollView: HeadlessScrollView, willDecelerate decelerate: Bool)
  /// The deceleration came to rest.
  func scrollViewDidEndDecelerating(_ scrollView: HeadlessScrollView)
}

extension HeadlessScrollViewDelegate {
  /// Does nothing.
  public func scrollViewDidScroll(_ scrollView: HeadlessScrollView) {}
  /// Does nothing.
  public func scrollViewWillBeginDragging(_ scrollView: HeadlessScrollView) {}
  /// Does nothing.
  public func scrollViewWillEndDragging(
    _ scrollView: HeadlessScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {}
  /// Does nothing.
  public func scrollViewDidEndDragging(
    _ scrollView: HeadlessScrollView, willDecelerate decelerate: Bool
  ) {}
  /// Does nothing.
  public func scrollViewDidEndDecelerating(_ scrollView: HeadlessScrollView) {}
}

/// The table view's delegate (`UITableViewDelegate` where UIKit does not exist): selection and
/// the scroll view's events.
@MainActor
public protocol HeadlessTableViewDelegate: HeadlessScrollViewDelegate {
  /// The user selected a row.
  func tableView(_ tableView: HeadlessTableView, didSelectRowAt indexPath: IndexPath)

  /// A row's height; `HeadlessTableView.automaticDimension` lets its cell decide
  /// (self-sizing). The table's `rowHeight` by default.
  func tableView(_ tableView: HeadlessTableView, heightForRowAt indexPath: IndexPath) -> CGFloat

  /// A row's estimated height, used until its cell is shown; 0 for none. The table's
  /// `estimatedRowHeight` by default.
  func tableView(_ tableView: HeadlessTableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> CGFloat

  /// A cell is about to be shown, measured and in its place.
  func tableView(
    _ tableView: HeadlessTableView, willDisplay cell: HeadlessTableViewCell,
    forRowAt indexPath: IndexPath)

  /// A cell left the screen (or its row went away).
  func tableView(
    _ tableView: HeadlessTableView, didEndDisplaying cell: HeadlessTableViewCell,
    forRowAt indexPath: IndexPath)
}

extension HeadlessTableViewDelegate {
  /// Does nothing.
  public func tableView(_ tableView: HeadlessTableView, didSelectRowAt indexPath: IndexPath) {}

  /// The table's `rowHeight`.
  public func tableView(_ tableView: HeadlessTableView, heightForRowAt indexPath: IndexPath)
    -> CGFloat
  { tableView.rowHeight }

  /// The table's `estimatedRowHeight`.
  public func tableView(
    _ tableView: HeadlessTableView, estimatedHeightForRowAt indexPath: IndexPath
  ) -> CGFloat { tableView.estimatedRowHeight }

  /// Does nothing.
  public func tableView(
    _ tableView: HeadlessTableView, willDisplay cell: HeadlessTableViewCell,
    forRowAt indexPath: IndexPath
  ) {}

  /// Does nothing.
  public func tableView(
    _ tableView: HeadlessTableView, didEndDisplaying cell: HeadlessTableViewCell,
    forRowAt indexPath: IndexPath
  ) {}
}

/// The collection view's delegate (`UICollectionViewDelegate` where UIKit does not exist):
/// selection and the scroll view's events.
@MainActor
public protocol HeadlessCollectionViewDelegate: HeadlessScrollViewDelegate {
  /// The user selected an item.
  func collectionView(
    _ collectionView: HeadlessCollectionView, didSelectItemAt indexPath: IndexPath)

  /// A cell is about to be shown, measured and in its place.
  func collectionView(
    _ collectionView: HeadlessCollectionView, willDisplay cell: HeadlessCollectionViewCell,
    forItemAt indexPath: IndexPath)

  /// A cell left the screen (or its item went away).
  func collectionView(
    _ collectionView: HeadlessCollectionView, didEndDisplaying cell: HeadlessCollectionViewCell,
    forItemAt indexPath: IndexPath)
}

extension HeadlessCollectionViewDelegate {
  /// Does nothing.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, didSelectItemAt indexPath: IndexPath
  ) {}

  /// Does nothing.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, willDisplay cell: HeadlessCollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}

  /// Does nothing.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, didEndDisplaying cell: HeadlessCollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
}

/// A flow layout's delegate: sizes item by item (`UICollectionViewDelegateFlowLayout` where
/// UIKit does not exist). With one item per line, HeadlessUIKit lays each item out at its size
/// along the scroll; lines of several items are all the layout's `itemSize` long.
@MainActor
public protocol HeadlessCollectionViewDelegateFlowLayout: HeadlessCollectionViewDelegate {
  /// The size of an item; the layout's item size by default.
  func collectionView(
    _ collectionView: HeadlessCollectionView,
    layout collectionViewLayout: HeadlessCollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize
}

extension HeadlessCollectionViewDelegateFlowLayout {
  /// The layout's item size.
  public func collectionView(
    _ collectionView: HeadlessCollectionView,
    layout collectionViewLayout: HeadlessCollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    (collectionViewLayout as? HeadlessCollectionViewFlowLayout)?.itemSize ?? .zero
  }
}
