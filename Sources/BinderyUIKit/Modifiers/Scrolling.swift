import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// Scrolling the bound view by id: to an item, or to the end, now or once a list that has it is
// shown. The app's scroll wins over the place Bindery keeps: a chat's pin to its end ends there.

/// Where in the viewport a scrolled-to item goes, along the scroll.
public enum ListScrollPosition: Sendable, Hashable {
  /// Its start at the viewport's start: the top of a vertical list, below the top inset.
  case start
  /// Its center at the viewport's center.
  case center
  /// Its end at the viewport's end: the bottom of a vertical list, above the bottom inset.
  case end
}

extension ViewBinding {
  /// Scrolls so that the item with `id` is at `position` in the viewport. An item the view does
  /// not show yet (its list is still on its way, or the view is not on screen) is scrolled to
  /// once a list that has it is shown; a later scroll by id or to the end replaces the request,
  /// and the user's finger on the list cancels it.
  ///
  /// The app's scroll ends a chat's pending pin to its end (``ScrollAnchor/end``): a first list
  /// opens where the app scrolled, not at its end.
  ///
  /// - Complexity: O(1) to find the item, then UIKit's scroll.
  public func scroll(
    toItemWithID id: Item.ID, at position: ListScrollPosition = .start, animated: Bool = false
  ) {
    liveAdapter()?.requestScroll(
      .item(id, position, animated: animated))
  }

  /// Scrolls to the end of the list, its last item and the space after it in view (the item, at
  /// the viewport's end, where what follows it is longer than the viewport). Before the
  /// view shows any item, once a list with items is shown. A chat at its end
  /// (``ScrollAnchor/end``) stays there as messages arrive.
  public func scrollToEnd(animated: Bool = false) {
    liveAdapter()?.requestScroll(.end(animated: animated))
  }
}

/// An animated scroll the app asked for, under way: what is made again once it lands, and where
/// UIKit's animation lands.
struct SettlingScroll<ID: Hashable> {
  var settle: PendingScroll<ID>
  var landing: CGFloat
}

/// A scroll the app asked for, waiting for a list that has its item.
enum PendingScroll<ID: Hashable> {
  case item(ID, ListScrollPosition, animated: Bool)
  case end(animated: Bool)
  /// A reading place restored: the item's row this far under the viewport's start edge.
  case place(ID, pointsIntoRow: CGFloat)
}

extension ListAdapter {
  /// Makes the scroll now if the view can, else once a list is shown that allows it.
  func requestScroll(_ scroll: PendingScroll<Item.ID>) {
    scrollRequests.endPin = false  // the app's scroll wins over the first list's pin
    scrollRequests.settling = nil  // and over an animated one of its own that has not landed
    scrollRequests.pending = scroll
    scrollRequests.isWatchingShows = true  // the adapter tries again after every list shown
    scrollToPending()
  }

  /// Makes the pending scroll, if its item is shown and the view can scroll (on screen, with a
  /// size).
  func scrollToPending() {
    guard let scroll = scrollRequests.pending, isLive, isInWindow, let view,
      view.bounds.width > 0, view.bounds.height > 0
    else { return }
    switch scroll {
    case .item(let id, let position, let animated):
      guard let at = shown.position(of: id), view.has(at) else { return }
      scrollRequests.pending = nil
      view.layoutIfNeeded()
      let path = IndexPath(at)
      guard !animated else {
        return scrollAnimated(to: path, at: position, then: .item(id, position, animated: false))
      }
      scrollUntilItHolds(to: path, at: position, in: view)
    case .place(let id, let points):
      guard let at = shown.position(of: id), view.has(at) else { return }
      scrollRequests.pending = nil
      view.layoutIfNeeded()
      scrollUntilItHolds(to: IndexPath(at), at: .start, pointsIntoRow: points, in: view)
    case .end(let animated):
      guard let last = lastItemPosition, view.has(last) else { return }
      scrollRequests.pending = nil
      view.layoutIfNeeded()
      if animated {
        scrollAnimated(to: IndexPath(last), at: .end, then: .end(animated: false))
      } else {
        // As a chat's pin: in a few rounds, rows at the end measured on the way.
        var end = ScrollAnchorMark<Item.ID>(marks: [], wasAtStart: false, wasAtEnd: true)
        end.isEndAsked = true
        keepPlace(end)
        // What follows the last item (empty sections' headers and footers) can be longer than
        // the viewport: the item the app asked to see wins, at the viewport's end, as the
        // animated scroll puts it.
        if !isItemVisible(at: last) { scrollUntilItHolds(to: IndexPath(last), at: .end, in: view) }
      }
    }
  }

  /// Scrolls the item at `path` to `position` with UIKit's animation, which lands where the
  /// rows' estimates put it; once it has landed, `settle` is made without animation, over the
  /// rows measured on the way (and any that arrived meanwhile): an animated scroll to the end of
  /// a self-sizing chat ends at its end. The user's finger, or another scroll the app asks
  /// for, takes the settling back.
  private func scrollAnimated(
    to path: IndexPath, at position: ListScrollPosition, then settle: PendingScroll<Item.ID>
  ) {
    guard let view, let landing = landing(of: path, at: position, in: view) else { return }
    let axis = ScrollAxis(view, horizontal: scrollsHorizontally)
    guard abs(landing - axis.offset) >= 0.5 else {
      // Already where the estimates put it: nothing animates, and nothing lands.
      scrollRequests.pending = settle
      return scrollToPending()
    }
    scrollRequests.settling = SettlingScroll(settle: settle, landing: landing)
    view.scrollToItem(at: path, position: position, animated: true)
  }

  /// Where a scroll of the item at `path` to `position` puts the offset, as UIKit works it out
  /// from the rows' frames now, within the content.
  private func landing(
    of path: IndexPath, at position: ListScrollPosition, in view: any BoundView
  ) -> CGFloat? {
    guard let frame = view.frameOfItem(at: ItemPosition(path)) else { return nil }
    let horizontal = scrollsHorizontally
    let axis = ScrollAxis(view, horizontal: horizontal)
    let (start, end) = horizontal ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
    let visible = axis.viewportLength - axis.insetStart - axis.insetEnd
    let target =
      switch position {
      case .start: start - axis.insetStart
      case .center: (start + end) / 2 - axis.insetStart - visible / 2
      case .end: end - axis.viewportLength + axis.insetEnd
      }
    return min(max(axis.minimumOffset, target), axis.maximumOffset)
  }

  /// An animated scroll of the app's landed where UIKit put it: the scroll it asked for is made
  /// again, without animation, over the rows as they are now.
  func settleScroll() {
    guard let settling = scrollRequests.settling else { return }
    scrollRequests.settling = nil
    // Landed, or a frame from it: UIKit's animation is stopped where it is, so that its last
    // frame does not undo the settle.
    if let view { view.setContentOffset(view.contentOffset, animated: false) }
    scrollRequests.pending = settling.settle
    scrollToPending()
  }

  /// Scrolls the item at `path` to `position`, without animation, and on by `pointsIntoRow`
  /// (within the row) past its start. UIKit places the item from the estimates of the rows
  /// before it; the rows laid out at the new offset are measured, which moves it: scrolled
  /// again until it holds, as an app scrolling to a self-sizing row does.
  private func scrollUntilItHolds(
    to path: IndexPath, at position: ListScrollPosition, pointsIntoRow: CGFloat = 0,
    in view: any BoundView
  ) {
    let horizontal = scrollsHorizontally
    var offset = ScrollAxis(view, horizontal: horizontal).offset
    for _ in 0..<Self.anchoringRounds {
      view.scrollToItem(at: path, position: position, animated: false)
      if pointsIntoRow > 0, let frame = view.frameOfItem(at: ItemPosition(path)) {
        let axis = ScrollAxis(view, horizontal: horizontal)
        let length = horizontal ? frame.width : frame.height
        let into = min(pointsIntoRow, max(0, length - 1))
        let target = min(max(axis.minimumOffset, axis.offset + into), axis.maximumOffset)
        ScrollAxis.setOffset(target, of: view, horizontal: horizontal)
      }
      view.layoutIfNeeded()
      let now = ScrollAxis(view, horizontal: horizontal).offset
      if abs(now - offset) < 0.5 { break }
      offset = now
    }
  }

  /// The position of the list's last item, `nil` for a list without items.
  ///
  /// - Complexity: O(s) for the s sections after it.
  private var lastItemPosition: ItemPosition? {
    for section in (0..<shown.numberOfSections).reversed() {
      let count = shown.numberOfItems(inSection: section)
      if count > 0 { return ItemPosition(section: section, item: count - 1) }
    }
    return nil
  }
}
