import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension ListAdapter {
  // MARK: The window: covered, back, a new text size

  /// Hears when the view comes back into a window (``WindowSentinel``).
  func watchWindow() {
    guard let view else { return }
    let sentinel = WindowSentinel.installed(in: view)
    sentinel.moved = { [weak self] isInWindow in
      if isInWindow { self?.cameBackOnScreen() } else { self?.wentOffScreen() }
    }
    sentinel.textSizeChanged = { [weak self] in self?.textSizeChanged() }
  }

  /// The user's text size changed, and every self-sizing row will be measured again at the
  /// view's next layout: where the reader is now — a chat at its end, the row read — is kept
  /// once the rows are measured, at the end of this turn, as for any change of Bindery's.
  private func textSizeChanged() {
    guard isLive, isInWindow, shown.numberOfItems > 0 else { return }
    keptHeights.byID?.forgetAll()
    // A chat at its end is judged by where the reader was at the last scroll, which the view
    // may have measured again already (a system that tells the view's subviews of the new
    // traits as it lays out).
    if features.anchor == .end, let seen = viewportWatcher?.lastSeen, seen.isAtEnd {
      keptPlace.remeasureMark = ScrollAnchorMark(
        marks: [], wasAtStart: seen.isAtStart, wasAtEnd: true)
    } else {
      keptPlace.remeasureMark = scrollAnchorMark()
    }
    if keptPlace.remeasureMark != nil { schedule(.remeasured) }
  }

  /// The view left its window (its screen covered): the rows on screen are measured as they
  /// were shown, and the viewport as it is now, out of the window (no safe area), is the one
  /// the trip's change is told from when the view is back — the view may not tell of its
  /// insets as they change with the window.
  private func wentOffScreen() {
    keptPlace.isComingBack = true
    scrollRequests.settling = nil  // an animated scroll the app asked for does not land off screen
    measureRowHeights()
    if isAtEndAsLastSeenOnScreen { scrollRequests.endPin = true }
    viewportWatcher?.resync()
  }

  /// Whether a chat is at its end as the view was last seen in its window: its offset against
  /// the content as it is now, within the insets it had there. Out of the window the safe area
  /// is gone, so an offset that showed the end below a top inset — a short list that fits —
  /// no longer looks like the end; and a list that shrank under the reader since the last
  /// scroll brought the end to them without a scroll to tell of it. Such a chat comes back at
  /// its end, pinned over its measured rows (binding fuzzer, seed 16274453796748716108).
  private var isAtEndAsLastSeenOnScreen: Bool {
    guard features.anchor == .end, shown.numberOfItems > 0, let scrollView,
      let seen = viewportWatcher?.lastSeen
    else { return false }
    var axis = ScrollAxis(scrollView, horizontal: scrollsHorizontally)
    (axis.insetStart, axis.insetEnd) = (seen.insetStart, seen.insetEnd)
    axis.viewportLength = scrollsHorizontally ? seen.size.width : seen.size.height
    return axis.isAtEnd
  }

  /// The view is in a window again (its screen uncovered): the cells it kept are configured
  /// again for the content that arrived meanwhile, in place — its rows and selection kept, as
  /// they would have been on screen. Before the view lays out, so no frame shows them stale.
  /// A scroll the app asked for while the screen was covered is made now, where the list
  /// already has its item: not later, at the next list, after the user has read on. Once the
  /// view has laid out, those who follow the scroll hear of it: the viewport may have changed
  /// while covered (the keyboard, a rotation), and cells UIKit kept and shows again want their
  /// content as after any scroll.
  private func cameBackOnScreen() {
    // The viewport changed with the window (its safe area came back), whether or not the view
    // said so: a chat that was at its end stays at its end, and a scroll made later is told as
    // a scroll, not as the change of shape it would otherwise seem to carry.
    viewportWatcher?.check()
    reconfigureRowsChangedWhileCovered()
    scrollToPending()
    // A chat kept at its end while covered was placed from estimates: its end is pinned over
    // the rows measured as the view lays out, at the end of this turn.
    if scrollRequests.endPin { schedule(.endPin) } else { keptPlace.isComingBack = false }
    scrollWork.looksAtViewportAfterLayout = true
    setNeedsScrollWork()
  }

  /// Configures again, in place, the cells of rows whose content changed while the view was
  /// off screen.
  private func reconfigureRowsChangedWhileCovered() {
    guard !waitingReconfigures.whileCovered.isEmpty else { return }
    let ids = waitingReconfigures.whileCovered
    waitingReconfigures.whileCovered = []
    guard isLive, let view else { return }
    // Only rows the view has cells for, by its own counts: the others are asked for afresh.
    let positions = ids.compactMap { shown.position(of: $0) }.filter { view.has($0) }
    if !positions.isEmpty { reconfigureItems(at: positions) }
  }
}
