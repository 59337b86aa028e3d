import Foundation

// Selection as UIKit keeps it (UIKit rules §4d): by index path, carried through batch updates
// with the items, lost with deleted and reloaded items and on `reloadData()`; selecting from
// code tells the delegate nothing, the user's tap tells it everything.

extension HeadlessCollectionView {
  /// Whether the user can select items; `true` by default, as in UIKit.
  public var allowsSelection: Bool {
    get { selectionSettings.allowsSelection }
    set {
      selectionSettings.allowsSelection = newValue
      if !newValue { engine.selected = [] }
    }
  }

  /// Whether the user can select several items, each tap toggling one; `false` by default, as
  /// in UIKit.
  public var allowsMultipleSelection: Bool {
    get { selectionSettings.allowsMultipleSelection }
    set {
      selectionSettings.allowsMultipleSelection = newValue
      if !newValue, engine.selected.count > 1, let first = engine.selected.min() {
        engine.selected = [first]
      }
    }
  }

  /// The selected items' index paths, in no particular order (UIKit's order is unspecified
  /// too).
  public var indexPathsForSelectedItems: [IndexPath]? { Array(engine.selected) }

  /// Selects an item from code, deselecting the others unless ``allowsMultipleSelection``; `nil`
  /// deselects every item. The delegate is not told, as in UIKit. An empty `scrollPosition`
  /// leaves the scroll as it is; any other scrolls the item there. An index path the view does
  /// not have is reported (UIKit raises) and selects nothing.
  public func selectItem(
    at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition
  ) {
    guard let indexPath else {
      engine.selected = []
      return
    }
    guard isItemInBounds(indexPath) else { return }
    guard allowsSelection else { return }
    if !allowsMultipleSelection { engine.selected = [] }
    engine.selected.insert(indexPath)
    if !scrollPosition.isEmpty {
      scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Deselects an item from code; the delegate is not told, as in UIKit.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) {
    engine.selected.remove(indexPath)
  }

  /// The user taps an item (HeadlessUIKit only), as UIKit handles it: nothing when selection is
  /// off; with multiple selection, a selected item is deselected and the delegate told
  /// `didDeselectItemAt`; otherwise the item is selected — the one selected before deselected
  /// first, with its `didDeselectItemAt` — and the delegate told `didSelectItemAt`.
  public func userSelectsItem(at indexPath: IndexPath) {
    guard allowsSelection, engine.contains(indexPath) else { return }
    if allowsMultipleSelection, engine.selected.contains(indexPath) {
      engine.selected.remove(indexPath)
      delegate?.collectionView(self, didDeselectItemAt: indexPath)
      return
    }
    if !allowsMultipleSelection {
      for other in engine.selected where other != indexPath {
        engine.selected.remove(other)
        delegate?.collectionView(self, didDeselectItemAt: other)
      }
    }
    engine.selected.insert(indexPath)
    delegate?.collectionView(self, didSelectItemAt: indexPath)
  }
}

/// A collection view's selection settings.
struct SelectionSettings {
  var allowsSelection = true
  var allowsMultipleSelection = false
}
