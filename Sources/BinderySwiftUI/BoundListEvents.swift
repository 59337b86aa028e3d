import Bindery
import BinderyUIKit

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// The collection view's delegate for a ``BoundListCoordinator``: not generic, since UIKit's
/// Objective-C protocols cannot be conformed to by a generic class's extension.
@MainActor
final class BoundListEvents: NSObject, UICollectionViewDelegate {
  /// Told of the user's selection (`true`) or deselection (`false`) of an item.
  var selectionChanged: (@MainActor (IndexPath, _ selected: Bool) -> Void)?
  var scrolled: (@MainActor () -> Void)?
  /// Told when a scroll comes to rest: the user lifted the finger without a fling, or the
  /// fling stopped.
  var settled: (@MainActor () -> Void)?
  var willBeginDragging: (@MainActor () -> Void)?
  var contextMenu: (@MainActor (IndexPath) -> UIContextMenuConfiguration?)?

  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    selectionChanged?(indexPath, true)
  }

  func collectionView(
    _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
  ) {
    selectionChanged?(indexPath, false)
  }

  func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolled?() }

  func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { willBeginDragging?() }

  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    if !decelerate { settled?() }
  }

  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { settled?() }

  func collectionView(
    _ collectionView: UICollectionView,
    contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
  ) -> UIContextMenuConfiguration? {
    // A press on one item; several come only from a multiple-selection gesture's menu.
    guard indexPaths.count == 1, let path = indexPaths.first else { return nil }
    return contextMenu?(path)
  }
}
