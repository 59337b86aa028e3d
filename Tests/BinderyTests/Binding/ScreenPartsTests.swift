import BinderyTesting
import Testing

@testable import Bindery

/// A screen's parts kept by role and told in one order (`ScreenParts.swift`): whatever order
/// they were attached in, prefetchers hear first, then late content, then page loaders, then
/// the view's own part, then the app's observers; the stop reaches each once, a late part
/// included; and a part reads "stopped" from the binding's phase.
@Suite("A screen's parts, by role and in order", .mainActorTurns)
@MainActor
struct ScreenPartsTests {
  final class Log {
    var lines: [String] = []
  }

  /// A part that notes what it hears.
  final class Spy: ScreenPart {
    typealias Section = FlatSection
    typealias Item = TestItem
    let name: String
    let log: Log
    init(_ name: String, _ log: Log) { (self.name, self.log) = (name, log) }
    func listWillShow(_ snapshot: Snapshot<FlatSection, TestItem>) {
      log.lines.append("\(name) will")
    }
    func listDidShow() { log.lines.append("\(name) did") }
    func bindingDidStop() { log.lines.append("\(name) stop") }
    func viewDidScroll(rowsMoved: Bool) { log.lines.append("\(name) scroll") }
    func cellConfigured(at position: ItemPosition) { log.lines.append("\(name) cell") }
    func endOfTurn() { log.lines.append("\(name) turn") }
    /// Whether, as the view's part, it runs the end of the turn itself (an adapter does).
    var runsTheTurn = false
    func scheduleEndOfTurn() -> Bool {
      if runsTheTurn { log.lines.append("\(name) asked") }
      return runsTheTurn
    }
  }

  /// A binding whose parts were attached in the reverse of the order they hear in. The view
  /// holds its part, not the binding: the caller keeps the spies.
  func makeScreen(_ log: Log) -> (ListBinding<FlatSection, TestItem>, [Spy]) {
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    let spies = [Spy("view", log), Spy("content", log), Spy("prefetcher", log)]
    binding.onShow { log.lines.append("app did") }
    binding.onStop { log.lines.append("app stop") }
    binding.attach(view: spies[0])
    binding.attach(lateContent: spies[1])
    binding.attach(prefetcher: spies[2])
    return (binding, spies)
  }

  @Test func partsHearEachListByRoleThenTheAppsObservers() async {
    let log = Log()
    let (binding, spies) = makeScreen(log)
    defer { withExtendedLifetime(spies) {} }
    #expect(await binding.apply(items: (0..<3).map { TestItem(id: $0) }))
    #expect(
      log.lines == [
        "prefetcher will", "content will", "view will",
        "prefetcher did", "content did", "view did", "app did",
      ])
    log.lines.removeAll()
    binding.detach()
    #expect(log.lines == ["prefetcher stop", "content stop", "view stop", "app stop"])
    binding.detach()
    #expect(log.lines.count == 4, "the stop is told once")
  }

  @Test func onlyThePartsThatFollowTheViewHearItsScrollsAndCells() async {
    let log = Log()
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    let view = Spy("view", log)
    defer { withExtendedLifetime(view) {} }
    binding.attach(prefetcher: Spy("prefetcher", log))
    binding.attach(view: view)
    #expect(!binding.partsFollowTheView, "neither a prefetcher nor the view follows it")
    binding.attach(lateContent: Spy("content", log))
    #expect(binding.partsFollowTheView)
    binding.viewDidScroll(rowsMoved: true)
    binding.cellConfigured(at: ItemPosition(section: 0, item: 0))
    #expect(log.lines == ["content scroll", "content cell"])
  }

  @Test func aPartAttachedAfterTheStopHearsItAtOnce() {
    let log = Log()
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    binding.detach()
    binding.attach(lateContent: Spy("late", log))
    #expect(log.lines == ["late stop"])
  }

  @Test func aReleasedBindingTellsItsPartsOfTheStop() async {
    let log = Log()
    var spies: [Spy] = []
    defer { withExtendedLifetime(spies) {} }
    do {
      let (binding, parts) = makeScreen(log)
      spies = parts
      #expect(await binding.apply(items: [TestItem(id: 0)]))
      log.lines.removeAll()
    }
    await eventually("the released binding's stop") { log.lines.count == 4 }
    #expect(log.lines == ["prefetcher stop", "content stop", "view stop", "app stop"])
  }

  /// A binding cancelled, then released, tells its parts of the stop once.
  @Test func aCancelledBindingReleasedLaterTellsTheStopOnce() async {
    let log = Log()
    var spies: [Spy] = []
    defer { withExtendedLifetime(spies) {} }
    weak var released: ListBinding<FlatSection, TestItem>?
    do {
      let (binding, parts) = makeScreen(log)
      spies = parts
      released = binding
      binding.cancel()
      await eventually("the cancelled binding's stop") { binding.isStopped }
    }
    await eventually("the binding to go") { released == nil }
    for _ in 0..<3 { await Task.yield() }  // the release's turn on the main actor
    #expect(log.lines == ["prefetcher stop", "content stop", "view stop", "app stop"])
  }

  /// A part keeps no stopped flag of its own: the prefetcher reads the binding's phase, from
  /// the turn its binding stops (a cancel is taken in on the main actor a turn later).
  @Test func aPartIsStoppedWhenItsBindingIs() async {
    let store = ContentStore<Int, String>(loader: { "\($0)" })
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    let prefetcher = ContentPrefetcher(binding: binding, store: store) { $0.id }
    #expect(await binding.apply(items: (0..<3).map { TestItem(id: $0) }))
    #expect(!prefetcher.isStopped)
    binding.cancel()
    await eventually("the binding to stop") { binding.isStopped }
    #expect(prefetcher.isStopped)
  }

  /// A binding whose view's part has an end-of-turn job of its own, as an adapter does; the
  /// caller keeps the view's part.
  func makeScreenWhoseViewRunsTheTurn(_ log: Log) -> (ListBinding<FlatSection, TestItem>, Spy) {
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    let view = Spy("view", log)
    view.runsTheTurn = true
    binding.attach(view: view)
    return (binding, view)
  }

  /// The parts' end-of-turn work is one job, however often they ask in a turn, in the screen's
  /// order: cells that left (late content), then prefetching, then pages.
  @Test func thePartsEndOfTurnIsOneJobInOrder() async {
    let log = Log()
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    binding.attach(prefetcher: Spy("prefetcher", log))
    binding.attach(lateContent: Spy("content", log))
    for _ in 0..<3 { binding.setNeedsEndOfTurn() }
    #expect(log.lines.isEmpty, "at the end of the turn, not now")
    await eventually("the end of the turn") { !log.lines.isEmpty }
    #expect(log.lines == ["content turn", "prefetcher turn"])
    #expect(!binding.screenParts.isEndOfTurnScheduled)
    binding.endOfTurn()
    #expect(log.lines.count == 2, "nothing asked, nothing done")
  }

  /// A view's part with a job of its own (the adapter's) runs the parts' share after its own
  /// work: it is asked once a turn, and the binding schedules nothing itself.
  @Test func aViewWithAJobOfItsOwnRunsThePartsTurn() {
    let log = Log()
    let (binding, view) = makeScreenWhoseViewRunsTheTurn(log)
    defer { withExtendedLifetime(view) {} }
    binding.attach(lateContent: Spy("content", log))
    binding.setNeedsEndOfTurn()
    binding.setNeedsEndOfTurn()
    #expect(log.lines == ["view asked"])
    binding.endOfTurn()  // as the view's job does, last
    #expect(log.lines == ["view asked", "content turn"])
  }

  @Test func aStoppedScreenAsksForNoTurn() {
    let log = Log()
    let (binding, view) = makeScreenWhoseViewRunsTheTurn(log)
    defer { withExtendedLifetime(view) {} }
    binding.detach()
    log.lines.removeAll()
    binding.setNeedsEndOfTurn()
    #expect(log.lines.isEmpty && !binding.screenParts.isEndOfTurnScheduled)
  }
}
