extension StagedChangeset {
  /// Computes the stages that take a view showing `old` to showing `new`.
  ///
  /// Items are matched by `id`. A matched item whose content differs (`!=`) is reconfigured,
  /// never deleted and re-inserted, and an item that both moves and changes is reconfigured in
  /// the first stage and moved in a later one. Within a section, the matched items that keep
  /// their relative order (a longest increasing subsequence) do not move, so the number of moves
  /// is the minimum; items that change section always move. Sections are matched the same way.
  ///
  /// Both snapshots must have unique ids, which ``Snapshot``'s initializers guarantee.
  ///
  /// - Complexity: O(p + s) comparisons for the common prefix and suffix of each matched section,
  ///   which are found before anything is hashed (equal snapshots cost one linear comparison and
  ///   no hashing); then O(m) hashing for the m items left in the middle, O(k log k) for the
  ///   longest increasing subsequence over the k matched items there, and O(n) copying for the
  ///   intermediate snapshots of multi-stage changesets.
  @inlinable
  public init(from old: Snapshot<Section, Item>, to new: Snapshot<Section, Item>) {
    self.init(stages: SnapshotDiff(old: old, new: new).stages())
  }
}

/// The diff's working state. Internal, but inlinable so that it is specialized for the caller's
/// `Item` type: unspecialized generic code would pay a witness-table call per `==`.
@usableFromInline
struct SnapshotDiff<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  @usableFromInline typealias Stage = StagedChangeset<Section, Item>.Stage

  @usableFromInline let old: Snapshot<Section, Item>
  @usableFromInline let new: Snapshot<Section, Item>

  @inlinable
  init(old: Snapshot<Section, Item>, new: Snapshot<Section, Item>) {
    self.old = old
    self.new = new
  }

  // The function is long because every phase feeds the next through local arrays; splitting it
  // would mean passing a dozen of them around.
  // swift-format-ignore
  @inlinable
  func stages() -> [Stage] {
    let oldSections = old.sections
    let newSections = new.sections
    let oldItems = old.itemsBySection
    let newItems = new.itemsBySection
    let oldSectionCount = oldSections.count
    let newSectionCount = newSections.count

    // 1. Match sections by id. Same ids in the same order, the common case, hashes nothing.
    var newSectionOfOld = [Int](repeating: -1, count: oldSectionCount)
    var oldSectionOfNew = [Int](repeating: -1, count: newSectionCount)
    if oldSectionCount == newSectionCount
      && zip(oldSections, newSections).allSatisfy({ $0.id == $1.id })
    {
      for index in 0..<oldSectionCount {
        newSectionOfOld[index] = index
        oldSectionOfNew[index] = index
      }
    } else {
      var oldSectionByID = [Section.ID: Int](minimumCapacity: oldSectionCount)
      for (index, section) in oldSections.enumerated() { oldSectionByID[section.id] = index }
      for (index, section) in newSections.enumerated() {
        if let oldIndex = oldSectionByID[section.id] {
          oldSectionOfNew[index] = oldIndex
          newSectionOfOld[oldIndex] = index
        }
      }
    }

    // 2. Matched sections that keep their relative order stay; the others move.
    var matchedNew: [Int] = []
    var matchedOldOrder: [Int] = []
    for index in 0..<newSectionCount where oldSectionOfNew[index] >= 0 {
      matchedNew.append(index)
      matchedOldOrder.append(oldSectionOfNew[index])
    }
    var sectionStays = [Bool](repeating: false, count: newSectionCount)
    for (offset, stays) in longestIncreasingSubsequenceMask(matchedOldOrder).enumerated()
    where stays {
      sectionStays[matchedNew[offset]] = true
    }
    var sectionReconfigures: [Int] = []
    for index in 0..<oldSectionCount {
      let newIndex = newSectionOfOld[index]
      if newIndex >= 0 && oldSections[index] != newSections[newIndex] {
        sectionReconfigures.append(index)
      }
    }

    // 3. Trim the common prefix and suffix of each matched section pair, by id, before hashing.
    var prefix = [Int](repeating: 0, count: oldSectionCount)
    var suffix = [Int](repeating: 0, count: oldSectionCount)
    var reconfigured: [(old: ItemPosition, new: ItemPosition)] = []
    var middleCount = 0
    for section in 0..<oldSectionCount {
      let a = oldItems[section]
      let newSection = newSectionOfOld[section]
      guard newSection >= 0 else {
        middleCount += a.count
        continue
      }
      let b = newItems[newSection]
      let limit = Swift.min(a.count, b.count)
      var head = 0
      while head < limit && a[head].id == b[head].id {
        if a[head] != b[head] {
          reconfigured.append(
            (ItemPosition(section: section, item: head),
             ItemPosition(section: newSection, item: head)))
        }
        head += 1
      }
      var tail = 0
      while tail < limit - head && a[a.count - 1 - tail].id == b[b.count - 1 - tail].id {
        if a[a.count - 1 - tail] != b[b.count - 1 - tail] {
          reconfigured.append(
            (ItemPosition(section: section, item: a.count - 1 - tail),
             ItemPosition(section: newSection, item: b.count - 1 - tail)))
        }
        tail += 1
      }
      prefix[section] = head
      suffix[section] = tail
      middleCount += a.count - head - tail
    }

    // 4. Hash the old middles: id → old position, packed as section << 32 | item.
    var flatBase = [Int](repeating: 0, count: oldSectionCount + 1)
    for section in 0..<oldSectionCount {
      flatBase[section + 1] = flatBase[section] + oldItems[section].count
    }
    var oldMiddleByID = [Item.ID: Int](minimumCapacity: middleCount)
    for section in 0..<oldSectionCount {
      oldItems[section].withUnsafeBufferPointer { a in
        for item in prefix[section]..<(a.count - suffix[section]) {
          oldMiddleByID[a[item].id] = section &<< 32 | item
        }
      }
    }
    // Indexed by flatBase[section] + item.
    var oldMatched = [Bool](repeating: false, count: flatBase[oldSectionCount])

    // 5. Probe with the new middles: inserts, reconfigures, moves (old and new coordinates).
    var inserted: [ItemPosition] = []
    var moved: [ItemMove] = []
    var receiving = [Bool](repeating: false, count: newSectionCount)
    var evacuating = [Bool](repeating: false, count: oldSectionCount)
    var stayerNewItems: [Int] = []
    var stayerOldItems: [Int] = []
    oldMatched.withUnsafeMutableBufferPointer { matched in
      for section in 0..<newSectionCount {
        let oldSection = oldSectionOfNew[section]
        let a = oldSection >= 0 ? oldItems[oldSection] : []
        let lower = oldSection >= 0 ? prefix[oldSection] : 0
        let upper = newItems[section].count - (oldSection >= 0 ? suffix[oldSection] : 0)
        stayerNewItems.removeAll(keepingCapacity: true)
        stayerOldItems.removeAll(keepingCapacity: true)
        stayerNewItems.reserveCapacity(upper - lower)
        stayerOldItems.reserveCapacity(upper - lower)
        newItems[section].withUnsafeBufferPointer { b in
          a.withUnsafeBufferPointer { a in
            for item in lower..<upper {
              guard let packed = oldMiddleByID[b[item].id] else {
                inserted.append(ItemPosition(section: section, item: item))
                continue
              }
              let fromSection = packed &>> 32
              let fromItem = packed & 0xFFFF_FFFF
              matched[flatBase[fromSection] + fromItem] = true
              if fromSection == oldSection {
                if a[fromItem] != b[item] {
                  reconfigured.append(
                    (ItemPosition(section: fromSection, item: fromItem),
                     ItemPosition(section: section, item: item)))
                }
                stayerNewItems.append(item)
                stayerOldItems.append(fromItem)
                continue
              }
              let from = ItemPosition(section: fromSection, item: fromItem)
              let to = ItemPosition(section: section, item: item)
              if oldItems[fromSection][fromItem] != b[item] { reconfigured.append((from, to)) }
              moved.append(ItemMove(from: from, to: to))
              if oldSection < 0 { receiving[section] = true }
              if newSectionOfOld[fromSection] < 0 { evacuating[fromSection] = true }
            }
          }
        }
        if !stayerOldItems.isEmpty {
          let stays = longestIncreasingSubsequenceMask(stayerOldItems)
          for offset in stayerOldItems.indices where !stays[offset] {
            moved.append(
              ItemMove(
                from: ItemPosition(section: oldSection, item: stayerOldItems[offset]),
                to: ItemPosition(section: section, item: stayerNewItems[offset])))
          }
        }
      }
    }
    var deleted: [ItemPosition] = []
    for section in 0..<oldSectionCount {
      let base = flatBase[section]
      for item in prefix[section]..<(oldItems[section].count - suffix[section])
      where !oldMatched[base + item] {
        deleted.append(ItemPosition(section: section, item: item))
      }
    }

    // Item operations a section delete or insert does not already cover.
    let explicitDeletes = deleted.filter {
      newSectionOfOld[$0.section] >= 0 || evacuating[$0.section]
    }
    let explicitInserts = inserted.filter {
      oldSectionOfNew[$0.section] >= 0 || receiving[$0.section]
    }

    var stages: [Stage] = []
    var currentSections = oldSections
    var currentItems = oldItems

    // Stage 1: content changes, in the old coordinates, with nothing structural beside them.
    if !reconfigured.isEmpty || !sectionReconfigures.isEmpty {
      for index in sectionReconfigures {
        currentSections[index] = newSections[newSectionOfOld[index]]
      }
      for pair in reconfigured {
        currentItems[pair.old.section][pair.old.item] = newItems[pair.new.section][pair.new.item]
      }
      var stage = Stage(
        snapshot: Snapshot(uncheckedSections: currentSections, items: currentItems))
      stage.sectionReconfigures = sectionReconfigures
      stage.itemReconfigures = reconfigured.map(\.old).sorted()
      stages.append(stage)
    }

    if explicitDeletes.isEmpty && explicitInserts.isEmpty && moved.isEmpty {
      // Only sections change: one batch from the old coordinates to the new ones.
      var stage = Stage(snapshot: new)
      stage.sectionDeletes = (0..<oldSectionCount).filter { newSectionOfOld[$0] < 0 }
      stage.sectionInserts = (0..<newSectionCount).filter { oldSectionOfNew[$0] < 0 }
      stage.sectionMoves = (0..<newSectionCount).compactMap {
        oldSectionOfNew[$0] >= 0 && !sectionStays[$0]
          ? SectionMove(from: oldSectionOfNew[$0], to: $0) : nil
      }
      if stage.isStructural { stages.append(stage) }
    } else {
      // The union order: every old section in old order, every new section placed right after
      // the nearest staying section before it in the new order. Each intermediate frame is this
      // order filtered, so only stage 4's moves ever reorder sections.
      var attached = [[Int]](repeating: [], count: oldSectionCount)
      var union: [Int] = []  // old section o as o, new section n as ~n
      union.reserveCapacity(oldSectionCount + newSectionCount)
      var anchor = -1
      for section in 0..<newSectionCount {
        let oldSection = oldSectionOfNew[section]
        if oldSection >= 0 {
          if sectionStays[section] { anchor = oldSection }
        } else if anchor < 0 {
          union.append(~section)
        } else {
          attached[anchor].append(section)
        }
      }
      for section in 0..<oldSectionCount {
        union.append(section)
        for newSection in attached[section] { union.append(~newSection) }
      }
      // Frame 1: after stage 2 (old sections plus receiving ones). Frame 2: after stage 3.
      var frame1: [Int] = []
      var frame2: [Int] = []
      var frame1OfOld = [Int](repeating: -1, count: oldSectionCount)
      var frame1OfNew = [Int](repeating: -1, count: newSectionCount)
      var frame2OfOld = [Int](repeating: -1, count: oldSectionCount)
      var frame2OfNew = [Int](repeating: -1, count: newSectionCount)
      for code in union {
        if code >= 0 {
          frame1OfOld[code] = frame1.count
          frame1.append(code)
          if newSectionOfOld[code] >= 0 || evacuating[code] {
            frame2OfOld[code] = frame2.count
            frame2.append(code)
          }
        } else {
          let section = ~code
          if receiving[section] {
            frame1OfNew[section] = frame1.count
            frame1.append(code)
          }
          frame2OfNew[section] = frame2.count
          frame2.append(code)
        }
      }
      for section in 0..<newSectionCount where oldSectionOfNew[section] >= 0 {
        frame2OfNew[section] = frame2OfOld[oldSectionOfNew[section]]
      }

      // Stage 2: empty sections that items are about to move into.
      if receiving.contains(true) {
        var stage = Stage(
          snapshot: Snapshot(
            uncheckedSections: frame1.map { $0 >= 0 ? currentSections[$0] : newSections[~$0] },
            items: frame1.map { $0 >= 0 ? currentItems[$0] : [] }))
        stage.sectionInserts = (0..<newSectionCount).filter { receiving[$0] }.map {
          frame1OfNew[$0]
        }.sorted()
        stages.append(stage)
      }

      // Stage 3: items, with the section deletes and inserts no moving item touches.
      let needsSectionStage =
        evacuating.contains(true)
        || (0..<newSectionCount).contains { oldSectionOfNew[$0] >= 0 && !sectionStays[$0] }
      var itemStage: Stage
      if needsSectionStage {
        itemStage = Stage(
          snapshot: Snapshot(
            uncheckedSections: frame2.map { code in
              if code < 0 { return newSections[~code] }
              let newSection = newSectionOfOld[code]
              return newSection >= 0 ? newSections[newSection] : currentSections[code]
            },
            items: frame2.map { code in
              if code < 0 { return newItems[~code] }
              let newSection = newSectionOfOld[code]
              return newSection >= 0 ? newItems[newSection] : []
            }))
      } else {
        itemStage = Stage(snapshot: new)
      }
      itemStage.sectionDeletes = (0..<oldSectionCount).filter {
        newSectionOfOld[$0] < 0 && !evacuating[$0]
      }.map { frame1OfOld[$0] }
      itemStage.sectionInserts = (0..<newSectionCount).filter {
        oldSectionOfNew[$0] < 0 && !receiving[$0]
      }.map { frame2OfNew[$0] }.sorted()
      // When no section is inserted, deleted or moved, every frame is the old and the new
      // order at once, and positions need no remapping.
      let framesAreIdentity =
        oldSectionCount == newSectionCount && frame1OfOld.elementsEqual(0..<oldSectionCount)
        && frame2OfNew.elementsEqual(0..<newSectionCount)
      if framesAreIdentity {
        itemStage.itemDeletes = explicitDeletes
        itemStage.itemInserts = explicitInserts
        itemStage.itemMoves = moved
      } else {
        itemStage.itemDeletes = explicitDeletes.map {
          ItemPosition(section: frame1OfOld[$0.section], item: $0.item)
        }
        itemStage.itemInserts = explicitInserts.map {
          ItemPosition(section: frame2OfNew[$0.section], item: $0.item)
        }
        itemStage.itemMoves = moved.map {
          ItemMove(
            from: ItemPosition(section: frame1OfOld[$0.from.section], item: $0.from.item),
            to: ItemPosition(section: frame2OfNew[$0.to.section], item: $0.to.item))
        }
      }
      // Deletes come out ascending already; inserts and moves often do (a flat list always).
      if !isAscending(itemStage.itemInserts, by: { $0 }) { itemStage.itemInserts.sort() }
      if !isAscending(itemStage.itemMoves, by: \.to) {
        itemStage.itemMoves.sort { $0.to < $1.to }
      }
      stages.append(itemStage)

      // Stage 4: section moves, and deletes of sections whose survivors have moved out.
      if needsSectionStage {
        var stage = Stage(snapshot: new)
        stage.sectionDeletes = (0..<oldSectionCount).filter { evacuating[$0] }.map {
          frame2OfOld[$0]
        }.sorted()
        stage.sectionMoves = (0..<newSectionCount).compactMap {
          oldSectionOfNew[$0] >= 0 && !sectionStays[$0]
            ? SectionMove(from: frame2OfOld[oldSectionOfNew[$0]], to: $0) : nil
        }
        stages.append(stage)
      }
    }

    // The last stage always shows `new` itself, so its id tables are shared, not rebuilt.
    if stages.count == 1 && !stages[0].isStructural {
      stages[0].snapshot = new
    }
    return stages
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
