import BinderyDiff
import BinderyTesting
import Testing

@Suite("Sectioned lists")
struct SectionedDiffTests {
  @Test func sectionInsert() {
    let changeset = diffAndReplay(
      sectioned([(1, [1]), (2, [2])]), sectioned([(1, [1]), (3, [5, 6]), (2, [2])]))
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].sectionInserts == [1])
    #expect(changeset.counts.itemInserts == 0)
  }

  @Test func sectionDelete() {
    let changeset = diffAndReplay(
      sectioned([(1, [1]), (2, [2, 3]), (3, [])]), sectioned([(1, [1]), (3, [])]))
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].sectionDeletes == [1])
    #expect(changeset.counts.itemDeletes == 0)
  }

  @Test func sectionMoveIsMinimal() {
    let changeset = diffAndReplay(
      sectioned([(1, [1]), (2, [2]), (3, [3]), (4, [4])]),
      sectioned([(4, [4]), (1, [1]), (2, [2]), (3, [3])]))
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].sectionMoves == [SectionMove(from: 3, to: 0)])
  }

  @Test func sectionTitleChangeIsASectionReconfigure() {
    let changeset = diffAndReplay(
      sectioned([(1, [1]), (2, [2])]), sectioned([(1, [1]), (2, [2])], titles: [2: 5]))
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].sectionReconfigures == [1])
    #expect(!changeset.stages[0].isStructural)
  }

  /// Reconfigured sections are in a stage of their own, after the items' reconfigures, so that
  /// a loop that reloads them (DifferenceKit's) reloads nothing beside them; sections without
  /// items are named apart, as no collection view is known to reload one safely. The replay
  /// reloads `sectionReconfigures` and validates it in strict mode for both views.
  @Test func reconfiguredSectionsAreReloadableAloneAndEmptyOnesApart() {
    let old = sectioned([(1, [1]), (2, []), (3, [3])])
    let new = sectioned([(1, [1]), (2, []), (3, [3])], titles: [1: 7, 2: 8], content: [1: 4])
    let changeset = diffAndReplay(old, new)
    #expect(changeset.stages.count == 2)
    #expect(changeset.stages[0].itemReconfigures == [ItemPosition(section: 0, item: 0)])
    #expect(changeset.stages[0].sectionReconfigures.isEmpty)
    #expect(changeset.stages[1].sectionReconfigures == [0])
    #expect(changeset.stages[1].emptySectionReconfigures == [1])
    #expect(changeset.stages[1].itemReconfigures.isEmpty)
    #expect(changeset.stages[1].snapshot == new)
  }

  @Test func sectionChangesGetTheirOwnStageWhenAMoveWouldKeepItsRawSectionIndex() {
    // Section 9 is inserted at 0 and section 2 is deleted, so section 1 goes from index 0 to 1.
    // Item 20 moves from section 2 (index 1 before) to section 1 (index 1 after): a collection
    // view, which counts moves between sections by raw index, would miss it in one batch.
    let old = sectioned([(1, [10, 11]), (2, [20, 21])])
    let new = sectioned([(9, [90]), (1, [10, 20, 11])])
    let changeset = diffAndReplay(old, new)
    #expect(changeset.stages.map(\.sectionInserts) == [[0], [], []])
    #expect(
      changeset.stages[1].itemMoves == [
        ItemMove(from: ItemPosition(section: 2, item: 0), to: ItemPosition(section: 1, item: 1))
      ])
    #expect(changeset.stages[2].sectionDeletes == [2])
  }

  @Test func itemsMoveBetweenSections() {
    let old = sectioned([(1, [1, 2, 3]), (2, [4, 5])])
    let new = sectioned([(1, [1, 3]), (2, [4, 2, 5])])
    let changeset = diffAndReplay(old, new)
    #expect(changeset.stages.count == 1)
    #expect(
      changeset.stages[0].itemMoves == [
        ItemMove(from: ItemPosition(section: 0, item: 1), to: ItemPosition(section: 1, item: 1))
      ])
    #expect(changeset.operationCount == 1)
  }

  @Test func movedSectionWhoseItemsChange() {
    // Section 2 moves to the front while its items are deleted, inserted, reordered and changed.
    let old = sectioned([(1, [1, 2]), (2, [3, 4, 5])])
    let new = sectioned([(2, [5, 3, 6]), (1, [1, 2])], content: [3: 1])
    let changeset = diffAndReplay(old, new)
    #expect(changeset.counts.sectionMoves == 1)
    #expect(changeset.counts.itemReconfigures == 1)
    #expect(changeset.counts.itemDeletes == 1 && changeset.counts.itemInserts == 1)
    // UIKit miscounts a section move in the same batch as item changes inside it (§1.5 #15):
    // the section moves in a later stage of its own.
    for stage in changeset.stages where !stage.sectionMoves.isEmpty {
      #expect(stage.itemDeletes.isEmpty && stage.itemInserts.isEmpty && stage.itemMoves.isEmpty)
    }
  }

  @Test func itemSurvivesItsDeletedSection() {
    let old = sectioned([(1, [1, 2]), (2, [3])])
    let new = sectioned([(2, [3, 2])])
    let changeset = diffAndReplay(old, new)
    // Item 2 keeps its identity: moved, not deleted and inserted.
    #expect(changeset.counts.itemMoves == 1)
    #expect(changeset.counts.itemInserts == 0)
  }

  @Test func itemMovesIntoANewSection() {
    let old = sectioned([(1, [1, 2])])
    let new = sectioned([(1, [1]), (9, [2, 7])])
    let changeset = diffAndReplay(old, new)
    #expect(changeset.counts.itemMoves == 1)
    #expect(changeset.counts.itemInserts == 1)  // 7, into a section that exists by then
    #expect(changeset.stages.first?.sectionInserts == [1])
    #expect(changeset.stages.first?.snapshot.numberOfItems(inSection: 1) == 0)
  }
}
