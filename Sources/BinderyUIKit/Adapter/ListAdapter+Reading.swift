import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension ListAdapter {
  // MARK: Reading the view

  /// The positions with a visible cell. After a frame each of Bindery's parts reads them (the
  /// prefetcher, the content's cells, page loaders): a read with nothing changed since the
  /// last — the offset, the viewport's size, the content's size, the list, a question UIKit
  /// asked (it asks as it lays out), the window — is answered from it, and so is one after a
  /// scroll that brought no row on screen and took none off (most frames of a scroll), which
  /// a table's first and last rows on screen tell. From inside one of UIKit's questions, the
  /// view is asked (it may be mid-layout).
  var visibleItemPositions: [ItemPosition] {
    guard let view, let scrollView else { return [] }
    guard answeringDepth == 0 else { return view.visibleIndexPaths.map(ItemPosition.init) }
    let signature = ScreenSignature(
      offset: scrollView.contentOffset, size: scrollView.bounds.size,
      contentSize: scrollView.contentSize, listWrites: shownList.writes, answers: answers,
      isInWindow: isInWindow)
    if let visibleRead {
      if visibleRead.signature == signature { return visibleRead.positions }
      if visibleRead.signature.differsOnlyAlongTheScroll(from: signature),
        showsTheSameRows(visibleRead.positions, in: scrollView.bounds)
      {
        self.visibleRead = (signature, visibleRead.positions)
        return visibleRead.positions
      }
    }
    let positions = view.visibleIndexPaths.map(ItemPosition.init)
    visibleRead = (signature, positions)
    return positions
  }

  /// Whether a table whose rows on screen were `positions`, first to last, still shows those
  /// rows with its bounds at `bounds`, its rows where they were: its first row still meets the
  /// bounds and starts at or above their top (so no row above it does: rows follow each other
  /// down a table), and its last row still meets them and ends at or below their bottom. A table
  /// shows every row between its first and last, so the rows between need no look. Two rows'
  /// frames, where the view would work out every row's on screen.
  private func showsTheSameRows(_ positions: [ItemPosition], in bounds: CGRect) -> Bool {
    guard let view, view.stacksOneRowALine, let first = positions.first, let last = positions.last,
      let top = view.frameOfItem(at: first), let bottom = view.frameOfItem(at: last)
    else { return false }
    // Each row meets the bounds across their inside edge: the bounds' size is the last read's,
    // which had rows on screen, so not empty.
    return top.minY <= bounds.minY && top.maxY > bounds.minY
      && bottom.minY < bounds.maxY && bottom.maxY >= bounds.maxY
  }

  func isItemVisible(at position: ItemPosition) -> Bool {
    // Only positions the view has: UIKit raises for the rectangle of any other.
    guard let view, let frame = view.frameOfItem(at: position) else { return false }
    return frame.intersects(view.bounds)
  }

  var liveCells: [AnyObject] { view?.liveCells ?? [] }

  var isInWindow: Bool { scrollView?.window != nil }

  /// The view's own count once it shows items; before, the app's count of the first screen's
  /// items where it gave one (``ViewBinding/itemsOnFirstScreen(_:)``).
  var itemsPerScreen: Int {
    if let declared = features.itemsOnFirstScreen, view?.visibleIndexPaths.isEmpty ?? true {
      return declared
    }
    return view?.itemsPerScreen ?? 0
  }

  var isUserInteracting: Bool { view?.hasUncommittedUpdates ?? false }

  /// Whether the content scrolls sideways (see ``BoundView/scrollsHorizontally``).
  var scrollsHorizontally: Bool { view?.scrollsHorizontally ?? false }

  /// A content offset (UIKit's, as `scrollViewWillEndDragging` gives it) as a
  /// ``ScrollPosition`` offset: along the scroll, from the start of the inset area.
  func scrollOffset(atContentOffset contentOffset: CGPoint) -> Double? {
    guard let scrollView else { return nil }
    let horizontal = scrollsHorizontally
    let axis = ScrollAxis(scrollView, horizontal: horizontal)
    return Double((horizontal ? contentOffset.x : contentOffset.y) + axis.insetStart)
  }

  /// The scroll along its axis, from the start of the content's inset area: offsets from 0 to
  /// `maximumOffset`, whatever the insets and the direction.
  var scrollPosition: ScrollPosition {
    guard let scrollView else { return .resting }
    let axis = ScrollAxis(scrollView, horizontal: scrollsHorizontally)
    return ScrollPosition(
      offset: Double(axis.offset + axis.insetStart),
      maximumOffset: Double(axis.maximumOffset + axis.insetStart),
      isDecelerating: scrollView.isDecelerating,
      decelerationRate: Double(scrollView.decelerationRate.rawValue))
  }

  func itemPositions(atOffset offset: Double) -> [ItemPosition] {
    guard let scrollView else { return [] }
    return itemPositions(
      atOffset: offset, axis: ScrollAxis(scrollView, horizontal: scrollsHorizontally))
  }

  /// ``itemPositions(atOffset:)`` with the scroll view's axis as read already (its insets are
  /// worked out from the safe area).
  func itemPositions(atOffset offset: Double, axis: ScrollAxis) -> [ItemPosition] {
    guard let scrollView else { return [] }
    let horizontal = scrollsHorizontally
    let start = CGFloat(offset) - axis.insetStart
    let size = scrollView.bounds.size
    let screen =
      horizontal
      ? CGRect(x: start, y: 0, width: size.width, height: size.height)
      : CGRect(x: 0, y: start, width: size.width, height: size.height)
    return view?.itemPositions(in: screen) ?? []
  }
}

/// What a list view looked like when an adapter read its visible positions. Not nested in the
/// adapter: a type inside a generic class is generic too, and the adapter's code, which runs
/// unspecialized for the app's types, would look its metadata up at every read.
struct ScreenSignature: Equatable {
  var offset: CGPoint
  var size: CGSize
  var contentSize: CGSize
  var listWrites: UInt64
  var answers: UInt64
  var isInWindow: Bool

  /// Whether `other` is this screen scrolled along its length, and nothing else changed.
  func differsOnlyAlongTheScroll(from other: ScreenSignature) -> Bool {
    var moved = self
    moved.offset.y = other.offset.y
    return moved == other
  }
}
