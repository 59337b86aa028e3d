/// The order of sections between the stages of a changeset that moves items: what the view
/// shows after the receiving-sections stage and after the item stage.
///
/// Both orders are one "union" order filtered: every old section in old order, each new
/// section placed right after the nearest staying section before it in the new order. So only
/// the last stage's section moves ever reorder sections. A section is coded `o` for old section
/// `o` and `~n` for new section `n`.
@usableFromInline
struct IntermediateSectionOrder {
  /// Sections after the receiving stage: every old section, plus inserted ones that receive
  /// items.
  @usableFromInline var afterReceiving: [Int] = []
  /// Sections after the item stage: surviving and evacuating old sections, every new one.
  @usableFromInline var afterItems: [Int] = []
  /// Where an old or new section is in each order, or -1.
  @usableFromInline var afterReceivingIndexOfOld: [Int]
  @usableFromInline var afterReceivingIndexOfNew: [Int]
  @usableFromInline var afterItemsIndexOfOld: [Int]
  @usableFromInline var afterItemsIndexOfNew: [Int]

  @inlinable
  init(oldCount: Int, newCount: Int) {
    afterReceivingIndexOfOld = [Int](repeating: -1, count: oldCount)
    afterReceivingIndexOfNew = [Int](repeating: -1, count: newCount)
    afterItemsIndexOfOld = [Int](repeating: -1, count: oldCount)
    afterItemsIndexOfNew = [Int](repeating: -1, count: newCount)
  }
}

extension SnapshotDiff {
  /// Builds the stages from the matched state: reconfigures first, then either one batch of
  /// section changes, or the receiving-sections, item and section stages.
  ///
  /// Invariant: every stage is a batch UIKit accepts from the previous stage's snapshot, and
  /// the last stage's snapshot is `new` itself (its id tables are shared, not rebuilt).
  @inlinable
  func buildStages() -> [Stage] {
    var stages: [Stage] = []
    var current = (sections: old.sections, items: old.itemsBySection)
    if let stage = reconfigureStage(applyingTo: &current) { stages.append(stage) }
    let explicitDeletes = deleted.filter {
      newSectionOfOld[$0.section] >= 0 || evacuating[$0.section]
    }
    let explicitInserts = inserted.filter {
      oldSectionOfNew[$0.section] >= 0 || receiving[$0.section]
    }
    if explicitDeletes.isEmpty && explicitInserts.isEmpty && moved.isEmpty {
      if let stage = sectionOnlyStage() { stages.append(stage) }
    } else {
      let order = intermediateSectionOrder()
      if let stage = receivingSectionsStage(order, current: current) { stages.append(stage) }
      let separateSectionChanges = movesCollideByRawSectionIndex(order)
      if separateSectionChanges { stages.append(sectionChangesStage(order, current: current)) }
      stages.append(
        itemStage(
          order, deletes: explicitDeletes, inserts: explicitInserts,
          afterSectionChanges: separateSectionChanges))
      if needsSectionStage { stages.append(sectionStage(order)) }
    }
    if stages.count == 1 && !stages[0].isStructural { stages[0].snapshot = new }
    return stages
  }

  /// Stage 1: content changes, in the old coordinates, with nothing structural beside them.
  ///
  /// Invariant: positions are the same before and after the stage; `current` becomes the old
  /// snapshot with the new content of every reconfigured item and section.
  @inlinable
  func reconfigureStage(
    applyingTo current: inout (sections: [Section], items: [[Item]])
  ) -> Stage? {
    guard !reconfigured.isEmpty || !sectionReconfigures.isEmpty else { return nil }
    for index in sectionReconfigures {
      current.sections[index] = new.sections[newSectionOfOld[index]]
    }
    for pair in reconfigured {
      current.items[pair.old.section][pair.old.item] =
        new.itemsBySection[pair.new.section][pair.new.item]
    }
    var stage = Stage(
      snapshot: Snapshot(uncheckedSections: current.sections, items: current.items))
    stage.sectionReconfigures = sectionReconfigures
    stage.itemReconfigures = reconfigured.map(\.old).sorted()
    return stage
  }

  /// Only sections change: one batch from the old section order to the new one, or `nil` when
  /// nothing does.
  @inlinable
  func sectionOnlyStage() -> Stage? {
    var stage = Stage(snapshot: new)
    stage.sectionDeletes = newSectionOfOld.indices.filter { newSectionOfOld[$0] < 0 }
    stage.sectionInserts = oldSectionOfNew.indices.filter { oldSectionOfNew[$0] < 0 }
    stage.sectionMoves = oldSectionOfNew.indices.compactMap {
      oldSectionOfNew[$0] >= 0 && !sectionStays[$0]
        ? SectionMove(from: oldSectionOfNew[$0], to: $0) : nil
    }
    return stage.isStructural ? stage : nil
  }

  /// Whether a last stage is needed: sections move, or deleted sections had items moved out.
  @inlinable
  var needsSectionStage: Bool {
    evacuating.contains(true)
      || oldSectionOfNew.indices.contains { oldSectionOfNew[$0] >= 0 && !sectionStays[$0] }
  }

  /// The section orders between the stages; see ``IntermediateSectionOrder``.
  @inlinable
  func intermediateSectionOrder() -> IntermediateSectionOrder {
    let oldCount = newSectionOfOld.count
    let newCount = oldSectionOfNew.count
    var attached = [[Int]](repeating: [], count: oldCount)
    var union: [Int] = []
    union.reserveCapacity(oldCount + newCount)
    var anchor = -1
    for section in 0..<newCount {
      let oldSection = oldSectionOfNew[section]
      if oldSection >= 0 {
        if sectionStays[section] { anchor = oldSection }
      } else if anchor < 0 {
        union.append(~section)
      } else {
        attached[anchor].append(section)
      }
    }
    for section in 0..<oldCount {
      union.append(section)
      for newSection in attached[section] { union.append(~newSection) }
    }
    var order = IntermediateSectionOrder(oldCount: oldCount, newCount: newCount)
    for code in union {
      if code >= 0 {
        order.afterReceivingIndexOfOld[code] = order.afterReceiving.count
        order.afterReceiving.append(code)
        if newSectionOfOld[code] >= 0 || evacuating[code] {
          order.afterItemsIndexOfOld[code] = order.afterItems.count
          order.afterItems.append(code)
        }
      } else {
        let section = ~code
        if receiving[section] {
          order.afterReceivingIndexOfNew[section] = order.afterReceiving.count
          order.afterReceiving.append(code)
        }
        order.afterItemsIndexOfNew[section] = order.afterItems.count
        order.afterItems.append(code)
      }
    }
    for section in 0..<newCount where oldSectionOfNew[section] >= 0 {
      order.afterItemsIndexOfNew[section] = order.afterItemsIndexOfOld[oldSectionOfNew[section]]
    }
    return order
  }

  /// Stage 2: inserts the empty sections that items from other sections are about to move
  /// into, because UIKit refuses a move into a section inserted in the same batch.
  ///
  /// Invariant: only section inserts; the stage's snapshot is `current` with the receiving
  /// sections, empty, in their intermediate places.
  @inlinable
  func receivingSectionsStage(
    _ order: IntermediateSectionOrder, current: (sections: [Section], items: [[Item]])
  ) -> Stage? {
    guard receiving.contains(true) else { return nil }
    var stage = Stage(
      snapshot: Snapshot(
        uncheckedSections: order.afterReceiving.map {
          $0 >= 0 ? current.sections[$0] : new.sections[~$0]
        },
        items: order.afterReceiving.map { $0 >= 0 ? current.items[$0] : [] }))
    stage.sectionInserts = receiving.indices.filter { receiving[$0] }.map {
      order.afterReceivingIndexOfNew[$0]
    }.sorted()
    return stage
  }

  /// Whether an item moving between two different sections would have the same section index
  /// before and after the item stage, because section deletes and inserts in that stage shift
  /// the indices. A collection view counts a move between sections by the raw indices (§1.4),
  /// so it would miss that one and reject the batch; the section changes then get a stage of
  /// their own.
  @inlinable
  func movesCollideByRawSectionIndex(_ order: IntermediateSectionOrder) -> Bool {
    moved.contains { move in
      newSectionOfOld[move.from.section] != move.to.section
        && order.afterReceivingIndexOfOld[move.from.section]
          == order.afterItemsIndexOfNew[move.to.section]
    }
  }

  /// Stage 3a, only when ``movesCollideByRawSectionIndex(_:)``: the section deletes and inserts
  /// that no moving item touches, alone, so that the item stage after it keeps every section
  /// index.
  ///
  /// Invariant: ends in the after-items order with every old section's items unchanged, the
  /// receiving sections still empty and the other new sections complete.
  @inlinable
  func sectionChangesStage(
    _ order: IntermediateSectionOrder, current: (sections: [Section], items: [[Item]])
  ) -> Stage {
    var stage = Stage(
      snapshot: Snapshot(
        uncheckedSections: order.afterItems.map {
          $0 >= 0 ? current.sections[$0] : new.sections[~$0]
        },
        items: order.afterItems.map { code in
          if code >= 0 { return current.items[code] }
          return receiving[~code] ? [] : new.itemsBySection[~code]
        }))
    stage.sectionDeletes = deletedQuietSections.map { order.afterReceivingIndexOfOld[$0] }
    stage.sectionInserts = insertedQuietSections.map { order.afterItemsIndexOfNew[$0] }.sorted()
    return stage
  }

  /// Deleted old sections that no item moves out of.
  @inlinable
  var deletedQuietSections: [Int] {
    newSectionOfOld.indices.filter { newSectionOfOld[$0] < 0 && !evacuating[$0] }
  }

  /// Inserted new sections that no item moves into.
  @inlinable
  var insertedQuietSections: [Int] {
    oldSectionOfNew.indices.filter { oldSectionOfNew[$0] < 0 && !receiving[$0] }
  }

  /// Stage 3: every item delete, insert and move, with the section deletes and inserts that no
  /// moving item touches (unless they had a stage of their own just before).
  ///
  /// Invariant: deletes and move sources are in the order before the stage (after-receiving,
  /// or after-items when the section changes went first), inserts and move destinations in the
  /// after-items order; inserts and moves are sorted by destination.
  @inlinable
  func itemStage(
    _ order: IntermediateSectionOrder, deletes: [ItemPosition], inserts: [ItemPosition],
    afterSectionChanges: Bool
  ) -> Stage {
    var stage = Stage(snapshot: needsSectionStage ? itemStageSnapshot(order) : new)
    if !afterSectionChanges {
      stage.sectionDeletes = deletedQuietSections.map { order.afterReceivingIndexOfOld[$0] }
      stage.sectionInserts = insertedQuietSections.map { order.afterItemsIndexOfNew[$0] }.sorted()
    }
    let from = afterSectionChanges ? order.afterItemsIndexOfOld : order.afterReceivingIndexOfOld
    let to = order.afterItemsIndexOfNew
    // When old indices are the stage's before-indices and new ones its after-indices (sections
    // may still shift between the two), positions need no remapping: the common case.
    if from.elementsEqual(from.indices) && to.elementsEqual(to.indices) {
      stage.itemDeletes = deletes
      stage.itemInserts = inserts
      stage.itemMoves = moved
    } else {
      stage.itemDeletes = deletes.map { ItemPosition(section: from[$0.section], item: $0.item) }
      stage.itemInserts = inserts.map { ItemPosition(section: to[$0.section], item: $0.item) }
      stage.itemMoves = moved.map {
        ItemMove(
          from: ItemPosition(section: from[$0.from.section], item: $0.from.item),
          to: ItemPosition(section: to[$0.to.section], item: $0.to.item))
      }
    }
    // Deletes come out ascending already; inserts and moves often do (a flat list always).
    if !isAscending(stage.itemInserts, by: { $0 }) { stage.itemInserts.sort() }
    if !isAscending(stage.itemMoves, by: \.to) { stage.itemMoves.sort { $0.to < $1.to } }
    return stage
  }

  /// What the view shows after the item stage when a section stage follows: sections in the
  /// after-items order, each with its new items (evacuated sections empty).
  @inlinable
  func itemStageSnapshot(_ order: IntermediateSectionOrder) -> Snapshot<Section, Item> {
    Snapshot(
      uncheckedSections: order.afterItems.map { code in
        if code < 0 { return new.sections[~code] }
        let newSection = newSectionOfOld[code]
        return newSection >= 0 ? new.sections[newSection] : old.sections[code]
      },
      items: order.afterItems.map { code in
        if code < 0 { return new.itemsBySection[~code] }
        let newSection = newSectionOfOld[code]
        return newSection >= 0 ? new.itemsBySection[newSection] : []
      })
  }

  /// Stage 4: section moves, and deletes of sections whose surviving items have moved out.
  ///
  /// Invariant: no item operation beside them (UIKit corrupts its bookkeeping when a section
  /// moves in a batch that changes items inside it); ends at `new`.
  @inlinable
  func sectionStage(_ order: IntermediateSectionOrder) -> Stage {
    var stage = Stage(snapshot: new)
    stage.sectionDeletes = evacuating.indices.filter { evacuating[$0] }.map {
      order.afterItemsIndexOfOld[$0]
    }.sorted()
    stage.sectionMoves = oldSectionOfNew.indices.compactMap {
      oldSectionOfNew[$0] >= 0 && !sectionStays[$0]
        ? SectionMove(from: order.afterItemsIndexOfOld[oldSectionOfNew[$0]], to: $0) : nil
    }
    return stage
  }
}

/// Whether `elements` are in strictly ascending order of `key`; O(n), to skip a sort.
@inlinable
func isAscending<Element>(_ elements: [Element], by key: (Element) -> ItemPosition) -> Bool {
  var previous: ItemPosition?
  for element in elements {
    let current = key(element)
    if let previous, !(previous < current) { return false }
    previous = current
  }
  return true
}
