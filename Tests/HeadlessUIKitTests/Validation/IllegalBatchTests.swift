import Foundation
import HeadlessUIKit
import Testing

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
