import Foundation

// Optional in UIKit, requirements with defaults here (no `@objc optional` without the
// Objective-C runtime): each default does what UIKit does without the method.

/// The collection view's delegate (`UICollectionViewDelegate` where UIKit does not exist):
/// selection and the scroll view's events.
@MainActor
public protocol HeadlessCollectionViewDelegate: HeadlessScrollViewDelegate {
  /// The user selected an item.
  func collectionView(
    _ collectionView: HeadlessCollectionView, didSelectItemAt indexPath: IndexPath)

  /// The user deselected an item (a tap on it with multiple selection, or on another item).
  func collectionView(
    _ collectionView: HeadlessCollectionView, didDeselectItemAt indexPath: IndexPath)

  /// A cell is about to be shown, measured and in its place.
  func collectionView(
    _ collectionView: HeadlessCollectionView, willDisplay cell: HeadlessCollectionViewCell,
    forItemAt indexPath: IndexPath)

  /// A cell left the screen (or its item went away).
  func collectionView(
    _ collectionView: HeadlessCollectionView, didEndDisplaying cell: HeadlessCollectionViewCell,
    forItemAt indexPath: IndexPath)

  /// The menu for a long press on the items at `indexPaths` (one, for a press on an item), or
  /// `nil` for none; `point` is where the finger is, in the collection view.
  func collectionView(
    _ collectionView: HeadlessCollectionView,
    contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
  ) -> HeadlessContextMenuConfiguration?
}

extension HeadlessCollectionViewDelegate {
  /// Does nothing.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, didSelectItemAt indexPath: IndexPath
  ) {}

  /// Does nothing.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, didDeselectItemAt indexPath: IndexPath
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

  /// No menu.
  public func collectionView(
    _ collectionView: HeadlessCollectionView,
    contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
  ) -> HeadlessContextMenuConfiguration? { nil }
}
