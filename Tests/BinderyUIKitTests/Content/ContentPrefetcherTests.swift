import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

@Suite("Prefetching: content ready before a cell is first shown", .mainActorTurns)
@MainActor
struct PrefetchingTests {
  /// Binds 200 mates to an off-screen table with avatars; records, for each row configured,
  /// whether its avatar was already loaded.
  final class Recorder {
    var firstConfigurations: [Int: Bool] = [:]
  }

  /// An avatar store on a virtual clock, loading through a gated loader, `loads` at once.
  func avatarStore(loads: Int, clock: VirtualClock, loader: GatedLoader) -> ContentStore<
    Int, String
  > {
    ContentStore(
      configuration: .init(maximumConcurrentLoads: loads, clock: clock), loader: loader.load)
  }

  func bindMates(
    to table: UITableView, avatars: ContentStore<Int, String>,
    prefetching: Prefetching = .automatic, hold: Duration? = nil, holdNewRows: Duration? = nil,
    recorder: Recorder
  ) -> ViewBinding<FlatSection, TestItem> {
    table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(
        avatars, prefetching: prefetching, holdingFirstDisplay: hold, holdingNewRows: holdNewRows)
    ) { tableView, indexPath, mate, avatar in
      if recorder.firstConfigurations[mate.id] == nil {
        recorder.firstConfigurations[mate.id] = avatar.content != nil
      }
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = avatar.content ?? "placeholder"
      return cell
    }
  }

  /// A table on screen bound to `count` mates with avatars, loaded through a gated loader on
  /// a virtual clock, and shown.
  func boundMates(_ count: Int, prefetching: Prefetching = .automatic) async -> (
    clock: VirtualClock, table: UITableView, loader: GatedLoader,
    binding: ViewBinding<FlatSection, TestItem>
  ) {
    let clock = VirtualClock()
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = avatarStore(loads: 400, clock: clock, loader: loader)
    let binding = bindMates(
      to: table, avatars: avatars, prefetching: prefetching, recorder: Recorder())
    await binding.apply(items: (0..<count).map { TestItem(id: $0) })
    return (clock, table, loader, binding)
  }

  /// The prefetcher a binding of mates to their avatars attached.
  func prefetcher(of binding: ViewBinding<FlatSection, TestItem>) throws
    -> ContentPrefetcher<FlatSection, TestItem, Int, String>
  {
    try #require(
      binding.avatarPrefetcher)
  }

  /// One frame of a scroll at 60 frames a second: the offset moves `points`, the clock a
  /// sixtieth of a second, and the main actor takes the two turns a frame's jobs run in.
  func frame(_ table: UITableView, _ clock: VirtualClock, scrolledBy points: CGFloat) async {
    table.scroll(by: points)
    clock.advance(by: .nanoseconds(16_666_667))
    await Task.yield()
    await Task.yield()
  }

  /// A chat opens at its newest messages: the hold waits for the last screen's content, and
  /// that screen shows complete.
  @Test func aChatsFirstScreenIsItsLastOne() async {
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 40), loader: loader.load)
    let recorder = Recorder()
    let binding = bindMates(
      to: table, avatars: avatars, hold: .seconds(60),
      recorder: recorder
    )
    .anchor(.end)
    binding.submit(items: (0..<100).map { TestItem(id: $0) })
    let lastScreen = Set(88..<100)
    await eventually("the last screen asked for") {
      lastScreen.isSubset(of: Set(loader.startedKeys))
    }
    #expect(rowCount(of: table) == 0, "held")
    for key in lastScreen { loader.open(key) }
    await eventually("shown") { rowCount(of: table) == 100 }
    #expect(table.indexPathsForVisibleRows?.last?.row == 99)
    #expect(
      (table.indexPathsForVisibleRows ?? []).allSatisfy {
        recorder.firstConfigurations[$0.row] == true
      },
      "the screen it opens at shows with its content")
    loader.openAll()
  }

  @Test func theFirstScreenIsLoadedBeforeTheScreenAppears() async {
    let table = makeTable()
    table.removeFromSuperview()  // a pushed screen: bound now, shown later
    let avatars = ContentStore<Int, String>(configuration: .init(maximumConcurrentLoads: 24)) {
      "avatar \($0)"
    }
    let recorder = Recorder()
    let binding = bindMates(
      to: table, avatars: avatars, recorder: recorder)
    await binding.apply(items: (0..<200).map { TestItem(id: $0) })
    // The first screen's twelve, not any twelve of the two screens requested.
    await eventually("the first screen's avatars") {
      (0..<12).allSatisfy { avatars.state(for: $0).content != nil }
    }
    UIWindow.show(table)  // UIKit asks for the first cells only now
    #expect(recorder.firstConfigurations.count == 12)
    #expect(
      recorder.firstConfigurations.values.allSatisfy { $0 }, "\(recorder.firstConfigurations)")
  }

  @Test func withoutPrefetchingTheFirstScreenWaits() async {
    let table = makeTable()
    table.removeFromSuperview()
    let avatars = ContentStore<Int, String>(configuration: .init(maximumConcurrentLoads: 24)) {
      "avatar \($0)"
    }
    let recorder = Recorder()
    let binding = bindMates(to: table, avatars: avatars, prefetching: .never, recorder: recorder)
    await binding.apply(items: (0..<200).map { TestItem(id: $0) })
    try? await Task.sleep(for: .milliseconds(20))
    #expect(avatars.statistics.started == 0)  // nobody asked yet
    UIWindow.show(table)
    #expect(recorder.firstConfigurations.values.allSatisfy { !$0 })  // the note's "before"
  }

  @Test func scrollingMovesTheWindowAndRestNarrowsIt() async throws {
    let clock = VirtualClock()
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = avatarStore(loads: 200, clock: clock, loader: loader)
    let binding = bindMates(
      to: table, avatars: avatars, recorder: Recorder())
    await binding.apply(items: (0..<500).map { TestItem(id: $0) })
    // At rest: the first screen and one more.
    await eventually("the first two screens") { Set(loader.startedKeys) == Set(0..<24) }
    // Scrolling down a row every 20 ms (50 rows/s): the window runs ahead of the screen —
    // two screens and three quarters of a second of travel — and what falls behind is
    // cancelled once the grace its running load has is up.
    for _ in 0..<60 {
      table.scroll(by: 44)
      clock.advance(by: .milliseconds(20))
      await Task.yield()
    }
    func loading(_ keys: Range<Int>) -> [Int] {
      keys.filter { if case .loading = avatars.state(for: $0) { true } else { false } }
    }
    await eventually("the window ahead") { loading(60..<134) == Array(60..<134) }
    #expect(loading(134..<200).isEmpty)
    #expect(avatars.interest(in: 0) == 0, "let go of a second ago")
    // At rest the window narrows to the screen and one more; the loads farther on, all
    // running here, go on for their grace and are then cancelled.
    let prefetcher = try #require(
      binding.avatarPrefetcher)
    clock.advance(by: .seconds(1))
    await eventually("the window to narrow") { prefetcher.wantedCount == 24 }
    #expect(loading(84..<134) == Array(84..<134), "running loads let go of go on for a while")
    clock.advance(by: prefetcher.finishingGrace)
    await eventually("the loads let go of cancelled") { avatars.interest(in: 120) == 0 }
    #expect(loading(60..<84) == Array(60..<84))
    #expect(loading(84..<150).isEmpty)
    // And the two rows just above the screen, whose cells UIKit keeps (UIKit rules §4a).
    #expect(loading(58..<60) == Array(58..<60))
    #expect(avatars.loadsInFlight == 26)
    loader.openAll()
  }

  /// A steady scroll at 60 frames a second, 16 points a frame over 44-point rows, brings a row
  /// every two or three frames, so its speed counted in rows jitters around 22 rows a second.
  /// The window ahead keeps its length through the jitter: no key is asked for, let go and
  /// asked for again (each time a load started and was abandoned), and none ahead of the
  /// screen is let go while the scroll goes on.
  @Test func aSteadyScrollAsksForEachRowOnce() async {
    let (clock, table, loader, binding) = await boundMates(2_000)
    await eventually("the first two screens") { Set(loader.startedKeys) == Set(0..<24) }
    for _ in 0..<300 { await frame(table, clock, scrolledBy: 16) }
    let first = table.indexPathsForVisibleRows?.first?.row ?? 0
    #expect(first > 100)  // 300 frames of 16 points: about 109 rows
    await eventually("the window ahead") { loader.startedKeys.contains(first + 40) }
    let started = loader.startedKeys
    let again = Dictionary(grouping: started, by: { $0 }).filter { $0.value.count > 1 }.keys
      .sorted()
    #expect(again.isEmpty, "keys asked for, let go and asked for again: \(again)")
    let cancelledAhead = loader.cancelledKeys.filter { $0 >= first }
    #expect(cancelledAhead.isEmpty, "keys ahead of the screen let go: \(cancelledAhead)")
    loader.openAll()
    binding.cancel()
  }

  /// A loader whose loads take their time on a virtual clock (150 to 450 ms, by key), counting
  /// its calls by key.
  final class TimedLoader: @unchecked Sendable {
    let clock: VirtualClock
    private let lock = NSLock()
    private var calls: [Int: Int] = [:]
    init(clock: VirtualClock) { self.clock = clock }
    var callsPerKey: Double {
      lock.withLock { calls.isEmpty ? 0 : Double(calls.values.reduce(0, +)) / Double(calls.count) }
    }
    var calledTwice: [Int] { lock.withLock { calls.filter { $0.value > 1 }.keys.sorted() } }
    func load(_ key: Int) async throws -> String {
      lock.withLock { calls[key, default: 0] += 1 }
      try await clock.sleep(for: .milliseconds(150 + (key * 37) % 300))
      return "avatar \(key)"
    }
  }

  enum Motion: String, CaseIterable { case steady, turning, flinging }

  /// The README's "each key is requested once", for rows of every height and the motions a
  /// user makes: at 800 points a second, a steady scroll, one that turns back and forth, and
  /// flings with pauses between them, six loads at a time that all succeed. Rows taller than a
  /// frame's travel used to read as a speed that fell to nothing between two rows, and a window
  /// that turned cancelled the loads it had started: 3 to 9 calls a key.
  @Test(arguments: [CGFloat(70), 190, 400], Motion.allCases)
  func eachKeyIsAskedForOnce(rowHeight: CGFloat, motion: Motion) async {
    // Two clocks moved together: the loads' own, whose sleepers are the loads in flight (what
    // settling waits for), and the store's and prefetcher's.
    let clock = VirtualClock()
    let loader = TimedLoader(clock: VirtualClock())
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 6, clock: clock), loader: loader.load)
    let table = makeTable()
    table.rowHeight = rowHeight
    let binding = bindMates(to: table, avatars: avatars, recorder: Recorder())
    await binding.apply(items: (0..<2_000).map { TestItem(id: $0) })
    let frame = Duration.nanoseconds(16_666_667)
    var pauseFrames = 0
    for index in 0..<360 {  // six seconds
      switch motion {
      case .steady: table.scroll(by: 800 / 60)
      case .turning: table.scroll(by: index % 120 < 80 ? 800 / 60 : -800 / 60)
      case .flinging:
        if pauseFrames > 0 {
          pauseFrames -= 1
        } else {
          if !table.isDecelerating { table.userFlings(velocity: 800) }
          table.decelerate(for: frame)
          if !table.isDecelerating { pauseFrames = 30 }
        }
      }
      clock.advance(by: frame)
      loader.clock.advance(by: frame)
      await loader.clock.settle { avatars.loadsInFlight }
    }
    #expect(loader.callsPerKey <= 1.05, "keys loaded more than once: \(loader.calledTwice)")
    #expect(loader.calledTwice.count <= 1, "\(loader.calledTwice)")
    binding.cancel()
  }

  /// A scroll that slows to a crawl between two rows is planned for as it slows, not only once
  /// the next row comes: most frames move only the offset, and the prefetcher, which counts
  /// the speed in rows, finds the rows it counted are older than its window and wants less.
  @Test func aScrollThatSlowsBetweenRowsNarrowsTheWindowAsItSlows() async throws {
    let (clock, table, loader, binding) = await boundMates(2_000)
    let prefetcher = try prefetcher(of: binding)
    for _ in 0..<59 { await frame(table, clock, scrolledBy: 16) }
    let rows = { (table.indexPathsForVisibleRows?.first, table.indexPathsForVisibleRows?.last) }
    let (first, last) = rows()
    let wantedAtSpeed = prefetcher.wantedCount
    // Half a point a frame for 40 frames: two thirds of a second, 20 points, no row crossed.
    for _ in 0..<40 { await frame(table, clock, scrolledBy: 0.5) }
    #expect(rows() == (first, last), "the same rows on screen throughout")
    await eventually("a narrower window") { prefetcher.wantedCount < wantedAtSpeed }
    loader.openAll()
    binding.cancel()
  }

  /// The release of the cells that left the screen never lets go of a cell on it: without
  /// prefetching, a cell's interest is all that keeps its row's load going, and a load let go
  /// and asked for again would start twice.
  @Test func cellsOnScreenKeepTheirLoadsAsOthersAreReleased() async {
    let (clock, table, loader, binding) = await boundMates(2_000, prefetching: .never)
    for _ in 0..<40 { await frame(table, clock, scrolledBy: 44) }
    let visible = Set((table.indexPathsForVisibleRows ?? []).map(\.row))
    #expect(visible.count > 5)
    await eventually("the rows on screen asked for") { visible.isSubset(of: loader.startedKeys) }
    let cancelled = visible.intersection(loader.cancelledKeys)
    #expect(cancelled.isEmpty, "loads of rows on screen let go: \(cancelled.sorted())")
    let twice = Dictionary(grouping: loader.startedKeys, by: { $0 }).filter { $0.value.count > 1 }
    #expect(twice.isEmpty, "keys asked for twice: \(twice.keys.sorted())")
    #expect(!loader.cancelledKeys.isEmpty, "rows far behind were let go")
    loader.openAll()
    binding.cancel()
  }

  /// The prefetcher keeps the keys it found for the flat indices it planned while the list stays
  /// the same; a new list in their place (other items at the same rows, the view unmoved) is
  /// planned from its own items.
  @Test func aNewListAtTheSameRowsIsPlannedFromItsOwnItems() async {
    let clock = VirtualClock()
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = avatarStore(loads: 400, clock: clock, loader: loader)
    let binding = bindMates(to: table, avatars: avatars, recorder: Recorder())
    await binding.apply(items: (0..<500).map { TestItem(id: $0) })
    for _ in 0..<20 {
      table.scroll(by: 44)
      clock.advance(by: .milliseconds(20))
      await Task.yield()
    }
    await eventually("the window ahead of row 20") { avatars.interest(in: 60) > 0 }
    await binding.apply(items: (0..<500).map { TestItem(id: 10_000 + $0) })
    await eventually("the new list's window") { avatars.interest(in: 10_060) > 0 }
    #expect(
      (0..<500).allSatisfy { avatars.interest(in: $0) == 0 },
      "the old list's keys: \((0..<500).filter { avatars.interest(in: $0) > 0 })")
    loader.openAll()
  }

  /// A viewport that changes shape without the offset moving (the keyboard comes up, a split
  /// view narrows the screen) is planned for again: fewer rows on screen want less ahead.
  @Test func aViewportThatShrinksAtRestIsPlannedForAgain() async throws {
    let (_, table, loader, binding) = await boundMates(500)
    let prefetcher = try prefetcher(of: binding)
    await eventually("the first screen and one more wanted") { prefetcher.wantedCount == 24 }
    table.frame.size.height = 6 * 44  // the keyboard took half the screen
    await eventually("half a screen and one more wanted") { prefetcher.wantedCount == 12 }
    #expect(table.contentOffset.y == 0, "the offset did not move")
    loader.openAll()
    withExtendedLifetime(binding) {}
  }

  /// Rows that share a key (avatars of one author) want it as the most urgent of them does:
  /// scrolled down, back up and to rest, the window's keys are wanted and the keys far from it
  /// are not, and once the binding stops no key holds any interest — no unit is lost or left
  /// as the window moves row by row.
  @Test func rowsSharingAKeyWantItWhileAnyOfThemIsPlanned() async throws {
    let clock = VirtualClock()
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = avatarStore(loads: 400, clock: clock, loader: loader)
    // Four rows a key: rows 0–3 show key 0, rows 4–7 key 1, …
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(avatars, keyedBy: { $0.id / 4 })
    ) { tableView, indexPath, _, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = avatar.content ?? "placeholder"
      return cell
    }
    await binding.apply(items: (0..<800).map { TestItem(id: $0) })
    for step in [44, 44, 30, 44, 60, 44, 10, 44, 88, 44] + Array(repeating: 44, count: 120) {
      table.scroll(by: CGFloat(step))
      clock.advance(by: .milliseconds(20))
      await Task.yield()
    }
    for _ in 0..<20 {
      table.scroll(by: -44)
      clock.advance(by: .milliseconds(20))
      await Task.yield()
    }
    clock.advance(by: .seconds(1))
    let first = table.indexPathsForVisibleRows?.first?.row ?? 0
    #expect(first > 100, "scrolled well down: the first row on screen is \(first)")
    // At rest the window narrows to the screen and one more below, and the rows just above,
    // whose cells UIKit keeps: no key farther away is wanted once the running loads the
    // narrowing let go of have had their grace.
    let near = ((first - 2) / 4)...((first + 24) / 4)
    let prefetcher = try #require(
      binding.avatarPrefetcher)
    await eventually("the window narrowed") { prefetcher.wantedCount == near.count }
    clock.advance(by: prefetcher.finishingGrace)
    await eventually("only the keys near the screen wanted at rest") {
      (0..<200).allSatisfy { (avatars.interest(in: $0) > 0) == near.contains($0) }
    }
    binding.cancel()
    await eventually("every unit given back") {
      (0..<200).allSatisfy { avatars.interest(in: $0) == 0 }
    }
    loader.openAll()
  }

  /// The app's own prefetch data source stays the table's and hears UIKit's calls, while the
  /// binding still plans its window from the scroll.
  @Test func theAppsPrefetchDataSourceStaysAndContentIsStillPlannedAhead() async {
    let clock = VirtualClock()
    let table = makeTable()
    let app = AppPrefetcher()
    table.prefetchDataSource = app
    let loader = GatedLoader()
    let avatars = avatarStore(loads: 200, clock: clock, loader: loader)
    let binding = bindMates(to: table, avatars: avatars, recorder: Recorder())
    await binding.apply(items: (0..<500).map { TestItem(id: $0) })
    #expect(table.prefetchDataSource === app)
    for _ in 0..<60 {
      table.scroll(by: 44)
      clock.advance(by: .milliseconds(20))
      await Task.yield()
    }
    func isLoading(_ key: Int) -> Bool {
      if case .loading = avatars.state(for: key) { true } else { false }
    }
    await eventually("the window ahead") { (60..<121).allSatisfy(isLoading) }
    #expect(table.prefetchDataSource === app)
    #expect(app.prefetched.contains { $0.row > 60 }, "UIKit's calls reach the app's object")
    loader.openAll()
    binding.cancel()
  }

  @Test func aFlingsLandingScreenLoadsFirstAndPassingRowsAreNotChased() async {
    let (clock, loaderClock) = (VirtualClock(), VirtualClock())
    let table = makeTable()
    // Two loads at a time, 100 ms each: 20 avatars a second, far fewer than a fling passes.
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 2, clock: clock)
    ) { key in
      try await loaderClock.sleep(for: .milliseconds(100))
      return "avatar \(key)"
    }
    let recorder = Recorder()
    let binding = bindMates(
      to: table, avatars: avatars, recorder: recorder)
    await binding.apply(items: (0..<2_000).map { TestItem(id: $0) })
    func step() async {
      clock.advance(by: .milliseconds(16))
      loaderClock.advance(by: .milliseconds(16))
      await loaderClock.settle { avatars.loadsInFlight }
    }
    for _ in 0..<100 { await step() }
    // The finger lifts at the speed that carries the table 700 rows down.
    let rate = table.decelerationRate.rawValue
    table.userFlings(velocity: 700 * 44 * (1 - rate) / rate * 1_000)
    var steps = 0
    while table.isDecelerating && steps < 1_000 {
      table.decelerate(for: .milliseconds(16))
      await step()
      steps += 1
    }
    let landing = (table.indexPathsForVisibleRows ?? []).map(\.row)
    #expect(landing.first == 700 && landing.count == 12)
    #expect(
      landing.allSatisfy { recorder.firstConfigurations[$0] == true },
      "\(landing.map { recorder.firstConfigurations[$0] ?? false })")
    // Rows the fling carried past in its fast part were not loaded.
    let passing = (100..<600).filter {
      if case .loaded = avatars.state(for: $0) { true } else { false }
    }
    #expect(passing.count < 10, "\(passing)")
  }

  /// A scroll view delegate that snaps a fling to a row and tells the binding where it stops.
  final class SnappingDelegate: UITableViewDelegate {
    var binding: ViewBinding<FlatSection, TestItem>?
    var snapTo: CGFloat = 0

    func scrollViewWillEndDragging(
      _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
      targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
      targetContentOffset.pointee.y = snapTo
      binding?.flingWillComeToRest(at: targetContentOffset.pointee)
    }
  }

  @Test func anAnnouncedLandingCountsTheContentInset() async {
    let table = makeTable()
    table.contentInset = UIEdgeInsets(top: 100, left: 0, bottom: 0, right: 0)  // a bar above
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 100), loader: loader.load)
    let binding = bindMates(
      to: table, avatars: avatars, recorder: Recorder())
    await binding.apply(items: (0..<2_000).map { TestItem(id: $0) })
    let delegate = SnappingDelegate()
    delegate.binding = binding
    delegate.snapTo = 400 * 44 - 100  // row 400 just below the bar
    table.delegate = delegate
    table.userFlings(velocity: 20_000)
    let prefetcher = binding.avatarPrefetcher
    // The screen at that offset: rows 397 (under the bar) to 409.
    await eventually("the announced landing") { prefetcher?.landing == 397..<410 }
    loader.openAll()
  }

  @Test func aLandingTheDelegateAnnouncesIsPlannedForAtOnce() async {
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 100), loader: loader.load)
    let binding = bindMates(
      to: table, avatars: avatars, recorder: Recorder())
    await binding.apply(items: (0..<2_000).map { TestItem(id: $0) })
    let delegate = SnappingDelegate()
    delegate.binding = binding
    delegate.snapTo = 400 * 44  // where the speed alone would stop is 700 rows down
    table.delegate = delegate
    let rate = table.decelerationRate.rawValue
    table.userFlings(velocity: 700 * 44 * (1 - rate) / rate * 1_000)
    let prefetcher = binding.avatarPrefetcher
    await eventually("the announced landing") { prefetcher?.landing == 400..<412 }
    await eventually("its avatars requested") { Set(loader.startedKeys).isSuperset(of: 400..<412) }
    #expect(!loader.startedKeys.contains(700))
    table.decelerate(for: .seconds(10))
    #expect(table.indexPathsForVisibleRows?.first?[1] == 400)
    loader.openAll()
  }

  @Test func aJumpIsNotAFlingAndWantsOnlyAroundItsDestination() async {
    let clock = VirtualClock()
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = avatarStore(loads: 20_000, clock: clock, loader: loader)
    let binding = bindMates(
      to: table, avatars: avatars, recorder: Recorder())
    await binding.apply(items: (0..<20_000).map { TestItem(id: $0) })
    for _ in 0..<3 {  // a small scroll first
      table.scroll(by: 44)
      clock.advance(by: .milliseconds(16))
      await Task.yield()
    }
    table.scrollToRow(at: IndexPath(row: 15_000, section: 0), at: .top, animated: false)
    clock.advance(by: .milliseconds(16))
    await eventually("the destination wanted") { avatars.interest(in: 15_000) > 0 }
    for _ in 0..<10 { await Task.yield() }
    // Measured: 5,006 keys wanted before jumps were told from flings; 24 after.
    let limit = PrefetchPlanner().maximumWindow(itemsPerScreen: 12)
    #expect(avatars.interestedKeyCount <= limit, "\(avatars.interestedKeyCount) wanted")
    #expect(avatars.interest(in: 100) == 0, "the rows jumped past are not wanted")
    loader.openAll()
  }

  /// Rows arriving above the reading position move the content offset and the first visible
  /// row's index, but the user did not scroll: the prefetcher hears a shift, not a speed.
  @Test func rowsArrivingAboveAreNotReadAsAScroll() async {
    let clock = VirtualClock()
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = avatarStore(loads: 20_000, clock: clock, loader: loader)
    let binding = bindMates(
      to: table, avatars: avatars, recorder: Recorder())
    let list = (0..<5_000).map { TestItem(id: $0) }
    await binding.apply(items: list)
    table.scroll(by: 2_200)  // row 50, then a slow scroll down: a row every 100 ms
    for _ in 0..<6 {
      clock.advance(by: .milliseconds(100))
      table.scroll(by: 44)
      for _ in 0..<5 { await Task.yield() }
    }
    let before = avatars.interestedKeyCount
    // Eight posts on top, within a frame of the last scroll step.
    await binding.apply(items: (10_000..<10_008).map { TestItem(id: $0) } + list)
    clock.advance(by: .milliseconds(16))
    table.scroll(by: 4)
    for _ in 0..<10 { await Task.yield() }
    // Read as a scroll, eight rows in a frame would be ~500 rows/s, and want many screens.
    #expect(avatars.interestedKeyCount <= before + 12, "\(before) → \(avatars.interestedKeyCount)")
    loader.openAll()
  }

  @Test func loadsBelowAListAtRestStopStarting() async {
    let (clock, loaderClock) = (VirtualClock(), VirtualClock())
    let table = makeTable()
    let started = StartLog()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 6, clock: clock)
    ) { key in
      started.append(key)
      try await loaderClock.sleep(for: .milliseconds(30))
      return "avatar \(key)"
    }
    let binding = bindMates(
      to: table, avatars: avatars, recorder: Recorder())
    await binding.apply(items: (0..<5_000).map { TestItem(id: $0) })
    func step() async {
      clock.advance(by: .milliseconds(16))
      loaderClock.advance(by: .milliseconds(16))
      await loaderClock.settle { avatars.loadsInFlight + avatars.abandonedLoads }
    }
    // Five rows per frame for a second, then rest.
    for _ in 0..<60 {
      table.scroll(by: 5 * 44)
      await step()
    }
    let startedBeforeRest = started.keys.count
    let last = (table.indexPathsForVisibleRows ?? []).map(\.row).max() ?? 0
    for _ in 0..<31 { await step() }  // half a second at rest
    // Measured: 19 loads started there while rest took 300 ms to notice; 0 once it takes 50 ms.
    let farBelow = started.keys.dropFirst(startedBeforeRest).filter { $0 > last + 40 }
    #expect(farBelow.count <= 10, "\(farBelow.count) loads started far below: \(farBelow)")
  }

}

/// What an async call returned, once it has.
@MainActor
final class Outcome<Value> {
  var value: Value?
}

/// The keys whose loads started, in order, from any thread.
final class StartLog: @unchecked Sendable {
  private let lock = NSLock()
  private var started: [Int] = []
  var keys: [Int] { lock.withLock { started } }
  func append(_ key: Int) { lock.withLock { started.append(key) } }
}

/// UIKit's deceleration is written twice, on purpose: HeadlessUIKit flings with it (points a
/// millisecond) and Bindery's prefetcher predicts where a fling lands with it (points a
/// second), and neither module may depend on the other. They must agree.
@Suite("The deceleration formula, written in two modules")
@MainActor
struct DecelerationAgreementTests {
  @Test func bothModulesPredictTheSameRestingOffset() {
    for rate in [UIScrollView.DecelerationRate.normal, .fast] {
      for velocityPerSecond in [-9_000.0, -1_200, -1, 0, 1, 800, 4_000, 12_000] {
        let headless = UIScrollView.restingOffset(
          from: 5_000, velocity: CGFloat(velocityPerSecond / 1_000), rate: rate)
        let position = ScrollPosition(
          offset: 5_000, maximumOffset: .greatestFiniteMagnitude, isDecelerating: true,
          decelerationRate: Double(rate.rawValue))
        let bindery = position.restingOffset(velocity: velocityPerSecond)
        #expect(
          abs(bindery - max(0, Double(headless))) < 1e-6,
          "rate \(rate.rawValue), \(velocityPerSecond) points/s")
      }
    }
  }
}
