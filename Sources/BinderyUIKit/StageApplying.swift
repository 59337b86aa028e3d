import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension UITableView {
  /// Applies one stage as one batch, installing its snapshot first inside the batch (§1.3).
  /// Section reconfigures are not batch operations: the adapter updates those views in place.
  func apply<Section, Item>(
    _ stage: StagedChangeset<Section, Item>.Stage, animation: RowAnimation,
    installing install: () -> Void
  ) {
    let path = IndexPath.init(_:)
    // UIKit does not keep the block (NS_NOESCAPE), but Swift imports it as escaping.
    withoutActuallyEscaping(install) { install in
      performBatchUpdates { [self] in
        install()
        if !stage.sectionDeletes.isEmpty {
          deleteSections(IndexSet(stage.sectionDeletes), with: animation)
        }
        if !stage.sectionInserts.isEmpty {
          insertSections(IndexSet(stage.sectionInserts), with: animation)
        }
        for move in stage.sectionMoves { moveSection(move.from, toSection: move.to) }
        if !stage.itemDeletes.isEmpty {
          deleteRows(at: stage.itemDeletes.map(path), with: animation)
        }
        if !stage.itemInserts.isEmpty {
          insertRows(at: stage.itemInserts.map(path), with: animation)
        }
        for move in stage.itemMoves { moveRow(at: path(move.from), to: path(move.to)) }
        if !stage.itemReconfigures.isEmpty {
          reconfigureRows(at: stage.itemReconfigures.map(path))
        }
      }
    }
  }

  /// Rows on one screen: the frame's height (or, before layout, the window's or the screen's)
  /// over the row height (or the estimate; 44 points, UIKit's default row).
  var itemsPerScreen: Int {
    let height = frame.height > 0 ? frame.height : screenSize(window: window).height
    let row = rowHeight > 0 ? rowHeight : (estimatedRowHeight > 0 ? estimatedRowHeight : 44)
    return max(1, Int((height / row).rounded(.up)))
  }
}

extension UICollectionView {
  /// Applies one stage as one batch, installing its snapshot first inside the batch (§1.3).
  func apply<Section, Item>(
    _ stage: StagedChangeset<Section, Item>.Stage, installing install: () -> Void
  ) {
    let path = IndexPath.init(_:)
    withoutActuallyEscaping(install) { install in
      performBatchUpdates { [self] in
        install()
        if !stage.sectionDeletes.isEmpty { deleteSections(IndexSet(stage.sectionDeletes)) }
        if !stage.sectionInserts.isEmpty { insertSections(IndexSet(stage.sectionInserts)) }
        for move in stage.sectionMoves { moveSection(move.from, toSection: move.to) }
        if !stage.itemDeletes.isEmpty { deleteItems(at: stage.itemDeletes.map(path)) }
        if !stage.itemInserts.isEmpty { insertItems(at: stage.itemInserts.map(path)) }
        for move in stage.itemMoves { moveItem(at: path(move.from), to: path(move.to)) }
        if !stage.itemReconfigures.isEmpty {
          reconfigureItems(at: stage.itemReconfigures.map(path))
        }
      }
    }
  }

  /// Items on one screen. For a flow layout, lines × columns from its item size and spacing and
  /// the frame (or, before layout, the window's or the screen's size); for other layouts, the
  /// visible items once there are any, else 44-point rows of one item.
  var itemsPerScreen: Int {
    let size = frame.height > 0 ? frame.size : screenSize(window: window)
    if let flow = collectionViewLayout as? UICollectionViewFlowLayout {
      let item = flow.estimatedItemSize.height > 0 ? flow.estimatedItemSize : flow.itemSize
      let columns = max(
        1,
        Int(
          ((size.width + flow.minimumInteritemSpacing)
            / max(1, item.width + flow.minimumInteritemSpacing)).rounded(.down)))
      let lines = Int((size.height / max(1, item.height + flow.minimumLineSpacing)).rounded(.up))
      return max(1, columns * max(1, lines))
    }
    return max(1, indexPathsForVisibleItems.count, Int((size.height / 44).rounded(.up)))
  }
}

/// The size a view will most likely have once laid out, when its frame is still zero: its
/// window's, or the screen's, in each dimension the window does not yet have.
@MainActor
func screenSize(window: UIWindow?) -> CGSize {
  #if canImport(UIKit)
    let screen = UIScreen.main.bounds.size
  #else
    let screen = HeadlessWindow.screenBounds.size
  #endif
  let bounds = window?.bounds.size ?? .zero
  return CGSize(
    width: bounds.width > 0 ? bounds.width : screen.width,
    height: bounds.height > 0 ? bounds.height : screen.height)
}
