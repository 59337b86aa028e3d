import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Observation
import Testing

/// A view model as iOS 17 apps write them.
@MainActor @Observable
final class ObservedMates {
  var mates: [TestItem] = []
  var teams: [ListSection<TestSection, TestItem>] = []
  var title = "mates"
}

/// A mate as a reference: identity by `id`, `==` by identity, its content followed by
/// observation rather than compared.
@MainActor @Observable
final class LiveMate: Identifiable, Equatable {
  let id: Int
  var name: String
  init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
  nonisolated static func == (lhs: LiveMate, rhs: LiveMate) -> Bool { lhs === rhs }
}

@MainActor @Observable
final class LiveMates {
  var mates: [LiveMate] = []
}

/// An outline's tree, in an `@Observable` model.
@MainActor @Observable
final class ObservedTopics {
  var roots: [ObservedTopic] = []
}

struct ObservedTopic: Identifiable, Equatable, Sendable {
  var id: String
  var children: [ObservedTopic] = []
}

/// A model whose state another thread changes, behind a lock of its own.
@Observable
final class SharedMates: @unchecked Sendable {
  @ObservationIgnored private let lock = NSLock()
  @ObservationIgnored private var _mates: [TestItem] = []
  var mates: [TestItem] {
    get {
      access(keyPath: \.mates)
      return lock.withLock { _mates }
    }
    set {
      withMutation(keyPath: \.mates) { lock.withLock { _mates = newValue } }
    }
  }
}

/// A model whose first change, made on another thread, waits to land until the test lets it:
/// Observation has told of it (`willSet`) and the list is read before its value is there.
@Observable
final class SlowlyChangedMates: @unchecked Sendable {
  @ObservationIgnored private let lock = NSLock()
  @ObservationIgnored private var _mates: [TestItem] = []
  @ObservationIgnored private let landing = DispatchSemaphore(value: 0)
  @ObservationIgnored private var isFirstChange = true
  var mates: [TestItem] {
    get {
      access(keyPath: \.mates)
      return lock.withLock { _mates }
    }
    set {
      withMutation(keyPath: \.mates) {
        if lock.withLock({ isFirstChange }) { landing.wait() }
        lock.withLock {
          isFirstChange = false
          _mates = newValue
        }
      }
    }
  }

  /// Lets the first change land.
  func letTheChangeLand() { landing.signal() }
}

/// Set from another thread once a change has landed.
final class LandingFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}

/// How often a source's closure ran.
@MainActor
final class ReadCounter {
  var reads = 0
  func count() { reads += 1 }
}

@Suite("Binding from Observation", .mainActorTurns)
@MainActor
struct ObservationSourceTests {
  func shown(_ table: UITableView) -> [String?] {
    (0..<rowCount(of: table)).map {
      table.cellForRow(at: IndexPath(row: $0, section: 0))?.textLabel?.text
    }
  }

  @Test func aListReadFromObservableStateIsShownAndFollowsItsChanges() async {
    let table = makeTable()
    let model = ObservedMates()
    model.mates = (0..<3).map { TestItem(id: $0) }
    let binding = table.bind(to: .observing { model.mates }, cellProvider: describeRow)
    #expect(await eventually("the first list") { rowCount(of: table) == 3 })
    model.mates.remove(at: 1)
    model.mates[0].content = 7
    #expect(await eventually("the change") { rowCount(of: table) == 2 })
    #expect(binding.snapshot.items(inSection: 0) == [TestItem(id: 0, content: 7), TestItem(id: 2)])
    #expect(table.violations.isEmpty, "\(table.violations)")
    binding.cancel()
  }

  /// A small change made on the main actor is on screen before anything queued after it runs
  /// on the main actor: the read the change scheduled diffs and applies it there and then,
  /// with no trip off the main actor.
  @Test func aSmallChangeIsOnScreenBeforeTheMainActorRunsAnythingElse() async {
    let table = makeTable()
    let model = ObservedMates()
    model.mates = (0..<50).map { TestItem(id: $0) }
    let binding = table.bind(to: .observing { model.mates }, cellProvider: describeRow)
    #expect(await binding.waitUntilShown())
    for step in 1...5 {
      model.mates.insert(TestItem(id: 1_000 + step), at: 0)
      model.mates[10].content = step
      await Task.yield()  // queued after the read the change scheduled
      #expect(rowCount(of: table) == 50 + step, "on screen in the turn after the change")
      #expect(binding.snapshot.items(inSection: 0).first?.id == 1_000 + step)
      await binding.waitUntilShown()  // UIKit's completion of the batch
    }
    #expect(binding.statistics.updates == 6)
    #expect(table.violations.isEmpty, "\(table.violations)")
    binding.cancel()
  }

  /// A list larger than the limit for showing at once goes through the worker, and a list
  /// sent by other means meanwhile is not overtaken: the newest is what shows.
  @Test func aLargeListIsDiffedOffTheMainActorAndTheNewestWins() async {
    let table = makeTable()
    let model = ObservedMates()
    let limit = ObservationSourceTiming.immediateItemLimit
    model.mates = (0..<(limit + 1)).map { TestItem(id: $0) }
    let binding = table.bind(to: .observing { model.mates }, cellProvider: describeRow)
    #expect(await binding.waitUntilShown())
    // A list this large is not shown at once, whatever else holds...
    let smaller = [ListSection(FlatSection(), items: Array(model.mates.dropFirst()))]
    #expect(!binding.showAtOnce(smaller, maximumItems: limit))
    #expect(binding.snapshot.numberOfItems == limit + 1, "and nothing changed")
    // ...so the change goes to the worker, which shows it.
    let updates = binding.statistics.updates
    model.mates.removeFirst()
    #expect(await eventually("shown from the worker") { binding.snapshot.numberOfItems == limit })
    #expect(binding.statistics.updates == updates + 1)
    // Small again, and shown at once.
    await binding.waitUntilShown()
    model.mates = Array(model.mates.prefix(10))
    await Task.yield()
    #expect(binding.snapshot.numberOfItems == 10)
    await binding.waitUntilShown()
    // A list submitted by other means, then a change: whichever way each goes, the newest —
    // the change — is what stays on screen.
    binding.submit(items: [TestItem(id: -1)])
    model.mates.append(TestItem(id: 99_999))
    #expect(await eventually("the newest list") { binding.snapshot.numberOfItems == 11 })
    await binding.waitUntilShown()
    #expect(binding.snapshot.items(inSection: 0).last?.id == 99_999)
    #expect(table.violations.isEmpty, "\(table.violations)")
    binding.cancel()
  }

  /// A property of an `@Observable` item that its cell read: a change to it configures exactly
  /// that cell again, in place — no list is read or diffed — and a change to an item whose
  /// cell is not on screen configures nothing.
  @Test func aChangeToAReferenceItemConfiguresExactlyItsCell() async {
    let table = makeTable()
    let model = LiveMates()
    model.mates = (0..<40).map { LiveMate(id: $0, name: "mate \($0)") }
    let counter = ReadCounter()
    let binding = table.bind(
      to: .observing {
        counter.count()
        return model.mates
      }
    ) { tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = mate.name
      return cell
    }
    #expect(await binding.waitUntilShown())
    let visible = table.indexPathsForVisibleRows?.count ?? 0
    #expect(visible > 3 && visible < 40)
    let cell = table.cellForRow(at: IndexPath(row: 2, section: 0))
    model.mates[2].name = "renamed"
    model.mates[2].name = "renamed twice"  // one turn: one reconfigure
    #expect(
      await eventually("the cell shows the new name") {
        cell?.textLabel?.text == "renamed twice"
      })
    #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cell, "the same cell")
    #expect(binding.statistics.contentReconfigures == 1)
    #expect(binding.statistics.updates == 1, "no list was diffed")
    #expect(counter.reads == 1, "nor read again")
    model.mates[39].name = "far below"  // never configured: nothing tracks it
    await Task.yield()
    await Task.yield()
    #expect(binding.statistics.contentReconfigures == 1)
    #expect(table.violations.isEmpty, "\(table.violations)")
    binding.cancel()
  }

  /// However many mutations one turn of the main actor makes, they give one read and one
  /// update; and a property the closure does not read changes nothing.
  @Test func theMutationsOfOneTurnGiveOneListAndOthersNone() async {
    let table = makeTable()
    let model = ObservedMates()
    let counter = ReadCounter()
    let binding = table.bind(
      to: .observing {
        counter.count()
        return model.mates
      }, cellProvider: describeRow)
    #expect(await binding.waitUntilShown())
    #expect(counter.reads == 1)
    for id in 0..<10 { model.mates.append(TestItem(id: id)) }  // ten mutations, one turn
    #expect(await eventually("the ten mates") { rowCount(of: table) == 10 })
    await binding.waitUntilShown()
    #expect(counter.reads == 2, "one read for the turn's ten mutations")
    #expect(binding.statistics.updates == 2, "the first list, then one update")
    model.title = "renamed"  // not read by the source
    await Task.yield()
    await binding.waitUntilShown()
    #expect(counter.reads == 2)
    binding.cancel()
  }

  @Test func sectionsReadFromObservableStateAreShownWithTheirTitles() async {
    let table = makeTable()
    let model = ObservedMates()
    model.teams = [ListSection(TestSection(id: 1, title: 1), items: [TestItem(id: 1)])]
    let binding = table.bind(to: .observingSections { model.teams }, cellProvider: describeRow)
      .headerTitles { "Team \($0.id) · \($0.title)" }
    #expect(await eventually("the team") { table.numberOfSections == 1 })
    model.teams[0].section.title = 2
    model.teams.append(ListSection(TestSection(id: 2), items: [TestItem(id: 2)]))
    #expect(await eventually("two teams") { table.numberOfSections == 2 })
    await binding.waitUntilShown()
    #expect(table.headerView(forSection: 0)?.displayedText == "Team 1 · 2")
    binding.cancel()
  }

  /// A model another thread mutates is read on the main actor (the source's closure is
  /// main-actor isolated, and the thread sanitizer run checks the reads).
  @Test func aChangeMadeOnAnotherThreadIsReadOnTheMainActor() async {
    let table = makeTable()
    let model = SharedMates()
    let counter = ReadCounter()
    let binding = table.bind(
      to: .observing {
        counter.count()
        return model.mates
      }, cellProvider: describeRow)
    #expect(await binding.waitUntilShown())
    await Task.detached { model.mates = (0..<4).map { TestItem(id: $0) } }.value
    #expect(await eventually("the mates from the other thread") { rowCount(of: table) == 4 })
    // The read the change scheduled, then the four that look for a late landing.
    #expect(await eventually("every read after the change") { counter.reads == 6 })
    binding.cancel()
  }

  /// A change made on another thread that lands after the read it scheduled (Observation tells
  /// of it as it begins) is still shown: the source reads again as it lands. The rereads wait
  /// on a virtual clock, so that the change lands between two of them however busy the
  /// machine is.
  @Test func aChangeThatLandsAfterItsReadIsShown() async {
    let table = makeTable()
    let model = SlowlyChangedMates()
    let counter = ReadCounter()
    let clock = VirtualClock()
    let binding = table.bind(
      to: .observing(clock: clock) {
        counter.count()
        return model.mates
      }, cellProvider: describeRow)
    #expect(await binding.waitUntilShown())
    let landed = LandingFlag()
    Thread.detachNewThread {
      model.mates = (0..<3).map { TestItem(id: $0) }
      landed.set()
    }
    // The change has begun and its read has run, finding the old list; the tracking that read
    // started watches for the next change, not this one.
    #expect(await eventually("the read the change scheduled") { counter.reads == 2 })
    #expect(await eventually("the rereads waiting") { clock.sleeperCount == 1 })
    #expect(rowCount(of: table) == 0)
    model.letTheChangeLand()
    #expect(await eventually("the change to land") { landed.isSet })
    #expect(counter.reads == 2, "nothing read again before the clock says so")
    clock.advance(by: .milliseconds(1))
    #expect(await eventually("the reread") { counter.reads == 3 })
    #expect(await eventually("the late change on screen") { rowCount(of: table) == 3 })
    // The remaining rereads find nothing new; the tracking still hears the next change.
    clock.advance(by: .seconds(1))
    #expect(await eventually("the last rereads") { counter.reads == 6 })
    await Task.detached { model.mates = [TestItem(id: 9)] }.value
    // The read that change scheduled may have run before it landed, as the first one did: its
    // first reread, on the clock, finds it.
    #expect(
      await eventually("the next change's read, its rereads waiting") {
        counter.reads == 7 && clock.sleeperCount == 1
      })
    clock.advance(by: .milliseconds(1))
    #expect(
      await eventually("its first reread, the next waiting") {
        counter.reads == 8 && clock.sleeperCount == 1
      })
    #expect(await eventually("the next change on screen") { rowCount(of: table) == 1 })
    binding.cancel()
    // The next change's rereads wake, find the binding stopped, and end.
    #expect(await eventually("the next change's rereads") { clock.sleeperCount == 1 })
    clock.advance(by: .seconds(2))
    #expect(await eventually("no reread waiting") { clock.sleeperCount == 0 })
  }

  /// A stopped binding reads nothing more, and lets go of the closure and what it captured.
  @Test func aStoppedBindingStopsWatchingAndLetsTheModelGo() async {
    let table = makeTable()
    let counter = ReadCounter()
    weak var released: ObservedMates?
    var binding: ListBinding<FlatSection, TestItem>?
    do {
      let model = ObservedMates()
      released = model
      binding = table.bind(
        to: .observing {
          counter.count()
          return model.mates
        }, cellProvider: describeRow)
      #expect(await binding?.waitUntilShown() == true)
      binding?.cancel()
      model.mates = [TestItem(id: 1)]
      await Task.yield()
      #expect(counter.reads == 1, "no read after the binding stopped")
    }
    binding = nil
    #expect(await eventually("the model let go") { released == nil })
    #expect(rowCount(of: table) == 0, "the view keeps what it showed")
  }

  /// The key-path form holds the model weakly: when the model goes away, the source ends and
  /// the view keeps the last list.
  @Test func aModelThatGoesAwayEndsTheKeyPathSource() async {
    let table = makeTable()
    var model: ObservedMates? = ObservedMates()
    model?.mates = [TestItem(id: 1), TestItem(id: 2)]
    let binding = table.bind(to: .observing(model!, \.mates), cellProvider: describeRow)
    #expect(await eventually("the mates") { rowCount(of: table) == 2 })
    weak let released = model
    model = nil
    #expect(released == nil, "the source does not keep the model")
    await binding.waitUntilFinished()
    #expect(binding.hasEnded)
    #expect(rowCount(of: table) == 2)
  }

  /// A closure that reads no observable property would never hear of a change: its list is
  /// shown, and the source ends with a typed problem rather than a list that never updates.
  @Test func aClosureThatReadsNothingObservableSaysSo() async {
    let table = makeTable()
    let plain = [TestItem(id: 1), TestItem(id: 2)]
    let binding = table.bind(to: .observing { plain }, cellProvider: describeRow)
    let problems = binding.errors
    await binding.waitUntilFinished()
    #expect(rowCount(of: table) == 2, "its one list is shown")
    #expect(binding.sourceFailure as? ObservationSourceError == .readsNothingObservable)
    var reported: [String] = []
    for await problem in problems { reported.append("\(problem)") }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("read nothing observable") == true)
  }

  @Test func anOutlineReadsItsTreeFromObservableState() async {
    let layout = UICollectionViewCompositionalLayout.list(
      using: UICollectionLayoutListConfiguration(appearance: .plain))
    let list = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: layout)
    UIWindow.show(list)
    let topics = ObservedTopics()
    topics.roots = [
      ObservedTopic(id: "a", children: [ObservedTopic(id: "a1")]), ObservedTopic(id: "b"),
    ]
    let row = UICollectionView.CellRegistration<OutlineListCell, OutlineRow<ObservedTopic>> {
      _, _, _ in
    }
    let binding = list.bindOutline(
      to: .observing { topics.roots }, children: \.children, expanded: ["a"], using: row)
    #expect(await eventually("the tree") { list.numberOfItems(inSection: 0) == 3 })
    topics.roots.append(ObservedTopic(id: "c"))
    #expect(await eventually("the new root") { list.numberOfItems(inSection: 0) == 4 })
    binding.cancel()
  }

  /// An outline's source that reads nothing observable says so too; the tree it gave stays,
  /// and taps still expand it.
  @Test func anOutlineWhoseClosureReadsNothingObservableSaysSo() async {
    let list = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 600),
      collectionViewLayout: UICollectionViewCompositionalLayout.list(
        using: UICollectionLayoutListConfiguration(appearance: .plain)))
    UIWindow.show(list)
    let plain = [ObservedTopic(id: "a", children: [ObservedTopic(id: "a1")])]
    let row = UICollectionView.CellRegistration<OutlineListCell, OutlineRow<ObservedTopic>> {
      _, _, _ in
    }
    let binding = list.bindOutline(to: .observing { plain }, children: \.children, using: row)
    #expect(
      await eventually("the problem") {
        binding.sourceFailure as? ObservationSourceError == .readsNothingObservable
      })
    #expect(await eventually("the tree") { list.numberOfItems(inSection: 0) == 1 })
    let outline: OutlineExpansion<ObservedTopic>? = binding.outline()
    outline?.expand("a")
    #expect(await eventually("expanded") { list.numberOfItems(inSection: 0) == 2 })
    binding.cancel()
  }
}
