import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension HeadlessTableView {
  // MARK: The user's edits (HeadlessUIKit only)

  /// The user swipes a row and taps Delete: if the data source lets the row be edited, it is
  /// asked to commit the delete (the row stays until the data source deletes it). Returns
  /// whether the delete was offered.
  ///
  /// The swipe closes when the commit returns: a visible row the data source did not delete
  /// inside it slides back into place on a device, and HeadlessUIKit records that glitch in
  /// ``HeadlessScrollView/alerts`` (UIKit rules §7.4).
  @discardableResult
  public func userDeletesRow(at indexPath: IndexPath) -> Bool {
    guard let dataSource, engine.contains(indexPath),
      dataSource.tableView(self, canEditRowAt: indexPath)
    else { return false }
    let cell = engine.isVisible(indexPath) ? engine.cells[indexPath] : nil
    dataSource.tableView(self, commit: .delete, forRowAt: indexPath)
    if let cell { engine.checkSwipeDeleted(cell, at: indexPath) }
    return true
  }

  /// The user picks a row up by its reorder control. As in UIKit, that needs the table in
  /// editing mode and a row the data source lets be edited and moved: `canEditRowAt` gates the
  /// reorder control as well as deletion. Until the row is dropped, ``hasUncommittedUpdates``
  /// is `true` and a batch of updates is a violation. Returns whether the row was picked up.
  @discardableResult
  public func userBeginsReorderingRow(at indexPath: IndexPath) -> Bool {
    guard isEditing, engine.interactiveMove == nil, engine.contains(indexPath),
      let dataSource, dataSource.tableView(self, canEditRowAt: indexPath),
      dataSource.tableView(self, canMoveRowAt: indexPath)
    else { return false }
    engine.interactiveMove = (indexPath, indexPath)
    return true
  }

  /// The user drags the picked-up row over another place (an index path after the move).
  public func userDragsReorderedRow(to indexPath: IndexPath) {
    guard let move = engine.interactiveMove else { return }
    engine.interactiveMove = (move.source, indexPath)
  }

  /// The user drops the row: the table shows it at its new place at once, as UIKit does, and
  /// then tells the data source with `tableView(_:moveRowAt:to:)`. Returns whether it moved.
  @discardableResult
  public func userDropsReorderedRow() -> Bool {
    guard let move = engine.commitInteractiveMove() else { return false }
    dataSource?.tableView(self, moveRowAt: move.source, to: move.target)
    engine.layout()
    return true
  }

  /// The user drags a row to a new place in one gesture: ``userBeginsReorderingRow(at:)``,
  /// ``userDragsReorderedRow(to:)``, ``userDropsReorderedRow()``. Returns whether it moved.
  @discardableResult
  public func userMovesRow(at source: IndexPath, to destination: IndexPath) -> Bool {
    guard userBeginsReorderingRow(at: source) else { return false }
    userDragsReorderedRow(to: destination)
    return userDropsReorderedRow()
  }

  /// Whether the table shows a change its data source has not been told about yet: a row the
  /// user is dragging to a new place.
  public var hasUncommittedUpdates: Bool { engine.interactiveMove != nil }
}
