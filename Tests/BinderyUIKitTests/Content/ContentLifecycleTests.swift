import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

@Suite("Late content that never gets stuck", .mainActorTurns)
@MainActor
struct ContentLifecycleTests {
  /// What a cell shows for a content state.
  static func label(_ mate: TestItem, _ avatar: ContentState<String>) -> String {
    switch avatar {
    case .loaded(let content): "\(mate.id) \(content)"
    case .failed: "\(mate.id) failed"
    case .loading, .notRequested: "\(mate.id) …"
    }
  }

  func bind(
    _ table: UITableView, _ avatars: ContentStore<Int, String>,
    prefetching: Prefetching = .automatic, hold: Duration? = nil,
    onConfigure: (@MainActor (Int, ContentState<String>) -> Void)? = nil
  ) -> ListBinding<FlatSection, TestItem> {
    table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(avatars, prefetching: prefetching, holdingFirstDisplay: hold)
    ) { tableView, indexPath, mate, avatar in
      onConfigure?(mate.id, avatar)
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = Self.label(mate, avatar)
      return cell
    }
  }

  func texts(_ table: UITableView) -> [String] {
    table.visibleCells.compactMap { $0.textLabel?.text }
  }

  @Test func aFailedLoadIsShownAndRetriedWhileTheRowIsVisible() async {
    let clock = VirtualClock()
    let loader = CountingLoader()
    loader.failing = [3]
    let avatars = ContentStore<Int, String>(
      configuration: .init(retry: RetryPolicy(backoff: .seconds(1)), clock: clock),
      loader: loader.load)
    let table = makeTable()
    let binding = bind(table, avatars, prefetching: .never)
    await binding.apply(items: (0..<12).map { TestItem(id: $0) })
    await eventually("the failure on screen") { texts(table).contains("3 failed") }
    await eventually("every row settled") { texts(table).filter { $0.hasSuffix("…") }.isEmpty }
    loader.failing = []
    clock.advance(by: .seconds(2))  // past the backoff (1 s ± 20%)
    await eventually("the retry's avatar") { texts(table).contains("3 avatar 3") }
    #expect(loader.loads(of: 3) == 2)
    #expect(avatars.statistics.retries == 1)
    #expect(table.violations.isEmpty)
  }

  @Test func aFailureReleasesTheFirstDisplayHold() async {
    let clock = VirtualClock()
    let loader = CountingLoader()
    loader.failing = [5]
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 24, clock: clock), loader: loader.load)
    let table = makeTable()
    var firstStates: [Int: String] = [:]
    let binding = bind(table, avatars, hold: .seconds(10)) { id, avatar in
      if firstStates[id] == nil { firstStates[id] = Self.label(TestItem(id: id), avatar) }
    }
    binding.submit(items: (0..<40).map { TestItem(id: $0) })
    // The rows are there as the table reloads; their cells come with its next layout.
    await eventually("the first display") {
      rowCount(of: table) == 40 && (0..<12).allSatisfy { firstStates[$0] != nil }
    }
    #expect(clock.now.offset == .zero, "released by the content and the failure, not the deadline")
    #expect(firstStates[5] == "5 failed")
    #expect((0..<12).filter { $0 != 5 }.allSatisfy { firstStates[$0] == "\($0) avatar \($0)" })
  }

  @Test func aCacheThatRefusesEverythingLoadsEachRowOnce() async {
    let loader = CountingLoader()
    let avatars = ContentStore<Int, String>(configuration: .init(costLimit: 0), loader: loader.load)
    let table = makeTable()
    let binding = bind(table, avatars, prefetching: .never)
    await binding.apply(items: (0..<10).map { TestItem(id: $0) })
    await eventually("every row delivered") { texts(table).allSatisfy { $0.contains("avatar") } }
    try? await Task.sleep(for: .milliseconds(100))
    #expect(loader.total == 10, "\(loader.total) loads for 10 rows")
    #expect(texts(table) == (0..<10).map { "\($0) avatar \($0)" }, "delivered once, and kept")
    #expect(avatars.cachedCount == 0)
  }

  @Test func anOversizedAvatarIsLoadedOnce() async {
    let loader = CountingLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(costLimit: 1_000, cost: { $0 == "avatar 4" ? 5_000 : 10 }),
      loader: loader.load)
    let table = makeTable()
    let binding = bind(table, avatars, prefetching: .never)
    await binding.apply(items: (0..<8).map { TestItem(id: $0) })
    await eventually("the big one shown") { texts(table).contains("4 avatar 4") }
    try? await Task.sleep(for: .milliseconds(100))
    #expect(loader.loads(of: 4) == 1)
    #expect(avatars.cachedCount == 7)
  }

  @Test func aMemoryWarningShedsWhatNoScreenShows() async {
    let table = makeTable()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 24), loader: CountingLoader().load)
    // This test's own warnings: a warning in the default center reaches every test's stores.
    let center = NotificationCenter()
    avatars.purgesOnMemoryWarning(from: center)
    // Another screen's avatars, cached and no longer wanted.
    let elsewhere = 1_000..<1_040
    for key in elsewhere { avatars.request(key) }
    await eventually("the other screen's avatars") { avatars.cachedCount == elsewhere.count }
    for key in elsewhere { avatars.cancelRequest(key) }
    let binding = bind(table, avatars, prefetching: .never)
    await binding.apply(items: (0..<100).map { TestItem(id: $0) })
    await eventually("this screen's avatars") { texts(table).allSatisfy { $0.contains("avatar") } }
    UIApplication.simulateMemoryWarning(in: center)
    await eventually("the purge") { avatars.statistics.purged == elsewhere.count }
    #expect(elsewhere.allSatisfy { avatars.state(for: $0).content == nil })
    #expect((0..<12).allSatisfy { avatars.state(for: $0).content != nil })
    #expect(texts(table).allSatisfy { $0.contains("avatar") })
    avatars._checkInvariants()
    binding.cancel()
  }

  @Test func aBindingReleasedOffTheMainThreadIsTornDownOnTheMainActor() async {
    let table = makeTable()
    let avatars = ContentStore<Int, String>(loader: CountingLoader().load)
    let probe = DeinitProbe()
    weak var prefetcher: ContentPrefetcher<FlatSection, TestItem, Int, String>?
    let last = LastReference(bind(table, avatars), probe: probe)
    await last.object?.apply(items: (0..<50).map { TestItem(id: $0) })
    prefetcher =
      last.object?.avatarPrefetcher
    last.object?.retain(probe.object())
    // The last reference goes on another thread.
    await Task.detached { last.drop() }.value
    await eventually("the binding's parts to go") { probe.deinits.count == 1 && prefetcher == nil }
    #expect(probe.deinits == [false], "not torn down on the thread that released the binding")
    await eventually("its interest to go back") { avatars.interestedKeyCount == 0 }
  }

  @Test func cancellingAScreenGivesBackAllItsInterest() async {
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), content: .store(avatars)
    ) { tableView, indexPath, _, _ in
      tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    }
    await binding.apply(items: (0..<100).map { TestItem(id: $0) })
    await eventually("loads running") { avatars.loadsInFlight == 6 }
    #expect(avatars.interestedKeyCount >= 12)
    binding.cancel()
    await eventually("no interest left") { avatars.interestedKeyCount == 0 }
    #expect(avatars.loadsInFlight == 0)
    #expect(avatars.waitingKeys.isEmpty)
    loader.openAll()
  }

  @Test func aReleasedScreenGoesAwayWholeAndTheNextGetsItsAvatars() async {
    let loader = CountingLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    weak var binding: ListBinding<FlatSection, TestItem>?
    weak var adapter: AnyObject?
    weak var prefetcher: ContentPrefetcher<FlatSection, TestItem, Int, String>?
    weak var contentBinding: ContentBinding<FlatSection, TestItem, Int, String>?
    weak var table: UITableView?
    weak var cell: UITableViewCell?
    do {
      let screen = makeTable()
      let bound = bind(screen, avatars)
      await bound.apply(items: (0..<100).map { TestItem(id: $0) })
      await eventually("avatars on screen") { texts(screen).first == "0 avatar 0" }
      screen.scroll(by: 44 * 20)
      binding = bound
      adapter = bound.view
      prefetcher =
        bound.avatarPrefetcher
      contentBinding =
        bound.avatarContent
      table = screen
      cell = screen.visibleCells.first
      #expect(prefetcher != nil && contentBinding != nil && adapter != nil)
      screen.removeFromSuperview()  // the screen is dismissed
    }
    await eventually("everything to go") {
      binding == nil && adapter == nil && prefetcher == nil && contentBinding == nil
        && table == nil && cell == nil
    }
    await eventually("no interest left") { avatars.interestedKeyCount == 0 }
    #expect(avatars.loadsInFlight == 0)
    // A new screen on the same store gets its avatars.
    avatars.evict(0)
    let next = makeTable()
    let nextBinding = bind(next, avatars)
    await nextBinding.apply(items: (0..<30).map { TestItem(id: $0) })
    await eventually("the new screen's avatars") {
      texts(next) == (0..<12).map { "\($0) avatar \($0)" }
    }
  }

  @Test func rowsThatGoAwayGiveBackTheirInterest() async {
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    let table = makeTable()
    let binding = bind(table, avatars, prefetching: .never)
    await binding.apply(items: (0..<8).map { TestItem(id: $0) })
    await eventually("loads running") { avatars.loadsInFlight == 6 }
    // Five of eight rows are deleted: their cells go to the reuse pool and let go.
    await binding.apply(items: [0, 2, 7].map { TestItem(id: $0) })
    await eventually("the deleted rows let go") {
      [1, 3, 4, 5, 6].allSatisfy { avatars.interest(in: $0) == 0 }
    }
    #expect([0, 2, 7].allSatisfy { avatars.interest(in: $0) == 1 })
    // Row 7's load waited for a slot: it starts once a cancelled load's loader has returned
    // (its worker keeps the slot until then), which is on another thread.
    await eventually("the waiting row's load started") { avatars.loadsInFlight == 3 }
    // An empty list: nothing is wanted and nothing loads.
    await binding.apply(items: [])
    await eventually("nothing wanted") { avatars.interestedKeyCount == 0 }
    #expect(avatars.loadsInFlight == 0)
    loader.openAll()
  }

  @Test func aGridAsksForItsWholeFirstScreen() async {
    let grid = makeGrid()  // 3 columns, 6 lines of 100 points
    grid.removeFromSuperview()
    grid.frame = .zero  // Auto Layout has not run yet
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 100), loader: loader.load)
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), content: .store(avatars)
    ) {
      grid, indexPath, _, _ in
      grid.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    }
    await binding.apply(items: (0..<200).map { TestItem(id: $0) })
    // A zero frame is read as the screen: 390 × 844 points fit 3 columns of 100 and 9 lines.
    let firstScreen = 27
    #expect(binding.itemsPerScreen == firstScreen)
    #expect((0..<firstScreen).allSatisfy { avatars.interest(in: $0) > 0 })
    grid.frame = CGRect(x: 0, y: 0, width: 320, height: 1_200)  // laid out: 12 lines
    #expect(binding.itemsPerScreen == 36)
    loader.openAll()
  }

  /// A compositional grid of four columns of 80-point squares in 320 × 960 points shows 48
  /// items, which Bindery cannot work out before the first cell: the app says so, and all 48
  /// are asked for before it (without: the 22 that 44-point rows would show).
  @Test(arguments: [true, false])
  func aCompositionalGridAsksForItsWholeFirstScreen(saying: Bool) async {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
    let row = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)),
      subitems: [item])
    let grid = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 960),
      collectionViewLayout: UICollectionViewCompositionalLayout(
        section: NSCollectionLayoutSection(group: row)))
    grid.isStrict = true
    grid.register(LabelledCell.self, forCellWithReuseIdentifier: "item")
    UIWindow.show(grid)
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 100), loader: loader.load)
    var askedAtFirstCell: Set<Int>?
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), content: .store(avatars)
    ) { grid, indexPath, _, _ in
      if askedAtFirstCell == nil {
        askedAtFirstCell = Set((0..<200).filter { avatars.interest(in: $0) > 0 })
      }
      return grid.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    }
    if saying { _ = binding.itemsOnFirstScreen(48) }
    await binding.apply(items: (0..<200).map { TestItem(id: $0) })
    #expect(grid.indexPathsForVisibleItems.count == 48)
    let asked = askedAtFirstCell ?? []
    #expect(asked.isSuperset(of: 0..<48) == saying, "\(asked.intersection(0..<48).count) of 48")
    // Once the view shows items, they count.
    #expect(binding.itemsPerScreen == 48)
    loader.openAll()
    binding.cancel()
  }

  @Test func theWholeFirstScreenIsRequestedBeforeTheFirstCellIsConfigured() async {
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 100), loader: loader.load)
    let table = makeTable()  // on screen already
    var requestedAtFirstCell: [Int] = []
    let binding = bind(table, avatars) { id, _ in
      if id == 0 { requestedAtFirstCell = (0..<12).filter { avatars.interest(in: $0) > 0 } }
    }
    await binding.apply(items: (0..<100).map { TestItem(id: $0) })
    #expect(requestedAtFirstCell == Array(0..<12))
    loader.openAll()
  }

  @Test func cellsPreparedAheadOfTheScreenGetPrefetchPriority() async {
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 1), loader: loader.load)
    let table = makeTable()
    let binding = bind(table, avatars, prefetching: .never)
    await binding.apply(items: (0..<100).map { TestItem(id: $0) })
    table.scroll(by: 44)  // rows 1–12 visible; 13 and 14 prepared below
    let waiting = avatars.waitingKeys
    #expect(
      waiting.suffix(2) == [13, 14], "prepared rows wait behind every visible one: \(waiting)")
    #expect(Set(waiting.dropLast(2)).isSubset(of: Set(0..<13)))
    loader.openAll()
  }

  @Test func aPreparedCellGetsItsContentWhenItScrollsIntoView() async {
    // Found by the soak test: UIKit shows a prepared cell without asking for it again, so
    // content that arrives while the cell waits off screen must still reach it.
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 100), loader: loader.load)
    let table = makeTable()
    let binding = bind(table, avatars, prefetching: .never)
    await binding.apply(items: (0..<100).map { TestItem(id: $0) })
    table.scroll(by: 44)  // rows 13 and 14 are prepared below the screen
    for _ in 0..<3 { await Task.yield() }  // the binding tidies the cells' interest
    #expect(avatars.interest(in: 13) == 1, "a prepared cell keeps its interest")
    loader.open(13)
    await eventually("the avatar") { avatars.state(for: 13).content != nil }
    table.scroll(by: 44)
    #expect(
      table.cellForRow(at: IndexPath(row: 13, section: 0))?.textLabel?.text == "13 content 13")
    loader.openAll()
  }
  /// A list layout whose first item is a full-screen banner: the binding counts a screen as one
  /// item, while the view keeps the cells of two rows beyond the screen (UIKit keeps them "a
  /// while", UIKit rules §4a) — cells that content must still reach, whether it arrives while
  /// the cell is away (another screen wanted it) or is asked for again when the cell is back.
  /// Found by the binding fuzzer.
  @Test(arguments: [true, false])
  func aCellTheViewKeepsFarFromTheScreenGetsItsContentWhenItComesBack(
    anotherScreenWantsIt: Bool
  ) async throws {
    final class Banner: NSObject, UICollectionViewDelegateFlowLayout {
      func collectionView(
        _ collectionView: UICollectionView, layout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
      ) -> CGSize {
        CGSize(width: 320, height: indexPath.item == 0 ? 600 : 50)
      }
    }
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 100), loader: loader.load)
    let grid = makeGrid()  // 320 × 600
    (grid.collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize = CGSize(
      width: 320, height: 50)
    let banner = Banner()
    grid.delegate = banner
    // No prefetcher: what is wanted is what the cells want, whatever the timing.
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), content: .store(avatars, prefetching: .never)
    ) { grid, indexPath, item, avatar in
      let cell = grid.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
      (cell as? LabelledCell)?.text = Self.label(item, avatar)
      return cell
    }
    await binding.apply(items: (0..<100).map { TestItem(id: $0) })
    #expect(binding.itemsPerScreen == 1, "a screen of the banner")
    grid.scroll(by: 600)  // items 1–12 on screen, 13 and 14 prepared below
    grid.scroll(by: 100)  // 3–14 on screen
    grid.scroll(by: -100)  // back: 13 and 14 leave the screen, and the view keeps their cells
    let path = IndexPath(item: 14, section: 0)
    #expect(!grid.indexPathsForVisibleItems.contains(path))
    await eventually("the kept cell gave its interest back") { avatars.interest(in: 14) == 0 }
    // The load the cell gave back may not have seen its cancellation yet (that runs on its own
    // thread): an `open` could reach its gate rather than the next load's, so each look opens
    // the gate again.
    if anotherScreenWantsIt {
      avatars.request(14)
      await eventually("the avatar") {
        loader.open(14)
        return avatars.state(for: 14).content != nil
      }
    }
    grid.scroll(by: 100)  // the kept cells come back, shown without being asked for
    let cell = try #require(grid.cellForItem(at: path) as? LabelledCell)
    if !anotherScreenWantsIt {
      await eventually("asked for again") { avatars.interest(in: 14) > 0 }
    }
    await eventually("the avatar in its cell") {
      loader.open(14)
      return cell.text == "14 content 14"
    }
    if anotherScreenWantsIt { avatars.cancelRequest(14) }
    loader.openAll()
  }
}

/// Objects that record whether they were deinitialized while ``LastReference/drop()`` released
/// their owner: on the releasing thread, rather than later on the main actor.
final class DeinitProbe: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [Bool] = []
  private var releasingThread: Thread?
  /// For each probe object gone, whether it went on the thread that released the binding. (By
  /// thread, not by time: the main actor may tear the parts down while that thread is still
  /// inside the release.)
  var deinits: [Bool] { lock.withLock { recorded } }

  final class Object {
    let probe: DeinitProbe
    init(_ probe: DeinitProbe) { self.probe = probe }
    deinit {
      let current = Thread.current
      probe.lock.withLock { probe.recorded.append(probe.releasingThread === current) }
    }
  }

  func object() -> AnyObject { Object(self) }

  func whileReleasing(_ release: () -> Void) {
    let current = Thread.current
    lock.withLock { releasingThread = current }
    release()
  }
}

/// Holds the only reference to an object, to drop it on whatever thread calls ``drop()``.
final class LastReference<Object: AnyObject>: @unchecked Sendable {
  private(set) var object: Object?
  private let probe: DeinitProbe
  init(_ object: Object, probe: DeinitProbe) {
    self.object = object
    self.probe = probe
  }
  func drop() { probe.whileReleasing { object = nil } }
}
