import Foundation
import HeadlessUIKit
import Testing

/// An index path as `[section, item]`, without UIKit's initializers.
func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }

/// How UIKit prints an index path in its messages (without the object address).
func printed(_ section: Int, _ item: Int) -> String {
  "{length = 2, path = \(section) - \(item)}"
}

extension BatchUpdate {
  /// Builds a batch with a closure, for terse tests.
  static func with(_ build: (inout BatchUpdate) -> Void) -> BatchUpdate {
    var update = BatchUpdate()
    build(&update)
    return update
  }
}

/// Validates and returns the violation, or records an issue if the batch was accepted.
func violation(
  _ update: BatchUpdate, old: [Int], new: [Int], kind: ListViewKind = .tableView,
  strict: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) -> UpdateViolation? {
  do {
    _ = try BatchUpdateValidator(kind: kind, strict: strict)
      .validate(update, oldCounts: old, newCounts: new)
    Issue.record("expected a violation, the batch was accepted", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error
  }
}

/// Validates, applies the plan to a model of labelled rows and returns it; records violations.
func applied(
  _ update: BatchUpdate, to model: [[String]], newCounts: [Int], kind: ListViewKind = .tableView,
  strict: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) -> [[String]]? {
  do {
    let plan = try BatchUpdateValidator(kind: kind, strict: strict)
      .validate(update, oldCounts: model.map(\.count), newCounts: newCounts)
    return plan.apply(to: model) { "new\($0[0]).\($0[1])" }
  } catch {
    Issue.record("rejected: \(error)", sourceLocation: sourceLocation)
    return nil
  }
}

@Suite("Batch updates: legal batches end where UIKit's would (§1.1, §1.2)")
struct LegalBatchTests {
  let model = [["a", "b", "c", "d"], ["e", "f"]]

  @Test func deletesUseOldIndicesAndInsertsNewOnes() {
    // Delete old row 1 ("b"), insert at new row 0: order of calls does not matter (§1.1).
    let update = BatchUpdate.with {
      $0.itemInserts = [path(0, 0)]
      $0.itemDeletes = [path(0, 1)]
    }
    #expect(
      applied(update, to: model, newCounts: [4, 2]) == [["new0.0", "a", "c", "d"], ["e", "f"]])
  }

  @Test func movesGoFromOldToNew() {
    let update = BatchUpdate.with {
      $0.itemMoves = [
        .init(from: path(0, 3), to: path(0, 0)), .init(from: path(0, 0), to: path(1, 2)),
      ]
    }
    #expect(applied(update, to: model, newCounts: [3, 3]) == [["d", "b", "c"], ["e", "f", "a"]])
  }

  @Test func reloadIsADeleteAndAnInsert() {
    // §1.2 step 3: the reload of old [0, 2] lands after the delete of [0, 0] at new [0, 1].
    let update = BatchUpdate.with {
      $0.itemReloads = [path(0, 2)]
      $0.itemDeletes = [path(0, 0)]
    }
    #expect(applied(update, to: model, newCounts: [3, 2]) == [["b", "new0.1", "d"], ["e", "f"]])
  }

  @Test func appleEngineersWorkedExample() {
    // Forum 751732: counts [10, 20, 30]; INSERT(0,0), RELOAD(1,1), INSERT(1,2), DELETE(2,1)
    // → the data source must return 11, 21, 29.
    let update = BatchUpdate.with {
      $0.itemInserts = [path(0, 0), path(1, 2)]
      $0.itemReloads = [path(1, 1)]
      $0.itemDeletes = [path(2, 1)]
    }
    let validator = BatchUpdateValidator(kind: .collectionView)
    #expect(throws: Never.self) {
      try validator.validate(update, oldCounts: [10, 20, 30], newCounts: [11, 21, 29])
    }
    let rejected = violation(update, old: [10, 20, 30], new: [11, 20, 29], kind: .collectionView)
    #expect(rejected?.rule == .invalidNumberOfItems)
  }

  @Test func sectionOperationsKeepTheOthersInOrder() {
    let model = [["a"], ["b"], ["c"], ["d"]]
    let update = BatchUpdate.with {
      $0.sectionDeletes = [1]
      $0.sectionInserts = [0]
      $0.sectionMoves = [.init(from: 3, to: 1)]
    }
    #expect(
      applied(update, to: model, newCounts: [1, 1, 1, 1]) == [["new0.0"], ["d"], ["a"], ["c"]])
  }

  @Test func itemInsertsIntoAnInsertedSectionAreIgnored() {
    // §1.5 #11: legal; the item insert is covered by the section insert.
    let update = BatchUpdate.with {
      $0.sectionInserts = [1]
      $0.itemInserts = [path(1, 0)]
    }
    #expect(applied(update, to: [["a"]], newCounts: [1, 2]) == [["a"], ["new1.0", "new1.1"]])
  }

  @Test func itemDeletesInADeletedSectionAreIgnored() {
    // §1.5 #12.
    let update = BatchUpdate.with {
      $0.sectionDeletes = [0]
      $0.itemDeletes = [path(0, 1)]
    }
    #expect(applied(update, to: [["a", "b"], ["c"]], newCounts: [1]) == [["c"]])
  }

  @Test func identicalMovesAreDeduplicated() {
    // §1.5 #9.
    let update = BatchUpdate.with {
      $0.itemMoves = [
        .init(from: path(0, 0), to: path(0, 1)), .init(from: path(0, 0), to: path(0, 1)),
      ]
    }
    #expect(applied(update, to: [["a", "b"]], newCounts: [2]) == [["b", "a"]])
  }

  @Test func duplicateDeletesAreCoalescedOutsideStrictMode() {
    // §1.5 #10: UITableView counts a repeated delete once.
    let update = BatchUpdate.with { $0.itemDeletes = [path(0, 0), path(0, 0)] }
    #expect(applied(update, to: [["a", "b"]], newCounts: [1]) == [["b"]])
    let strict = violation(update, old: [2], new: [1], strict: true)
    #expect(strict?.rule == .duplicateOperation)
    #expect(strict?.isUIKitMessage == false)
  }

  @Test func aCollectionViewRejectsARepeatedDeleteOrInsertInEveryMode() {
    // §1.5 #10 and §6: a collection view does not coalesce repeats.
    let deletes = BatchUpdate.with { $0.itemDeletes = [path(0, 0), path(0, 0)] }
    #expect(
      violation(deletes, old: [2], new: [1], kind: .collectionView)?.rule == .duplicateOperation)
    let inserts = BatchUpdate.with { $0.itemInserts = [path(0, 1), path(0, 1)] }
    #expect(
      violation(inserts, old: [1], new: [2], kind: .collectionView)?.rule == .duplicateOperation)
    let sections = BatchUpdate.with { $0.sectionDeletes = [1, 1] }
    #expect(
      violation(sections, old: [1, 1], new: [1], kind: .collectionView)?.rule == .duplicateOperation
    )
    // A table coalesces the repeat.
    #expect(applied(inserts, to: [["a"]], newCounts: [2]) == [["a", "new0.1"]])
  }

  @Test func movesCountAsTheTableMapsSectionsAndAsTheCollectionViewNumbersThem() {
    // §1.4: old sections A, B, C; A is deleted, so B and C become 0 and 1. A move from [1, 0]
    // (in B) to [1, 0] (now C) leaves B for the table, which maps B to 0; the collection view
    // compares the raw indices, 1 and 1, and counts no move.
    let update = BatchUpdate.with {
      $0.sectionDeletes = [0]
      $0.itemMoves = [.init(from: path(1, 0), to: path(1, 0))]
    }
    #expect(
      applied(update, to: [["a0", "a1"], ["b0", "b1"], ["c0", "c1"]], newCounts: [1, 3])
        == [["b1"], ["b0", "c0", "c1"]])
    let rejected = violation(update, old: [2, 2, 2], new: [1, 3], kind: .collectionView)
    #expect(rejected?.rule == .invalidNumberOfItems)
    #expect(
      rejected?.message.contains("after updates = { 2 sections with item counts: [1, 3] }") == true)
  }

  @Test func planQueriesAgreeWithApply() {
    let update = BatchUpdate.with {
      $0.itemDeletes = [path(0, 1)]
      $0.itemInserts = [path(1, 0)]
      $0.itemMoves = [.init(from: path(0, 3), to: path(1, 3))]
    }
    let plan = try? BatchUpdateValidator(kind: .tableView)
      .validate(update, oldCounts: [4, 2], newCounts: [2, 4])
    #expect(plan?.sourceIndexPath(forNew: path(0, 1)) == path(0, 2))
    #expect(plan?.sourceIndexPath(forNew: path(1, 0)) == nil)
    #expect(plan?.sourceIndexPath(forNew: path(1, 2)) == path(1, 1))
    #expect(plan?.sourceIndexPath(forNew: path(1, 3)) == path(0, 3))
    #expect(plan?.destinationIndexPath(forOld: path(0, 1)) == nil)
    #expect(plan?.destinationIndexPath(forOld: path(0, 2)) == path(0, 1))
    #expect(plan?.destinationIndexPath(forOld: path(1, 0)) == path(1, 1))
    #expect(plan?.destinationIndexPath(forOld: path(0, 3)) == path(1, 3))
  }
}

@Suite("Batch updates: illegal batches are rejected with UIKit's message (§1.4, §1.5)")
struct IllegalBatchTests {
  @Test func invalidNumberOfRows() {
    let update = BatchUpdate.with { $0.itemInserts = [path(0, 0)] }
    let found = violation(update, old: [3], new: [3])
    #expect(found?.rule == .invalidNumberOfItems)
    #expect(
      found?.message
        == "Invalid batch updates detected: the number of sections and/or rows returned by the "
        + "data source before and after performing the batch updates are inconsistent with the "
        + "updates.\nData source before updates = { 1 section with row counts: [3] }\nData source "
        + "after updates = { 1 section with row counts: [3] }\nUpdates = [\n\tInsert row (0 - 0)\n"
        + "]\nTable view: <HeadlessTableView>")
  }

  @Test func invalidNumberOfItemsInACollectionView() {
    let found = violation(BatchUpdate(), old: [3], new: [6], kind: .collectionView)
    #expect(
      found?.message
        == "Invalid batch updates detected: the number of sections and/or items returned by the "
        + "data source before and after performing the batch updates are inconsistent with the "
        + "updates.\nData source before updates = { 1 section with item counts: [3] }\nData "
        + "source after updates = { 1 section with item counts: [6] }\nUpdates = [\n]\n"
        + "Collection view: <HeadlessCollectionView>")
  }

  @Test func invalidNumberOfSections() {
    let update = BatchUpdate.with {
      $0.sectionDeletes = [1]
      $0.itemMoves = [.init(from: path(0, 0), to: path(0, 1))]
    }
    let found = violation(update, old: [2, 1], new: [2, 1])
    #expect(found?.rule == .invalidNumberOfSections)
    #expect(
      found?.message.hasSuffix(
        "\nData source before updates = { 2 sections with row counts: [2, 1] }\nData source after "
          + "updates = { 2 sections with row counts: [2, 1] }\nUpdates = [\n\tDelete section 1,\n"
          + "\tMove row (0 - 0) to (0 - 1)\n]\nTable view: <HeadlessTableView>") == true)
  }

  @Test func indexesOutOfRange() {
    // §1.5 #1, one message per coordinate system.
    #expect(
      violation(.with { $0.sectionDeletes = [2] }, old: [1, 1], new: [1])?.message
        == "attempt to delete section 2, but there are only 2 sections before the update")
    #expect(
      violation(.with { $0.itemDeletes = [path(0, 5)] }, old: [3], new: [2])?.message
        == "attempt to delete row 5 from section 0 which only contains 3 rows before the update")
    #expect(
      violation(.with { $0.itemDeletes = [path(4, 0)] }, old: [3], new: [2])?.message
        == "attempt to delete row 0 from section 4, but there are only 1 sections before the update"
    )
    #expect(
      violation(.with { $0.sectionInserts = [3] }, old: [1], new: [1, 1])?.message
        == "attempt to insert section 3 but there are only 2 sections after the update")
    #expect(
      violation(.with { $0.itemInserts = [path(0, 9)] }, old: [6], new: [7], kind: .collectionView)?
        .message
        == "attempt to insert item 9 into section 0, but there are only 7 items in section 0 after the update"
    )
    #expect(
      violation(.with { $0.itemInserts = [path(2, 0)] }, old: [1], new: [2])?.message
        == "attempt to insert row 0 into section 2, but there are only 1 sections after the update")
    #expect(
      violation(.with { $0.sectionMoves = [.init(from: 3, to: 0)] }, old: [1], new: [1])?.message
        == "attempt to move section 3, but there are only 1 sections before the update")
    #expect(
      violation(.with { $0.sectionMoves = [.init(from: 0, to: 4)] }, old: [1], new: [1])?.message
        == "attempt to to move section 0 to section 4, but there are only 1 sections after the update"
    )
    #expect(
      violation(
        .with { $0.itemMoves = [.init(from: path(2, 0), to: path(0, 0))] }, old: [1], new: [1])?
        .message
        == "attempt to move index path (\(printed(2, 0))) from a section that does not exist - there are only 1 sections before the update"
    )
    #expect(
      violation(
        .with { $0.itemMoves = [.init(from: path(0, 3), to: path(0, 0))] }, old: [1], new: [1])?
        .message
        == "attempt to move index path (\(printed(0, 3))) that does not exist - there are only 1 rows in section 0 before the update"
    )
    #expect(
      violation(
        .with { $0.itemMoves = [.init(from: path(0, 0), to: path(5, 0))] }, old: [1], new: [1])?
        .message
        == "attempt to move index path (\(printed(0, 0))) to index path (\(printed(5, 0))) in section that does not exist - there are only 1 sections after the update"
    )
    #expect(
      violation(
        .with { $0.itemMoves = [.init(from: path(0, 0), to: path(0, 7))] }, old: [1], new: [1])?
        .message
        == "attempt to move index path (\(printed(0, 0))) to index path (\(printed(0, 7))) that does not exist - there are only 1 rows in section 0 after the update"
    )
  }

  @Test func deleteAndReloadTheSamePath() {
    // §1.5 #2.
    let update = BatchUpdate.with {
      $0.itemDeletes = [path(0, 1)]
      $0.itemReloads = [path(0, 1)]
    }
    let found = violation(update, old: [3], new: [2])
    #expect(found?.rule == .deleteAndReloadSamePath)
    #expect(found?.message == "attempt to delete and reload the same index path (\(printed(0, 1)))")
  }

  @Test func reloadOfAMovedItem() {
    // §1.5 #3: the reload's delete meets the move's source.
    let update = BatchUpdate.with {
      $0.itemReloads = [path(0, 0)]
      $0.itemMoves = [.init(from: path(0, 0), to: path(0, 2))]
    }
    let found = violation(update, old: [3], new: [3])
    #expect(found?.rule == .deleteAndMoveFromSameSource)
    #expect(
      found?.message
        == "attempt to perform a delete and a move from the same index path (\(printed(0, 0)))")
  }

  @Test func reloadWhoseInsertLandsOnAMoveDestination() {
    // §1.5 #4: reload of [0, 1] decomposes to insert [0, 1], where the move also lands.
    let update = BatchUpdate.with {
      $0.itemReloads = [path(0, 1)]
      $0.itemMoves = [.init(from: path(0, 2), to: path(0, 1))]
    }
    let found = violation(update, old: [3], new: [3])
    #expect(found?.rule == .insertAndMoveToSameDestination)
    #expect(
      found?.message
        == "attempt to perform an insert and a move to the same index path (\(printed(0, 1)))")
  }

  @Test func moveAndDeleteTheSameSource() {
    // §1.5 #5, index path and section forms.
    let items = violation(
      .with {
        $0.itemDeletes = [path(0, 0)]
        $0.itemMoves = [.init(from: path(0, 0), to: path(0, 1))]
      }, old: [3], new: [2])
    #expect(
      items?.message
        == "attempt to perform a delete and a move from the same index path (\(printed(0, 0)))")
    let sections = violation(
      .with {
        $0.sectionDeletes = [1]
        $0.sectionMoves = [.init(from: 1, to: 0)]
      }, old: [1, 1], new: [1])
    #expect(sections?.message == "attempt to perform a delete and a move from the same section (1)")
  }

  @Test func moveAndInsertTheSameDestination() {
    // §1.5 #6.
    let items = violation(
      .with {
        $0.itemInserts = [path(0, 1)]
        $0.itemMoves = [.init(from: path(0, 0), to: path(0, 1))]
      }, old: [2], new: [3])
    #expect(
      items?.message
        == "attempt to perform an insert and a move to the same index path (\(printed(0, 1)))")
    let sections = violation(
      .with {
        $0.sectionInserts = [0]
        $0.sectionMoves = [.init(from: 1, to: 0)]
      }, old: [1, 1], new: [1, 1, 1])
    #expect(sections?.message == "attempt to perform an insert and a move to the same section (0)")
  }

  @Test func oneSourceToTwoDestinations() {
    // §1.5 #7, with each view's noun.
    let update = BatchUpdate.with {
      $0.itemMoves = [
        .init(from: path(0, 0), to: path(0, 1)), .init(from: path(0, 0), to: path(0, 2)),
      ]
    }
    #expect(
      violation(update, old: [3], new: [3])?.message
        == "attempt to move row at index path \(printed(0, 0)) to both \(printed(0, 1)) and \(printed(0, 2))"
    )
    #expect(
      violation(update, old: [3], new: [3], kind: .collectionView)?.message
        == "attempt to move item at index path \(printed(0, 0)) to both \(printed(0, 1)) and \(printed(0, 2))"
    )
    let sections = violation(
      .with { $0.sectionMoves = [.init(from: 0, to: 1), .init(from: 0, to: 2)] }, old: [1, 1, 1],
      new: [1, 1, 1])
    #expect(sections?.message == "attempt to move section 0 to both section 1 and section 2")
  }

  @Test func twoSourcesToOneDestination() {
    // §1.5 #8.
    let update = BatchUpdate.with {
      $0.itemMoves = [
        .init(from: path(0, 0), to: path(0, 2)), .init(from: path(0, 1), to: path(0, 2)),
      ]
    }
    #expect(
      violation(update, old: [3], new: [3])?.message
        == "attempt to move both row at index path \(printed(0, 0)) and \(printed(0, 1)) to \(printed(0, 2))"
    )
    let sections = violation(
      .with { $0.sectionMoves = [.init(from: 0, to: 2), .init(from: 1, to: 2)] }, old: [1, 1, 1],
      new: [1, 1, 1])
    #expect(sections?.message == "attempt to move both section 0 and section 1 to section 2")
  }

  @Test func moveOutOfADeletedSection() {
    // §1.5 #13: UICollectionView's message, and a table's with "a row".
    let update = BatchUpdate.with {
      $0.sectionDeletes = [0]
      $0.itemMoves = [.init(from: path(0, 0), to: path(0, 0))]
    }
    let collection = violation(update, old: [1, 1], new: [2], kind: .collectionView)
    #expect(collection?.message == "cannot move an item from a deleted section (0)")
    #expect(collection?.isUIKitMessage == true)
    let table = violation(update, old: [1, 1], new: [2])
    #expect(table?.rule == .moveFromDeletedSection)
    #expect(table?.message == "cannot move a row from a deleted section (0)")
  }

  @Test func moveIntoAnInsertedSection() {
    // §1.5 #14.
    let update = BatchUpdate.with {
      $0.sectionInserts = [1]
      $0.itemMoves = [.init(from: path(0, 0), to: path(1, 0))]
    }
    let found = violation(update, old: [2], new: [1, 1], kind: .collectionView)
    #expect(found?.message == "cannot move an item into a newly inserted section (1)")
    // SwiftKickMobile/TLIndexPathTools#13: a table's words.
    let table = violation(update, old: [2], new: [1, 1])
    #expect(table?.message == "cannot move a row into a newly inserted section (1)")
    #expect(table?.isUIKitMessage == true)
  }

  @Test func sectionMoveWithItemChangesInsideIsStrictOnly() {
    // §1.5 #15: not asserted by UIKit, but it miscounts; strict mode rejects it.
    let update = BatchUpdate.with {
      $0.sectionMoves = [.init(from: 1, to: 0)]
      $0.itemDeletes = [path(1, 0)]
    }
    #expect(throws: Never.self) {
      try BatchUpdateValidator(kind: .tableView).validate(
        update, oldCounts: [1, 2], newCounts: [1, 1])
    }
    #expect(
      violation(update, old: [1, 2], new: [1, 1], strict: true)?.rule == .sectionMoveWithItemChanges
    )
  }

  @Test func deleteAndReloadTheSameSection() {
    // §1.5 #17.
    let update = BatchUpdate.with {
      $0.sectionDeletes = [0]
      $0.sectionReloads = [0]
    }
    #expect(violation(update, old: [1], new: [])?.rule == .deleteAndReloadSameSection)
  }
}

@Suite("Reconfigure (§2)")
struct ReconfigureValidationTests {
  @Test func reconfigureAloneIsLegalAndChangesNoCounts() {
    let plan = try? BatchUpdateValidator(kind: .tableView, strict: true)
      .validate(.with { $0.itemReconfigures = [path(0, 1)] }, oldCounts: [3], newCounts: [3])
    #expect(plan?.reconfigured == [path(0, 1)])
  }

  @Test func reconfigureInAStructuralBatchIsStrictOnly() {
    let update = BatchUpdate.with {
      $0.itemReconfigures = [path(0, 0)]
      $0.itemInserts = [path(0, 3)]
    }
    #expect(
      violation(update, old: [3], new: [4], strict: true)?.rule == .reconfigureInStructuralBatch)
    #expect(throws: Never.self) {
      try BatchUpdateValidator(kind: .tableView).validate(update, oldCounts: [3], newCounts: [4])
    }
  }

  @Test func reconfigureOfADeletedRow() {
    let update = BatchUpdate.with {
      $0.itemReconfigures = [path(0, 0)]
      $0.itemDeletes = [path(0, 0)]
    }
    #expect(violation(update, old: [3], new: [2])?.rule == .reconfigureOfChangedPath)
  }

  @Test func reconfigureOutOfRange() {
    #expect(
      violation(.with { $0.itemReconfigures = [path(0, 3)] }, old: [3], new: [3])?.rule
        == .indexOutOfRange)
  }
}

/// The validator scans the few paths most batches name and hashes many: both must find the same
/// conflicts, so each case runs below and above the point where it switches.
@Suite("Batch updates: small and large batches are judged alike")
struct BatchSizeTests {
  /// Moves that reverse the first `count` rows of a section of 100.
  func reversal(_ count: Int) -> [BatchUpdate.ItemMove] {
    (0..<count).map { .init(from: path(0, $0), to: path(0, count - 1 - $0)) }
  }

  @Test(arguments: [4, 40])
  func manyMovesApplyAndRepeatsAreDropped(count: Int) throws {
    let model = [(0..<100).map { "r\($0)" }]
    let moves = reversal(count)
    let update = BatchUpdate.with { $0.itemMoves = moves + [moves[0]] }
    let expected = [Array(model[0][0..<count].reversed()) + model[0][count...]]
    #expect(applied(update, to: model, newCounts: [100]) == expected)
    let plan = try BatchUpdateValidator(kind: .tableView)
      .validate(update, oldCounts: [100], newCounts: [100])
    for move in moves {
      #expect(plan.destinationIndexPath(forOld: move.from) == move.to)
      #expect(plan.sourceIndexPath(forNew: move.to) == move.from)
    }
  }

  @Test(arguments: [4, 40])
  func aRowMovedTwiceIsCaughtAtEverySize(count: Int) {
    // The conflicts meet the first move, the one a table that grew past scanning keeps longest.
    let moves = reversal(count)
    let twice = BatchUpdate.with {
      $0.itemMoves = moves + [.init(from: path(0, 0), to: path(0, count))]
    }
    #expect(violation(twice, old: [100], new: [100])?.rule == .moveToTwoDestinations)
    let intoOne = BatchUpdate.with {
      $0.itemMoves = moves + [.init(from: path(0, count), to: path(0, count - 1))]
    }
    #expect(violation(intoOne, old: [100], new: [100])?.rule == .moveTwoSourcesToOneDestination)
  }

  @Test(arguments: [4, 40])
  func deletesInsertsAndReconfiguresMeetingMovesAreCaughtAtEverySize(count: Int) {
    let moves = reversal(count)
    let deleted = BatchUpdate.with {
      $0.itemMoves = moves
      $0.itemDeletes = [path(0, count - 1)]
    }
    #expect(violation(deleted, old: [100], new: [99])?.rule == .deleteAndMoveFromSameSource)
    let inserted = BatchUpdate.with {
      $0.itemMoves = moves
      $0.itemInserts = [path(0, count - 1)]
    }
    #expect(violation(inserted, old: [100], new: [101])?.rule == .insertAndMoveToSameDestination)
    let reconfigured = BatchUpdate.with {
      $0.itemDeletes = (0..<count).map { path(0, 2 * $0) }
      $0.itemReconfigures = [path(0, 2 * (count - 1))]
    }
    #expect(
      violation(reconfigured, old: [100], new: [100 - count])?.rule == .reconfigureOfChangedPath)
  }
}
