import Foundation

/// The count check (UIKit rules §1.4) and the mapping of every section and row it needs.
extension BatchUpdateValidator.Check {

  @discardableResult
  func mapSections() throws(UpdateViolation) -> (oldSectionOfNew: [Int], newSectionOfOld: [Int]) {
    let expected = oldCounts.count + sectionInserts.count - sectionDeletes.count
    guard newCounts.count == expected else {
      throw UIKitMessages.invalidBatchUpdates(
        .invalidNumberOfSections, update, oldCounts: oldCounts, newCounts: newCounts,
        kind: validator.kind)
    }
    if sectionInserts.isEmpty && sectionDeletes.isEmpty && sectionMoves.isEmpty {
      // Every section keeps its index (the count check above made the numbers equal).
      let identity = Array(newCounts.indices)
      return (identity, identity)
    }
    var oldSectionOfNew = [Int](repeating: -2, count: newCounts.count)  // -2: not yet placed
    for section in sectionInserts { oldSectionOfNew[section] = -1 }
    for move in sectionMoves { oldSectionOfNew[move.to] = move.from }
    let movedFrom = Set(sectionMoves.map(\.from))
    var remaining = (0..<oldCounts.count).filter {
      !sectionDeletes.contains($0) && !movedFrom.contains($0)
    }.makeIterator()
    for section in oldSectionOfNew.indices where oldSectionOfNew[section] == -2 {
      oldSectionOfNew[section] = remaining.next() ?? -1
    }
    var newSectionOfOld = [Int](repeating: -1, count: oldCounts.count)
    for (new, old) in oldSectionOfNew.enumerated() where old >= 0 { newSectionOfOld[old] = new }
    return (oldSectionOfNew, newSectionOfOld)
  }

  func mapItems(oldSectionOfNew: [Int], newSectionOfOld: [Int]) throws(UpdateViolation)
    -> BatchUpdatePlan
  {
    var inserted = [Int](repeating: 0, count: newCounts.count)
    var deleted = [Int](repeating: 0, count: oldCounts.count)
    var movedIn = [Int](repeating: 0, count: newCounts.count)
    var movedOut = [Int](repeating: 0, count: oldCounts.count)
    var removed = [[Int]](repeating: [], count: oldCounts.count)
    var placed = [[BatchUpdatePlan.Placement]](repeating: [], count: newCounts.count)
    var moveDestinations = SmallTable<ItemSlot, ItemSlot>()
    for path in itemDeletes {
      deleted[path.section] += 1
      removed[path.section].append(path.item)
    }
    for path in itemInserts {
      inserted[path.section] += 1
      placed[path.section].append(.init(index: path.item, source: nil))
    }
    for move in itemMoves {
      // §1.4: the table maps the source section; the collection view compares raw indices.
      let leavesSection =
        validator.kind == .collectionView
        ? move.from.section != move.to.section
        : newSectionOfOld[move.from.section] != move.to.section
      if leavesSection {
        movedOut[move.from.section] += 1
        movedIn[move.to.section] += 1
      }
      removed[move.from.section].append(move.from.item)
      placed[move.to.section].append(.init(index: move.to.item, source: move.from))
      moveDestinations.set(move.to, for: move.from)
    }
    for (new, old) in oldSectionOfNew.enumerated() where old >= 0 {
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
    for section in removed.indices where removed[section].count > 1 { removed[section].sort() }
    for section in placed.indices where placed[section].count > 1 {
      placed[section].sort { $0.index < $1.index }
    }
    var reconfigured = update.itemReconfigures
    if !reconfigured.isEmpty {
      let gone = SmallSet(itemDeletes + itemMoves.map(\.from))
      reconfigured.removeAll { gone.contains(ItemSlot($0)) }
    }
    return BatchUpdatePlan(
      oldCounts: oldCounts, newCounts: newCounts, reconfigured: reconfigured,
      oldSectionOfNew: oldSectionOfNew, newSectionOfOld: newSectionOfOld, removed: removed,
      placed: placed, moveDestinations: moveDestinations)
  }
}
