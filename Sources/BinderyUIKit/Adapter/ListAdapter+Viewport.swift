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
      isSuspended: { [weak self] in (self?.placeKeepingDepth ?? 0) > 0 },
      changed: { [weak self] before in self?.viewportChanged(from: before) },
      scrolled: { [weak self] now in self?.viewportScrolled(to: now) })
  }

  /// The offset moved, not by Bindery: the app scrolled (`scrollToRow`, `setContentOffset`),
  /// the user did, or UIKit brought the offset within the content. A scroll away from the end
  /// ends a chat's pending pin to its end — the app's scroll wins — and the user's finger ends
  /// a scroll the app asked for that waits for its item.
  func viewportScrolled(to now: ViewportWatcher.Viewport) {
    readerPlace = nil  // the reader moved: the row they read now is the one on screen
    let isUsersScroll = scrollView.map { $0.isTracking || $0.isDragging } ?? false
    // Back in a window before the adapter heard it is: the view's first layout back.
    let isLayoutBack = isComingBack && isInWindow && !isUsersScroll
    if pendingEndPin && !now.isAtEnd && !isLayoutBack { pendingEndPin = false }
    if isUsersScroll { pendingScroll = nil }
    setNeedsScrollWork(offsetOnly: true)
  }

  /// The viewport changed shape under the list: a chat that was at its end stays at its end,
  /// as the change happens — the keyboard came up, the view turned, an inset grew. Elsewhere
  /// the offset stays, as UIKit keeps it: the rows the user reads stay where they were.
  func viewportChanged(from before: ViewportWatcher.Viewport) {
    readerPlace = nil
    measureRowHeights(laidOutAt: before.size.width)
    if isLive, features.anchor == .end, before.isAtEnd, shown.numberOfItems > 0 {
      keepPlace(ScrollAnchorMark(marks: [], wasAtStart: before.isAtStart, wasAtEnd: true))
    }
    // Rows came onto the screen, or left it, as a scroll brings them: the content of cells
    // shown again is asked for, a page near the edge is loaded.
    setNeedsScrollWork()
  }
}
