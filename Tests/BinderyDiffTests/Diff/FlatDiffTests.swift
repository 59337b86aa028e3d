import BinderyDiff
import BinderyTesting
import Testing

@Suite("Flat lists")
struct FlatDiffTests {
  @Test func equalSnapshotsNeedNothing() {
    let changeset = diffAndReplay(flat([1, 2, 3]), flat([1, 2, 3]))
    #expect(changeset.isEmpty)
  }

  @Test func emptyToItemsAndBack() {
    let fill = diffAndReplay(flat([]), flat([1, 2, 3]))
    #expect(fill.stages.count == 1)
    #expect(fill.stages[0].itemInserts == (0..<3).map { ItemPosition(section: 0, item: $0) })
    let drain = diffAndReplay(flat([1, 2, 3]), flat([]))
    #expect(drain.stages[0].itemDeletes == (0..<3).map { ItemPosition(section: 0, item: $0) })
    #expect(drain.counts.itemInserts == 0)
  }

  @Test func noSectionsToAFlatList() {
    let changeset = diffAndReplay(ListSnapshot<TestItem>(), flat([1, 2]))
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].sectionInserts == [0])
    #expect(changeset.stages[0].itemInserts.isEmpty)  // covered by the section insert
  }

  /// The matching pass finds most items by comparing ids in order after the last match, and
  /// probes the id table only when that fails: gaps longer than its look-ahead, blocks moved
  /// together in either direction, and inserts between them must still come out exact and with
  /// the fewest moves.
  @Test func gapsBlocksAndInsertsAroundTheInOrderMatching() {
    let old = Array(0..<200)
    var new = Array(old)
    new.removeSubrange(20..<50)  // a gap far longer than the look-ahead
    let block = Array(new[100..<110])
    new.removeSubrange(100..<110)
    new.insert(contentsOf: block, at: 5)  // a block moved up, ahead of its old place
    let late = Array(new[10..<14])
    new.removeSubrange(10..<14)
    new.insert(contentsOf: late, at: new.count - 3)  // a block moved down
    new.insert(1_000, at: 60)
    new.insert(contentsOf: [1_001, 1_002, 1_003, 1_004, 1_005, 1_006], at: 70)
    new.remove(at: 90)
    let changeset = diffAndReplay(flat(old, content: [7: 1, 150: 1]), flat(new))
    #expect(changeset.counts.itemInserts == 7)
    #expect(changeset.counts.itemDeletes == 31)
    #expect(changeset.counts.itemMoves == MinimalMoves.items(from: flat(old), to: flat(new)))
    #expect(changeset.counts.itemReconfigures == 2, "7 and 150 changed")
  }

  @Test func append() {
    let changeset = diffAndReplay(flat([1, 2, 3]), flat([1, 2, 3, 4]))
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].itemInserts == [ItemPosition(section: 0, item: 3)])
    #expect(changeset.operationCount == 1)
  }

  @Test func prepend() {
    let changeset = diffAndReplay(flat([1, 2, 3]), flat([0, 1, 2, 3]))
    #expect(changeset.stages[0].itemInserts == [ItemPosition(section: 0, item: 0)])
    #expect(changeset.operationCount == 1)
  }

  @Test func removeOne() {
    let changeset = diffAndReplay(flat([1, 2, 3, 4]), flat([1, 2, 4]))
    #expect(changeset.stages[0].itemDeletes == [ItemPosition(section: 0, item: 2)])
    #expect(changeset.operationCount == 1)
  }

  @Test func swapTwoIsOneMove() {
    let changeset = diffAndReplay(flat([1, 2, 3, 4]), flat([1, 3, 2, 4]))
    #expect(changeset.counts.itemMoves == 1)
    #expect(changeset.counts.itemDeletes == 0 && changeset.counts.itemInserts == 0)
  }

  @Test func swapEndsIsTwoMoves() {
    let changeset = diffAndReplay(flat([1, 2, 3, 4, 5]), flat([5, 2, 3, 4, 1]))
    #expect(changeset.counts.itemMoves == 2)
  }

  @Test func reverseKeepsOneItem() {
    let ids = Array(0..<20)
    let changeset = diffAndReplay(flat(ids), flat(ids.reversed()))
    #expect(changeset.counts.itemMoves == 19)
    #expect(changeset.stages.count == 1)
  }

  @Test func fullShuffleMovesExactlyTheMinimum() {
    var random = SeededGenerator(seed: 42)
    let ids = Array(0..<500)
    let old = flat(ids)
    let new = flat(ids.shuffled(using: &random))
    let changeset = diffAndReplay(old, new)
    #expect(changeset.counts.itemMoves == MinimalMoves.items(from: old, to: new))
    #expect(changeset.counts.itemDeletes == 0 && changeset.counts.itemInserts == 0)
  }

  @Test func contentOnlyChangeIsAReconfigure() {
    let changeset = diffAndReplay(flat([1, 2, 3]), flat([1, 2, 3], content: [2: 7]))
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].itemReconfigures == [ItemPosition(section: 0, item: 1)])
    #expect(!changeset.stages[0].isStructural)
    #expect(changeset.stages[0].snapshot.items[1].content == 7)
  }

  @Test func moveAndContentChangeIsMovedAndReconfigured() {
    let old = flat([1, 2, 3, 4])
    let new = flat([4, 1, 2, 3], content: [4: 9])
    let changeset = diffAndReplay(old, new)
    #expect(changeset.stages.count == 2)
    // First stage: content, in the old coordinates, nothing structural beside it.
    #expect(changeset.stages[0].itemReconfigures == [ItemPosition(section: 0, item: 3)])
    #expect(!changeset.stages[0].isStructural)
    // Second stage: the move; never a delete and an insert.
    #expect(
      changeset.stages[1].itemMoves == [
        ItemMove(from: ItemPosition(section: 0, item: 3), to: ItemPosition(section: 0, item: 0))
      ])
    #expect(changeset.counts.itemDeletes == 0 && changeset.counts.itemInserts == 0)
  }

  @Test func mixedChangeNeedsAtMostTwoStages() {
    let old = flat(Array(0..<10))
    let new = flat([11, 0, 2, 3, 9, 4, 5, 6, 10, 8], content: [3: 1, 9: 1])
    let changeset = diffAndReplay(old, new)
    #expect(changeset.stages.count == 2)
    #expect(changeset.counts.itemDeletes == 2)  // 1 and 7
    #expect(changeset.counts.itemInserts == 2)  // 11 and 10
    #expect(changeset.counts.itemReconfigures == 2)
    #expect(changeset.counts.itemMoves == MinimalMoves.items(from: old, to: new))
  }

  @Test func lastStageSharesTheNewSnapshotsIndex() {
    let new = flat([3, 1, 2])
    let changeset = StagedChangeset(from: flat([1, 2, 3]), to: new)
    #expect(changeset.stages.last?.snapshot.position(of: 3) == ItemPosition(section: 0, item: 0))
  }
}
