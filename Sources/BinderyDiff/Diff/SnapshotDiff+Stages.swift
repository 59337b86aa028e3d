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
  @usableFromInline var _afterReceiving: [Int] = []
  /// Sections after the item stage: surviving and evacuating old sections, every new one.
  @usableFromInline var _afterItems: [Int] = []
  /// Where an old or new section is in each order, or -1.
  @usableFromInline var _afterReceivingIndexOfOld: [Int]
  @usableFromInline var _afterReceivingIndexOfNew: [Int]
  @usableFromInline var _afterItemsIndexOfOld: [Int]
  @usableFromInline var _afterItemsIndexOfNew: [Int]

  @inlinable
  init(oldCount: Int, newCount: Int) {
    _afterReceivingIndexOfOld = [Int](repeating: -1, count: oldCount)
    _afterReceivingIndexOfNew = [Int](repeating: -1, count: newCount)
    _afterItemsIndexOfOld = [Int](repeating: -1, count: oldCount)
    _afterItemsIndexOfNew = [Int](repeating: -1, count: newCount)
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
    var current = (sections: _old.sections, items: _old._itemsBySection)
    stages += reconfigureStages(applyingTo: &current)
    let explicitDeletes = _deleted.filter {
      _newSectionOfOld[$0.section] >= 0 || _evacuating[$0.section]
    }
    let explicitInserts = _inserted.filter {
      _oldSectionOfNew[$0.section] >= 0 || _receiving[$0.section]
    }
    if explicitDeletes.isEmpty && explicitInserts.isEmpty && _moved.isEmpty {
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
    if let last = stages.indices.last, !stages.contains(where: \.isStructural) {
      stages[last].snapshot = _new
    }
    return stages
  }

  /// Stage 1: content changes, in the old coordinates, with nothing structural beside them —
  /// the items' in one stage, then the sections' in a stage of their own, so that a view that
  /// reloads the reconfigured sections (as DifferenceKit's loop does) reloads them with
  /// nothing beside them, which is all UIKit is known to accept (UIKit rules §1.5 #16).
  ///
  /// Invariant: positions are the same before and after each stage; `current` becomes the old
  /// snapshot with the new content of every reconfigured item and section.
  @inlinable
  func reconfigureStages(
    applyingTo current: inout (sections: [Section], items: [[Item]])
  ) -> [Stage] {
    var stages: [Stage] = []
    if !_reconfigured.isEmpty {
      for pair in _reconfigured {
        current.items[pair.old.section][pair.old.item] =
          _new._itemsBySection[pair.new.section][pair.new.item]
      }
      var stage = Stage(
        snapshot: Snapshot(uncheckedSections: current.sections, items: current.items))
      stage.itemReconfigures = _reconfigured.map { $0.old }.sorted()
      stages.append(stage)
    }
    if !_sectionReconfigures.isEmpty {
      for index in _sectionReconfigures {
        current.sections[index] = _new.sections[_newSectionOfOld[index]]
      }
      var stage = Stage(
        snapshot: Snapshot(uncheckedSections: current.sections, items: current.items))
      // A section without items is never reloaded: a collection view is not known to accept
      // it (rdar 28163205, UIKit rules §1.5 #16).
      for index in _sectionReconfigures {
        if current.items[index].isEmpty {
          stage.emptySectionReconfigures.append(index)
        } else {
          stage.sectionReconfigures.append(index)
        }
      }
      stages.append(stage)
    }
    return stages
  }

  /// Only sections change: one batch from the old section order to the new one, or `nil` when
  /// nothing does.
  @inlinable
  func sectionOnlyStage() -> Stage? {
    var stage = Stage(snapshot: _new)
    stage.sectionDeletes = _newSectionOfOld.indices.filter { _newSectionOfOld[$0] < 0 }
    stage.sectionInserts = _oldSectionOfNew.indices.filter { _oldSectionOfNew[$0] < 0 }
    stage.sectionMoves = _oldSectionOfNew.indices.compactMap {
      _oldSectionOfNew[$0] >= 0 && !_sectionStays[$0]
        ? SectionMove(from: _oldSectionOfNew[$0], to: $0) : nil
    }
    return stage.isStructural ? stage : nil
  }

  /// Whether a last stage is needed: sections move, or deleted sections had items moved out.
  @inlinable
  var needsSectionStage: Bool {
    _evacuating.contains(true)
      || _oldSectionOfNew.indices.contains { _oldSectionOfNew[$0] >= 0 && !_sectionStays[$0] }
  }

  /// The section orders between the stages; see ``IntermediateSectionOrder``.
  @inlinable
  func intermediateSectionOrder() -> IntermediateSectionOrder {
    let oldCount = _newSectionOfOld.count
    let newCount = _oldSectionOfNew.count
    var attached = [[Int]](repeating: [], count: oldCount)
    var union: [Int] = []
    union.reserveCapacity(oldCount + newCount)
    var anchor = -1
    for section in 0..<newCount {
      let oldSection = _oldSectionOfNew[section]
      if oldSection >= 0 {
        if _sectionStays[section] { anchor = oldSection }
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
        order._afterReceivingIndexOfOld[code] = order._afterReceiving.count
        order._afterReceiving.append(code)
        if _newSectionOfOld[code] >= 0 || _evacuating[code] {
          order._afterItemsIndexOfOld[code] = order._afterItems.count
          order._afterItems.append(code)
        }
      } else {
        let section = ~code
        if _receiving[section] {
          order._afterReceivingIndexOfNew[section] = order._afterReceiving.count
          order._afterReceiving.append(code)
        }
        order._afterItemsIndexOfNew[section] = order._afterItems.count
        order._afterItems.append(code)
      }
    }
    for section in 0..<newCount where _oldSectionOfNew[section] >= 0 {
      order._afterItemsIndexOfNew[section] = order._afterItemsIndexOfOld[_oldSectionOfNew[section]]
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
    guard _receiving.contains(true) else { return nil }
    var stage = Stage(
      snapshot: Snapshot(
        uncheckedSections: order._afterReceiving.map {
          $0 >= 0 ? current.sections[$0] : _new.sections[~$0]
        },
        items: order._afterReceiving.map { $0 >= 0 ? current.items[$0] : [] }))
    stage.sectionInserts = _receiving.indices.filter { _receiving[$0] }.map {
      order._afterReceivingIndexOfNew[$0]
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
    _moved.contains { move in
      _newSectionOfOld[move.from.section] != move.to.section
        && order._afterReceivingIndexOfOld[move.from.section]
          == order._afterItemsIndexOfNew[move.to.section]
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
        uncheckedSections: order._afterItems.map {
          $0 >= 0 ? current.sections[$0] : _new.sections[~$0]
        },
        items: order._afterItems.map { code in
          if code >= 0 { return current.items[code] }
          return _receiving[~code] ? [] : _new._itemsBySection[~code]
        }))
    stage.sectionDeletes = deletedQuietSections.map { order._afterReceivingIndexOfOld[$0] }
    stage.sectionInserts = insertedQuietSections.map { order._afterItemsIndexOfNew[$0] }.sorted()
    return stage
  }

  /// Deleted old sections that no item moves out of.
  @inlinable
  var deletedQuietSections: [Int] {
    _newSectionOfOld.indices.filter { _newSectionOfOld[$0] < 0 && !_evacuating[$0] }
  }

  /// Inserted new sections that no item moves into.
  @inlinable
  var insertedQuietSections: [Int] {
    _oldSectionOfNew.indices.filter { _oldSectionOfNew[$0] < 0 && !_receiving[$0] }
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
    var stage = Stage(snapshot: needsSectionStage ? itemStageSnapshot(order) : _new)
    if !afterSectionChanges {
      stage.sectionDeletes = deletedQuietSections.map { order._afterReceivingIndexOfOld[$0] }
      stage.sectionInserts = insertedQuietSections.map { order._afterItemsIndexOfNew[$0] }.sorted()
    }
    let from = afterSectionChanges ? order._afterItemsIndexOfOld : order._afterReceivingIndexOfOld
    let to = order._afterItemsIndexOfNew
    // When old indices are the stage's before-indices and new ones its after-indices (sections
    // may still shift between the two), positions need no remapping: the common case.
    if from.elementsEqual(from.indices) && to.elementsEqual(to.indices) {
      stage.itemDeletes = deletes
      stage.itemInserts = inserts
      stage.itemMoves = _moved
    } else {
      stage.itemDeletes = deletes.map { ItemPosition(section: from[$0.section], item: $0.item) }
      stage.itemInserts = inserts.map { ItemPosition(section: to[$0.section], item: $0.item) }
      stage.itemMoves = _moved.map {
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
      uncheckedSections: order._afterItems.map { code in
        if code < 0 { return _new.sections[~code] }
        let newSection = _newSectionOfOld[code]
        return newSection >= 0 ? _new.sections[newSection] : _old.sections[code]
      },
      items: order._afterItems.map { code in
        if code < 0 { return _new._itemsBySection[~code] }
        let newSection = _newSectionOfOld[code]
        return newSection >= 0 ? _new._itemsBySection[newSection] : []
      })
  }

  /// Stage 4: section moves, and deletes of sections whose surviving items have moved out.
  ///
  /// Invariant: no item operation beside them (UIKit corrupts its bookkeeping when a section
  /// moves in a batch that changes items inside it); ends at `new`.
  @inlinable
  func sectionStage(_ order: IntermediateSectionOrder) -> Stage {
    var stage = Stage(snapshot: _new)
    stage.sectionDeletes = _evacuating.indices.filter { _evacuating[$0] }.map {
      order._afterItemsIndexOfOld[$0]
    }.sorted()
    stage.sectionMoves = _oldSectionOfNew.indices.compactMap {
      _oldSectionOfNew[$0] >= 0 && !_sectionStays[$0]
        ? SectionMove(from: order._afterItemsIndexOfOld[_oldSectionOfNew[$0]], to: $0) : nil
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
