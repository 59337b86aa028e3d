extension SnapshotDiff {
  /// Matches sections by id, marks the ones that keep their place, and finds the matched ones
  /// whose content changed.
  ///
  /// Invariant after: `newSectionOfOld` and `oldSectionOfNew` are inverse on matched sections
  /// and -1 elsewhere; the sections with `_sectionStays` form a longest increasing subsequence of
  /// the matched old indices in new order, so section moves are minimal. Same ids in the same
  /// order, the common case, hash nothing.
  @inlinable
  mutating func matchSections() {
    let oldSections = _old.sections
    let newSections = _new.sections
    _newSectionOfOld = [Int](repeating: -1, count: oldSections.count)
    _oldSectionOfNew = [Int](repeating: -1, count: newSections.count)
    if oldSections.count == newSections.count
      && zip(oldSections, newSections).allSatisfy({ $0.id == $1.id })
    {
      for index in oldSections.indices {
        _newSectionOfOld[index] = index
        _oldSectionOfNew[index] = index
      }
    } else {
      for (index, section) in newSections.enumerated() {
        if let oldIndex = _old.sectionIndex(of: section.id) {
          _oldSectionOfNew[index] = oldIndex
          _newSectionOfOld[oldIndex] = index
        }
      }
    }
    var matchedNew: [Int] = []
    var matchedOldOrder: [Int] = []
    for index in newSections.indices where _oldSectionOfNew[index] >= 0 {
      matchedNew.append(index)
      matchedOldOrder.append(_oldSectionOfNew[index])
    }
    _sectionStays = [Bool](repeating: false, count: newSections.count)
    for (offset, stays) in longestIncreasingSubsequenceMask(matchedOldOrder).enumerated()
    where stays {
      _sectionStays[matchedNew[offset]] = true
    }
    for index in oldSections.indices {
      let newIndex = _newSectionOfOld[index]
      if newIndex >= 0 && oldSections[index] != newSections[newIndex] {
        _sectionReconfigures.append(index)
      }
    }
  }

  /// Trims the common prefix and suffix of each matched section pair, comparing ids, before
  /// anything is hashed; changed items found there are reconfigured.
  ///
  /// Invariant after: for each matched old section, its first `prefix` and last `suffix` items
  /// have the same ids at the same offsets from each end of its new section, and no id in the
  /// middles appears in any prefix or suffix.
  @inlinable
  mutating func trimCommonEnds() {
    let oldItems = _old._itemsBySection
    let newItems = _new._itemsBySection
    _prefix = [Int](repeating: 0, count: oldItems.count)
    _suffix = [Int](repeating: 0, count: oldItems.count)
    for section in oldItems.indices {
      let newSection = _newSectionOfOld[section]
      guard newSection >= 0 else { continue }
      let a = oldItems[section]
      let b = newItems[newSection]
      let limit = Swift.min(a.count, b.count)
      var head = 0
      while head < limit && a[head].id == b[head].id {
        if !_content._isEqual(a[head], b[head]) {
          _reconfigured.append(
            (
              ItemPosition(section: section, item: head),
              ItemPosition(section: newSection, item: head)
            ))
        }
        head += 1
      }
      var tail = 0
      while tail < limit - head && a[a.count - 1 - tail].id == b[b.count - 1 - tail].id {
        if !_content._isEqual(a[a.count - 1 - tail], b[b.count - 1 - tail]) {
          _reconfigured.append(
            (
              ItemPosition(section: section, item: a.count - 1 - tail),
              ItemPosition(section: newSection, item: b.count - 1 - tail)
            ))
        }
        tail += 1
      }
      _prefix[section] = head
      _suffix[section] = tail
    }
  }
}

extension SnapshotDiff {
  /// Finds where every item in the middle of each new section was before: an insert when its
  /// id is new, a move when it changed section or is not in the items' LIS of its section, a
  /// reconfigure when its content changed.
  ///
  /// Invariant after: every new middle item is in exactly one of `inserted`, a `moved` entry, or
  /// the stayers (matched, same section, not moved); `_receiving` marks inserted sections that
  /// get items from elsewhere and `_evacuating` deleted sections that lose items to elsewhere.
  /// At most one hash probe per new middle item, and only for what is not found in order (see
  /// ``OldPositionFinder``): into `old`'s own id table when it has one (a validated snapshot
  /// does), else into a table of the old middles built here.
  @inlinable
  mutating func matchItems() {
    let oldItems = _old._itemsBySection
    var flatBase = [Int](repeating: 0, count: oldItems.count + 1)
    for section in oldItems.indices {
      flatBase[section + 1] = flatBase[section] + oldItems[section].count
    }
    var oldMatched = [Bool](repeating: false, count: flatBase[oldItems.count])
    _receiving = [Bool](repeating: false, count: _new.sections.count)
    _evacuating = [Bool](repeating: false, count: oldItems.count)
    let table = _old._identityIndex._existingItemTable() ?? oldMiddleTable()
    oldMatched.withUnsafeMutableBufferPointer { matched in
      for section in _new.sections.indices {
        matchItems(inNewSection: section, table: table, matched: matched, flatBase: flatBase)
        if _exceedsLimit { return }
      }
    }
    _matchedOld = oldMatched
  }

  /// Whether the operations proved so far — ``_provenOperations`` from the sections matched
  /// before, and `pending` from the one being matched — exceed ``_maximumOperations``.
  @inlinable
  func provesTooLarge(pending: Int) -> Bool {
    guard let _maximumOperations else { return false }
    return _provenOperations + pending > _maximumOperations
  }

  /// The operations a section being matched certainly adds: `others` (its inserts and changed
  /// stayers), and its stayers' moves — at least `descents`, or, once that many twice over
  /// would prove the change too large, as many as the stayers' longest increasing run proves
  /// (`run` taken up to all `stayers`). The run costs O(log k) a stayer, so a list in order never
  /// pays for it.
  @inlinable
  func sectionOperations(
    others: Int, descents: Int, stayers: [Int], run: inout IncreasingRunLength
  ) -> Int {
    guard !provesTooLarge(pending: others + descents),
      provesTooLarge(pending: others + 2 * descents)
    else { return others + descents }
    run.extend(with: stayers)
    return others + stayers.count - run.length
  }

  /// The ids of the old middles and their positions, for an old snapshot without an id table.
  @inlinable
  func oldMiddleTable() -> IDTable<Item.ID> {
    let oldItems = _old._itemsBySection
    var count = 0
    for section in oldItems.indices {
      count += oldItems[section].count - _prefix[section] - _suffix[section]
    }
    var table = IDTable<Item.ID>.Builder(minimumCapacity: count)
    for section in oldItems.indices {
      for item in _prefix[section]..<(oldItems[section].count - _suffix[section]) {
        _ = table.insertIfAbsent(
          PackedItemPosition(section: section, item: item), forKey: oldItems[section][item].id)
      }
    }
    return table.build()
  }

  @inlinable
  mutating func matchItems(
    inNewSection section: Int, table: IDTable<Item.ID>,
    matched: UnsafeMutableBufferPointer<Bool>, flatBase: [Int]
  ) {
    let oldItems = _old._itemsBySection
    let oldSection = _oldSectionOfNew[section]
    let items = _new._itemsBySection[section]
    let lower = oldSection >= 0 ? _prefix[oldSection] : 0
    let upper = items.count - (oldSection >= 0 ? _suffix[oldSection] : 0)
    var stayerNewItems: [Int] = []
    var stayerOldItems: [Int] = []
    stayerNewItems.reserveCapacity(upper - lower)
    stayerOldItems.reserveCapacity(upper - lower)
    // With a limit: the length of the stayers' longest increasing run, extended at each check
    // (the loop itself stays as it is without one), and this section's certain operations.
    let checksLimit = _maximumOperations != nil
    var run = IncreasingRunLength()
    // Stayers whose old place is before the previous stayer's: each descent keeps one of the two
    // out of any increasing run, so at least this many move — a bound that costs one comparison.
    var descents = 0
    var tooLarge = false
    var inserted: [ItemPosition] = []
    var moved: [ItemMove] = []
    var reconfigured: [(old: ItemPosition, new: ItemPosition)] = []
    var receives = false
    // Offsets into the stayer arrays of stayers whose content is still to be compared.
    var uncomparedStayers: [Int] = []
    let content = self._content
    let sameSection = oldSection >= 0 ? oldItems[oldSection] : []
    var finder = OldPositionFinder<Item>(section: oldSection, firstMiddle: lower)
    items.withUnsafeBufferPointer { items in
      sameSection.withUnsafeBufferPointer { sameSection in
        for item in lower..<upper {
          // Now and then: is the change already proved too large to show as batches?
          if checksLimit && (item - lower) & 1023 == 1023 {
            let others = oldSection >= 0 ? inserted.count : 0
            let pending = sectionOperations(
              others: others, descents: descents, stayers: stayerOldItems, run: &run)
            if provesTooLarge(pending: pending) {
              tooLarge = true
              break
            }
          }
          guard let from = finder.position(of: items[item].id, among: sameSection, table: table)
          else {
            inserted.append(ItemPosition(section: section, item: item))
            continue
          }
          matched[flatBase[from.section] + from.item] = true
          if from.section == oldSection {
            // Found in order, the old item was just read: compare it now. Found by a probe, it
            // is a read from anywhere in the old list, left until the section is known not to
            // be a reload (a re-sort is then decided without one such read per item).
            if finder._expected == from.item + 1 {
              if !content._isEqual(sameSection[from.item], items[item]) {
                reconfigured.append((from, ItemPosition(section: section, item: item)))
              }
            } else {
              uncomparedStayers.append(stayerOldItems.count)
            }
            if checksLimit, let previous = stayerOldItems.last, from.item < previous {
              descents += 1
            }
            stayerNewItems.append(item)
            stayerOldItems.append(from.item)
            continue
          }
          // Compared after the loop too, for the same reason.
          moved.append(ItemMove(from: from, to: ItemPosition(section: section, item: item)))
          receives = receives || oldSection < 0
          if _newSectionOfOld[from.section] < 0 { _evacuating[from.section] = true }
        }
      }
    }
    if !tooLarge {
      for offset in uncomparedStayers {
        let from = ItemPosition(section: oldSection, item: stayerOldItems[offset])
        if !content._isEqual(sameSection[from.item], items[stayerNewItems[offset]]) {
          reconfigured.append((from, ItemPosition(section: section, item: stayerNewItems[offset])))
        }
      }
      for move in moved
      where !content._isEqual(oldItems[move.from.section][move.from.item], items[move.to.item]) {
        reconfigured.append((move.from, move.to))
      }
    }
    if checksLimit {
      // Items inserted into a section that is itself new are one section insert, not counted;
      // reconfigures keep their cells, and are not counted either.
      let others = oldSection >= 0 ? inserted.count : 0
      let pending =
        tooLarge
        ? 0
        : sectionOperations(others: others, descents: descents, stayers: stayerOldItems, run: &run)
      if tooLarge || provesTooLarge(pending: pending) {
        _exceedsLimit = true
        return
      }
      _provenOperations += pending
    }
    if receives { _receiving[section] = true }
    if !stayerOldItems.isEmpty {
      let stays = longestIncreasingSubsequenceMask(stayerOldItems)
      for offset in stayerOldItems.indices where !stays[offset] {
        moved.append(
          ItemMove(
            from: ItemPosition(section: oldSection, item: stayerOldItems[offset]),
            to: ItemPosition(section: section, item: stayerNewItems[offset])))
      }
    }
    self._inserted += inserted
    self._moved += moved
    self._reconfigured += reconfigured
  }

  /// Deletes every old middle item that nothing matched.
  ///
  /// Invariant after: `deleted` is ascending, and every old item is matched, in a common end,
  /// or deleted.
  @inlinable
  mutating func findDeletes() {
    let oldItems = _old._itemsBySection
    var base = 0
    for section in oldItems.indices {
      for item in _prefix[section]..<(oldItems[section].count - _suffix[section])
      where !_matchedOld[base + item] {
        _deleted.append(ItemPosition(section: section, item: item))
      }
      base += oldItems[section].count
    }
  }
}

/// Finds where the new items of one section were in `old`, in order: first among the few old
/// items of the same section after the last one matched in order, and the one after the last one
/// a probe found, and only then in the old id table. An unchanged run, a deletion or an item moved
/// away then costs id comparisons in order, not a random read of a table that has long left the
/// cache; only inserted items and items moved in are probed for. Ids are unique in `old`, so a hit
/// from comparing ids is the position the table would give.
@usableFromInline
struct OldPositionFinder<Item: Identifiable> {
  /// How many old items after the last in-order match are compared before probing.
  @usableFromInline static var _lookAhead: Int { 4 }

  /// The old section of the new section being matched; -1 when it is new.
  @usableFromInline let _section: Int
  /// After the last item matched in order: where the next one is unless something changed.
  @usableFromInline var _expected: Int
  /// After the last item a probe found in the same section; -1 when none since.
  @usableFromInline var _resumed = -1
  /// How often the item after a probe's find was, and was not, the next one. That read is from
  /// anywhere in the old list; in a shuffle it never pays, so it stops once it has missed
  /// ``_resumeSlack`` more times than it hit.
  @usableFromInline var _resumeHits = 0
  @usableFromInline var _resumeMisses = 0
  @usableFromInline static var _resumeSlack: Int { 8 }

  @inlinable
  init(section: Int, firstMiddle: Int) {
    self._section = section
    _expected = firstMiddle
  }

  /// Where the item with `id` was in `old`, or `nil` for a new id. O(1): at most five id
  /// comparisons in `sameSection` (the old section's items) and one probe of `table`.
  @inlinable
  mutating func position(
    of id: Item.ID, among sameSection: UnsafeBufferPointer<Item>,
    table: IDTable<Item.ID>
  ) -> ItemPosition? {
    if let index = Self.index(of: id, in: sameSection, from: _expected, window: Self._lookAhead) {
      _expected = index + 1
      _resumed = -1
      return ItemPosition(section: _section, item: index)
    }
    if _resumed >= 0 && _resumeMisses <= _resumeHits + Self._resumeSlack {
      if let index = Self.index(of: id, in: sameSection, from: _resumed, window: 1) {
        _resumeHits += 1
        _expected = index + 1
        _resumed = -1
        return ItemPosition(section: _section, item: index)
      }
      _resumeMisses += 1
    }
    guard let position = table[id]?.position else { return nil }
    if position.section == _section {
      if position.item == _resumed {
        // Two probes found neighbours: the run in order continues from here. (Reached when the
        // check after a probe's find has stopped; without this, every item after a long
        // deletion would be probed for.)
        _expected = position.item + 1
        _resumed = -1
      } else {
        _resumed = position.item + 1
      }
    }
    return position
  }

  /// The index of `id` among the `window` items of `items` from `start`, if it is there.
  @inlinable
  static func index(
    of id: Item.ID, in items: UnsafeBufferPointer<Item>, from start: Int, window: Int
  ) -> Int? {
    guard start >= 0 else { return nil }
    var index = start
    let end = Swift.min(start + window, items.count)
    while index < end {
      if items[index].id == id { return index }
      index += 1
    }
    return nil
  }
}
