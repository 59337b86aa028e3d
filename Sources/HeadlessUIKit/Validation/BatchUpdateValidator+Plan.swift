import Foundation

/// Building the ``BatchUpdatePlan`` of a batch that passed every check. Nothing here throws:
/// the mapping relies on the checks (the section count above all) having held.
extension BatchUpdateValidator.Check {
  /// Where every section goes. Inserted sections and moves' destinations are fixed; the other
  /// sections after the batch take, in order, the sections before it that are neither deleted
  /// nor moved away (the section count check makes the two numbers equal).
  func mapSections() -> BatchUpdatePlan.SectionMapping {
    if sectionInserts.isEmpty && sectionDeletes.isEmpty && sectionMoves.isEmpty {
      return .identity(count: newCounts.count)
    }
    var oldSectionOfNew = [Int?](repeating: nil, count: newCounts.count)
    for move in sectionMoves { oldSectionOfNew[move.to] = move.from }
    let movedFrom = Set(sectionMoves.map(\.from))
    var remaining = (0..<oldCounts.count).filter {
      !sectionDeletes.contains($0) && !movedFrom.contains($0)
    }.makeIterator()
    for section in oldSectionOfNew.indices
    where oldSectionOfNew[section] == nil && !sectionInserts.contains(section) {
      oldSectionOfNew[section] = remaining.next()
    }
    var newSectionOfOld = [Int?](repeating: nil, count: oldCounts.count)
    for (new, old) in oldSectionOfNew.enumerated() {
      if let old { newSectionOfOld[old] = new }
    }
    return BatchUpdatePlan.SectionMapping(
      oldSectionOfNew: oldSectionOfNew, newSectionOfOld: newSectionOfOld)
  }

  /// The plan: which rows leave each old section, which slots are filled in each new one and
  /// from where, and the reconfigured rows that survive the batch.
  func makePlan(_ sections: BatchUpdatePlan.SectionMapping) -> BatchUpdatePlan {
    var removed = [[Int]](repeating: [], count: oldCounts.count)
    var placed = [[BatchUpdatePlan.Placement]](repeating: [], count: newCounts.count)
    var moveDestinations = SmallTable<ItemSlot, ItemSlot>()
    for path in itemDeletes { removed[path.section].append(path.item) }
    for path in itemInserts { placed[path.section].append(.init(index: path.item, source: nil)) }
    for move in itemMoves {
      removed[move.from.section].append(move.from.item)
      placed[move.to.section].append(.init(index: move.to.item, source: move.from))
      moveDestinations.set(move.to, for: move.from)
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
      oldCounts: oldCounts, newCounts: newCounts, reconfigured: reconfigured, sections: sections,
      removed: removed, placed: placed, moveDestinations: moveDestinations)
  }

  /// The plan of a batch that only reconfigures: every section and row keeps its place.
  func planKeepingEveryPlace() -> BatchUpdatePlan {
    BatchUpdatePlan(
      oldCounts: oldCounts, newCounts: newCounts, reconfigured: update.itemReconfigures,
      sections: .identity(count: oldCounts.count), removed: [], placed: [],
      moveDestinations: SmallTable())
  }
}
