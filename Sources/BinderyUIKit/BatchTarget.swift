import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// The batch calls a stage needs, under one set of names for both views, so that walking a
/// stage is written once.
@MainActor
protocol BatchTarget: AnyObject {
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
  func deleteSectionsInBatch(_ sections: IndexSet)
  func insertSectionsInBatch(_ sections: IndexSet)
  func moveSection(_ section: Int, toSection newSection: Int)
  func reloadSectionsInBatch(_ sections: IndexSet)
  func deleteItemsInBatch(_ indexPaths: [IndexPath])
  func insertItemsInBatch(_ indexPaths: [IndexPath])
  func moveItemInBatch(_ indexPath: IndexPath, to newIndexPath: IndexPath)
  func reconfigureItemsInBatch(_ indexPaths: [IndexPath])
}

extension BatchTarget {
  /// Applies one stage as one batch, installing its snapshot first inside the batch (§1.3).
  ///
  /// Section content changes (a header title) are a reload of the section in a batch of their
  /// own afterwards: UIKit has no section reconfigure, and a section reload beside item
  /// reconfigures in the same batch is not established as safe.
  func apply<Section, Item>(
    _ stage: StagedChangeset<Section, Item>.Stage, installing install: () -> Void
  ) {
    let path = { (position: ItemPosition) in
      IndexPath(indexes: [position.section, position.item])
    }
    withoutActuallyEscaping(install) { install in
      performBatchUpdates(
        {
          install()
          if !stage.sectionDeletes.isEmpty {
            self.deleteSectionsInBatch(IndexSet(stage.sectionDeletes))
          }
          if !stage.sectionInserts.isEmpty {
            self.insertSectionsInBatch(IndexSet(stage.sectionInserts))
          }
          for move in stage.sectionMoves { self.moveSection(move.from, toSection: move.to) }
          if !stage.itemDeletes.isEmpty { self.deleteItemsInBatch(stage.itemDeletes.map(path)) }
          if !stage.itemInserts.isEmpty { self.insertItemsInBatch(stage.itemInserts.map(path)) }
          for move in stage.itemMoves { self.moveItemInBatch(path(move.from), to: path(move.to)) }
          if !stage.itemReconfigures.isEmpty {
            self.reconfigureItemsInBatch(stage.itemReconfigures.map(path))
          }
        }, completion: nil)
    }
    if !stage.sectionReconfigures.isEmpty {
      performBatchUpdates(
        { self.reloadSectionsInBatch(IndexSet(stage.sectionReconfigures)) }, completion: nil)
    }
  }
}

extension UITableView: BatchTarget {
  func deleteSectionsInBatch(_ sections: IndexSet) { deleteSections(sections, with: .automatic) }
  func insertSectionsInBatch(_ sections: IndexSet) { insertSections(sections, with: .automatic) }
  func reloadSectionsInBatch(_ sections: IndexSet) { reloadSections(sections, with: .automatic) }
  func deleteItemsInBatch(_ indexPaths: [IndexPath]) {
    deleteRows(at: indexPaths, with: .automatic)
  }
  func insertItemsInBatch(_ indexPaths: [IndexPath]) {
    insertRows(at: indexPaths, with: .automatic)
  }
  func moveItemInBatch(_ indexPath: IndexPath, to newIndexPath: IndexPath) {
    moveRow(at: indexPath, to: newIndexPath)
  }
  func reconfigureItemsInBatch(_ indexPaths: [IndexPath]) { reconfigureRows(at: indexPaths) }
}

extension UICollectionView: BatchTarget {
  func deleteSectionsInBatch(_ sections: IndexSet) { deleteSections(sections) }
  func insertSectionsInBatch(_ sections: IndexSet) { insertSections(sections) }
  func reloadSectionsInBatch(_ sections: IndexSet) { reloadSections(sections) }
  func deleteItemsInBatch(_ indexPaths: [IndexPath]) { deleteItems(at: indexPaths) }
  func insertItemsInBatch(_ indexPaths: [IndexPath]) { insertItems(at: indexPaths) }
  func moveItemInBatch(_ indexPath: IndexPath, to newIndexPath: IndexPath) {
    moveItem(at: indexPath, to: newIndexPath)
  }
  func reconfigureItemsInBatch(_ indexPaths: [IndexPath]) { reconfigureItems(at: indexPaths) }
}

extension ItemPosition {
  /// The position of a row or item at an index path.
  init(_ indexPath: IndexPath) {
    self.init(section: indexPath[0], item: indexPath[1])
  }
}
