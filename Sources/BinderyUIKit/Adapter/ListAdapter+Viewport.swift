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
      changed: { [weak self] before in self?.viewportChanged(from: before) })
  }

  /// The viewport changed shape under the list: a chat that was at its end stays at its end,
  /// as the change happens — the keyboard came up, the view turned, an inset grew. Elsewhere
  /// the offset stays, as UIKit keeps it: the rows the user reads stay where they were.
  func viewportChanged(from before: ViewportWatcher.Viewport) {
    guard isLive, features.anchor == .end, before.isAtEnd, shown.numberOfItems > 0 else { return }
    keepPlace(ScrollAnchorMark(marks: [], wasAtStart: before.isAtStart, wasAtEnd: true))
  }
}
