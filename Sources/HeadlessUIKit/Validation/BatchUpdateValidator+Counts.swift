import Foundation

/// The count check (UIKit rules §1.4), on the working sets the earlier phases left.
extension BatchUpdateValidator.Check {
  /// Sections: as many after the batch as before, plus the inserted, minus the deleted.
  func checkSectionCount() throws(UpdateViolation) {
    let expected = oldCounts.count + sectionInserts.count - sectionDeletes.count
    guard newCounts.count == expected else {
      throw UIKitMessages.invalidBatchUpdates(
        .invalidNumberOfSections, update, oldCounts: oldCounts, newCounts: newCounts,
        kind: validator.kind)
    }
  }

  /// Rows or items: in every section that existed before the batch (moved or not), the count
  /// before, plus the inserted and moved in, minus the deleted and moved out.
  func checkItemCounts(_ sections: BatchUpdatePlan.SectionMapping) throws(UpdateViolation) {
    var inserted = [Int](repeating: 0, count: newCounts.count)
    var deleted = [Int](repeating: 0, count: oldCounts.count)
    var movedIn = [Int](repeating: 0, count: newCounts.count)
    var movedOut = [Int](repeating: 0, count: oldCounts.count)
    for path in itemDeletes { deleted[path.section] += 1 }
    for path in itemInserts { inserted[path.section] += 1 }
    for move in itemMoves {
      // §1.4: the table maps the source section; the collection view compares raw indices.
      let leavesSection =
        validator.kind == .collectionView
        ? move.from.section != move.to.section
        : sections.newSectionOfOld[move.from.section] != move.to.section
      if leavesSection {
        movedOut[move.from.section] += 1
        movedIn[move.to.section] += 1
      }
    }
    for (new, old) in sections.oldSectionOfNew.enumerated() {
      guard let old else { continue }  // inserted: nothing to compare with
      let expected = oldCounts[old] + inserted[new] - deleted[old] + movedIn[new] - movedOut[old]
      // UIKit also has "Attempt to delete more rows than exist in section." for a negative
      // expectation; with every delete and move range-checked and de-duplicated above it cannot
      // arise here.
      if newCounts[new] != expected {
        throw UIKitMessages.invalidBatchUpdates(
          .invalidNumberOfItems, update, oldCounts: oldCounts, newCounts: newCounts,
          kind: validator.kind)
      }
    }
  }
}
