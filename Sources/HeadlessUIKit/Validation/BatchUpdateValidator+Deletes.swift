import Foundation

/// Deletes (UIKit rules §1.2 step 3), explicit and from reloads, against the counts before the
/// batch; descending, as UIKit processes them.
extension BatchUpdateValidator.Check {
  mutating func checkSectionDeletes(extra: [Int]) throws(UpdateViolation) {
    guard !(update.sectionDeletes.isEmpty && extra.isEmpty) else { return }
    let movedFrom = Set(sectionMoves.map(\.from))
    for section in (update.sectionDeletes + extra).sorted(by: >) {
      if section < 0 || section >= oldCounts.count {
        throw UIKitMessages.sectionDeleteOutOfRange(section, sections: oldCounts.count)
      }
      if movedFrom.contains(section) {
        throw UIKitMessages.deleteAndMoveFromSameSection(section)
      }
      if !sectionDeletes.insert(section).inserted {
        try duplicate(.deleteSection(section))
      }
    }
  }

  mutating func checkItemDeletes(extra: [ItemSlot]) throws(UpdateViolation) {
    let movedFrom = SmallSet(itemMoves.map(\.from))
    // Sorted, a repeat comes right after its first occurrence.
    var previous: ItemSlot?
    for path in (extra.isEmpty ? deletesAsked : deletesAsked + extra).sorted(by: >) {
      if sectionDeletes.contains(path.section) { continue }  // covered by the section
      if path.section < 0 || path.section >= oldCounts.count {
        throw UIKitMessages.itemDeleteSectionOutOfRange(
          path, sections: oldCounts.count, kind: validator.kind)
      }
      if path.item < 0 || path.item >= oldCounts[path.section] {
        throw UIKitMessages.itemDeleteOutOfRange(
          path, count: oldCounts[path.section], kind: validator.kind)
      }
      if movedFrom.contains(path) {
        throw UIKitMessages.deleteAndMoveFromSamePath(path)
      }
      defer { previous = path }
      if path == previous {
        try duplicate(.deletePath(path))
        continue
      }
      itemDeletes.append(path)
    }
  }
}
