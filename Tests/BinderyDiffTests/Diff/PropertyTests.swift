import BinderyDiff
import BinderyTesting
import Foundation
import Testing

/// Random snapshot pairs through the diff and HeadlessUIKit's validator.
///
/// The seed is random per run and printed with any failure; set `BINDERY_SEED` to replay one.
@Suite("Diff properties")
struct PropertyTests {
  static let pairs = 10_000

  /// Long and CPU-bound: it yields its thread now and then, so that the tests running beside it
  /// (on a two-core machine, the cooperative pool has two threads) are not held up for seconds.
  @Test func randomPairsReplayExactlyAndMoveMinimally() async {
    let seed =
      ProcessInfo.processInfo.environment["BINDERY_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    var old = SnapshotGenerator.snapshot(using: &random)
    for pair in 0..<Self.pairs {
      if pair % 50 == 0 { await Task.yield() }
      let new = SnapshotGenerator.successor(of: old, using: &random)
      let context =
        "BINDERY_SEED=\(seed), pair \(pair)\nold: \(old.listSections)\nnew: \(new.listSections)"
      let changeset = StagedChangeset(from: old, to: new)
      new._checkInvariants()
      for stage in changeset.stages { stage.snapshot._checkInvariants() }
      if let failure = ChangesetReplay.check(changeset, from: old, to: new) {
        Issue.record("\(failure)\n\(context)")
        return
      }
      let counts = changeset.counts
      let minimalItemMoves = MinimalMoves.items(from: old, to: new)
      let minimalSectionMoves = MinimalMoves.sections(from: old, to: new)
      guard counts.itemMoves == minimalItemMoves, counts.sectionMoves == minimalSectionMoves else {
        let found = "moves \(counts.itemMoves)/\(counts.sectionMoves)"
        let minimal = "minimal \(minimalItemMoves)/\(minimalSectionMoves)"
        Issue.record("\(found), \(minimal)\n\(context)")
        return
      }
      let changedContent = new.listSections.flatMap(\.items).filter { item in
        old.item(withID: item.id).map { $0 != item } ?? false
      }.count
      guard counts.itemReconfigures == changedContent else {
        Issue.record(
          "\(counts.itemReconfigures) reconfigures for \(changedContent) changes\n\(context)")
        return
      }
      // The last stage shows the new snapshot itself; a stage is never empty.
      guard changeset.stages.allSatisfy({ $0.operationCount > 0 }),
        changeset.isEmpty == (old == new)
      else {
        Issue.record("empty stage or wrong emptiness\n\(context)")
        return
      }
      old = new
    }
  }

  @Test func flatListsNeedAtMostTwoStages() async {
    var random = SeededGenerator(seed: UInt64.random(in: 0...UInt64.max))
    for step in 0..<2_000 {
      if step % 50 == 0 { await Task.yield() }
      let count = Int.random(in: 0..<40, using: &random)
      let old = flat(Array(0..<count).shuffled(using: &random))
      let keep = old.items.map(\.id).filter { _ in Bool.random(using: &random) }
      let new = flat(
        (keep + Array(100..<(100 + Int.random(in: 0..<5, using: &random)))).shuffled(
          using: &random),
        content: Dictionary(
          uniqueKeysWithValues: keep.map { ($0, Int.random(in: 0..<2, using: &random)) }))
      let changeset = diffAndReplay(old, new)
      #expect(changeset.stages.count <= 2)
      #expect(changeset.stages.filter(\.isStructural).count <= 1)
    }
  }
}
