import Bindery
import Foundation

// The kind of cell each row shows, for a cell provider whose cell follows what it shows
// (`replacesCells(byKind:)`): UIKit's reconfigure must get back the cell it has,
// dequeued with the same identifier or registration, so a row whose kind changed is reloaded.

/// The kind of each cell configured for an item, by item. An item can have more than one cell
/// at a time — one UIKit asked for at a path a batch had just removed and kept for later, one
/// still in the view as the row's new cell shows — and a reconfigure may reach any of them. A
/// row is given a new cell when any of its item's cells is of another kind: a reload is always
/// allowed, a reconfigure of a cell of the wrong kind raises. Bounded by the cells the view
/// made: a cell's entry goes when it is configured for another item.
struct CellKinds<ID: Hashable> {
  private var cellsOfItem: [ID: [ObjectIdentifier: AnyHashable]] = [:]
  private var itemOfCell: [ObjectIdentifier: ID] = [:]

  /// Notes that `cell` now shows `id` as a cell of `kind`.
  ///
  /// - Complexity: O(1).
  mutating func record(_ kind: AnyHashable, for id: ID, cell: AnyObject) {
    let cellID = ObjectIdentifier(cell)
    if let previous = itemOfCell[cellID], previous != id {
      // Reused: that item no longer has this cell, whatever other cells it has.
      cellsOfItem[previous]?[cellID] = nil
      if cellsOfItem[previous]?.isEmpty == true { cellsOfItem[previous] = nil }
    }
    itemOfCell[cellID] = id
    cellsOfItem[id, default: [:]][cellID] = kind
  }

  /// Whether a cell configured for `id`, and not for another item since, is of another kind
  /// than `kind`: a reconfigure could hand the provider that cell.
  ///
  /// - Complexity: O(c) for the c cells of the item (one or two).
  func hasCell(of id: ID, otherThan kind: AnyHashable) -> Bool {
    cellsOfItem[id]?.values.contains { $0 != kind } ?? false
  }

  /// How many cells have a recorded kind.
  var count: Int { itemOfCell.count }
}
