import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// What a table's cells show besides their items, kept by the app: its changes are shown by
/// reconfiguring the items by id.
@MainActor
final class Badges {
  var byID: [Int: String] = [:]
}

/// The first note's view model: a list of mates published with `@Published`.
@MainActor
final class MateListViewModel {
  @Published var mates: [TestItem] = []
}

@Suite("Binding a table", .mainActorTurns)
@MainActor
struct TableBindingTests {
  @Test func theNotesOneLiner() async {
    let tableView = makeTable()
    let viewModel = MateListViewModel()
    var cancellables = Set<AnyCancellable>()

    tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = "mate \(mate.id)"
      return cell
    }
    .store(in: &cancellables)

    viewModel.mates = [TestItem(id: 1), TestItem(id: 2), TestItem(id: 3)]
    await eventually("three rows") { rowCount(of: tableView) == 3 }
    viewModel.mates = [TestItem(id: 3), TestItem(id: 1), TestItem(id: 4), TestItem(id: 2)]
    await eventually("four rows") { rowCount(of: tableView) == 4 }
    #expect(
      tableView.visibleCells.map { $0.textLabel?.text } == ["mate 3", "mate 1", "mate 4", "mate 2"])
    #expect(tableView.violations.isEmpty)

    cancellables.removeAll()  // releasing the cancellable ends the binding
    viewModel.mates = []
    try? await Task.sleep(for: .milliseconds(50))
    #expect(rowCount(of: tableView) == 4)
  }

  @Test func randomStreamsThroughATable() async {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let table = makeTable()
    let (stream, source) = AsyncStream.makeStream(of: [ListSection<TestSection, TestItem>].self)
    let binding = table.bind(
      to: .sectionedSequence(stream), cellProvider: describeRow
    )
    .headerTitles { "S\($0.id) \($0.title)" }
    var snapshot = SnapshotGenerator.snapshot(using: &random)
    var duplicatesSent = 0
    for step in 0..<80 {
      snapshot = SnapshotGenerator.successor(of: snapshot, using: &random)
      var sections = snapshot.listSections
      if step % 9 == 4, let first = sections.first?.items.first {
        sections[sections.count - 1].items.append(first)  // a repeated id, now and then
        duplicatesSent += 1
      }
      source.yield(sections)
      if Bool.random(using: &random) { await binding.settle() }
      table.scroll(by: CGFloat(Int.random(in: -150...150, using: &random)))
    }
    source.finish()
    await binding.waitUntilFinished()
    let context = "seed \(seed)"
    #expect(table.violations.isEmpty, "\(table.violations) \(context)")
    #expect(binding.snapshot == snapshot, "\(context)")
    for section in 0..<snapshot.numberOfSections {
      #expect(table.numberOfRows(inSection: section) == snapshot.numberOfItems(inSection: section))
      #expect(
        table.headerTitle(forSection: section)
          == snapshot.section(at: section).map { "S\($0.id) \($0.title)" })
    }
    for path in table.indexPathsForVisibleRows ?? [] {
      let item = snapshot.item(at: ItemPosition(section: path.section, item: path.row))
      #expect(table.cellForRow(at: path)?.textLabel?.text == item.map { "\($0)" }, "\(context)")
    }
    #expect(binding.statistics.batches > 0)
    #expect(duplicatesSent > 0)
  }

  @Test func aBurstEndsOnTheLastValueWithFarFewerApplies() async {
    let table = makeTable()
    let (stream, source) = AsyncStream.makeStream(of: [TestItem].self)
    let binding = table.bind(to: .sequence(stream), cellProvider: describeRow)
    for value in 0..<10_000 {
      source.yield((0..<20).map { TestItem(id: ($0 + value) % 40, content: value) })
    }
    source.finish()
    await binding.waitUntilFinished()
    #expect(
      binding.snapshot.items == (0..<20).map { TestItem(id: ($0 + 9_999) % 40, content: 9_999) })
    #expect(table.visibleCells.first?.textLabel?.text == "\((9_999) % 40):9999")
    #expect(binding.statistics.updates < 1_000, "\(binding.statistics.updates) applies")
    #expect(table.violations.isEmpty)
  }

  @Test func repeatedIDsAreReportedAndTheRestIsShown() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    let shown = await binding.apply(items: [
      TestItem(id: 1), TestItem(id: 2), TestItem(id: 1, content: 9),
    ])
    #expect(shown)
    #expect(binding.snapshot.items == [TestItem(id: 1), TestItem(id: 2)])
    var errors = binding.errors.makeAsyncIterator()
    guard case .duplicateIdentifiers(let report)? = await errors.next() else {
      Issue.record("no duplicate report")
      return
    }
    #expect(report.duplicateItemIDs == [1])
  }

  @Test func aSourceThatFinishesLeavesItsLastList() async {
    let table = makeTable()
    let lists = [[TestItem(id: 1)], [TestItem(id: 1), TestItem(id: 2)]]
    let binding = table.bind(to: .sequence(lists.async), cellProvider: describeRow)
    await binding.waitUntilFinished()
    #expect(binding.snapshot.items.map(\.id) == [1, 2])
    #expect(rowCount(of: table) == 2)
  }

  @Test func aSourceThatThrowsIsReportedAndTheListStays() async {
    struct Offline: Error {}
    let table = makeTable()
    let (stream, source) = AsyncThrowingStream.makeStream(of: [TestItem].self)
    let binding = table.bind(to: .sequence(stream), cellProvider: describeRow)
    source.yield([TestItem(id: 7)])
    await eventually("the first list") { binding.snapshot.items.count == 1 }
    source.finish(throwing: Offline())
    await binding.waitUntilFinished()
    var errors = binding.errors.makeAsyncIterator()
    guard case .sourceFailed(let error)? = await errors.next() else {
      Issue.record("no source failure reported")
      return
    }
    #expect(error is Offline)
    #expect(rowCount(of: table) == 1)
  }

  @Test func nothingIsAppliedAfterCancel() async {
    let table = makeTable()
    let (stream, source) = AsyncStream.makeStream(of: [TestItem].self)
    let binding = table.bind(to: .sequence(stream), cellProvider: describeRow)
    source.yield([TestItem(id: 1)])
    await eventually("the first list") { binding.snapshot.items.count == 1 }
    // A large list is mid-diff (or waiting) when the binding is cancelled.
    source.yield((0..<100_000).map { TestItem(id: $0) })
    binding.cancel()
    await binding.waitUntilFinished()
    #expect(binding.snapshot.items.count == 1)
    #expect(rowCount(of: table) == 1)
    #expect(await binding.apply(items: []) == false)
  }

  @Test func releasingTheBindingStopsIt() async {
    let table = makeTable()
    let (stream, source) = AsyncStream.makeStream(of: [TestItem].self)
    weak var released: ListBinding<FlatSection, TestItem>?
    do {
      let binding = table.bind(to: .sequence(stream), cellProvider: describeRow)
      released = binding
      source.yield([TestItem(id: 1)])
      await eventually("the first list") { binding.snapshot.items.count == 1 }
    }
    await eventually("the binding to go") { released == nil }
    source.yield([TestItem(id: 1), TestItem(id: 2)])
    try? await Task.sleep(for: .milliseconds(20))
    // The newer list was not applied; the table keeps the counts it had, as UIKit's would.
    #expect(rowCount(of: table) == 1)
    #expect(table.violations.isEmpty)
  }

  @Test func aNewerListReplacesOneThatWaits() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    // Sent in this order (child tasks start in any order): each waits until the last is sent.
    async let first = binding.apply(items: [TestItem(id: 1)])
    await eventually("the first to be sent") { binding.inbox.newestSequence == 1 }
    async let second = binding.apply(items: [TestItem(id: 2)])
    await eventually("the second to be sent") { binding.inbox.newestSequence == 2 }
    async let third = binding.apply(items: [TestItem(id: 3)])
    let results = await [first, second, third]
    #expect(results.last == true)
    #expect(binding.snapshot.items.map(\.id) == [3])
  }

  @Test func contentChangesReconfigureTheSameCell() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    await binding.apply(items: (0..<5).map { TestItem(id: $0) })
    let cell = table.cellForRow(at: IndexPath(row: 2, section: 0))
    await binding.apply(items: (0..<5).map { TestItem(id: $0, content: $0 == 2 ? 1 : 0) })
    #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cell)
    #expect(cell?.textLabel?.text == "2:1")
    #expect(cell?.prepareForReuseCount == 0)
    #expect(binding.statistics.batches == 1)
  }

  /// What an app reconfigures by hand, by id, as a set or an array: only the items whose cells
  /// exist, in place, with nothing diffed; ids not in the list, or far off screen, are ignored.
  @Test func itemsReconfiguredByIDKeepTheirCellsAndIgnoreTheRest() async {
    let table = makeTable()
    let badges = Badges()
    let binding = table.bind(to: .sequence(AsyncStream<[TestItem]> { _ in })) {
      tableView, indexPath, item in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = "\(item.id)\(badges.byID[item.id] ?? "")"
      return cell
    }
    await binding.apply(items: (0..<100).map { TestItem(id: $0) })
    let cell = table.cellForRow(at: IndexPath(row: 2, section: 0))
    let updates = binding.statistics.updates
    badges.byID = [2: "!", 3: "?", 90: "far"]
    binding.reconfigureItems(withIDs: Set([2, 90, 1_000]))
    #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cell)
    #expect(cell?.textLabel?.text == "2!")
    #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "3")
    binding.reconfigureItems(withIDs: [3])
    #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "3?")
    #expect(cell?.prepareForReuseCount == 0)
    #expect(binding.statistics.updates == updates, "no list was diffed")
    #expect(binding.statistics.contentReconfigures == 3, "2, 90 (in the list) and 3")
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  @Test func offScreenAndLargeChangesReload() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    await binding.apply(items: (0..<100).map { TestItem(id: $0) })
    #expect(binding.statistics.reloads == 1)  // the first list
    await binding.apply(items: (0..<100).reversed().map { TestItem(id: $0) })
    #expect(binding.statistics.reloads == 2)  // 99 moves of 100 rows
    table.removeFromSuperview()
    await binding.apply(items: (0..<99).map { TestItem(id: $0) })
    #expect(binding.statistics.reloads == 3)  // off screen
    #expect(binding.statistics.batches == 0)
    #expect(table.violations.isEmpty)
  }
}

extension ListBinding {
  /// Lets the binding's tasks run; tests use it to interleave sending and applying.
  func settle() async {
    for _ in 0..<3 { await Task.yield() }
  }
}

extension Array where Element: Sendable {
  /// The elements as an `AsyncSequence` that sends them and finishes.
  var async: AsyncStream<Element> {
    AsyncStream { continuation in
      for element in self { continuation.yield(element) }
      continuation.finish()
    }
  }
}
