import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// Row heights remembered by item id.

extension ListBinding {
  /// Remembers the height each row was measured at, by its item's id, and gives it to the table
  /// as that row's estimate: a self-sizing row scrolled back into view, moved elsewhere, or
  /// shown again after a reload (an update while the screen was covered, a change too large to
  /// diff) comes back at its height instead of jumping from an estimate. A height is forgotten
  /// when its item's content changes, or the table's width does; ids that left the list are
  /// let go of as it changes.
  ///
  /// The binding becomes the table's delegate and hands every call on to the delegate it had
  /// (yours, set before or after this call), so your delegate keeps working; the table's
  /// `delegate` property then answers the binding's object. Tables only: a collection view's
  /// layout asks no delegate for estimates.
  ///
  /// - Complexity: O(1) per row shown or estimated.
  public func keepsRowHeights() -> Self {
    guard let adapter = adapter(for: "keepsRowHeights()") else { return self }
    guard adapter.tableView != nil else {
      reportMisuse(
        "keepsRowHeights()",
        "a collection view's layout keeps its own sizes; give self-sizing items an estimate "
          + "(a list layout, or an .estimated dimension) instead")
      return self
    }
    adapter.keepRowHeights()
    return self
  }
}
