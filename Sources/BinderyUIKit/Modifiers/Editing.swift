import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// What the user may delete and reorder.

extension ViewBinding {
  /// Lets the user delete rows by swiping (tables, and list layouts through
  /// ``deleteSwipeActions(at:title:)``): `canDelete` decides which (all by default), and
  /// `handler` is told the item the user deleted and where it was. The row leaves at once, with
  /// UIKit's own animation — UIKit needs it gone when the swipe ends, or it slides back into
  /// place — and the next list is diffed from there: remove the item from your source; a list
  /// that still has it shows it again. Without this modifier no row offers a delete.
  ///
  /// UIKit asks one question, `tableView(_:canEditRowAt:)`, for deleting and for reordering: a
  /// row that may move (``onMove(canMove:_:)``) but not be deleted still shows a Delete control
  /// unless your table view delegate returns `.none` from
  /// `tableView(_:editingStyleForRowAt:)`; Bindery ignores a delete of it.
  public func onDelete(
    canDelete: (@MainActor (Item) -> Bool)? = nil,
    _ handler: @escaping @MainActor (_ item: Item, _ indexPath: IndexPath) -> Void
  ) -> Self {
    liveAdapter()?.features.deletion = .init(
      canDelete: canDelete, delete: handler)
    return self
  }

  /// Lets the user reorder rows or items: `canMove` decides which (all by default), and
  /// `handler` is told the item, where it was and where the user put it. The binding's
  /// snapshot follows the move at once, so the next list is diffed from what the user sees;
  /// update your source to match.
  public func onMove(
    canMove: (@MainActor (Item) -> Bool)? = nil,
    _ handler: @escaping @MainActor (_ item: Item, _ from: IndexPath, _ to: IndexPath) -> Void
  ) -> Self {
    liveAdapter()?.features.reordering = .init(
      canMove: canMove, moved: handler)
    return self
  }

  /// Removes the row at `indexPath` for a swipe action of the user's that takes it out of the
  /// list (an archive, a destructive action other than ``onDelete(canDelete:_:)``'s): it leaves
  /// now, with UIKit's delete animation, as UIKit needs when the swipe ends; returns its item,
  /// or `nil` for no row there. The next list is diffed from there. For BinderySwiftUI.
  package func removeRowForSwipe(at indexPath: IndexPath) -> Item? {
    runningAdapter?.userRemoved(at: indexPath)
  }

  /// The swipe actions that delete the row at `indexPath` through ``onDelete(canDelete:_:)``:
  /// one destructive action, or `nil` for a row that cannot be deleted (or without
  /// `onDelete`). Give it to a list layout, whose configuration is fixed before the binding
  /// exists:
  ///
  /// ```swift
  /// configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
  ///   self?.binding?.deleteSwipeActions(at: indexPath)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - indexPath: the row swiped, as the list layout's provider is given it.
  ///   - title: the button's title; `nil` (the default) for the one UIKit shows on a table's
  ///     own delete button, in the user's language ("Delete" in English).
  public func deleteSwipeActions(at indexPath: IndexPath, title: String? = nil)
    -> UISwipeActionsConfiguration?
  {
    guard let adapter = runningAdapter, adapter.canDelete(at: indexPath),
      adapter.features.deletion != nil, let id = adapter.item(at: indexPath)?.id
    else { return nil }
    // By id: lists keep coming while the button shows, and the row may be elsewhere by the tap.
    let delete = UIContextualAction(style: .destructive, title: title ?? UIKitStrings.delete) {
      [weak adapter] _, _, completion in
      guard let adapter, let position = adapter.shown.position(of: id) else {
        return completion(false)
      }
      // Performed only if taken: the delete may have been taken back since the swipe.
      completion(adapter.userDeleted(at: IndexPath(position)))
    }
    return UISwipeActionsConfiguration(actions: [delete])
  }
}
