import Bindery

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// The adapter as the view's own part of its screen (`ScreenParts`): told after the binding's
// other parts of each list shown and of the stop, it does the view's share in one order.

extension ListAdapter: ScreenPart {
  /// After every list shown, in this order: the empty state, a scroll the app asked for that
  /// waits for its item, the load-more views placed where the content now ends, and the end of
  /// the list judged for `onReachingEnd` (a list can bring it into view with no scroll).
  func listDidShow() {
    if features.emptyState != nil { updateEmptyState() }
    if scrollRequests.isWatchingShows { scrollToPending() }
    for accessory in edgeAccessories { accessory.place() }
    if !reachingEnd.isEmpty { setNeedsScrollWork() }
  }

  /// The binding stopped: the adapter lets go of the app's closures, and the load-more views
  /// go, as nothing will load.
  func bindingDidStop() {
    bindingStopped()
    let accessories = edgeAccessories
    edgeAccessories = []
    for accessory in accessories { accessory.stop() }
  }
}

extension ListAdapter {
  /// The binding's other parts do their end-of-turn work in the adapter's job, after its own.
  func scheduleEndOfTurn() -> Bool {
    schedule(.parts)
    return true
  }
}
