import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Calls into the data source, and the re-entrancy UIKit forbids.

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
}
