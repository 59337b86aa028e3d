import Foundation

// Selection as UIKit keeps it (UIKit rules §4d), as for collection views: by index path,
// carried through batch updates with the rows, lost with deleted and reloaded rows and on
// `reloadData()`; selecting from code tells the delegate nothing, the user's tap tells it.

extension HeadlessTableView {
  /// Whether the user can select rows; `true` by default, as in UIKit.
  public var allowsSelection: Bool {
    get { selectionSettings.allowsSelection }
    set {
      selectionSettings.allowsSelection = newValue
      if !newValue { engine.selected = [] }
    }
  }

  /// Whether the user can select several rows, each tap toggling one; `false` by default.
  public var allowsMultipleSelection: Bool {
    get { selectionSettings.allowsMultipleSelection }
    set {
      selectionSettings.allowsMultipleSelection = newValue
      if !newValue, engine.selected.count > 1, let first = engine.selected.min() {
        engine.selected = [first]
      }
    }
  }

  /// The selected row, the first if several are; `nil` if none is.
  public var indexPathForSelectedRow: IndexPath? { engine.selected.min() }

  /// The selected rows, in order; `nil` if none is, as in UIKit.
  public var indexPathsForSelectedRows: [IndexPath]? {
    engine.selected.isEmpty ? nil : engine.selected.sorted()
  }

  /// Selects a row from code, deselecting the others unless ``allowsMultipleSelection``; `nil`
  /// deselects every row. The delegate is not told, as in UIKit. `.none` leaves the scroll as
  /// it is; any other position scrolls the row there. A row the table does not have is
  /// reported (UIKit raises) and selects nothing.
  public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    guard let indexPath else {
      engine.selected = []
      return
    }
    guard checkIndexPath(indexPath), allowsSelection else { return }
    guard engine.contains(indexPath) else {
      engine.report(
        UIKitMessages.scrollOutOfBounds(
          section: indexPath.sectionIndex, item: indexPath.itemIndex, counts: engine.counts(),
          kind: .tableView))
      return
    }
    if !allowsMultipleSelection { engine.selected = [] }
    engine.selected.insert(indexPath)
    if scrollPosition != .none {
      scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Deselects a row from code; the delegate is not told, as in UIKit.
  public func deselectRow(at indexPath: IndexPath, animated: Bool) {
    engine.selected.remove(indexPath)
  }

  /// The user taps a row (HeadlessUIKit only), as UIKit handles it: nothing when selection is
  /// off; with multiple selection, a selected row is deselected and the delegate told
  /// `didDeselectRowAt`; otherwise the row is selected — the one selected before deselected
  /// first, with its `didDeselectRowAt` — and the delegate told `didSelectRowAt`.
  public func userSelectsRow(at indexPath: IndexPath) {
    guard allowsSelection, engine.contains(indexPath) else { return }
    if allowsMultipleSelection, engine.selected.contains(indexPath) {
      engine.selected.remove(indexPath)
      delegate?.tableView(self, didDeselectRowAt: indexPath)
      return
    }
    if !allowsMultipleSelection {
      for other in engine.selected where other != indexPath {
        engine.selected.remove(other)
        delegate?.tableView(self, didDeselectRowAt: other)
      }
    }
    engine.selected.insert(indexPath)
    delegate?.tableView(self, didSelectRowAt: indexPath)
  }
}
