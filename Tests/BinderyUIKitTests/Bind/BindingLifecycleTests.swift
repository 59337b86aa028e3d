import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

@Suite("The binding's lifecycle", .mainActorTurns)
@MainActor
struct BindingLifecycleTests {
  /// The benchmark's back-to-back path shows every list it is given, through the same path
  /// the worker's lists take, and times each.
  @Test func listsShownBackToBackAreEachShownAndTimed() async {
    let view = BlankListView<FlatSection, TestItem>(completesStages: false)
    let binding = ListBinding<FlatSection, TestItem>(view: view)
    await binding.apply(items: [1, 2, 3].map { TestItem(id: $0) })
    var settled = 0
    let times = binding.showBackToBack(
      [[3, 2, 1], [1, 4]].map { [ListSection(FlatSection(), items: $0.map { TestItem(id: $0) })] },
      pipeline: DiffPipeline()
    ) {
      view.finishAnimations()
      settled += 1
    }
    #expect(times.count == 2)
    #expect(settled == 2)
    #expect(binding.snapshot.items.map(\.id) == [1, 4])
    #expect(binding.statistics.updates == 3)
    #expect(binding.statistics.batches >= 2, "shown as batches, not reloads")
  }

  /// A binding whose first display waits at a gate, so that lists pile up behind it.
  func gatedBinding() -> (ListBinding<FlatSection, TestItem>, OneShotGate) {
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    let gate = OneShotGate()
    binding.firstDisplayHold = { _ in await gate.wait() }
    return (binding, gate)
  }

  @Test func applyIsFalseWhenASubmittedListReplacesIt() async {
    let (binding, gate) = gatedBinding()
    binding.submit(items: [TestItem(id: 0)])  // in the diff, held at the gate
    await eventually("the first list to be held") { gate.isWaiting }
    async let replaced = binding.apply(items: [TestItem(id: 1)])
    await eventually("the apply to be sent") { binding.inbox.newestSequence == 2 }
    binding.submit(items: [TestItem(id: 2)])  // replaces the one waiting
    gate.open()
    #expect(await replaced == false)
    #expect(await binding.waitUntilShown())
    #expect(binding.snapshot.items.map(\.id) == [2])
  }

  @Test func applyIsFalseWhenTheSourceReplacesIt() async {
    let (stream, source) = AsyncStream.makeStream(of: [TestItem].self)
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView(), items: stream)
    let gate = OneShotGate()
    binding.firstDisplayHold = { _ in await gate.wait() }
    source.yield([TestItem(id: 0)])
    await eventually("the first list to be held") { gate.isWaiting }
    let sentBefore = binding.inbox.newestSequence
    async let replaced = binding.apply(items: [TestItem(id: 1)])
    // The apply is sent before the source's list, which then replaces it.
    await eventually("the apply to be sent") { binding.inbox.newestSequence > sentBefore }
    source.yield([TestItem(id: 2)])
    await eventually("the source's list to be taken") { binding.snapshot.items.isEmpty }
    try? await Task.sleep(for: .milliseconds(10))
    gate.open()
    #expect(await replaced == false)
    await eventually("the source's list") { binding.snapshot.items.map(\.id) == [2] }
  }

  @Test func aViewThatNeverCompletesHoldsNothingForLong() async {
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView(completesStages: false))
    #expect(await binding.apply(items: [TestItem(id: 1)]))  // a reload: no completion to wait for
    #expect(await binding.apply(items: [TestItem(id: 1), TestItem(id: 2)]))
    #expect(await binding.apply(items: [TestItem(id: 2)]))
    #expect(binding.snapshot.items.map(\.id) == [2])
  }

  @Test func applyIsTrueOnceShownAndFalseAfterCancel() async {
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    #expect(await binding.apply(items: [TestItem(id: 1)]))
    binding.cancel()
    #expect(await binding.apply(items: [TestItem(id: 2)]) == false)
    #expect(await binding.waitUntilShown())  // nothing new was sent since the last shown list
    #expect(binding.snapshot.items.map(\.id) == [1])
  }

  @Test func aWaitingApplyIsFalseWhenTheBindingIsCancelled() async {
    let (binding, gate) = gatedBinding()
    async let first = binding.apply(items: [TestItem(id: 1)])
    await eventually("the list to be held") { gate.isWaiting }
    async let waiting = binding.waitUntilShown()
    await Task.yield()
    binding.cancel()
    gate.open()
    #expect(await first == false)
    #expect(await waiting == false)
  }

  @Test func bindingAViewAgainDetachesThePreviousBinding() async {
    let table = makeTable()
    let old = PassthroughSubject<[TestItem], Never>()
    let first = table.bind(to: .publisher(old), cellProvider: describeRow)
    old.send((0..<5).map { TestItem(id: $0) })
    #expect(await first.waitUntilShown())
    let second = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    #expect(await second.apply(items: (10..<13).map { TestItem(id: $0) }))
    old.send((0..<8).map { TestItem(id: $0) })  // the old source no longer reaches the table
    try? await Task.sleep(for: .milliseconds(20))
    #expect(first.isCancelled)
    #expect(first.view == nil)
    #expect(rowCount(of: table) == 3)
    #expect(table.visibleCells.map { $0.textLabel?.text } == ["10:0", "11:0", "12:0"])
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  @Test func thePublisherVariantReturnsTheBindingAndStoresInOneLine() async {
    let table = makeTable()
    let subject = CurrentValueSubject<[TestItem], Never>([TestItem(id: 7), TestItem(id: 8)])
    var cancellables = Set<AnyCancellable>()
    weak var released: ListBinding<FlatSection, TestItem>?
    do {
      let binding = table.bind(to: .publisher(subject), cellProvider: describeRow)
      binding.store(in: &cancellables)
      released = binding
      #expect(await binding.waitUntilShown())
      #expect(binding.item(at: IndexPath(row: 1, section: 0)) == TestItem(id: 8))
      #expect(binding.indexPath(for: 7) == IndexPath(row: 0, section: 0))
      #expect(binding.item(at: IndexPath(row: 5, section: 0)) == nil)
      #expect(binding.statistics.updates == 1)
      #expect(await binding.apply(items: [TestItem(id: 9)]))
      #expect(rowCount(of: table) == 1)
    }
    #expect(released != nil, "the set keeps it")
    cancellables.removeAll()
    await eventually("the binding to go") { released == nil }
    subject.send([TestItem(id: 1), TestItem(id: 2), TestItem(id: 3)])
    try? await Task.sleep(for: .milliseconds(10))
    #expect(rowCount(of: table) == 1)
  }

  @Test func errorsKeepTheNewestAndFinishWhenTheBindingStops() async {
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    let limit = ListBinding<FlatSection, TestItem>.errorBufferLimit
    for step in 0..<(limit + 36) {
      await binding.apply(items: [TestItem(id: step), TestItem(id: step)])
    }
    binding.cancel()
    var reports: [Int] = []
    for await problem in binding.errors {  // ends: the binding stopped
      if case .duplicateIdentifiers(let report) = problem {
        reports += report.duplicateItemIDs
      }
    }
    #expect(reports == Array(36..<(limit + 36)), "the newest \(limit), oldest first")
  }

  @Test func everyReaderOfErrorsGetsEveryProblem() async {
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    let log = binding.errors
    let alert = binding.errors
    await binding.apply(items: [TestItem(id: 1), TestItem(id: 1)])
    await binding.apply(items: [TestItem(id: 2), TestItem(id: 2)])
    let late = binding.errors  // made after both: told of them too
    binding.cancel()
    func ids(_ errors: AsyncStream<ListBinding<FlatSection, TestItem>.Failure>) async -> [Int] {
      var ids: [Int] = []
      for await problem in errors {
        if case .duplicateIdentifiers(let report) = problem { ids += report.duplicateItemIDs }
      }
      return ids
    }
    #expect(await ids(log) == [1, 2])
    #expect(await ids(alert) == [1, 2], "not split between the readers")
    #expect(await ids(late) == [1, 2])
  }

  @Test func errorsFinishWhenTheSourceEnds() async {
    let binding = ListBinding<FlatSection, TestItem>(
      view: BlankListView(), items: [[TestItem(id: 1), TestItem(id: 1)]].async)
    var count = 0
    for await _ in binding.errors { count += 1 }
    #expect(count == 1)
    #expect(binding.snapshot.items.map(\.id) == [1])
  }

  @Test func waitUntilShownCoversEverySource() async {
    let grid = makeGrid()
    let subject = PassthroughSubject<[TestItem], Never>()
    let binding = grid.bind(to: .publisher(subject), cellProvider: describeItem)
    for step in 0..<50 { subject.send((0..<9).map { TestItem(id: $0, content: step) }) }
    #expect(await binding.waitUntilShown())
    #expect(binding.snapshot.items.first?.content == 49)
    #expect(await binding.waitUntilShown(), "nothing pending: at once")
  }

  @Test func aPublisherThatFinishesStopsTheFlowOfLists() async {
    let table = makeTable()
    let subject = PassthroughSubject<[TestItem], Never>()
    let binding = table.bind(to: .publisher(subject), cellProvider: describeRow)
    subject.send([TestItem(id: 1)])
    subject.send(completion: .finished)
    await binding.waitUntilFinished()
    #expect(binding.snapshot.items.map(\.id) == [1])
    #expect(await binding.apply(items: []) == false)
  }
}
