/// What a view offers a ``ListBinding``: a table view, a collection view, or a test double.
///
/// All of it runs on the main actor, and all of it is index-based: the binding owns the
/// snapshot; the view applies operations and reads the snapshot through the binding from its
/// data source. `BinderyUIKit` conforms `UITableView` and `UICollectionView` adapters.
@MainActor
public protocol ListView: AnyObject {
  /// Applies one stage as one batch of updates.
  ///
  /// `install` makes the stage's snapshot the one the data source reads; call it first inside
  /// the batch, because UIKit asks the data source for the new counts when the batch ends and
  /// for the old ones until it starts (reference §1.3).
  func applyStage<Section, Item>(
    _ stage: StagedChangeset<Section, Item>.Stage, installing install: () -> Void)

  /// Shows a snapshot without animation: `install` it, then reload everything.
  func reloadData(installing install: () -> Void)

  /// Asks the existing cells of items to configure themselves again, with the same cell.
  func reconfigureItems(at positions: [ItemPosition])

  /// The positions of the items that have a visible cell.
  var visibleItemPositions: [ItemPosition] { get }

  /// Whether the view is on screen; off screen, batches are pointless and a reload is used.
  var isInWindow: Bool { get }

  /// How many rows fit on a screen, from the view's size even before it is on screen: the
  /// first screen a prefetcher asks for at bind time.
  var rowsPerScreen: Int { get }
}
