import Foundation

/// Checks one batch of updates the way UIKit does, and computes where every row goes.
///
/// The order of the checks follows UIKit's `_endCellAnimationsWithContext:` / `_endItemAnimations`
/// (UIKit rules §1.2, §1.6): reloads are decomposed into a delete and an insert, deletes are checked
/// against the counts before the batch, inserts against the counts after it, then moves, then the
/// count consistency check of §1.4. The first problem found is thrown, with UIKit's message.
///
/// The two views differ where UIKit's do: a table coalesces a repeated delete or insert of one
/// index path or section (§1.2), a collection view rejects it (§1.5 #10, §6); and a move counts
/// in the moved-in and moved-out numbers of §1.4 when its section changes as the table maps
/// sections, and when its raw section index changes for a collection view.
///
/// In ``isStrict`` mode it also rejects what <doc:UIKitRules> lists as unsafe or not established
/// (§1.5 #10, #15; §2 and §6): duplicate deletes or inserts on tables, a section moved in a
/// batch that changes items inside it, and a reconfigure in a batch that changes structure.
public struct BatchUpdateValidator: Sendable {
  /// Whose words the messages use.
  public var kind: ListViewKind
  /// Whether to reject what UIKit is not known to accept (see the type's discussion).
  public var isStrict: Bool

  /// Creates a validator for a table or a collection view.
  public init(kind: ListViewKind, strict: Bool = false) {
    self.kind = kind
    self.isStrict = strict
  }

  /// Validates a batch against the data source's counts before and after it.
  ///
  /// - Parameters:
  ///   - update: the operations the batch recorded.
  ///   - oldCounts: rows or items per section before the batch (what the view had cached).
  ///   - newCounts: rows or items per section that the data source reports after the batch.
  /// - Returns: the plan that says where every row goes.
  /// - Throws: ``UpdateViolation`` for the first rule the batch breaks.
  /// - Complexity: O(k log k) for k operations, plus O(s) for s sections.
  public func validate(
    _ update: BatchUpdate, oldCounts: [Int], newCounts: [Int]
  ) throws(UpdateViolation) -> BatchUpdatePlan {
    var check = Check(validator: self, update: update, oldCounts: oldCounts, newCounts: newCounts)
    return try check.run()
  }
}

/// One validation run. Kept apart from the public type so the phases can share state.
private struct Check {
  let validator: BatchUpdateValidator
  let update: BatchUpdate
  let oldCounts: [Int]
  let newCounts: [Int]

  // The update's index paths as slots, converted once.
  let deletesAsked: [ItemSlot]
  let insertsAsked: [ItemSlot]
  let reloadsAsked: [ItemSlot]
  let movesAsked: [SlotMove]
  let reconfiguresAsked: [ItemSlot]

  init(validator: BatchUpdateValidator, update: BatchUpdate, oldCounts: [Int], newCounts: [Int]) {
    self.validator = validator
    self.update = update
    self.oldCounts = oldCounts
    self.newCounts = newCounts
    deletesAsked = update.itemDeletes.map(ItemSlot.init)
    insertsAsked = update.itemInserts.map(ItemSlot.init)
    reloadsAsked = update.itemReloads.map(ItemSlot.init)
    movesAsked = update.itemMoves.map { SlotMove(from: ItemSlot($0.from), to: ItemSlot($0.to)) }
    reconfiguresAsked = update.itemReconfigures.map(ItemSlot.init)
  }

  struct SlotMove {
    var from: ItemSlot
    var to: ItemSlot
  }

  // Working sets, filled phase by phase.
  var sectionDeletes = Set<Int>()
  var sectionInserts = Set<Int>()
  var itemDeletes: [ItemSlot] = []  // explicit and from reloads, sections not deleted
  var itemInserts: [ItemSlot] = []  // explicit and from reloads, sections not inserted
  var sectionMoves: [BatchUpdate.SectionMove] = []
  var itemMoves: [SlotMove] = []

  mutating func run() throws(UpdateViolation) -> BatchUpdatePlan {
    try checkReconfigures()
    if validator.isStrict { try checkSectionReloadsAlone() }
    if !update.isStructural { return try unchangedStructure() }
    let (reloadDeletes, reloadInserts) = try decomposeReloads()
    try collectSectionMoves()
    try collectItemMoves()
    try checkSectionDeletes(extra: reloadDeletes.sections)
    try checkItemDeletes(extra: reloadDeletes.items)
    try checkSectionInserts(extra: reloadInserts.sections)
    try checkItemInserts(extra: reloadInserts.items)
    try checkItemMoveSections()
    if validator.isStrict { try checkSectionMovesAlone() }
    let (oldSectionOfNew, newSectionOfOld) = try mapSections()
    return try mapItems(oldSectionOfNew: oldSectionOfNew, newSectionOfOld: newSectionOfOld)
  }

  /// A batch of reconfigures alone (or nothing): the counts must not change (§1.4 with nothing
  /// inserted, deleted or moved), and every row keeps its place.
  func unchangedStructure() throws(UpdateViolation) -> BatchUpdatePlan {
    let identity = Array(oldCounts.indices)
    if newCounts != oldCounts {
      // The general path words the count violation: sections first, then rows.
      try mapSections()
      _ = try mapItems(oldSectionOfNew: identity, newSectionOfOld: identity)
    }
    return BatchUpdatePlan(
      oldCounts: oldCounts, newCounts: newCounts, reconfigured: update.itemReconfigures,
      oldSectionOfNew: identity, newSectionOfOld: identity, removed: [], placed: [],
      moveDestinations: SmallTable())
  }

  /// Strict mode: `reloadSections` beside other operations, which UIKit has been seen to crash
  /// on ("attempt to create view animation for nil view", §1.5 #16; IGListKit turns such reloads
  /// into deletes and inserts).
  func checkSectionReloadsAlone() throws(UpdateViolation) {
    guard !update.sectionReloads.isEmpty else { return }
    var others = update
    others.sectionReloads = []
    guard !others.isEmpty else { return }
    throw UIKitMessages.reloadSectionsInMixedBatch
  }

  // MARK: Reconfigure (§2)

  func checkReconfigures() throws(UpdateViolation) {
    guard !reconfiguresAsked.isEmpty else { return }
    if validator.isStrict && update.isStructural {
      throw UIKitMessages.reconfigureInStructuralBatch(kind: validator.kind)
    }
    let changed = SmallSet(deletesAsked + reloadsAsked + movesAsked.map(\.from))
    for path in reconfiguresAsked {
      try requireOld(path)
      if changed.contains(path) || update.sectionDeletes.contains(path.section)
        || update.sectionReloads.contains(path.section)
      {
        throw UIKitMessages.reconfigureOfChangedPath(path)
      }
    }
  }

  // MARK: Reloads (§1.2 step 3)

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
      deletes.sections.append(section)
      inserts.sections.append(
        adjust(section, deletes: explicitSectionDeletes, inserts: explicitSectionInserts))
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

  // MARK: Moves (§1.2 step 7)

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

  // MARK: Deletes (§1.2 step 5)

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

  // MARK: Inserts (§1.2 step 6)

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

  /// §1.5 #10: UITableView coalesces a repeated delete or insert, and strict mode rejects it;
  /// a collection view does not coalesce, and a repeat is an error in every mode (§6).
  func duplicate(_ operation: UIKitMessages.RepeatedOperation) throws(UpdateViolation) {
    guard validator.isStrict || validator.kind == .collectionView else { return }
    throw UIKitMessages.duplicateOperation(operation, kind: validator.kind)
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

  /// §1.5 #15: a moved section must not also have item changes inside it.
  func checkSectionMovesAlone() throws(UpdateViolation) {
    for move in sectionMoves {
      let touched =
        itemDeletes.contains { $0.section == move.from }
        || itemMoves.contains { $0.from.section == move.from || $0.to.section == move.to }
        || itemInserts.contains { $0.section == move.to }
      if touched {
        throw UIKitMessages.sectionMoveWithItemChanges(move, kind: validator.kind)
      }
    }
  }

  // MARK: Counts (§1.4) and the mapping

  @discardableResult
  func mapSections() throws(UpdateViolation) -> (oldSectionOfNew: [Int], newSectionOfOld: [Int]) {
    let expected = oldCounts.count + sectionInserts.count - sectionDeletes.count
    guard newCounts.count == expected else {
      throw UIKitMessages.invalidBatchUpdates(
        .invalidNumberOfSections, update, oldCounts: oldCounts, newCounts: newCounts,
        kind: validator.kind)
    }
    if sectionInserts.isEmpty && sectionDeletes.isEmpty && sectionMoves.isEmpty {
      // Every section keeps its index (the count check above made the numbers equal).
      let identity = Array(newCounts.indices)
      return (identity, identity)
    }
    var oldSectionOfNew = [Int](repeating: -2, count: newCounts.count)  // -2: not yet placed
    for section in sectionInserts { oldSectionOfNew[section] = -1 }
    for move in sectionMoves { oldSectionOfNew[move.to] = move.from }
    let movedFrom = Set(sectionMoves.map(\.from))
    var remaining = (0..<oldCounts.count).filter {
      !sectionDeletes.contains($0) && !movedFrom.contains($0)
    }.makeIterator()
    for section in oldSectionOfNew.indices where oldSectionOfNew[section] == -2 {
      oldSectionOfNew[section] = remaining.next() ?? -1
    }
    var newSectionOfOld = [Int](repeating: -1, count: oldCounts.count)
    for (new, old) in oldSectionOfNew.enumerated() where old >= 0 { newSectionOfOld[old] = new }
    return (oldSectionOfNew, newSectionOfOld)
  }

  func mapItems(oldSectionOfNew: [Int], newSectionOfOld: [Int]) throws(UpdateViolation)
    -> BatchUpdatePlan
  {
    var inserted = [Int](repeating: 0, count: newCounts.count)
    var deleted = [Int](repeating: 0, count: oldCounts.count)
    var movedIn = [Int](repeating: 0, count: newCounts.count)
    var movedOut = [Int](repeating: 0, count: oldCounts.count)
    var removed = [[Int]](repeating: [], count: oldCounts.count)
    var placed = [[BatchUpdatePlan.Placement]](repeating: [], count: newCounts.count)
    var moveDestinations = SmallTable<ItemSlot, ItemSlot>()
    for path in itemDeletes {
      deleted[path.section] += 1
      removed[path.section].append(path.item)
    }
    for path in itemInserts {
      inserted[path.section] += 1
      placed[path.section].append(.init(index: path.item, source: nil))
    }
    for move in itemMoves {
      // §1.4: the table maps the source section; the collection view compares raw indices.
      let leavesSection =
        validator.kind == .collectionView
        ? move.from.section != move.to.section
        : newSectionOfOld[move.from.section] != move.to.section
      if leavesSection {
        movedOut[move.from.section] += 1
        movedIn[move.to.section] += 1
      }
      removed[move.from.section].append(move.from.item)
      placed[move.to.section].append(.init(index: move.to.item, source: move.from))
      moveDestinations.set(move.to, for: move.from)
    }
    for (new, old) in oldSectionOfNew.enumerated() where old >= 0 {
      let expected = oldCounts[old] + inserted[new] - deleted[old] + movedIn[new] - movedOut[old]
      // UIKit also has "Attempt to delete more rows than exist in section." for a negative
      // expectation; with every delete and move range-checked and de-duplicated above it cannot
      // arise here.
      if newCounts[new] != expected {
        throw UIKitMessages.invalidBatchUpdates(
          .invalidNumberOfItems, update, oldCounts: oldCounts, newCounts: newCounts,
          kind: validator.kind)
      }
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
      oldCounts: oldCounts, newCounts: newCounts, reconfigured: reconfigured,
      oldSectionOfNew: oldSectionOfNew, newSectionOfOld: newSectionOfOld, removed: removed,
      placed: placed, moveDestinations: moveDestinations)
  }

  func requireOld(_ path: ItemSlot) throws(UpdateViolation) {
    guard oldCounts.indices.contains(path.section),
      (0..<oldCounts[path.section]).contains(path.item)
    else {
      throw UIKitMessages.reconfigureOfMissingPath(path, kind: validator.kind)
    }
  }
}
