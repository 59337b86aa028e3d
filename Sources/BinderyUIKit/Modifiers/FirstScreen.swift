import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// How many items the first screen shows, where the view cannot say before its first cell.

extension ViewBinding {
  /// Says how many items the view's first screen shows, for a layout whose screen Bindery cannot
  /// work out before the view has shown a cell: a compositional grid, a layout of your own.
  ///
  /// Bindery plans the first screen's content before the first list is on screen, when the
  /// view has no items to ask its layout about. It works a table's screen out from its row
  /// heights and a flow layout's from its item size, spacing and insets; for other layouts it
  /// assumes rows of 44 points and one item, and a grid of four columns would have a third of
  /// its first screen asked for late. With `items`, the first screen's content is asked for
  /// whole — before the first cell, and held for with `holdingFirstDisplay:`. Once the view
  /// shows items, what it shows counts instead.
  ///
  /// ```swift
  /// let binding = collectionView.bind(to: .sequence(photos), content: .store(thumbnails)) { … }
  ///   .itemsOnFirstScreen(4 * 12)  // four columns, twelve lines
  /// ```
  ///
  /// - Parameter items: The items the first screen shows, at least one; a smaller count is
  ///   reported on `errors` and changes nothing.
  public func itemsOnFirstScreen(_ items: Int) -> Self {
    guard let adapter = liveAdapter() else { return self }
    guard items > 0 else {
      reportMisuse(#function, "a screen shows at least one item, not \(items)")
      return self
    }
    adapter.features.itemsOnFirstScreen = items
    return self
  }
}
