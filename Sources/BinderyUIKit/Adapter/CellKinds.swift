import Bindery
import Foundation

// The kind of cell each row shows, for a cell provider whose cell follows what it shows
// (`replacesCells(byKind:)`): UIKit's reconfigure must get back the cell it has,
// dequeued with the same identifier or registration, so a row whose kind changed is reloaded.

/// The kind of cell last configured for each item that still has a cell. Bounded by the cells
/// the view made: an entry goes when its cell is configured for another item.
struct CellKinds<ID: Hashable> {
  private var kindOfItem: [ID: (kind: AnyHashable, cell: ObjectIdentifier)] = [:]
  private var itemOfCell: [ObjectIdentifier: ID] = [:]

  /// Notes that `cell` now shows `id` as a cell of `kind`.
  ///
  /// - Complexity: O(1).
  mutating func record(_ kind: AnyHashable, for id: ID, cell: AnyObject) {
    let cellID = ObjectIdentifier(cell)
    if let previous = itemOfCell[cellID], previous != id, kindOfItem[previous]?.cell == cellID {
      kindOfItem[previous] = nil  // reused: that item no longer has this cell
    }
    itemOfCell[cellID] = id
    kindOfItem[id] = (kind, cellID)
  }

  /// The kind of the cell that shows `id`, if one was configured for it since.
  func kind(of id: ID) -> AnyHashable? { kindOfItem[id]?.kind }

  /// How many items have a recorded cell.
  var count: Int { kindOfItem.count }
}
