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
