import Foundation

/// The checks of strict mode (``BatchUpdateValidator/isStrict``): what UIKit is not known to
/// accept, beyond what it rejects.
extension BatchUpdateValidator.Check {
  /// §2, §6: a reconfigure in a batch that also changes structure, where UIKit does not say
  /// whether it reads the index path before or after the batch.
  func checkReconfiguresAlone() throws(UpdateViolation) {
    guard !reconfiguresAsked.isEmpty && update.isStructural else { return }
    throw UIKitMessages.reconfigureInStructuralBatch(kind: validator.kind)
  }

  /// §1.5 #16: `reloadSections` beside other operations, which UIKit has been seen to crash
  /// on ("attempt to create view animation for nil view", §1.5 #16; IGListKit turns such reloads
  /// into deletes and inserts).
  func checkSectionReloadsAlone() throws(UpdateViolation) {
    guard !update.sectionReloads.isEmpty else { return }
    var others = update
    others.sectionReloads = []
    guard others.isEmpty else { throw UIKitMessages.reloadSectionsInMixedBatch }
    // Alone in a batch, a collection view has been seen to raise the same for sections whose
    // items change in number or that have none (rdar 28163205: four items becoming five beside
    // an empty section). Which of the two UIKit trips on is not established: strict mode
    // rejects both.
    guard validator.kind == .collectionView else { return }
    for section in update.sectionReloads
    where oldCounts.indices.contains(section) && newCounts.indices.contains(section) {
      let (before, after) = (oldCounts[section], newCounts[section])
      if before != after || before == 0 {
        throw UIKitMessages.reloadOfChangingOrEmptySection(section, before: before, after: after)
      }
    }
  }

  /// §1.5 #15: a moved section must not also have item changes inside it.
  func checkSectionMovesAlone() throws(UpdateViolation) {
    for move in sectionMoves {
      let touched =
        itemDeletes.contains { $0.section == move.from }
        || itemMoves.contains { $0.from.section == move.from || $0.to.section == move.to }
        || itemInserts.contains { $0.section == move.to }
      if touched {
        throw UIKitMessages.sectionMoveWithItemChanges(move, kind: validator.kind)
      }
    }
  }
}
