import Foundation

/// Moves (UIKit rules §1.2 step 5, §1.5 #7, #8, #13, #14): in range, one destination per
/// source and one source per destination, and not out of a deleted section or into an
/// inserted one.
extension BatchUpdateValidator.Check {
  mutating func collectSectionMoves() throws(UpdateViolation) {
    guard !update.sectionMoves.isEmpty else { return }
    var destinationOf: [Int: Int] = [:]
    var sourceOf: [Int: Int] = [:]
    for move in update.sectionMoves {
      if !oldCounts.indices.contains(move.from) {
        throw UIKitMessages.sectionMoveSourceOutOfRange(move.from, sections: oldCounts.count)
      }
      if !newCounts.indices.contains(move.to) {
        throw UIKitMessages.sectionMoveDestinationOutOfRange(
          from: move.from, to: move.to, sections: newCounts.count)
      }
      if let destination = destinationOf[move.from] {
        if destination == move.to { continue }  // an identical move is dropped
        throw UIKitMessages.sectionMovedToTwoDestinations(move.from, destination, move.to)
      }
      if let source = sourceOf[move.to] {
        throw UIKitMessages.sectionsMovedToOneDestination(source, move.from, to: move.to)
      }
      destinationOf[move.from] = move.to
      sourceOf[move.to] = move.from
      sectionMoves.append(move)
    }
  }

  mutating func collectItemMoves() throws(UpdateViolation) {
    var destinationOf = SmallTable<ItemSlot, ItemSlot>()
    var sourceOf = SmallTable<ItemSlot, ItemSlot>()
    for move in movesAsked {
      let (from, to) = (move.from, move.to)
      if !oldCounts.indices.contains(from.section) {
        throw UIKitMessages.itemMoveSourceSectionOutOfRange(from, sections: oldCounts.count)
      }
      if from.item < 0 || from.item >= oldCounts[from.section] {
        throw UIKitMessages.itemMoveSourceOutOfRange(
          from, count: oldCounts[from.section], kind: validator.kind)
      }
      if !newCounts.indices.contains(to.section) {
        throw UIKitMessages.itemMoveDestinationSectionOutOfRange(
          from, to, sections: newCounts.count)
      }
      if to.item < 0 || to.item >= newCounts[to.section] {
        throw UIKitMessages.itemMoveDestinationOutOfRange(
          from, to, count: newCounts[to.section], kind: validator.kind)
      }
      if let destination = destinationOf[from] {
        if destination == to { continue }
        throw UIKitMessages.itemMovedToTwoDestinations(
          from, destination, to, kind: validator.kind)
      }
      if let source = sourceOf[to] {
        throw UIKitMessages.itemsMovedToOneDestination(source, from, to: to, kind: validator.kind)
      }
      destinationOf.set(to, for: from)
      sourceOf.set(from, for: to)
      itemMoves.append(move)
    }
  }

  // MARK: Moves against deleted and inserted sections (§1.5 #13, #14)

  func checkItemMoveSections() throws(UpdateViolation) {
    guard !(sectionDeletes.isEmpty && sectionInserts.isEmpty) else { return }
    for move in itemMoves {
      if sectionDeletes.contains(move.from.section) {
        throw UIKitMessages.moveFromDeletedSection(move.from.section, kind: validator.kind)
      }
      if sectionInserts.contains(move.to.section) {
        throw UIKitMessages.moveIntoInsertedSection(move.to.section, kind: validator.kind)
      }
    }
  }
}
