import BinderyDiff
import BinderyTesting
import Testing

@Suite("Snapshots")
struct SnapshotTests {
  @Test func lookups() throws {
    let snapshot = try TestSnapshot([
      ListSection(TestSection(id: 7), items: [TestItem(id: 1), TestItem(id: 2)]),
      ListSection(TestSection(id: 8), items: [TestItem(id: 3, content: 4)]),
    ])
    #expect(snapshot.numberOfSections == 2)
    #expect(snapshot.numberOfItems == 3)
    #expect(snapshot.item(at: ItemPosition(section: 1, item: 0)) == TestItem(id: 3, content: 4))
    #expect(snapshot.item(at: ItemPosition(section: 1, item: 1)) == nil)
    #expect(snapshot.item(at: ItemPosition(section: -1, item: 0)) == nil)
    #expect(snapshot.position(of: 2) == ItemPosition(section: 0, item: 1))
    #expect(snapshot.position(of: 99) == nil)
    #expect(snapshot.sectionIndex(of: 8) == 1)
    #expect(snapshot.numberOfItems(inSection: 5) == 0)
    #expect(snapshot.item(withID: 3)?.content == 4)
  }

  @Test func lookupsOnAnAssembledSnapshot() {
    // Stage snapshots are assembled without validation; their index is built on first use.
    let changeset = StagedChangeset(
      from: flat([1, 2, 3]), to: flat([3, 1, 2], content: [3: 1]))
    let first = changeset.stages[0].snapshot
    #expect(first.position(of: 3) == ItemPosition(section: 0, item: 2))
    #expect(first.item(withID: 3)?.content == 1)
  }

  @Test func duplicateItemIDsThrowNamingEveryDuplicate() {
    #expect(
      throws: SnapshotError<Int, Int>(
        duplicateItemIDs: [1, 2],
        droppedItems: [
          ItemPosition(section: 0, item: 2), ItemPosition(section: 1, item: 0),
          ItemPosition(section: 1, item: 1),
        ])
    ) {
      try TestSnapshot([
        ListSection(TestSection(id: 1), items: [1, 2, 1].map { TestItem(id: $0) }),
        ListSection(TestSection(id: 2), items: [2, 1, 3].map { TestItem(id: $0) }),
      ])
    }
  }

  @Test func duplicateSectionIDsThrow() {
    do {
      _ = try TestSnapshot([
        ListSection(TestSection(id: 1), items: [TestItem(id: 1)]),
        ListSection(TestSection(id: 1), items: [TestItem(id: 2)]),
      ])
      Issue.record("expected a throw")
    } catch {
      #expect(error.duplicateSectionIDs == [1])
      #expect(error.droppedSections == [1])
      #expect(error.droppedItems == [ItemPosition(section: 1, item: 0)])
      #expect(error.description.contains("duplicate section ids [1]"))
    }
  }

  @Test func lenientKeepsTheFirstOccurrenceAndReports() {
    let (snapshot, dropped) = ListSnapshot.lenient(
      items: [
        TestItem(id: 1, content: 1), TestItem(id: 2), TestItem(id: 1, content: 2), TestItem(id: 3),
      ])
    #expect(snapshot.items == [TestItem(id: 1, content: 1), TestItem(id: 2), TestItem(id: 3)])
    #expect(snapshot.position(of: 3) == ItemPosition(section: 0, item: 2))
    #expect(dropped?.duplicateItemIDs == [1])
    #expect(dropped?.droppedItems == [ItemPosition(section: 0, item: 2)])
  }

  @Test func lenientDropsARepeatedSectionWithItsItems() {
    let (snapshot, dropped) = TestSnapshot.lenient([
      ListSection(TestSection(id: 1), items: [TestItem(id: 1)]),
      ListSection(TestSection(id: 1), items: [TestItem(id: 2)]),
      ListSection(TestSection(id: 2), items: [TestItem(id: 3)]),
    ])
    #expect(snapshot.sections.map(\.id) == [1, 2])
    #expect(snapshot.position(of: 3) == ItemPosition(section: 1, item: 0))
    #expect(snapshot.position(of: 2) == nil)
    #expect(dropped?.droppedSections == [1])
  }

  @Test(arguments: [
    [] as [Int], [0], [3], [0, 0, 0], [0, 2, 0, 0, 3, 0], [1, 1, 1, 1], [5, 0, 0, 0, 0, 0, 0, 1],
  ])
  func flatIndicesAndPositionsCountEveryItemOnceAcrossEmptySections(counts: [Int]) {
    var next = 0
    let snapshot = sectioned(
      counts.enumerated().map { section, count in
        defer { next += count }
        return (section, Array(next..<(next + count)))
      })
    // Item ids count up from 0 in display order: each item's id is its flat index.
    #expect(snapshot.numberOfItems == next)
    #expect(counts.indices.allSatisfy { snapshot.numberOfItems(inSection: $0) == counts[$0] })
    #expect(snapshot.numberOfItems(inSection: counts.count) == 0)
    #expect(snapshot.numberOfItems(inSection: -1) == 0)
    for id in 0..<next {
      let position = snapshot.position(of: id)
      #expect(position.flatMap { snapshot.flatIndex(of: $0) } == id)
      #expect(snapshot.position(atFlatIndex: id) == position)
    }
    #expect(snapshot.position(atFlatIndex: next) == nil)
    #expect(snapshot.position(atFlatIndex: -1) == nil)
    for (section, count) in counts.enumerated() {
      #expect(snapshot.flatIndex(of: ItemPosition(section: section, item: count)) == nil)
      #expect(snapshot.flatIndex(of: ItemPosition(section: section, item: -1)) == nil)
    }
    #expect(snapshot.flatIndex(of: ItemPosition(section: counts.count, item: 0)) == nil)
    #expect(snapshot.flatIndex(of: ItemPosition(section: -1, item: 0)) == nil)
    snapshot._checkInvariants()
  }

  @Test func cleanInputReportsNothing() {
    let (_, dropped) = ListSnapshot.lenient(items: [TestItem(id: 1), TestItem(id: 2)])
    #expect(dropped == nil)
  }
}
