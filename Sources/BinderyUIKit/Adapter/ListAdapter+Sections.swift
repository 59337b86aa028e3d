import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// What the adapter answers for sections changed in place, index titles, and the user's edits.

extension ListAdapter {
  // MARK: Sections changed in place

  /// Shows a section's new value without replacing any row: header and footer titles are set
  /// on the existing views, supplementary views are configured again, the app hears of it
  /// (``ListFeatures/sectionChanged``), and a table measures its headers and footers again.
  func refreshSections(_ sections: [Int]) {
    for index in sections {
      guard let section = shown.section(at: index) else { continue }
      view?.refreshSection(at: index, showing: section, for: self)
      features.sectionChanged?(section, index)
    }
    view?.finishRefreshingSections()
  }

  // MARK: Index titles

  /// The index titles, and the section each one scrolls to. A collection view scrolls to an
  /// item, so its index leaves out sections without any.
  func indexEntries() -> [(title: String, section: Int)] {
    guard let indexTitle = features.indexTitle else { return [] }
    let needsItems = view?.indexSkipsEmptySections ?? false
    return answering {
      shown.sections.indices.compactMap { index in
        if needsItems && shown.numberOfItems(inSection: index) == 0 { return nil }
        return indexTitle(shown.sections[index]).map { ($0, index) }
      }
    }
  }

  /// The section with items nearest to `section` (0 when none has any).
  func nearestSectionWithItems(to section: Int) -> Int {
    shown.sections.indices.filter { shown.numberOfItems(inSection: $0) > 0 }
      .min { abs($0 - section) < abs($1 - section) } ?? 0
  }

  // MARK: Editing and reordering

  /// A table row shows editing controls — swipe to delete, the reorder control — when it can be
  /// deleted or moved: UIKit asks one question for both.
  func canEdit(at indexPath: IndexPath) -> Bool {
    canDelete(at: indexPath) || canMove(at: indexPath)
  }

  func canDelete(at indexPath: IndexPath) -> Bool {
    guard isLive, let item = item(at: indexPath) else { return false }
    guard let deletion = features.deletion else { return true }  // UIKit's default
    return deletion.canDelete?(item) ?? true
  }

  /// Takes the user's delete of the row at `indexPath`; returns whether it was taken (not for
  /// a row that cannot be deleted, or without `onDelete`).
  @discardableResult
  func userDeleted(at indexPath: IndexPath) -> Bool {
    // A row that may move but not be deleted can still be swiped where the delegate allows it.
    guard let deletion = features.deletion, canDelete(at: indexPath),
      let item = userRemoved(at: indexPath)
    else { return false }
    deletion.delete(item, indexPath)
    return true
  }

  /// Takes a swipe action's removal of the row at `indexPath` (an archive): the row leaves as a
  /// deleted one does; returns its item, or `nil` when there is no such row.
  func userRemoved(at indexPath: IndexPath) -> Item? {
    guard let item = item(at: indexPath) else { return nil }
    // The reader's row, gone, is no place to keep.
    if keptPlace.reader?.id == item.id { keptPlace.reader = nil }
    if keptPlace.rowAtTheTop?.id == item.id { keptPlace.rowAtTheTop = nil }
    removeDeletedRow(at: indexPath)
    return item
  }

  /// The row the user deleted leaves the view now, with UIKit's own delete animation: a row
  /// still there when the swipe ends (or the commit returns) slides back into place on a
  /// device, and would leave only with the next list (UIKit rules §7.4).
  private func removeDeletedRow(at indexPath: IndexPath) {
    let position = ItemPosition(indexPath)
    guard let binding, let view, binding.snapshot.item(at: position) != nil else { return }
    // The list loses the row as the view deletes it, not before: the place is marked from the
    // rows as they are.
    keepingPlace(radius: 1) {
      view.deleteRow(
        at: indexPath, animation: features.animation,
        installing: { [weak binding] in binding?.recordUserDelete(at: position) })
    }
  }

  func canMove(at indexPath: IndexPath) -> Bool {
    guard isLive, let reordering = features.reordering, let item = item(at: indexPath) else {
      return false
    }
    return reordering.canMove?(item) ?? true
  }

  func userMoved(from source: IndexPath, to destination: IndexPath) {
    guard isLive else {
      // A drag that began before the binding stopped: the view shows the row moved, so the
      // rows it asks for must follow.
      if let moved = shown.movingItem(from: ItemPosition(source), to: ItemPosition(destination)) {
        shownList.snapshot = moved.snapshot
      }
      return
    }
    guard
      let item = binding?.recordUserMove(from: ItemPosition(source), to: ItemPosition(destination))
    else { return }
    features.reordering?.moved(item, source, destination)
  }
}
