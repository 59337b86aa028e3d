import Foundation

/// Where every row or item goes in an accepted batch: the result of
/// ``BatchUpdateValidator/validate(_:oldCounts:newCounts:)``.
///
/// Queries follow UIKit's index arithmetic: a row that is not deleted, inserted or moved keeps its
/// place among the other such rows of its section.
public struct BatchUpdatePlan: Sendable {
  /// Rows or items per section before the batch.
  public let oldCounts: [Int]
  /// Rows or items per section after the batch.
  public let newCounts: [Int]
  /// Before-update index paths of reconfigured rows that still exist after the batch.
  public let reconfigured: [IndexPath]

  let sections: SectionMapping
  /// Per old section, ascending: item indices that leave their slot (deleted, reloaded, moved).
  /// Empty when nothing leaves anywhere. Arrays by section rather than tables keyed by it, so
  /// that a query hashes nothing.
  let removed: [[Int]]
  /// Per new section, ascending by index: slots filled explicitly, and from where (nil: new).
  /// Empty when nothing is placed anywhere.
  let placed: [[Placement]]
  let moveDestinations: SmallTable<ItemSlot, ItemSlot>

  /// Which section each section becomes across the batch.
  struct SectionMapping: Sendable {
    /// Per section after the batch, its index before; `nil` for an inserted section.
    var oldSectionOfNew: [Int?]
    /// Per section before the batch, its index after; `nil` for a deleted section.
    var newSectionOfOld: [Int?]

    /// Every one of `count` sections keeps its index.
    static func identity(count: Int) -> SectionMapping {
      let identity = (0..<count).map { Optional($0) }
      return SectionMapping(oldSectionOfNew: identity, newSectionOfOld: identity)
    }
  }

  /// A slot filled explicitly in a section after the batch, and from where (nil: new).
  struct Placement: Sendable {
    var index: Int
    var source: ItemSlot?
  }

  /// Whether every row and section keeps its place: a batch that only reconfigures.
  var keepsEveryPlace: Bool {
    oldCounts.count == newCounts.count && moveDestinations.isEmpty
      && removed.allSatisfy(\.isEmpty) && placed.allSatisfy(\.isEmpty)
      && sections.oldSectionOfNew.indices.allSatisfy { sections.oldSectionOfNew[$0] == $0 }
  }

  private func removed(inOld section: Int) -> [Int] {
    removed.indices.contains(section) ? removed[section] : []
  }

  private func placed(inNew section: Int) -> [Placement] {
    placed.indices.contains(section) ? placed[section] : []
  }

  /// The section a section after the batch was before it, or `nil` for an inserted section.
  public func oldSection(forNew section: Int) -> Int? {
    sections.oldSectionOfNew.indices.contains(section) ? sections.oldSectionOfNew[section] : nil
  }

  /// The section a section before the batch becomes, or `nil` for a deleted one.
  public func newSection(forOld section: Int) -> Int? {
    sections.newSectionOfOld.indices.contains(section) ? sections.newSectionOfOld[section] : nil
  }

  /// Where the row shown at `path` after the batch was before it; `nil` when it is new
  /// (inserted, reloaded, or in an inserted section) and so needs a new cell.
  ///
  /// - Complexity: O(k) for the k operations in the row's section.
  public func sourceIndexPath(forNew path: IndexPath) -> IndexPath? {
    source(forNew: ItemSlot(path))?.indexPath
  }

  /// ``sourceIndexPath(forNew:)`` for a slot.
  func source(forNew path: ItemSlot) -> ItemSlot? {
    guard let oldSection = oldSection(forNew: path.section) else { return nil }
    let slots = placed(inNew: path.section)
    var rank = path.item
    for slot in slots {
      if slot.index == path.item { return slot.source }
      if slot.index > path.item { break }
      rank -= 1
    }
    var index = rank
    for gone in removed(inOld: oldSection) {
      if gone <= index { index += 1 } else { break }
    }
    return ItemSlot(section: oldSection, item: index)
  }

  /// Where the row at `path` before the batch is after it; `nil` when it was deleted or
  /// reloaded (its cell leaves).
  ///
  /// - Complexity: O(k) for the k operations in the row's sections.
  public func destinationIndexPath(forOld path: IndexPath) -> IndexPath? {
    destination(forOld: ItemSlot(path))?.indexPath
  }

  /// ``destinationIndexPath(forOld:)`` for a slot.
  func destination(forOld path: ItemSlot) -> ItemSlot? {
    if !moveDestinations.isEmpty, let destination = moveDestinations[path] { return destination }
    guard let newSection = newSection(forOld: path.section) else { return nil }
    var rank = path.item
    for gone in removed(inOld: path.section) {
      if gone == path.item { return nil }
      if gone > path.item { break }
      rank -= 1
    }
    var index = rank
    for slot in placed(inNew: newSection) {
      if slot.index <= index { index += 1 } else { break }
    }
    return ItemSlot(section: newSection, item: index)
  }

  /// Applies the batch to a model held per section, asking `insert` for every new element.
  ///
  /// This is what the view's own bookkeeping does with its rows; tests use it to check that a
  /// batch ends exactly where the data source says it should.
  ///
  /// - Complexity: O(n + k log k) for n elements and k operations.
  public func apply<Element>(
    to model: [[Element]], insert: (IndexPath) -> Element
  ) -> [[Element]] {
    var result: [[Element]] = []
    result.reserveCapacity(newCounts.count)
    for (section, count) in newCounts.enumerated() {
      var elements: [Element] = []
      elements.reserveCapacity(count)
      guard let oldSection = oldSection(forNew: section), model.indices.contains(oldSection)
      else {
        for index in 0..<count {
          elements.append(insert(IndexPath(section: section, index: index)))
        }
        result.append(elements)
        continue
      }
      let old = model[oldSection]
      let gone = removed(inOld: oldSection)
      let slots = placed(inNew: section)
      var goneCursor = 0
      var slotCursor = 0
      var oldCursor = 0
      for index in 0..<count {
        if slotCursor < slots.count && slots[slotCursor].index == index {
          let path = IndexPath(section: section, index: index)
          if let source = slots[slotCursor].source, model.indices.contains(source.section),
            model[source.section].indices.contains(source.item)
          {
            elements.append(model[source.section][source.item])
          } else {
            elements.append(insert(path))
          }
          slotCursor += 1
          continue
        }
        while goneCursor < gone.count && gone[goneCursor] == oldCursor {
          goneCursor += 1
          oldCursor += 1
        }
        if old.indices.contains(oldCursor) {
          elements.append(old[oldCursor])
        } else {
          elements.append(insert(IndexPath(section: section, index: index)))
        }
        oldCursor += 1
      }
      result.append(elements)
    }
    return result
  }
}
