import Foundation

/// Inserts (UIKit rules §1.2 step 4), explicit and from reloads, against the counts after the
/// batch; ascending, as UIKit processes them.
extension BatchUpdateValidator.Check {
  mutating func checkSectionInserts(extra: [Int]) throws(UpdateViolation) {
    guard !(update.sectionInserts.isEmpty && extra.isEmpty) else { return }
    let movedTo = Set(sectionMoves.map(\.to))
    for section in (update.sectionInserts + extra).sorted() {
      if section < 0 || section >= newCounts.count {
        throw UIKitMessages.sectionInsertOutOfRange(section, sections: newCounts.count)
      }
      if movedTo.contains(section) {
        throw UIKitMessages.insertAndMoveToSameSection(section)
      }
      if !sectionInserts.insert(section).inserted {
        try duplicate(.insertSection(section))
      }
    }
  }

  mutating func checkItemInserts(extra: [ItemSlot]) throws(UpdateViolation) {
    let movedTo = SmallSet(itemMoves.map(\.to))
    var previous: ItemSlot?
    for path in (extra.isEmpty ? insertsAsked : insertsAsked + extra).sorted() {
      if sectionInserts.contains(path.section) { continue }  // covered by the section
      if path.section < 0 || path.section >= newCounts.count {
        throw UIKitMessages.itemInsertSectionOutOfRange(
          path, sections: newCounts.count, kind: validator.kind)
      }
      if path.item < 0 || path.item >= newCounts[path.section] {
        throw UIKitMessages.itemInsertOutOfRange(
          path, count: newCounts[path.section], kind: validator.kind)
      }
      if movedTo.contains(path) {
        throw UIKitMessages.insertAndMoveToSamePath(path)
      }
      defer { previous = path }
      if path == previous {
        try duplicate(.insertPath(path))
        continue
      }
      itemInserts.append(path)
    }
  }
}
