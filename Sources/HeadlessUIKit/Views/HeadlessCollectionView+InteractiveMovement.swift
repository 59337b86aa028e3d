import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension HeadlessCollectionView {
  // MARK: Interactive movement (UIKit's names)

  /// Starts moving an item with the user's finger. Returns `false`, as UIKit does, when a
  /// movement is already under way, when the item does not exist, or when the data source says
  /// it cannot move. Until the movement ends, ``hasUncommittedUpdates`` is `true`: the view shows
  /// the item where the finger is, which its data source does not know yet, and a batch of
  /// updates is a violation (UIKit's index paths for the movement go stale).
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    guard engine.interactiveMove == nil, engine.contains(indexPath),
      let dataSource, dataSource.collectionView(self, canMoveItemAt: indexPath)
    else { return false }
    engine.interactiveMove = (indexPath, indexPath)
    return true
  }

  /// Moves the item being moved to the place under `targetPosition` (a point in the content);
  /// a point beyond the items takes the last place.
  public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
    guard let move = engine.interactiveMove else { return }
    let target = indexPathForItem(at: targetPosition) ?? engine.lastIndexPath() ?? move.target
    engine.interactiveMove = (move.source, target)
  }

  /// Ends the movement: the view shows the item at its new place, and then tells the data
  /// source with `collectionView(_:moveItemAt:to:)`, as UIKit does.
  public func endInteractiveMovement() {
    commitInteractiveMovement()
  }

  /// Ends the movement under way; returns whether the item moved.
  @discardableResult
  func commitInteractiveMovement() -> Bool {
    guard let move = engine.commitInteractiveMove() else { return false }
    dataSource?.collectionView(self, moveItemAt: move.source, to: move.target)
    engine.layout()
    return true
  }

  /// Abandons the movement: the item goes back where it was, and the data source hears nothing.
  public func cancelInteractiveMovement() {
    engine.interactiveMove = nil
  }

  /// Whether the view shows a change its data source has not been told about yet: an item
  /// being moved by the user.
  public var hasUncommittedUpdates: Bool { engine.interactiveMove != nil }

  /// The item whose frame contains a point of the content, or `nil`.
  public func indexPathForItem(at point: CGPoint) -> IndexPath? {
    engine.indexPath(at: point)
  }
}
