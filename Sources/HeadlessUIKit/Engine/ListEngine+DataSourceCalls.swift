import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Calls into the data source (and the re-entrancy UIKit forbids), and completions run after a batch.

extension ListEngine {
  // MARK: Data-source calls (re-entrancy)

  /// Runs one call to the data source for what the view shows.
  func askingDataSource<Result>(_ call: () -> Result) -> Result {
    requests.enterCall()
    defer { requests.leaveCall() }
    return call()
  }

  /// Whether the view is updating its visible cells: inside a call to its data source or
  /// delegate for what it shows (§7.2).
  var isUpdatingVisibleCells: Bool { requests.callDepth > 0 }

  /// Reports `operation` if it was issued from inside a data-source call. UIKit's behaviour is
  /// undefined there (a crash, or corrupted bookkeeping); the headless view reports it and
  /// carries on.
  func checkNotInsideDataSourceCall(_ operation: String) {
    guard requests.callDepth > 0 else { return }
    report(UIKitMessages.updateDuringDataSourceCall(operation, kind: kind))
  }

  // MARK: Completions

  /// Calls `completion` after the current batch's animations, on a later main-actor turn: in
  /// the order the batches were made, and never inside the call that made them.
  func enqueueCompletion(_ completion: @escaping @MainActor () -> Void) {
    pendingCompletions.append(completion)
    guard !isCompletionDrainScheduled else { return }
    isCompletionDrainScheduled = true
    Task { @MainActor [self] in drainCompletions() }
  }

  /// Batches whose completion has not been called yet.
  var pendingCompletionCount: Int { pendingCompletions.count }

  func drainCompletions() {
    isCompletionDrainScheduled = false
    // The view went while an update it animated was in flight: UIKit raises in its dealloc
    // (§7.1). Its completions still run here, so that nothing waits on them forever.
    if animatedUpdatesInFlight > 0 && view == nil && kind == .collectionView {
      report(UIKitMessages.deallocatedDuringUpdate)
    }
    animatedUpdatesInFlight = 0
    // Completions queued by these completions wait for the next turn, as new animations would.
    let due = pendingCompletions
    pendingCompletions.removeAll()
    for completion in due { completion() }
  }
}
