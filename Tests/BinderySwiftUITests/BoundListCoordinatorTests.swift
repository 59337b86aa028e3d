import Bindery
import BinderySwiftUI
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Observation
import Testing

/// What a hosted row shows: its item and its content's state.
struct RowShown {
  var item: TestItem
  var content: ContentState<String>
}

/// A row as SwiftUI's `UIHostingConfiguration` would host it (BinderyTesting's stand-in).
typealias HostedRow = StandInHostedRow<RowShown>

extension StandInHostedRow where Value == RowShown {
  init(item: TestItem, content: ContentState<String>, height: CGFloat) {
    self.init(RowShown(item: item, content: content), height: height)
  }
  var item: TestItem { value.item }
  var content: ContentState<String> { value.content }
}

/// A hosted list on screen, its coordinator bound to a hand-fed source (with `modifiers`), and
/// the binding.
@MainActor
func boundHostedList(
  modifiers: (CollectionBinding<FlatSection, TestItem>) -> CollectionBinding<
    FlatSection, TestItem
  > = { $0 }
) throws -> (
  UICollectionView, BoundListCoordinator<FlatSection, TestItem, Never>,
  CollectionBinding<FlatSection, TestItem>
) {
  let view = makeOnScreenList()
  let coordinator = hostedCoordinator(view)
  coordinator.update(source: handSource(), sourceID: 1, modifiers: modifiers)
  return (view, coordinator, try #require(coordinator.binding))
}

/// A row's height by its id: 40 to 120 points, varied.
func rowHeight(_ id: Int) -> CGFloat { CGFloat(40 + (id * 37) % 81) }

func items(_ ids: some Sequence<Int>) -> [TestItem] { ids.map { TestItem(id: $0) } }

/// A source the test sends lists through by hand.
func handSource() -> ListSource<FlatSection, TestItem> {
  .sequence(AsyncStream<[TestItem]> { _ in })
}

@MainActor
func hostedCoordinator(_ view: UICollectionView) -> BoundListCoordinator<
  FlatSection, TestItem, Never
> {
  BoundListCoordinator(collectionView: view) { item in
    HostedRow(item: item, content: .notRequested, height: rowHeight(item.id))
  }
}

@MainActor
func shownItem(_ view: UICollectionView, _ path: IndexPath) -> TestItem? {
  (view.cellForItem(at: path)?.contentConfiguration as? HostedRow)?.item
}

/// A store whose photos for `keys` are all loaded (`photo <key>`), and its loader, which counts
/// every load.
@MainActor
func photosCached(_ keys: Range<Int>) async -> (ContentStore<Int, String>, CountingLoader<String>) {
  let loader = CountingLoader<String> { "photo \($0)" }
  let store = ContentStore<Int, String>(loader: loader.load)
  for key in keys { store.request(key) }
  #expect(
    await eventually("the photos cached") {
      keys.allSatisfy { store.state(for: $0).content != nil }
    })
  return (store, loader)
}

@MainActor
@Suite("A SwiftUI list's coordinator, on HeadlessUIKit", .mainActorTurns)
struct BoundListCoordinatorTests {
  @Test func rowsAreHostedConfigurationsSizedByTheirContent() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    #expect(await binding.apply(items: items(0..<30)))
    #expect(
      await eventually("rows shown") { view.cellForItem(at: IndexPath(item: 0, section: 0)) != nil }
    )
    for path in view.indexPathsForVisibleItems {
      let frame = try #require(view.layoutAttributesForItem(at: path)?.frame)
      #expect(frame.height == rowHeight(path.item), "row \(path.item)")
      #expect(shownItem(view, path)?.id == path.item)
    }
    #expect(view.violations.isEmpty)
    withExtendedLifetime(coordinator) {}  // it configures the rows while they show
  }

  @Test func theSameSourceIDKeepsTheBindingAndANewOneBindsAnew() async throws {
    let view = makeOnScreenList()
    let coordinator = hostedCoordinator(view)
    var modified = 0
    coordinator.update(source: handSource(), sourceID: "chat 1") { binding in
      modified += 1
      return binding
    }
    let first = try #require(coordinator.binding)
    #expect(await first.apply(items: items(0..<5)))
    coordinator.update(source: handSource(), sourceID: "chat 1") { binding in
      modified += 1
      return binding
    }
    #expect(coordinator.binding === first)
    #expect(modified == 1)
    coordinator.update(source: handSource(), sourceID: "chat 2") { binding in
      modified += 1
      return binding
    }
    let second = try #require(coordinator.binding)
    #expect(second !== first)
    #expect(first.isCancelled)
    #expect(modified == 2)
    #expect(await second.apply(items: items(100..<103)))
    #expect(
      await eventually("the new list shown") {
        shownItem(view, IndexPath(item: 0, section: 0))?.id == 100
      })
  }

  /// SwiftUI's next update hands in a new row builder (state the rows read changed: a
  /// checkmark, a search highlight): the rows on screen show it at once — in their own cells,
  /// with no list diffed and no row reloaded — and rows configured later use it.
  /// SwiftUI's update hands in an `.observing` closure whose captured state changed (a
  /// `@State` query) for a source of the same identity: the same binding reads the list with
  /// it, diffed as any list, and reads with it after every change to the model from then on.
  /// An update whose closure reads the same list shows nothing new.
  @Test func anObservingSourceTakesEachUpdatesClosure() async throws {
    let view = makeOnScreenList()
    let coordinator = hostedCoordinator(view)
    let roster = Roster()
    roster.items = items(0..<20)
    var reads = 0
    func source(multiplesOf divisor: Int) -> ListSource<FlatSection, TestItem> {
      .observing {
        reads += 1
        return roster.items.filter { $0.id % divisor == 0 }
      }
    }
    coordinator.update(source: source(multiplesOf: 2), sourceID: 0)
    let binding = try #require(coordinator.binding)
    func shown() -> [Int] { binding.snapshot.items(inSection: 0).map(\.id) }
    #expect(await eventually("the even ones") { shown() == Array(stride(from: 0, to: 20, by: 2)) })
    coordinator.update(source: source(multiplesOf: 3), sourceID: 0)
    #expect(coordinator.binding === binding, "the same binding")
    #expect(await eventually("refiltered") { shown() == Array(stride(from: 0, to: 20, by: 3)) })
    roster.items.append(TestItem(id: 21))
    #expect(await eventually("a change read with the new closure") { shown().last == 21 })
    // Another update whose closure reads the same list: read once, nothing shown anew.
    for _ in 0..<4 { await Task.yield() }
    let (updates, readsBefore) = (binding.statistics.updates, reads)
    coordinator.update(source: source(multiplesOf: 3), sourceID: 0)
    #expect(await eventually("read again") { reads == readsBefore + 1 })
    for _ in 0..<4 { await Task.yield() }
    #expect(binding.statistics.updates == updates, "the same list is not shown again")
    // The trackings the earlier closures started read nothing more: one change, one read.
    let readsBeforeChange = reads
    roster.items.append(TestItem(id: 24))
    #expect(await eventually("the change shown") { shown().last == 24 })
    for _ in 0..<4 { await Task.yield() }
    #expect(reads == readsBeforeChange + 1)
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  /// A coordinator nobody keeps (SwiftUI let go of the view, or an app's own representable
  /// dropped it) ends its binding: nothing is left bound to rows nobody configures, nothing
  /// wrong is reported, and the view keeps what it shows.
  @Test func aCoordinatorLetGoOfEndsItsBindingCleanly() async throws {
    let view = makeOnScreenList()
    var coordinator: BoundListCoordinator<FlatSection, TestItem, Never>? = hostedCoordinator(view)
    coordinator?.update(source: handSource(), sourceID: 1)
    let binding = try #require(coordinator?.binding)
    #expect(await binding.apply(items: items(0..<20)))
    let problems = Task { @MainActor in
      var seen: [String] = []
      for await problem in binding.errors { seen.append("\(problem)") }
      return seen
    }
    let shown = view.indexPathsForVisibleItems.count
    weak let letGo = coordinator
    coordinator = nil
    #expect(letGo == nil, "nothing keeps the coordinator")
    #expect(binding.isCancelled)
    binding.cancel()  // again, harmless: so that the wait below ends even if it was not
    #expect(await problems.value.isEmpty, "nothing wrong reported")
    #expect(view.indexPathsForVisibleItems.count == shown, "the view keeps what it shows")
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  @Test func aNewRowBuilderRendersTheRowsOnScreenAtOnce() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    #expect(await binding.apply(items: items(0..<60)))
    for _ in 0..<10 {  // the user scrolls: cells are kept above the screen
      view.scroll(by: 40)
      view.layoutIfNeeded()
    }
    let updates = binding.statistics.updates
    let cells = Set(view.visibleCells.map(ObjectIdentifier.init))
    #expect(cells.count > 3)
    coordinator.update(row: { item, _ in
      HostedRow(item: item, content: .loaded("checked"), height: rowHeight(item.id))
    })
    func showsTheNewBuilder(_ path: IndexPath) -> Bool {
      (view.cellForItem(at: path)?.contentConfiguration as? HostedRow)?.content.content
        == "checked"
    }
    // At once: no turn of the main actor passes.
    let stale = view.indexPathsForVisibleItems.filter { !showsTheNewBuilder($0) }
    #expect(stale.isEmpty, "rows still showing the old builder: \(stale.map(\.item))")
    #expect(Set(view.visibleCells.map(ObjectIdentifier.init)) == cells, "the same cells")
    #expect(binding.statistics.updates == updates, "no list diffed")
    // And rows configured later use it.
    view.scroll(by: 1_000)
    view.layoutIfNeeded()
    #expect(view.indexPathsForVisibleItems.allSatisfy(showsTheNewBuilder))
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  /// A row builder whose rows show `mark` as their content.
  private func builder(_ mark: String) -> BoundListCoordinator<FlatSection, TestItem, Never>.Row {
    { item, _ in HostedRow(item: item, content: .loaded(mark), height: rowHeight(item.id)) }
  }

  /// The marks the rows on screen show: which builder configured them.
  private func marks(shownBy view: UICollectionView) -> Set<String> {
    Set(
      view.indexPathsForVisibleItems.compactMap {
        (view.cellForItem(at: $0)?.contentConfiguration as? HostedRow)?.content.content
      })
  }

  /// With what the rows depend on given, an update whose dependency is the same shows the rows
  /// on screen nothing new (its builder serves the rows configured later); a new dependency
  /// shows them again. Without one, every update does.
  @Test func rowsAreShownAgainOnlyWhenWhatTheyDependOnChanges() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    #expect(await binding.apply(items: items(0..<40)))
    view.layoutIfNeeded()
    func shown() -> Set<String> { marks(shownBy: view) }
    coordinator.update(row: builder("a"), dependingOn: "selection 1")
    #expect(shown() == ["a"], "a first dependency shows them")
    let reconfigures = binding.statistics.contentReconfigures
    coordinator.update(row: builder("b"), dependingOn: "selection 1")
    #expect(shown() == ["a"], "the same dependency: nothing shown again")
    #expect(binding.statistics.contentReconfigures == reconfigures)
    coordinator.update(row: builder("c"), dependingOn: "selection 2")
    #expect(shown() == ["c"], "a new one: shown again")
    coordinator.update(row: builder("d"))
    #expect(shown() == ["d"], "none: every update")
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  /// BoundList's rows by default (issue 66, item 9): an update that changed only the parent's
  /// other state — a composer's text, the scroll position written back — shows no row again;
  /// a change of the traits the rows follow, or of what the app declared, does.
  @Test func boundListsRowsAreNotShownAgainAtEveryUpdate() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    #expect(await binding.apply(items: items(0..<40)))
    view.layoutIfNeeded()
    func shown() -> Set<String> { marks(shownBy: view) }
    let light: [AnyHashable] = ["light", "large", "en"]
    coordinator.update(row: builder("a"), declared: nil, traits: light)
    #expect(shown() == ["a"])
    let reconfigures = binding.statistics.contentReconfigures
    for keystroke in ["H", "He", "Hel", "Hell", "Hello"] {
      coordinator.update(row: builder(keystroke), declared: nil, traits: light)
    }
    #expect(shown() == ["a"], "five keystrokes in the composer: no row shown again")
    #expect(binding.statistics.contentReconfigures == reconfigures)
    coordinator.update(row: builder("dark"), declared: nil, traits: ["dark", "large", "en"])
    #expect(shown() == ["dark"], "Dark Mode: shown again")
    coordinator.update(
      row: builder("selected"), declared: AnyHashable([3]), traits: ["dark", "large", "en"])
    #expect(shown() == ["selected"], "what the app declared changed")
    // A row whose item changes is shown again with the latest builder, declared or not.
    #expect(await binding.apply(items: [TestItem(id: 0, content: 1)] + items(1..<40)))
    let first = view.cellForItem(at: IndexPath(item: 0, section: 0))?.contentConfiguration
    #expect((first as? HostedRow)?.content.content == "selected")
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  /// The cells UIKit keeps off screen, and shows again without asking for them, show a new row
  /// builder when they come back.
  @Test func aNewRowBuilderReachesTheRowsUIKitKeepsOffScreen() async throws {
    // A screen one line of four items high, in a grid of three lines.
    let grid = makeOneLineHighGrid()
    let coordinator = hostedCoordinator(grid)
    coordinator.update(source: handSource(), sourceID: 1)
    let binding = try #require(coordinator.binding)
    #expect(await binding.apply(items: items(0..<12)))
    grid.layoutIfNeeded()
    for distance in [200, 200, -200, -200] as [CGFloat] {  // the last line made, then kept
      grid.scroll(by: distance)
      grid.layoutIfNeeded()
    }
    coordinator.update(row: { item, _ in
      HostedRow(item: item, content: .loaded("checked"), height: 200)
    })
    let requests = grid.cellRequestCount
    binding.scrollToEnd()
    #expect(grid.indexPathsForVisibleItems.map(\.item).sorted() == Array(8..<12))
    #expect(grid.cellRequestCount == requests, "the last line shown again, without a request")
    for path in grid.indexPathsForVisibleItems {
      let shown = (grid.cellForItem(at: path)?.contentConfiguration as? HostedRow)?.content
      #expect(shown?.content == "checked", "item \(path.item)")
    }
    #expect(grid.violations.isEmpty, "\(grid.violations)")
  }

  @Test func sectionHeadersAreConfiguredFromTheirSectionsAndFollowThem() async throws {
    var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
    configuration.headerMode = .supplementary
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 700),
      collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
    view.isStrict = true
    UIWindow.show(view)
    let coordinator = BoundListCoordinator<TestSection, TestItem, Never>(collectionView: view) {
      item in HostedRow(item: item, content: .notRequested, height: 44)
    }
    coordinator.update(header: { section in
      var content = UIListContentConfiguration.header()
      content.text = "team \(section.id) · \(section.title)"
      return content
    })
    coordinator.update(
      source: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      sourceID: 1)
    let binding = try #require(coordinator.binding)
    var sections = [
      ListSection(TestSection(id: 0, title: 2), items: items(0..<2)),
      ListSection(TestSection(id: 1, title: 1), items: items(10..<12)),
    ]
    #expect(await binding.apply(sections))
    func header(_ section: Int) -> String? {
      view.supplementaryView(
        forElementKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: section))?.shownText
    }
    #expect(header(0) == "team 0 · 2")
    #expect(header(1) == "team 1 · 1")
    sections[1].section.title = 5
    #expect(await binding.apply(sections))
    #expect(header(1) == "team 1 · 5")
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  // MARK: Selection, both ways

  @Test func theAppsSelectionIsTheViewsByIDThroughMovesAndReloads() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    coordinator.update(selection: [7], mode: .single)  // before the list: kept until it comes
    #expect(await binding.apply(items: items(0..<20)))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 7, section: 0)])
    // Item 7 moves to the top: its selection goes with it.
    #expect(await binding.apply(items: items([7] + Array(0..<7) + Array(8..<20))))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    // Deleted, it is selected nowhere; back, it is selected again.
    #expect(await binding.apply(items: items(0..<7)))
    #expect(view.indexPathsForSelectedItems == [])
    #expect(coordinator.selection == [7])
    #expect(await binding.apply(items: items(0..<10)))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 7, section: 0)])
  }

  @Test func theUsersTapsReachTheAppAsIDs() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    var told: [Set<Int>] = []
    coordinator.onSelectionChange = { told.append($0) }
    #expect(await binding.apply(items: items(10..<20)))
    view.userSelectsItem(at: IndexPath(item: 2, section: 0))  // selection off: nothing
    #expect(told.isEmpty)
    coordinator.update(selection: [], mode: .single)
    view.userSelectsItem(at: IndexPath(item: 2, section: 0))
    view.userSelectsItem(at: IndexPath(item: 4, section: 0))
    #expect(told == [[12], [14]])
    coordinator.update(selection: [14, 99], mode: .multiple)  // 99 is not in the list
    view.userSelectsItem(at: IndexPath(item: 5, section: 0))
    view.userSelectsItem(at: IndexPath(item: 4, section: 0))
    #expect(told.suffix(2) == [[14, 15, 99], [15, 99]])
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 5, section: 0)])
  }

  // MARK: Scroll position, both ways

  @Test func aScrollPositionSetByTheAppScrollsItsItemToTheTop() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    var told: [Int?] = []
    coordinator.onScrollPositionChange = { told.append($0) }
    coordinator.update(scrollPosition: 150)  // before its item is shown: done when it is
    #expect(await binding.apply(items: items(0..<300)))
    let path = try #require(binding.indexPath(for: 150))
    let frame = try #require(view.layoutAttributesForItem(at: path)?.frame)
    #expect(abs(frame.minY - view.contentOffset.y) < 0.5)
    #expect(coordinator.scrollPosition == 150)
    #expect(!told.contains(where: { $0 != 150 }), "no other id reported on the way")
  }

  /// A chat (anchored at its end) given a scroll position with its first list opens there:
  /// the pin to the end that a first list schedules does not override the app's scroll.
  /// A scroll position anchored at the viewport's end (a chat reading its newest message):
  /// setting it scrolls the item's bottom to the viewport's bottom, and the user's scroll
  /// reports the last visible item; at the center, the item across the middle.
  @Test func aScrollPositionAnchoredAtTheEndOrCenterReadsAndScrollsThere() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    var told: [Int?] = []
    coordinator.onScrollPositionChange = { told.append($0) }
    coordinator.update(scrollPosition: 150, anchor: .end)
    #expect(await binding.apply(items: items(0..<300)))
    let path = try #require(binding.indexPath(for: 150))
    let frame = try #require(view.layoutAttributesForItem(at: path)?.frame)
    #expect(abs(frame.maxY - (view.contentOffset.y + view.bounds.height)) < 0.5)
    #expect(coordinator.scrollPosition == 150)
    // The user scrolls a little down: the item now last on screen is reported.
    view.scroll(by: 200)
    let bottom = view.contentOffset.y + view.bounds.height
    let last = try #require(
      view.indexPathsForVisibleItems.sorted().last { path in
        (view.layoutAttributesForItem(at: path)?.frame.minY ?? .infinity) < bottom
      })
    #expect(coordinator.scrollPosition == binding.item(at: last)?.id)
    #expect(told.last == coordinator.scrollPosition)
    // Read at the center from now on.
    coordinator.update(scrollPosition: coordinator.scrollPosition, anchor: .center)
    let middle = view.contentOffset.y + view.bounds.height / 2
    let across = try #require(
      view.indexPathsForVisibleItems.first { path in
        guard let frame = view.layoutAttributesForItem(at: path)?.frame else { return false }
        return frame.minY <= middle && frame.maxY > middle
      })
    #expect(coordinator.scrollPosition == binding.item(at: across)?.id)
    coordinator.update(scrollPosition: 40, anchor: .center)
    let fortieth = try #require(binding.indexPath(for: 40))
    let centered = try #require(view.layoutAttributesForItem(at: fortieth)?.frame)
    #expect(abs(centered.midY - (view.contentOffset.y + view.bounds.height / 2)) < 0.5)
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  /// A chat through the coordinator stays at its end as the keyboard comes up (the view's
  /// frame shrinks) and as a composer appears below it (a bottom safe-area inset, as
  /// SwiftUI's `safeAreaInset(edge: .bottom)` gives the hosted view), and as messages arrive.
  @Test func aChatAtItsEndFollowsTheKeyboardAndAComposer() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    coordinator.update(anchor: .end)
    #expect(await binding.apply(items: items(0..<80)))
    let gap = {
      view.contentSize.height + view.adjustedContentInset.bottom
        - (view.contentOffset.y + view.bounds.height)
    }
    #expect(abs(gap()) < 0.5, "a chat opens at its end")
    view.frame.size.height -= 300  // the keyboard
    view.layoutIfNeeded()
    #expect(abs(gap()) < 0.5, "at its end above the keyboard: \(gap())")
    view.contentInset.bottom = 56  // the composer
    view.layoutIfNeeded()
    #expect(abs(gap()) < 0.5, "at its end above the composer: \(gap())")
    #expect(await binding.apply(items: items(0..<82)))
    #expect(abs(gap()) < 0.5, "at its end as messages arrive: \(gap())")
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  /// A SwiftUI chat read in the middle keeps the rows above the keyboard as the list's frame
  /// gives the keyboard room (issue 66, item 6), as a UIKit chat does.
  @Test func aChatReadInTheMiddleKeepsItsRowsAboveTheKeyboard() async throws {
    let (view, coordinator, binding) = try boundHostedList { $0.anchor(.end) }
    defer { withExtendedLifetime(coordinator) {} }  // the binding lives as long as it
    #expect(await binding.apply(items: items(0..<300)))
    view.contentOffset.y = 4_000
    view.layoutIfNeeded()
    func bottom() -> (item: Int, start: CGFloat)? {
      let edge = view.contentOffset.y + view.bounds.height - view.adjustedContentInset.bottom
      guard let path = view.indexPathsForVisibleItems.max(),
        let frame = view.layoutAttributesForItem(at: path)?.frame
      else { return nil }
      return (path.item, edge - frame.minY)
    }
    let before = try #require(bottom())
    view.frame.size.height -= 336  // the keyboard's guide
    view.layoutIfNeeded()
    let above = try #require(bottom())
    #expect(above.item == before.item && abs(above.start - before.start) < 0.5)
    view.frame.size.height += 336
    view.layoutIfNeeded()
    let back = try #require(bottom())
    #expect(back.item == before.item && abs(back.start - before.start) < 0.5)
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  @Test func aScrollPositionSetWithAChatsFirstListWinsOverItsEnd() async throws {
    let (view, coordinator, binding) = try boundHostedList { $0.anchor(.end) }
    coordinator.update(scrollPosition: 150)
    #expect(await binding.apply(items: items(0..<300)))
    for _ in 0..<8 { await Task.yield() }  // the pin a first list schedules has run
    let path = try #require(binding.indexPath(for: 150))
    let frame = try #require(view.layoutAttributesForItem(at: path)?.frame)
    #expect(abs(frame.minY - view.contentOffset.y) < 0.5)
    #expect(coordinator.scrollPosition == 150)
  }

  @Test func theUsersScrollReachesTheAppAsTheFirstVisibleID() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    var told: [Int?] = []
    coordinator.onScrollPositionChange = { told.append($0) }
    #expect(await binding.apply(items: items(0..<300)))
    #expect(told.last == 0)
    view.scroll(by: 2_000)
    let first = try #require(
      view.indexPathsForVisibleItems.sorted().first { path in
        (view.layoutAttributesForItem(at: path)?.frame.maxY ?? 0) > view.contentOffset.y
      })
    #expect(told.last == binding.item(at: first)?.id)
    #expect(coordinator.scrollPosition == told.last)
    // The same id set back by the app (SwiftUI's round trip) does not scroll.
    let offset = view.contentOffset.y
    coordinator.update(scrollPosition: coordinator.scrollPosition)
    #expect(view.contentOffset.y == offset)
    // The user scrolls on before the app caught up: its older value does not scroll them back.
    let caughtUp = coordinator.scrollPosition
    view.scroll(by: 1_500)
    #expect(coordinator.scrollPosition != caughtUp)
    let further = view.contentOffset.y
    coordinator.update(scrollPosition: caughtUp)
    #expect(view.contentOffset.y == further)
  }

  @Test func anIDTheListNeverHasStopsNothing() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    var told: [Int?] = []
    coordinator.onScrollPositionChange = { told.append($0) }
    #expect(await binding.apply(items: items(0..<300)))
    coordinator.update(scrollPosition: 5_000)  // not in the list
    view.userBeginsDragging()
    view.userDrags(by: 800)
    view.userEndsDragging(velocity: 0)
    #expect(told.last == coordinator.scrollPosition)
    #expect(coordinator.scrollPosition != 0, "the user's scroll is reported")
    // The id coming later does not jump the user away from where they scrolled.
    let offset = view.contentOffset.y
    #expect(await binding.apply(items: items(0..<300) + [TestItem(id: 5_000)]))
    #expect(abs(view.contentOffset.y - offset) < 0.5)
  }

  @Test func aStoppedCoordinatorTellsNothing() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    var told = 0
    coordinator.onScrollPositionChange = { _ in told += 1 }
    coordinator.onSelectionChange = { _ in told += 1 }
    coordinator.update(selection: [], mode: .multiple)
    #expect(await binding.apply(items: items(0..<300)))
    told = 0
    #expect(!coordinator.isStopped)
    coordinator.stop()
    #expect(coordinator.isStopped, "what is on its way to the app's state can ask")
    view.scroll(by: 900)
    view.userSelectsItem(at: IndexPath(item: 20, section: 0))
    #expect(told == 0)
    #expect(binding.isCancelled)
  }

  // MARK: The goals, through the coordinator

  /// 50 rows of varied heights prepended above the viewport: what the reader sees stays put.
  @Test func fiftyRowsPrependedMoveTheVisibleRowsAtMostHalfAPoint() async throws {
    let (view, coordinator, binding) = try boundHostedList { $0.anchor(.firstVisibleItem) }
    #expect(await binding.apply(items: items(1_000..<1_200)))
    view.scroll(by: 3_000)
    let visible = view.indexPathsForVisibleItems.compactMap { binding.item(at: $0)?.id }
    #expect(visible.count > 3)
    func screenY(_ id: Int) -> CGFloat? {
      binding.indexPath(for: id).flatMap { view.layoutAttributesForItem(at: $0)?.frame.minY }
        .map { $0 - view.contentOffset.y }
    }
    let before = visible.map(screenY)
    #expect(await binding.apply(items: items(950..<1_200)))
    var worst: CGFloat = 0
    for (id, start) in zip(visible, before) {
      let after = try #require(screenY(id))
      worst = max(worst, abs(after - (start ?? .infinity)))
    }
    #expect(worst <= 0.5, "the visible rows moved \(worst) points")
    #expect(view.violations.isEmpty)
    withExtendedLifetime(coordinator) {}  // it configures the rows while they show
  }

  /// A cached row's first configuration has its content: no placeholder frame.
  @Test func thousandAppearancesOfCachedRowsNeverShowAPlaceholder() async throws {
    let cached = 0..<200
    let (store, loader) = await photosCached(cached)
    let view = makeOnScreenList()
    var firstFrames = 0
    var withoutContent = 0
    var configuredCells = Set<ObjectIdentifier>()
    let coordinator = BoundListCoordinator<FlatSection, TestItem, String>(
      collectionView: view, content: .store(store)
    ) { item, state in
      HostedRow(item: item, content: state, height: rowHeight(item.id))
    }
    coordinator.update(source: handSource(), sourceID: 1)
    let binding = try #require(coordinator.binding)
    #expect(await binding.apply(items: items(cached)))
    // Count each row's first configuration in a cell: scroll down and back until 1,000 rows
    // have appeared.
    var appearances = 0
    var shownBefore = Set<Int>()
    var direction: CGFloat = 1
    while appearances < 1_000 {
      view.scroll(by: 350 * direction)
      if view.contentOffset.y >= view.contentSize.height - view.bounds.height - 1 { direction = -1 }
      if view.contentOffset.y <= 0 { direction = 1 }
      let shown = Set(
        view.indexPathsForVisibleItems.compactMap { path -> Int? in
          guard let cell = view.cellForItem(at: path),
            let row = cell.contentConfiguration as? HostedRow
          else { return nil }
          if configuredCells.insert(ObjectIdentifier(cell)).inserted
            || !shownBefore.contains(row.item.id)
          {
            firstFrames += 1
            if row.content.content == nil { withoutContent += 1 }
          }
          return row.item.id
        })
      appearances += shown.subtracting(shownBefore).count
      shownBefore = shown
    }
    #expect(firstFrames >= 1_000)
    #expect(withoutContent == 0)
    #expect(loader.total == cached.count, "no row loaded its photo again")
  }

  /// A 10,000-message chat opens at its end, asking for the cells of its screen and the lines
  /// UIKit prefetches, not for the history above.
  @Test func aLongChatOpensAtItsEndAskingForItsScreensCellsOnly() async throws {
    let view = makeOnScreenList()
    var requested: [Int] = []
    let coordinator = BoundListCoordinator<FlatSection, TestItem, Never>(collectionView: view) {
      item in
      requested.append(item.id)
      return HostedRow(item: item, content: .notRequested, height: rowHeight(item.id))
    }
    coordinator.update(source: handSource(), sourceID: 1) { $0.anchor(.end) }
    let binding = try #require(coordinator.binding)
    let requestsBefore = view.cellRequestCount
    #expect(await binding.apply(items: items(0..<10_000)))
    let bottom = view.contentOffset.y + view.bounds.height
    #expect(abs(bottom - view.contentSize.height) < 0.5, "at the end")
    let lastVisible = view.indexPathsForVisibleItems.map(\.item).max()
    #expect(lastVisible == 9_999)
    let onScreen = view.indexPathsForVisibleItems.count
    let asked = view.cellRequestCount - requestsBefore
    // The end's screen and the lines UIKit prepares beyond it: the reload lays out at the
    // end, not at the top first. Nothing of the history above.
    let history = requested.filter { $0 < 10_000 - 2 * onScreen }
    #expect(history.isEmpty, "asked for history rows \(history)")
    #expect(asked <= 2 * onScreen, "asked for \(asked) cells to show \(onScreen)")
    #expect(view.violations.isEmpty)
  }

  // MARK: Lifetimes

  @Test func theViewGoingAwayStopsTheBinding() async throws {
    weak var weakBinding: CollectionBinding<FlatSection, TestItem>?
    do {
      let view = makeOnScreenList()
      let coordinator = hostedCoordinator(view)
      coordinator.update(source: handSource(), sourceID: 1)
      weakBinding = coordinator.binding
      #expect(await coordinator.binding?.apply(items: items(0..<10)) == true)
      view.removeFromSuperview()
    }
    #expect(await eventually("the binding released") { weakBinding == nil })
  }
}

/// A model a SwiftUI view would observe.
@MainActor @Observable
final class Roster {
  var items: [TestItem] = []
}
