import Foundation
import HeadlessUIKit
import Testing

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
