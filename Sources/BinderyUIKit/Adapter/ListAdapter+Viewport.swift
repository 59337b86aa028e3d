import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension ListAdapter {
  /// Starts watching the view's viewport between updates (``ViewportWatcher``).
  func watchViewport() {
    guard let scrollView, viewportWatcher == nil else { return }
    viewportWatcher = ViewportWatcher(
      view: scrollView, horizontal: scrollsHorizontally,
      isSuspended: { [weak self] in (self?.keptPlace.keepingDepth ?? 0) > 0 },
      changed: { [weak self] before in self?.viewportChanged(from: before) },
      scrolled: { [weak self] now in self?.viewportScrolled(to: now) })
  }

  /// The offset moved, not by Bindery: the app scrolled (`scrollToRow`, `setContentOffset`),
  /// the user did, or UIKit brought the offset within the content. A scroll away from the end
  /// ends a chat's pending pin to its end — the app's scroll wins — and the user's finger ends
  /// a scroll the app asked for that waits for its item.
  func viewportScrolled(to now: ViewportWatcher.Viewport) {
    keptPlace.reader = nil  // the reader moved: the row they read now is the one on screen
    let isUsersScroll = scrollView.map { $0.isTracking || $0.isDragging } ?? false
    // Back in a window before the adapter heard it is: the view's first layout back.
    let isLayoutBack = keptPlace.isComingBack && isInWindow && !isUsersScroll
    if scrollRequests.endPin && !now.isAtEnd && !isLayoutBack { scrollRequests.endPin = false }
    if isUsersScroll { scrollRequests.pending = nil }
    if let settling = scrollRequests.settling {
      // The user's finger takes an animated scroll back; its last frame lands it.
      if isUsersScroll {
        scrollRequests.settling = nil
      } else if abs(now.offset - settling.landing) < 0.5 {
        schedule(.settleScroll)
      }
    }
    noteRowAtTheTop(now)
    setNeedsScrollWork(offsetOnly: true)
  }

  /// The viewport changed shape under the list: a chat that was at its end stays at its end,
  /// as the change happens — the keyboard came up, the view turned, an inset grew. Where the
  /// width changed (the device turned), rows measured again at the new width above the reader
  /// would move the offset onto another row: the row the reader read is kept where it was on
  /// screen, from where it was seen before the change. A chat read in the middle keeps the row
  /// at its bottom edge as that edge moves (the keyboard). Elsewhere the offset stays, as UIKit
  /// keeps it: the rows the user reads stay where they were.
  func viewportChanged(from before: ViewportWatcher.Viewport) {
    let place = keptPlace.reader
    keptPlace.reader = nil
    measureRowHeights(laidOutAt: before.size.width)
    if isLive, features.anchor == .end, before.isAtEnd, shown.numberOfItems > 0 {
      keepPlace(ScrollAnchorMark(marks: [], wasAtStart: before.isAtStart, wasAtEnd: true))
    } else if isLive, let mark = readersRow(place, before: before) {
      keepPlace(mark)
    } else if isLive, let mark = rowAtTheEndEdge(before: before) {
      keepPlace(mark)
    }
    // Rows came onto the screen, or left it, as a scroll brings them: the content of cells
    // shown again is asked for, a page near the edge is loaded.
    setNeedsScrollWork()
  }

  /// The reader's row as seen before the viewport's width changed, as a mark to keep: the row
  /// the last correction kept, or else the one under the top edge at the last scroll; `nil`
  /// where the width did not change, or the row was seen at another offset or in another list.
  private func readersRow(
    _ place: TurnAnchor<Item.ID>?, before: ViewportWatcher.Viewport
  ) -> ScrollAnchorMark<Item.ID>? {
    guard features.anchor != .none, let scrollView else { return nil }
    let horizontal = scrollsHorizontally
    guard hasNewWidth(since: before, scrollView) else { return nil }
    let seen: (id: Item.ID, screenStart: CGFloat)
    if let place, abs(place.offset - before.offset) < 0.5 {
      seen = (place.id, place.screenStart)
    } else if let row = keptPlace.rowAtTheTop, row.writes == shownList.writes,
      row.holds(before.offset + before.insetStart)
    {
      seen = (row.id, row.start - before.offset)
    } else {
      return nil
    }
    guard let position = shown.position(of: seen.id), let flat = shown.flatIndex(of: position)
    else { return nil }
    // As far below the top of what shows (under the status bar, or none in landscape) as it
    // was.
    let now = ScrollAxis(scrollView, horizontal: horizontal)
    let start = seen.screenStart - before.insetStart + now.insetStart
    return ScrollAnchorMark(
      marks: [.init(id: seen.id, position: position, flatIndex: flat, screenStart: start)],
      wasAtStart: before.isAtStart, wasAtEnd: before.isAtEnd)
  }

  /// Whether the viewport's size across the scroll (a vertical list's width) changed since
  /// `before`: every self-sizing row is then measured again.
  private func hasNewWidth(since before: ViewportWatcher.Viewport, _ view: UIScrollView) -> Bool {
    scrollsHorizontally
      ? before.size.height != view.bounds.height : before.size.width != view.bounds.width
  }

  /// In a chat (`.end`) read in the middle, as the viewport's end edge moves — the keyboard
  /// comes up or goes down, with the view shrunk to its layout guide or an inset — the row at
  /// that edge, kept as far from it as it was: a chat is read at its bottom, by the composer,
  /// and Messages keeps those rows above the keyboard where UIKit would keep the top and slide
  /// them under it. `nil` for other anchors, an edge that did not move, no row seen, a new
  /// width (the rows are measured again: the reader's row is kept, ``readersRow(_:before:)``),
  /// or the view back in its window (its safe area back: the reader left it where it is).
  /// O(*r*), the rows on screen.
  private func rowAtTheEndEdge(before: ViewportWatcher.Viewport) -> ScrollAnchorMark<Item.ID>? {
    guard features.anchor == .end, isInWindow, !keptPlace.isComingBack, let scrollView, let view
    else { return nil }
    let horizontal = scrollsHorizontally
    guard !hasNewWidth(since: before, scrollView) else { return nil }
    let now = ScrollAxis(scrollView, horizontal: horizontal)
    // The end edge, from the offset: where what covers the end (an inset) begins.
    let lengthBefore = horizontal ? before.size.width : before.size.height
    let edgeBefore = lengthBefore - before.insetEnd
    let edgeNow = now.viewportLength - now.insetEnd
    guard edgeBefore > 0, abs(edgeNow - edgeBefore) >= 0.5 else { return nil }
    // The last row the reader saw: at the edge, or above it where the edge falls between
    // sections or past the content (a page loading at the end shows its loading view there).
    let seen = (start: before.offset + before.insetStart, end: before.offset + edgeBefore)
    guard seen.end > seen.start else { return nil }
    let area =
      horizontal
      ? CGRect(x: seen.start, y: 0, width: seen.end - seen.start, height: before.size.height)
      : CGRect(x: 0, y: seen.start, width: before.size.width, height: seen.end - seen.start)
    guard let position = view.itemPositions(in: area).max(),
      let frame = view.frameOfItem(at: position), let item = shown.item(at: position),
      let flat = shown.flatIndex(of: position)
    else { return nil }
    let start = (horizontal ? frame.minX : frame.minY) - before.offset + (edgeNow - edgeBefore)
    return ScrollAnchorMark(
      marks: [.init(id: item.id, position: position, flatIndex: flat, screenStart: start)],
      wasAtStart: before.isAtStart, wasAtEnd: false)
  }

  /// Notes the reader's row — the first that starts on screen, below what covers the top —
  /// after the user's or the app's scroll, unless the one noted still is: a change of the
  /// viewport's width measures every row again, and the offset alone would then point at
  /// another row. O(1) while the same row is the reader's (most frames of a scroll); two looks
  /// at the rows when another becomes it.
  private func noteRowAtTheTop(_ now: ViewportWatcher.Viewport) {
    guard features.anchor != .none, isInWindow, let view else { return }
    let top = now.offset + now.insetStart
    if let row = keptPlace.rowAtTheTop, row.writes == shownList.writes, row.holds(top) { return }
    keptPlace.rowAtTheTop = nil
    let horizontal = scrollsHorizontally
    func extent(_ position: ItemPosition) -> (start: CGFloat, end: CGFloat)? {
      guard let frame = view.frameOfItem(at: position) else { return nil }
      return horizontal ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
    }
    let line =
      horizontal
      ? CGRect(x: top, y: 0, width: 1, height: now.size.height)
      : CGRect(x: 0, y: top, width: now.size.width, height: 1)
    guard let under = view.itemPositions(in: line).min(), let underExtent = extent(under)
    else { return }
    var reader = under
    var start = underExtent.start
    var holds = (underExtent.start - 0.5)...(underExtent.start + 0.5)
    if underExtent.start < top - 0.5 {
      // Cut off at the top: the next row is the reader's, until it is cut off in turn.
      guard let flat = shown.flatIndex(of: under), let next = shown.position(atFlatIndex: flat + 1),
        let nextExtent = extent(next)
      else { return }
      reader = next
      start = nextExtent.start
      holds = (underExtent.start + 0.5)...(nextExtent.start + 0.5)
    }
    guard let item = shown.item(at: reader) else { return }
    keptPlace.rowAtTheTop = RowAtTheTop(
      id: item.id, start: start, holds: holds, writes: shownList.writes)
  }
}

/// The reader's row at the user's or the app's last scroll — the first that starts below what
/// covers the top — where it starts in the content, for which tops of the screen it is the
/// reader's, and the list it was seen in.
struct RowAtTheTop<ID: Hashable> {
  var id: ID
  var start: CGFloat
  var holds: ClosedRange<CGFloat>
  var writes: UInt64

  /// Whether the row is still the reader's with the screen's top (below its insets) at `top`.
  func holds(_ top: CGFloat) -> Bool { holds.contains(top) }
}
