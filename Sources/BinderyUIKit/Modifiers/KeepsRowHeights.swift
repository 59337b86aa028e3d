import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// Row heights remembered by item id.

extension TableBinding {
  /// Remembers the height each row was measured at, by its item's id, and gives it to the table
  /// as that row's estimate: a self-sizing row scrolled back into view, moved elsewhere, or
  /// shown again after a reload (an update while the screen was covered, a change too large to
  /// diff) comes back at its height instead of jumping from an estimate. A height is forgotten
  /// when its item's content changes, or the table's width does; ids that left the list are
  /// let go of as it changes.
  ///
  /// Bindery measures the rows on screen as the table scrolls, changes shape, is updated and
  /// leaves its window, so it needs none of the delegate's calls, and never replaces a
  /// delegate of yours. A table without one gets a delegate of Bindery's that answers
  /// `tableView(_:estimatedHeightForRowAt:)` and nothing else; set your own at any time, and
  /// have it answer estimates with ``rememberedRowHeight(at:)``. A delegate of yours that asks
  /// for no height by the time rows were measured and the table updated again is reported on
  /// `errors` (once), as the heights then reach the table nowhere.
  ///
  /// Tables only: a collection view's layout asks no delegate for estimates. A table whose
  /// `estimatedRowHeight` is 0 has exact heights and nothing to estimate, which is reported.
  ///
  /// - Complexity: O(rows on screen) per scroll, update and change of the viewport; O(1) per
  ///   estimate.
  public func keepsRowHeights() -> Self {
    guard let adapter = liveAdapter(), let tableView else { return self }
    guard tableView.estimatedRowHeight != 0 else {
      reportMisuse(
        #function,
        "the table's estimatedRowHeight is 0: its rows have exact heights, which it never "
          + "estimates")
      return self
    }
    adapter.keepRowHeights(of: tableView, for: #function)
    return self
  }

  /// The height the row at `indexPath` was last measured at, at the table's width now, if
  /// ``keepsRowHeights()`` measured its item: for your own delegate's estimates.
  ///
  /// ```swift
  /// func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
  ///   -> CGFloat
  /// { binding.rememberedRowHeight(at: indexPath) ?? 88 }
  /// ```
  ///
  /// `nil` for a row not measured yet, one whose item's content changed since, and on a
  /// binding that does not keep row heights.
  ///
  /// - Complexity: O(1).
  public func rememberedRowHeight(at indexPath: IndexPath) -> CGFloat? {
    guard let heights = adapter?.keptHeights.byID, let tableView else { return nil }
    return heights.estimate(at: indexPath, in: tableView)
  }
}
