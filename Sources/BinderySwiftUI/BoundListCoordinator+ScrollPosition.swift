import Bindery
import BinderyUIKit

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// The scroll position by id, both ways (`listScrollPosition(id:anchor:)`), and the scrolls the
// app asks for: the coordinator's decisions, run by the tests on Linux.

extension BoundListCoordinator {
  /// Scrolls the item with `id` to `anchor` in the viewport (its top by default), when the
  /// app's state names another item than the one reported; an id not yet shown is scrolled to
  /// once its item is. `nil` leaves the scroll alone, as `scrollPosition(id:anchor:)` does. The
  /// position reported is the item at `anchor` too: the first visible for `.start`, the one
  /// across the viewport's middle for `.center`, the last visible for `.end`.
  public func update(scrollPosition id: Item.ID?, anchor: ListScrollPosition = .start) {
    if anchor != scrollAnchor {
      scrollAnchor = anchor
      scrollPosition = nil  // reported again, at the new anchor
      noteScrollPosition()
    }
    guard let id, id != requestedScroll else { return }
    requestedScroll = id
    guard id != scrollPosition else { return }
    pendingScroll = id
    scrollToPending()
  }

  /// Scrolls to the item with `id`, at `position` in the viewport, as the app asks (not as its
  /// state says: nothing is compared with the position reported); an item not yet shown is
  /// scrolled to once it is, unless the user scrolls first.
  public func scroll(
    toItemWithID id: Item.ID, at position: ListScrollPosition = .start, animated: Bool = false
  ) {
    binding?.scroll(toItemWithID: id, at: position, animated: animated)
  }

  /// Scrolls to the list's end (a chat's newest message), now or once its list is shown.
  public func scrollToEnd(animated: Bool = false) {
    binding?.scrollToEnd(animated: animated)
  }

  func scrollToPending() {
    guard let id = pendingScroll, let binding, binding.indexPath(for: id) != nil,
      collectionView.window != nil, collectionView.bounds.height > 0
    else { return }
    pendingScroll = nil
    isScrollingToRequest = true
    // The binding's scroll: self-sizing rows measured on the way, and a chat's pending pin to
    // its end ended (the app's scroll wins).
    binding.scroll(toItemWithID: id, at: scrollAnchor)
    isScrollingToRequest = false
    noteScrollPosition()
  }

  /// Reports the item at the scroll position's anchor, within the viewport's insets, when it
  /// changed: the first visible below the top, the one across the middle, or the last above
  /// the bottom.
  func noteScrollPosition() {
    guard !isScrollingToRequest, let binding, collectionView.bounds.height > 0 else { return }
    let insets = collectionView.adjustedContentInset
    let top = collectionView.contentOffset.y + insets.top
    let bottom = collectionView.contentOffset.y + collectionView.bounds.height - insets.bottom
    let visible = collectionView.indexPathsForVisibleItems.sorted().compactMap { path in
      collectionView.layoutAttributesForItem(at: path).map { (path, $0.frame) }
    }
    let atAnchor: IndexPath? =
      switch scrollAnchor {
      case .start: visible.first { $0.1.maxY > top }?.0
      case .center:
        visible.first { $0.1.maxY > (top + bottom) / 2 }?.0 ?? visible.last?.0
      case .end: visible.last { $0.1.minY < bottom }?.0
      }
    // Nothing laid out yet (a first list still being shown) is no position to report.
    guard let id = atAnchor.flatMap({ binding.item(at: $0)?.id }), id != scrollPosition else {
      return
    }
    scrollPosition = id
    onScrollPositionChange?(id)
  }
}
