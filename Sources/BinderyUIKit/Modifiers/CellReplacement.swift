import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// Content changes that need another cell.

extension ListBinding {
  /// Chooses, for each content change (same id, new value), between a reconfigure — the same
  /// cell, configured again, which UIKit requires be dequeued with the same reuse identifier —
  /// and a reload, which replaces the cell. Return `true` when the change needs another cell:
  /// a cell provider that picks its cell class from the item (an away mate in a cell of its
  /// own) must reload, or UIKit raises at the first change. Reloads go in a batch of their own,
  /// before the reconfigures. Without this modifier every content change is a reconfigure.
  ///
  /// ```swift
  /// binding.replacesCells(when: { old, new in old.isAway != new.isAway })
  /// ```
  @discardableResult
  public func replacesCells(
    when needsNewCell: @escaping @MainActor (_ old: Item, _ new: Item) -> Bool
  )
    -> Self
  {
    adapter(for: "replacesCells(when:)")?.features.reloadWhen = needsNewCell
    return self
  }
}
