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

extension BatchUpdateValidator {
  /// One validation run. Kept apart from the public type so that the phases, each in a file
  /// `BatchUpdateValidator+<Phase>.swift`, can share its state: ``run()`` calls them in UIKit's
  /// order, and each phase fills the working sets the later ones read.
  struct Check {
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

    /// The phases in the order that decides which violation a bad batch reports first. Moves
    /// are collected (range and pairing) before deletes and inserts, which reject a delete or an
    /// insert on a move's path; moves are checked against deleted and inserted sections after.
    mutating func run() throws(UpdateViolation) -> BatchUpdatePlan {
      if validator.isStrict { try checkReconfiguresAlone() }
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
      try checkSectionCount()
      let sections = mapSections()
      try checkItemCounts(sections)
      return makePlan(sections)
    }

    /// A batch of reconfigures alone (or nothing): the counts must not change (§1.4 with nothing
    /// inserted, deleted or moved), and every row keeps its place.
    func unchangedStructure() throws(UpdateViolation) -> BatchUpdatePlan {
      if newCounts != oldCounts {
        // The general path words the count violation: sections first, then rows.
        try checkSectionCount()
        try checkItemCounts(.identity(count: oldCounts.count))
      }
      return planKeepingEveryPlace()
    }

    /// §1.5 #10: UITableView coalesces a repeated delete or insert, and strict mode rejects it;
    /// a collection view does not coalesce, and a repeat is an error in every mode (§6).
    func duplicate(_ operation: UIKitMessages.RepeatedOperation) throws(UpdateViolation) {
      guard validator.isStrict || validator.kind == .collectionView else { return }
      throw UIKitMessages.duplicateOperation(operation, kind: validator.kind)
    }
  }
}
