import BinderyDiff

// What rides along with a binding: observers of what it shows and of its end, and the
// objects it keeps alive for as long as it runs.

extension ListBinding {
  // MARK: Observing and attaching

  /// Calls `observer` on the main actor with every list just before it is installed and shown:
  /// a prefetcher asks for the first screen's content here, before the view asks for a cell.
  public func onWillShow(_ observer: @escaping @MainActor (Snapshot<Section, Item>) -> Void) {
    willShowObservers.append(observer)
  }

  /// Calls `observer` on the main actor after every list is applied: its batches issued (UIKit
  /// may still be animating them) or the view reloaded.
  public func onShow(_ observer: @escaping @MainActor () -> Void) {
    showObservers.append(observer)
  }

  /// Calls `observer` once, on the main actor, when the binding is cancelled, detached from its
  /// view, or released (then within a main-actor turn of its release, before its attachments
  /// are let go of).
  public func onStop(_ observer: @escaping @MainActor () -> Void) {
    if isStopped { return observer() }
    stopObservers.append(observer)
  }

  /// Keeps an object alive as long as the binding: a bridge of the app's to the view, a model
  /// the cells read. The binding never looks at it.
  public func retain(_ object: AnyObject) {
    parts.screen.kept.append(object)
  }

  /// Tells the binding's prefetchers where a fling will come to rest, `offset` points along the
  /// scroll: forward it from `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
  /// so the screen there is loaded first, after any paging or snapping your delegate applies.
  /// Optional: without it, prefetchers work the landing out from the view's speed.
  public func flingWillComeToRest(atOffset offset: Double) {
    parts.screen.tell { $0.flingWillComeToRest(atOffset: offset) }
  }

  /// Calls `cancel` when the binding is cancelled or released, from whatever thread that
  /// happens on (a publisher subscription, for example). At once if it already was.
  public nonisolated func addCancellation(_ cancel: @escaping @Sendable () -> Void) {
    let alreadyEnded = lifetime.withLock { state in
      if !state.isCancelled { state.cancellations.append(cancel) }
      return state.isCancelled
    }
    if alreadyEnded { cancel() }
  }

}
