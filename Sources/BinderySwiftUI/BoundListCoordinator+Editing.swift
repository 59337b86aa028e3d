import Bindery
import BinderyUIKit
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// What `List` users expect besides swipes: edit mode, its delete buttons and reorder handles,
// and a context menu on a long press.

extension BoundListCoordinator {
  /// Where a row was and where the user put it, with its item, as `onMove` tells it.
  public typealias MoveHandler = @MainActor (Item, _ from: IndexPath, _ to: IndexPath) -> Void

  /// Puts the list in edit mode or takes it out, as SwiftUI's `EditMode` does for a `List`:
  /// while editing, each row shows a delete button (with ``update(onDelete:)``; a tap reveals
  /// the trailing swipe actions, the delete first) and a reorder handle (with
  /// ``update(onMove:)``).
  package func update(isEditing: Bool) {
    updateOptions { $0.isEditing = isEditing }
  }

  /// Lets the user reorder rows by their handles in edit mode, as `onMove(perform:)` does in a
  /// `List`: `handler` hears the item, where it was and where the user put it. The list follows
  /// the move at once, and the next list is diffed from there: move the item in your model to
  /// match, or the next list puts it back. `nil` moves nothing.
  package func update(onMove handler: MoveHandler?) {
    updateOptions { $0.onMove = handler }
  }

  /// The menu a long press on a row shows, made for its item when the press begins (`nil` for
  /// no menu on that row); `nil` shows none. In a list, as in a grid.
  package func update(contextMenu menu: (@MainActor (Item) -> UIMenu?)?) {
    updateOptions { $0.contextMenu = menu }
  }

  /// The accessories every row shows: a delete button and a reorder handle, each while editing
  /// and only when the app handles what it does.
  var rowAccessories: [UICellAccessory] {
    var accessories: [UICellAccessory] = []
    if deleteHandler != nil { accessories.append(.delete(displayed: .whenEditing)) }
    if moveHandler != nil { accessories.append(.reorder(displayed: .whenEditing)) }
    return accessories
  }

  /// Gives the rows on screen, and those UIKit keeps near it, the accessories they show now.
  func showRowAccessories() {
    let accessories = rowAccessories
    for cell in configuredRowCells {
      (cell as? UICollectionViewListCell)?.accessories = accessories
    }
  }

  /// Sets up a new binding to hear the user's moves (always: whether a row moves is asked when
  /// the user takes its handle).
  func setUpEditing(_ binding: CollectionBinding<Section, Item>) {
    _ = binding.onMove(canMove: { [weak self] _ in self?.moveHandler != nil }) {
      [weak self] item, from, to in self?.moveHandler?(item, from, to)
    }
  }

  /// The context menu for a long press on the row at `indexPath`, for the collection view's
  /// delegate.
  func contextMenuConfiguration(at indexPath: IndexPath) -> UIContextMenuConfiguration? {
    guard let contextMenu = options.contextMenu, let item = binding?.item(at: indexPath),
      let menu = contextMenu(item)
    else { return nil }
    return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in menu }
  }
}
