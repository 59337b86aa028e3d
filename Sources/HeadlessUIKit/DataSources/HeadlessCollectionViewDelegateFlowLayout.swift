import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Optional in UIKit, requirements with defaults here (no `@objc optional` without the
// Objective-C runtime): each default does what UIKit does without the method.

/// A flow layout's delegate: sizes item by item (`UICollectionViewDelegateFlowLayout` where
/// UIKit does not exist). Each item takes its size; lines hold as many items as fit across, and
/// are as long along the scroll as their longest item (UIKit rules §4b).
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
