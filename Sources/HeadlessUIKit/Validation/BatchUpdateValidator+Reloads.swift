import Foundation

/// Reloads (UIKit rules §1.2 step 2): each becomes a delete and an insert, which the delete
/// and insert phases then check with the explicit ones.
extension BatchUpdateValidator.Check {

  typealias Decomposed = (sections: [Int], items: [ItemSlot])

  func decomposeReloads() throws(UpdateViolation) -> (Decomposed, Decomposed) {
    guard !(update.sectionReloads.isEmpty && reloadsAsked.isEmpty) else {
      return (([], []), ([], []))
    }
    let explicitSectionDeletes = update.sectionDeletes.sorted()
    let explicitSectionInserts = update.sectionInserts.sorted()
    var deletes: Decomposed = ([], [])
    var inserts: Decomposed = ([], [])
    for section in update.sectionReloads {
      if explicitSectionDeletes.contains(section) {
        throw UIKitMessages.deleteAndReloadSameSection(section)
      }
      let adjusted = adjust(
        section, deletes: explicitSectionDeletes, inserts: explicitSectionInserts)
      // A collection view takes a displaced section for a moved one, and its reload's insert
      // then lands on that move (IGListKit#690, §1.5 #16).
      if validator.kind == .collectionView && adjusted != section {
        throw UIKitMessages.insertAndMoveToSameSection(adjusted)
      }
      deletes.sections.append(section)
      inserts.sections.append(adjusted)
    }
    let explicitDeletes = SmallSet(reloadsAsked.isEmpty ? [] : deletesAsked)
    for path in reloadsAsked {
      if explicitDeletes.contains(path) {
        throw UIKitMessages.deleteAndReloadSamePath(path)
      }
      let section = adjust(
        path.section, deletes: explicitSectionDeletes, inserts: explicitSectionInserts)
      var item = path.item
      for delete in deletesAsked.sorted()
      where delete.section == path.section && delete.item <= path.item {
        item -= 1
      }
      for insert in insertsAsked.sorted() where insert.section == section && insert.item <= item {
        item += 1
      }
      deletes.items.append(path)
      inserts.items.append(ItemSlot(section: section, item: item))
    }
    return (deletes, inserts)
  }

  /// UIKit's reload decomposition for a section index: deletes first, then inserts, in order.
  func adjust(_ section: Int, deletes: [Int], inserts: [Int]) -> Int {
    var adjusted = section - deletes.filter { $0 <= section }.count
    for insert in inserts where insert <= adjusted { adjusted += 1 }
    return adjusted
  }
}
