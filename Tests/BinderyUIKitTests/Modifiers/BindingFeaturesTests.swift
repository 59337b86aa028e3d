import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A collection section header that shows a text.
final class TitleHeader: UICollectionReusableView {
  var title: String?
  var configuredCount = 0
}

@Suite("What a list screen needs around the rows", .mainActorTurns)
@MainActor
struct BindingFeaturesTests {
  func sections(_ titles: [Int], rows: Int = 3) -> [ListSection<TestSection, TestItem>] {
    titles.enumerated().map { index, title in
      ListSection(
        TestSection(id: index, title: title),
        items: (0..<rows).map { TestItem(id: index * 100 + $0) })
    }
  }

  @Test func aChangedSectionUpdatesItsHeaderAndFooterInPlace() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      cellProvider: describeRow
    )
    .headerTitles { "Team \($0.id) · \($0.title)" }
    .footerTitles { "\($0.title) online" }
    #expect(await binding.apply(sections([0, 0])))
    let header = table.headerView(forSection: 1)
    let footer = table.footerView(forSection: 0)
    let cells = table.visibleCells
    #expect(header?.displayedText == "Team 1 · 0")
    #expect(footer?.displayedText == "0 online")
    #expect(await binding.apply(sections([5, 7])))
    #expect(table.headerView(forSection: 1) === header, "the same header view")
    #expect(header?.displayedText == "Team 1 · 7")
    #expect(footer?.displayedText == "5 online")
    #expect(table.visibleCells.count == cells.count)
    #expect(zip(table.visibleCells, cells).allSatisfy { $0 === $1 }, "no cell replaced")
    #expect(cells.allSatisfy { $0.prepareForReuseCount == 0 })
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  @Test func aChangedSectionReconfiguresItsSupplementaryViewsInPlace() async {
    let grid = makeGrid()
    (grid.collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize =
      CGSize(width: 320, height: 40)
    let subject = PassthroughSubject<[ListSection<TestSection, TestItem>], Never>()
    let binding = grid.bind(to: .sectionedPublisher(subject), cellProvider: describeItem)
      .supplementaryViews(ofKind: UICollectionView.elementKindSectionHeader, TitleHeader.self) {
        header, section, _ in
        header.title = "Team \(section.id) · \(section.title)"
        header.configuredCount += 1
      }
    subject.send(sections([0, 0]))
    #expect(await binding.waitUntilShown())
    let kind = UICollectionView.elementKindSectionHeader
    let header =
      grid.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 0))
      as? TitleHeader
    let cells = grid.visibleCells
    #expect(header?.title == "Team 0 · 0")
    subject.send(sections([3, 0]))
    #expect(await binding.waitUntilShown())
    #expect(
      grid.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 0)) === header)
    #expect(header?.title == "Team 0 · 3")
    #expect(header?.configuredCount == 2)
    #expect(header?.prepareForReuseCount == 0)
    #expect(zip(grid.visibleCells, cells).allSatisfy { $0 === $1 }, "no item replaced")
    #expect(grid.violations.isEmpty, "\(grid.violations)")
  }

  @Test func theAnimationIsTheBindingsChoiceOrNone() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .animation(.fade)
    await binding.apply(items: (0..<5).map { TestItem(id: $0) })
    await binding.apply(items: (0..<6).map { TestItem(id: $0) })
    #expect(table.lastRowAnimation == .fade)
    #expect(table.lastBatchAnimated == true)
    await binding.apply(items: (0..<7).map { TestItem(id: $0) }, animatingDifferences: false)
    #expect(table.lastBatchAnimated == false)
    #expect(table.lastRowAnimation == HeadlessTableView.RowAnimation.none)
    _ = binding.animation(.none)
    await binding.apply(items: (0..<8).map { TestItem(id: $0) })
    #expect(table.lastBatchAnimated == false)
    #expect(table.acceptedBatchCount == 3)
  }

  @Test func aSectionIndexScrollsToItsSections() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      cellProvider: describeRow
    )
    .sectionIndexTitles { $0.title == 0 ? nil : "\($0.title)" }
    await binding.apply(sections([1, 0, 3]))
    #expect(table.displayedSectionIndexTitles == ["1", "3"])
    let source = table.dataSource
    #expect(source?.tableView(table, sectionForSectionIndexTitle: "3", at: 1) == 2)
    await binding.apply(sections([1, 2, 3]))
    #expect(table.displayedSectionIndexTitles == ["1", "2", "3"], "re-read when titles change")
  }

  @Test func swipeToDeleteAsksAndTellsAndTheNextListRemovesTheRow() async {
    let table = makeTable()
    let subject = CurrentValueSubject<[TestItem], Never>((0..<5).map { TestItem(id: $0) })
    var deleted: [(TestItem, IndexPath)] = []
    let binding = table.bind(to: .publisher(subject), cellProvider: describeRow)
      .onDelete(canDelete: { $0.id != 0 }) { item, indexPath in
        deleted.append((item, indexPath))
        subject.value.removeAll { $0.id == item.id }
      }
    #expect(await binding.waitUntilShown())
    #expect(!table.userDeletesRow(at: IndexPath(row: 0, section: 0)), "row 0 may not be deleted")
    #expect(table.userDeletesRow(at: IndexPath(row: 2, section: 0)))
    #expect(deleted.map(\.0.id) == [2])
    #expect(deleted.first?.1 == IndexPath(row: 2, section: 0))
    #expect(await binding.waitUntilShown())
    #expect(binding.snapshot.items.map(\.id) == [0, 1, 3, 4])
    #expect(table.violations.isEmpty)
  }

  @Test func withoutOnDeleteNoRowIsDeleted() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    await binding.apply(items: (0..<3).map { TestItem(id: $0) })
    table.userDeletesRow(at: IndexPath(row: 1, section: 0))
    #expect(binding.snapshot.items.count == 3)
  }

  @Test func aUserMoveIsReportedAndTheNextDiffStartsFromIt() async {
    let table = makeTable()
    var source = (0..<6).map { TestItem(id: $0) }
    var moves: [(Int, IndexPath, IndexPath)] = []
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .onMove(canMove: { $0.id != 5 }) { item, from, to in
      moves.append((item.id, from, to))
      source.remove(at: from.row)
      source.insert(item, at: to.row)
    }
    await binding.apply(items: source)
    let movedCell = table.cellForRow(at: IndexPath(row: 1, section: 0))
    table.setEditing(true, animated: false)  // reorder controls show in editing mode
    #expect(
      !table.userMovesRow(at: IndexPath(row: 5, section: 0), to: IndexPath(row: 0, section: 0)))
    #expect(
      table.userMovesRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 4, section: 0)))
    #expect(moves.map(\.0) == [1])
    #expect(binding.snapshot.items.map(\.id) == [0, 2, 3, 4, 1, 5])
    // The source now matches what the user sees: nothing to animate.
    let batches = table.acceptedBatchCount
    #expect(await binding.apply(items: source))
    #expect(table.acceptedBatchCount == batches)
    #expect(table.cellForRow(at: IndexPath(row: 4, section: 0)) === movedCell)
    // A change after the move is diffed from the moved order.
    source[0].content = 1
    #expect(await binding.apply(items: source))
    #expect(
      table.visibleCells.map { $0.textLabel?.text }.prefix(5) == [
        "0:1", "2:0", "3:0", "4:0", "1:0",
      ])
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  @Test func gridsGetSectionedContentAndReorderingToo() async {
    let grid = makeGrid()
    let avatars = ContentStore<Int, String> { "avatar \($0)" }
    let (stream, source) = AsyncStream.makeStream(of: [ListSection<TestSection, TestItem>].self)
    var moved: [Int] = []
    let binding = grid.bind(to: .sectionedSequence(stream), content: .store(avatars)) {
      grid, indexPath, item, avatar in
      let cell = grid.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
      (cell as? LabelledCell)?.text = avatar.content ?? "placeholder"
      return cell
    }
    .onMove { item, _, _ in moved.append(item.id) }
    source.yield(sections([0, 0], rows: 4))
    await eventually("every avatar") {
      grid.visibleCells.count == 8
        && grid.visibleCells.allSatisfy { ($0 as? LabelledCell)?.text?.hasPrefix("avatar") == true }
    }
    #expect(
      grid.userMovesItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 1)))
    #expect(moved == [0])
    #expect(binding.snapshot.numberOfItems(inSection: 1) == 5)
    #expect(grid.violations.isEmpty)
  }

  /// `Contact` (the README's) has an `==` that compares identity only, as `NSObject` subclasses
  /// and many hand-written `Equatable`s do; it adopts `ContentEquatable`.
  @Test func itemsWhoseEqualityIsIdentityOnlyAreReconfiguredByTheirContent() async {
    let table = makeTable()
    let binding = table.bind(to: .sequence(AsyncStream<[Contact]> { _ in })) {
      tableView, indexPath, contact in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = contact.name
      return cell
    }
    await binding.apply(items: [Contact(id: 1, name: "Ari"), Contact(id: 2, name: "Bo")])
    let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))
    let operations = binding.statistics.operations
    await binding.apply(items: [Contact(id: 1, name: "Ari"), Contact(id: 2, name: "Bodhi")])
    #expect(table.visibleCells.map { $0.textLabel?.text } == ["Ari", "Bodhi"])
    #expect(binding.statistics.operations == operations + 1, "one reconfigure")
    #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === cell)
  }
}
