import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Optional in UIKit, requirements with defaults here (no `@objc optional` without the
// Objective-C runtime): each default does what UIKit does without the method.

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
