import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

@Suite("Late content keyed by identity", .mainActorTurns)
@MainActor
struct ContentBindingTests {
  /// Binds `table` to `avatars` with prefetching off: content is loaded when a cell shows it,
  /// and only then. Each cell's text is ``show(_:_:)``.
  static func bindWithoutPrefetching(_ table: UITableView, _ avatars: ContentStore<Int, String>)
    -> ViewBinding<FlatSection, TestItem>
  {
    table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), content: .store(avatars, prefetching: .never)
    ) { tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = Self.show(mate, avatar)
      return cell
    }
  }

  /// What a mate's cell shows: its name and its avatar, or a placeholder.
  static func show(_ mate: TestItem, _ avatar: ContentState<String>) -> String {
    "mate \(mate.id) · \(avatar.content ?? "placeholder")"
  }

  /// The first note's presenter pushes each mate's image as it comes: the app delivers it, and
  /// the row showing that mate shows it, its load taken back (issue 67).
  @Test func contentTheAppDeliversReachesTheRowShowingItsKey() async {
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    let binding = Self.bindWithoutPrefetching(table, avatars)
    await binding.apply(items: (0..<5).map { TestItem(id: $0) })
    await eventually("the visible avatars' loads") { loader.startedKeys.count == 5 }
    avatars.deliver("pushed", for: 3)
    await eventually("the pushed avatar on its row") {
      table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "mate 3 · pushed"
    }
    #expect(
      table.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "mate 2 · placeholder"
    )
    await eventually("the load it replaced taken back") { loader.cancelledKeys == [3] }
    loader.openAll()
    await eventually("the others' loads") {
      table.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "mate 2 · content 2"
    }
    #expect(
      table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "mate 3 · pushed")
    #expect(table.violations.isEmpty)
  }

  /// A store without a loader, with prefetching and the first display's hold: the rows wait,
  /// loading, for what the presenter pushes, and show it as it comes — no load, no timeout.
  @Test func aStoreWithoutALoaderShowsWhatTheAppDelivers() async {
    let table = makeTable()
    let clock = VirtualClock()
    let avatars = ContentStore<Int, String>(configuration: .init(clock: clock))
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(avatars, holdingFirstDisplay: .seconds(1))
    ) { tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = Self.show(mate, avatar)
      return cell
    }
    let shown = Task { await binding.apply(items: (0..<30).map { TestItem(id: $0) }) }
    await eventually("the first screen asked for") { avatars.interest(in: 11) > 0 }
    #expect(table.visibleCells.isEmpty, "held for the first screen's avatars")
    for id in 0..<12 { avatars.deliver("pushed \(id)", for: id) }  // the presenter's push
    _ = await shown.value
    await eventually("the first screen") { table.visibleCells.count == 12 }
    #expect(
      table.visibleCells.map { $0.textLabel?.text } == (0..<12).map { "mate \($0) · pushed \($0)" })
    clock.advance(by: .seconds(3_600))
    table.scroll(by: 12 * 44)
    await eventually("the next screen, waiting") {
      table.visibleCells.first?.textLabel?.text == "mate 12 · placeholder"
    }
    #expect(avatars.statistics.started == 0 && avatars.statistics.failed == 0)
    avatars.deliver("pushed 12", for: 12)
    await eventually("pushed where it shows") {
      table.visibleCells.first?.textLabel?.text == "mate 12 · pushed 12"
    }
    avatars._checkInvariants()
    #expect(table.violations.isEmpty)
  }

  @Test func avatarsArriveLaterInRandomOrder() async {
    let table = makeTable()  // 12 visible rows
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    let mates = (0..<30).map { TestItem(id: $0) }
    // Prefetching off: content is loaded when a cell shows it, and only then.
    let binding = Self.bindWithoutPrefetching(table, avatars)
    await binding.apply(items: mates)
    #expect(table.visibleCells.allSatisfy { $0.textLabel?.text?.hasSuffix("placeholder") == true })
    await eventually("the visible avatars to be requested") { loader.startedKeys.count == 6 }
    #expect(avatars.waitingKeys.count == 6)  // 12 visible, 6 at a time

    let updatesBefore = binding.statistics.updates
    let requestsBefore = table.cellRequestCount
    var random = SeededGenerator(seed: 7)
    var opened: Set<Int> = []
    while opened.count < 12 {
      let started = Set(loader.startedKeys).subtracting(opened)
      guard let key = started.randomElement(using: &random) else {
        await Task.yield()
        continue
      }
      loader.open(key)
      opened.insert(key)
      await eventually("avatar \(key) on screen") {
        table.cellForRow(at: IndexPath(row: key, section: 0))?.textLabel?.text
          == "mate \(key) · content \(key)"
      }
    }
    // Every visible cell shows its own avatar; no list was diffed for an arrival, and exactly
    // one cell was re-asked per arrival.
    for (row, cell) in table.visibleCells.enumerated() {
      #expect(cell.textLabel?.text == "mate \(row) · content \(row)")
    }
    #expect(binding.statistics.updates == updatesBefore)
    #expect(table.cellRequestCount - requestsBefore == 12)
    #expect(binding.statistics.contentReconfigures == 12)
    #expect(table.violations.isEmpty)

    // Scrolling reuses the cells for other mates: they show their own state, never the
    // previous mate's avatar, and the interest moves with them.
    table.scroll(by: 12 * 44)
    for cell in table.visibleCells {
      let row = table.indexPathsForVisibleRows?.first { table.cellForRow(at: $0) === cell }?.row
      #expect(cell.textLabel?.text == row.map { "mate \($0) · placeholder" })
    }
    // UIKit keeps the cells of the two rows just above the screen (UIKit rules §4a): scrolled
    // back, they are shown without a cell request, so their content stays wanted.
    #expect((0..<10).allSatisfy { avatars.interest(in: $0) == 0 })
    #expect((10..<24).allSatisfy { avatars.interest(in: $0) == 1 })
    loader.openAll()
  }

  /// UIKit keeps cells two lines beyond the screen (§4a), Bindery the interest of a screen's
  /// worth: on a grid one line high, the second kept line gives its content back. When the
  /// viewport grows over it — the keyboard goes down, the device turns — those cells show
  /// without a cell request, and ask for their content again as it happens.
  @Test func keptCellsAViewportGrowsOverAskForTheirContentAgain() async {
    let (grid, avatars, loader, binding) = await Self.oneLineHighGrid(items: 40)
    // Down three lines and back: lines 1 and 2 keep their cells, line 2 not its interest.
    for distance in [200, 200, 200, -200, -200, -200] as [CGFloat] {
      grid.scroll(by: distance)
      for _ in 0..<4 { await Task.yield() }  // the interest of cells left behind is tidied
    }
    await eventually("line 2's content given back") {
      (8..<12).allSatisfy { avatars.interest(in: $0) == 0 }
    }
    // Lines 0 and 1, shown again without a cell request, want theirs again: prefetching is off,
    // and still the scroll is heard.
    await eventually("the lines scrolled back over asking again") {
      (0..<8).allSatisfy { avatars.interest(in: $0) == 1 }
    }
    let requests = grid.cellRequestCount
    grid.frame.size.height = 600  // the keyboard goes down
    #expect(grid.indexPathsForVisibleItems.count == 12)
    #expect(grid.cellRequestCount == requests, "lines 1 and 2 shown again, without a request")
    await eventually("line 2's content asked for again") {
      (8..<12).allSatisfy { avatars.interest(in: $0) == 1 }
    }
    binding.cancel()
    loader.openAll()
  }

  /// Bindery's own scroll — to the end, here — brings kept cells on screen as any scroll does:
  /// they ask for their content again (the viewport watcher does not tell of Bindery's moves).
  /// Scrolling through a long list, the binding remembers the keys of the items near the
  /// screen and of the cells that show them, swept as they double: not every row it showed.
  @Test func whatTheBindingRemembersStaysNearTheScreenAsTheListScrolls() async {
    let table = makeTable()  // 12 visible rows
    let avatars = ContentStore<Int, String>(loader: { "content \($0)" })
    let binding = Self.bindWithoutPrefetching(table, avatars)
    await binding.apply(items: (0..<600).map { TestItem(id: $0) })
    let content = binding.avatarContent
    #expect(content != nil)
    var most = 0
    while (table.indexPathsForVisibleRows?.last?.row ?? 0) < 599 {
      table.scroll(by: 44)
      await Task.yield()
      most = max(most, content?.rememberedItemCount ?? .max)
    }
    // A screen and a screen on each side are 36 rows; between sweeps up to twice what the last
    // sweep kept, and never fewer than 64 before one.
    #expect(most <= 128)
    #expect(most >= 12)
  }

  @Test func keptCellsBinderysOwnScrollBringsBackAskForTheirContentAgain() async {
    let (grid, avatars, loader, binding) = await Self.oneLineHighGrid(items: 12)
    for distance in [200, 200, -200, -200] as [CGFloat] {
      grid.scroll(by: distance)
      for _ in 0..<4 { await Task.yield() }  // the interest of cells left behind is tidied
    }
    await eventually("line 2's content given back") {
      (8..<12).allSatisfy { avatars.interest(in: $0) == 0 }
    }
    let requests = grid.cellRequestCount
    binding.scrollToEnd()
    #expect(grid.indexPathsForVisibleItems.map(\.item).sorted() == Array(8..<12))
    #expect(grid.cellRequestCount == requests, "line 2 shown again, without a request")
    await eventually("line 2's content asked for again") {
      (8..<12).allSatisfy { avatars.interest(in: $0) == 1 }
    }
    binding.cancel()
    loader.openAll()
  }

  /// A screen covered while the keyboard goes down comes back larger: the cells UIKit kept and
  /// shows again ask for their content then.
  @Test func keptCellsAScreenComesBackLargerOverAskForTheirContentAgain() async {
    let (grid, avatars, loader, binding) = await Self.oneLineHighGrid(items: 40)
    for distance in [200, 200, 200, -200, -200, -200] as [CGFloat] {
      grid.scroll(by: distance)
      for _ in 0..<4 { await Task.yield() }  // the interest of cells left behind is tidied
    }
    await eventually("line 2's content given back") {
      (8..<12).allSatisfy { avatars.interest(in: $0) == 0 }
    }
    guard let superview = grid.superview else {
      Issue.record("the grid is not on screen")
      return
    }
    // Covered by another screen: the window stays, with something else in it.
    superview.addSubview(UIView(frame: superview.bounds))
    grid.removeFromSuperview()
    grid.frame.size.height = 600  // the keyboard goes down meanwhile
    for _ in 0..<4 { await Task.yield() }
    superview.addSubview(grid)  // uncovered
    #expect(grid.indexPathsForVisibleItems.count == 12)
    await eventually("line 2's content asked for again") {
      (8..<12).allSatisfy { avatars.interest(in: $0) == 1 }
    }
    binding.cancel()
    loader.openAll()
  }

  /// A grid whose screen is one line of four 200-point items high (150 points), its content
  /// loaded only for cells, bound to `count` items.
  static func oneLineHighGrid(items count: Int) async -> (
    UICollectionView, ContentStore<Int, String>, GatedLoader, ViewBinding<FlatSection, TestItem>
  ) {
    let grid = makeOneLineHighGrid()
    grid.register(LabelledCell.self, forCellWithReuseIdentifier: "item")
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 40), loader: loader.load)
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), content: .store(avatars, prefetching: .never)
    ) { grid, indexPath, item, avatar in
      let cell = grid.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
      (cell as? LabelledCell)?.text = "\(item.id) \(avatar.content ?? "-")"
      return cell
    }
    await binding.apply(items: (0..<count).map { TestItem(id: $0) })
    return (grid, avatars, loader, binding)
  }

  @Test func anArrivalForAnItemOffScreenAsksForNoCell() async {
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 20), loader: loader.load)
    let binding = Self.bindWithoutPrefetching(table, avatars)
    await binding.apply(items: (0..<30).map { TestItem(id: $0) })
    let requests = table.cellRequestCount
    avatars.request(25)  // an item far below the screen
    loader.open(25)
    await eventually("the arrival") { avatars.state(for: 25).content != nil }
    try? await Task.sleep(for: .milliseconds(10))
    // No cell shows it: nothing is reconfigured, no cell is asked for.
    #expect(binding.statistics.contentReconfigures == 0)
    #expect(table.cellRequestCount == requests)
    loader.openAll()
  }

  @Test func thePublisherVariant() async {
    let grid = makeGrid()
    let loader = GatedLoader()
    let thumbnails = ContentStore<Int, String>(loader: loader.load)
    let subject = CurrentValueSubject<[TestItem], Never>([TestItem(id: 1), TestItem(id: 2)])
    let cancellable = grid.bind(to: .publisher(subject), content: .store(thumbnails)) {
      grid, indexPath, item, thumbnail in
      let cell = grid.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
      (cell as? LabelledCell)?.text = thumbnail.content ?? "placeholder"
      return cell
    }
    await eventually("two items") { itemCount(of: grid) == 2 }
    loader.open(2)
    await eventually("the thumbnail") {
      (grid.cellForItem(at: IndexPath(item: 1, section: 0)) as? LabelledCell)?.text == "content 2"
    }
    #expect(
      (grid.cellForItem(at: IndexPath(item: 0, section: 0)) as? LabelledCell)?.text == "placeholder"
    )
    cancellable.cancel()
    loader.openAll()
  }

  @Test func sectionsWithHeadersAndContent() async {
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 20), loader: loader.load)
    let subject = PassthroughSubject<[ListSection<TestSection, TestItem>], Never>()
    let cancellable = table.bind(
      to: .sectionedPublisher(subject), content: .store(avatars)
    ) { tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = Self.show(mate, avatar)
      return cell
    }
    .headerTitles { "Group \($0.id)" }
    subject.send([
      ListSection(TestSection(id: 1), items: [TestItem(id: 1), TestItem(id: 2)]),
      ListSection(TestSection(id: 2), items: [TestItem(id: 3)]),
    ])
    await eventually("two sections") { table.numberOfSections == 2 }
    #expect(table.headerTitle(forSection: 1) == "Group 2")
    loader.open(3)
    await eventually("the avatar in section 1") {
      table.cellForRow(at: IndexPath(row: 0, section: 1))?.textLabel?.text
        == "mate 3 · content 3"
    }
    #expect(
      table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "mate 1 · placeholder"
    )
    #expect(table.violations.isEmpty)
    cancellable.cancel()
    loader.openAll()
  }
}
