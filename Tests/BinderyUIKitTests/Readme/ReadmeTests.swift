import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

@Suite("The README", .mainActorTurns)
@MainActor
struct ReadmeTests {
  /// The package's root: this file is at `Tests/BinderyUIKitTests/Readme/`.
  nonisolated static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The documents whose Swift blocks must be code that compiles: the README and every DocC
  /// article of every module.
  nonisolated static let documents: [String] = {
    var paths = ["README.md"]
    let sources = root.appendingPathComponent("Sources")
    let modules = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
    for module in modules.sorted() {
      let catalog = "Sources/\(module)/\(module).docc"
      let files =
        (try? FileManager.default.contentsOfDirectory(
          atPath: root.appendingPathComponent(catalog).path)) ?? []
      paths += files.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
    }
    return paths
  }()

  /// A document's Swift blocks, each as its trimmed, non-empty lines.
  static func swiftBlocks(of path: String) throws -> [[String]] {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("```swift") {
        current = []
      } else if line.hasPrefix("```"), let block = current {
        blocks.append(block)
        current = nil
      } else if current != nil {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty { current?.append(trimmed) }
      }
    }
    return blocks
  }

  static func lines(of path: String) throws -> Set<String> {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    return Set(text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
  }

  /// Every line of every Swift block is in code the tests compile and run: the snippets files
  /// (`ReadmeSnippets.swift`, `ArticleSnippets.swift`, `SwiftUISnippets.swift` and
  /// `MigrationSnippets.swift`, compiled
  /// against the SDK too by `.ci/ios-check`, and `IdentitySnippets.swift` and
  /// `IdentityFixSnippets.swift`, whose items of one name need a module each), or, for a block
  /// that is a test of its own, HeadlessUIKit's README example test or the tests of "Testing a
  /// bound screen" (`TestingSnippets.swift`).
  @Test(arguments: documents)
  func everySwiftLineIsInCodeThatCompiles(_ document: String) throws {
    let snippets = try Self.lines(of: "Tests/BinderyUIKitTests/Readme/ReadmeSnippets.swift")
      .union(Self.lines(of: "Tests/BinderyUIKitTests/Readme/ArticleSnippets.swift"))
      .union(Self.lines(of: "Tests/BinderyUIKitTests/Readme/SwiftUISnippets.swift"))
      .union(Self.lines(of: "Tests/BinderyUIKitTests/Readme/MigrationSnippets.swift"))
      .union(Self.lines(of: "Tests/BinderyTests/Snippets/IdentitySnippets.swift"))
      .union(Self.lines(of: "Tests/BinderyDiffTests/Snippets/IdentityFixSnippets.swift"))
    let headless = try Self.lines(of: "Tests/HeadlessUIKitTests/ReadmeExampleTests.swift")
      .union(Self.lines(of: "Tests/BinderyUIKitTests/Readme/TestingSnippets.swift"))
    for block in try Self.swiftBlocks(of: document) {
      let source = block.contains { $0.hasPrefix("@Test") } ? headless : snippets
      // The README's test is a free function; the suite's is a member of a @MainActor suite.
      let lines = block.map {
        $0.replacingOccurrences(of: "@Test @MainActor func", with: "@Test func")
      }
      for line in lines where !source.contains(line) {
        Issue.record("\(document): a line not in the compiled snippets: \(line)")
      }
    }
  }

  @Test func theReadmeFitsOnAFewScreensAndShowsEachHeadlineCapability() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.components(separatedBy: "\n").count <= 300)
    let blocks = try Self.swiftBlocks(of: "README.md")
    #expect(blocks.count >= 5, "one example per headline capability")
    #expect(readme.contains("swift run -c release bindery-demo"))
    #expect(readme.contains("swift test"))
  }

  func makeScreen() -> MatesScreen {
    let table = makeTable()
    table.register(UITableViewCell.self, forCellReuseIdentifier: "mate")
    let grid = makeGrid()
    grid.register(MateGridCell.self, forCellWithReuseIdentifier: "mate")
    (grid.collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize =
      CGSize(width: 320, height: 30)
    return MatesScreen(tableView: table, collectionView: grid)
  }

  /// A screen whose table has the chat's message cell registered.
  func makeChatScreen() -> MatesScreen {
    let screen = makeScreen()
    screen.tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
    return screen
  }

  static let mates = ["Ari", "Bo", "Cleo"].map { Mate(id: UUID(), name: $0, status: "online") }

  @Test func theOneLinerShowsTheMatesAndSelectionReadsTheBinding() async {
    let screen = makeScreen()
    screen.bindOneLine()
    screen.viewModel.mates = Self.mates
    await screen.mates?.waitUntilShown()
    #expect(screen.tableView.visibleCells.map { $0.textLabel?.text } == ["Ari", "Bo", "Cleo"])
    screen.tableView(screen.tableView, didSelectRowAt: IndexPath(row: 1, section: 0))
    #expect(screen.shown.map(\.name) == ["Bo"])
    screen.bindAndStore()  // binding again replaces the first binding
    #expect(screen.mates?.isCancelled == true)
    await eventually("the stored binding's list") { screen.tableView.visibleCells.count == 3 }
    #expect(screen.tableView.violations.isEmpty)
  }

  @Test func aStatusChangeThatNeedsAnotherCellIsAReload() async {
    let screen = makeScreen()
    screen.tableView.register(UITableViewCell.self, forCellReuseIdentifier: "away")
    screen.bindStatusCells()
    screen.viewModel.mates = Self.mates
    await eventually("the mates") { screen.tableView.visibleCells.count == 3 }
    screen.viewModel.mates[1].status = "away"
    await eventually("Bo away") {
      screen.tableView.cellForRow(at: IndexPath(row: 1, section: 0))?.reuseIdentifier == "away"
    }
    #expect(screen.tableView.violations.isEmpty, "\(screen.tableView.violations)")
  }

  @Test func aSequenceWithErrorsAndApply() async {
    let screen = makeScreen()
    // The repeated id comes with the applied lists, not from the source: a list the source
    // sent beside `apply` could replace it (or be replaced by it) either way, and the test would
    // depend on which task ran first.
    let (stream, _) = AsyncStream.makeStream(of: [Mate].self)
    #expect(await screen.bindSequence(stream, newList: Self.mates + [Self.mates[0]]))
    await eventually("both repeats reported") { screen.problems.count == 2 }
    #expect(rowCount(of: screen.tableView) == 3)
  }

  @Test func teamsWithTitlesIndexDeletionAndMoves() async {
    let screen = makeScreen()
    let binding = screen.bindTeams()
    let team = Team(id: 1, name: "iOS", memberCount: 3)
    screen.viewModel.teams = [ListSection(team, items: Self.mates)]
    #expect(await binding.waitUntilShown())
    let table = screen.tableView
    #expect(table.headerView(forSection: 0)?.displayedText == "iOS")
    #expect(table.footerView(forSection: 0)?.displayedText == "3 mates")
    #expect(table.displayedSectionIndexTitles == ["i"])
    #expect(table.userDeletesRow(at: IndexPath(row: 0, section: 0)))
    #expect(screen.viewModel.removed == [Self.mates[0].id])
    // The row left at once, with UIKit's own animation: nothing slid back.
    #expect(table.numberOfRows(inSection: 0) == 2)
    #expect(table.alerts.isEmpty, "\(table.alerts)")
    table.setEditing(true, animated: false)  // reorder controls show in editing mode
    #expect(
      table.userMovesRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 0)))
    #expect(binding.snapshot.items(inSection: 0).map(\.name) == ["Cleo", "Bo"])
    #expect(table.violations.isEmpty)
  }

  @Test func aGridWithHeaders() async {
    let screen = makeScreen()
    let binding = screen.bindGrid()
    screen.viewModel.teams = [
      ListSection(Team(id: 1, name: "iOS", memberCount: 3), items: Self.mates)
    ]
    #expect(await binding.waitUntilShown())
    let header = screen.collectionView.supplementaryView(
      forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
    #expect((header as? TeamHeader)?.title == "iOS · 3")
    #expect(
      screen.collectionView.visibleCells.compactMap { ($0 as? MateGridCell)?.name } == [
        "Ari", "Bo", "Cleo",
      ])
  }

  @Test func aGridOfTeamsWithHeadersAvatarsAndSelection() async {
    let avatars = ContentStore<Mate.ID, UIImage> { _ in UIImage() }
    let screen = TeamGridScreen(avatars: avatars)
    let grid = screen.makeGrid()
    grid.frame = CGRect(x: 0, y: 0, width: 320, height: 600)
    UIWindow.show(grid)
    screen.viewModel.teams = [
      ListSection(Team(id: 1, name: "iOS", memberCount: 3), items: Self.mates)
    ]
    #expect(await screen.binding?.waitUntilShown() == true)
    let header = grid.supplementaryView(
      forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
    #expect((header as? TeamHeader)?.title == "iOS · 3")
    await eventually("every avatar shown") {
      grid.visibleCells.count == 3
        && grid.visibleCells.allSatisfy { ($0 as? MateCell)?.avatar != nil }
    }
    screen.viewModel.teams = [
      ListSection(Team(id: 1, name: "iOS", memberCount: 4), items: Self.mates)
    ]
    #expect(await screen.binding?.waitUntilShown() == true)
    #expect((header as? TeamHeader)?.title == "iOS · 4", "the same header, configured again")
    screen.collectionView(grid, didSelectItemAt: IndexPath(item: 2, section: 0))
    #expect(screen.opened.map(\.name) == ["Cleo"])
    #expect(grid.violations.isEmpty, "\(grid.violations)")
  }

  @Test func anObservableModelsMatesAreOnScreenInTheJobAfterTheChange() async {
    let screen = ObservedMatesScreen(tableView: makeScreen().tableView)
    screen.model.mates = Self.mates
    screen.bind()
    #expect(await screen.binding?.waitUntilShown() == true)
    #expect(rowCount(of: screen.tableView) == 3)
    screen.model.mates.append(Mate(id: UUID(), name: "Dev", status: "away"))
    await Task.yield()
    #expect(rowCount(of: screen.tableView) == 4)
    #expect(screen.tableView.violations.isEmpty)
  }

  @Test func cellsThatReadTheStoreFollowTheirKeys() async {
    let screen = ObservedMatesScreen(tableView: makeScreen().tableView)
    let avatar = UIImage()
    let avatars = ContentStore<Mate.ID, UIImage> { _ in avatar }
    let placeholder = UIImage()
    screen.model.mates = Self.mates
    screen.bindAvatarsReadByTheCells(avatars, placeholder: placeholder)
    #expect(await screen.binding?.waitUntilShown() == true)
    await eventually("the placeholders") {
      screen.tableView.visibleCells.count == 3
        && screen.tableView.visibleCells.allSatisfy { $0.imageView?.image === placeholder }
    }
    for mate in Self.mates { avatars.request(mate.id) }
    await eventually("the avatars, cell by cell") {
      screen.tableView.visibleCells.allSatisfy { $0.imageView?.image === avatar }
    }
    #expect(screen.binding?.statistics.contentReconfigures == 3)
  }

  @Test func avatarsArriveAndAreHeld() async {
    let screen = makeScreen()
    let avatars = screen.bindAvatars()
    screen.viewModel.mates = Self.mates
    await eventually("the avatars") {
      screen.tableView.visibleCells.count == 3
        && screen.tableView.visibleCells.allSatisfy { $0.imageView?.image != nil }
        && Self.mates.allSatisfy { avatars.state(for: $0.id).content != nil }
    }
    let held = makeScreen()
    held.viewModel.mates = Self.mates
    held.bindHeldAvatars(avatars)
    await eventually("the held screen") { held.tableView.visibleCells.count == 3 }
    #expect(held.tableView.visibleCells.allSatisfy { $0.imageView?.image != nil })
  }

  @Test func photosKeyedByURLLoadAgainWhenTheURLChanges() async {
    let screen = makeScreen()
    let photos = screen.bindPhotos()
    var mates = Self.mates
    screen.viewModel.mates = mates
    let first = mates[0].photoURL
    await eventually("the photo") { photos.state(for: first).content != nil }
    mates[0].photoURL = URL(fileURLWithPath: "/photos/new.jpg")
    screen.viewModel.mates = mates
    await eventually("the new photo") { photos.state(for: mates[0].photoURL).content != nil }
    #expect(screen.tableView.visibleCells.allSatisfy { $0.imageView?.image != nil })
  }

  @Test func theEmptyStateComesAndGoesWithTheRows() async {
    let screen = makeScreen()
    let binding = screen.bindWithEmptyState()
    #expect(screen.tableView.backgroundView == nil, "loading: nothing")
    await binding.waitUntilShown()  // the view model's initial []
    #expect(screen.tableView.backgroundView == nil, "[] while the fetch runs: still loading")
    screen.viewModel.isLoading = false  // it found nobody
    await eventually("the empty state") {
      (screen.tableView.backgroundView as? MessageView)?.text == "No mates yet"
    }
    screen.viewModel.mates = Self.mates
    await binding.waitUntilShown()
    #expect(screen.tableView.backgroundView == nil)
  }

  /// "Late content and prefetching": a repository only the main thread may touch, loading as
  /// it is; a mate without a photo is a failure.
  @Test func aMainThreadRepositoryIsALoaderAsItIs() async {
    let ids = (0..<3).map { _ in Mate.ID() }
    let realmPhotos = RealmPhotoRepository()
    realmPhotos.photos = [ids[0]: Data([1]), ids[1]: Data([2])]
    let screen = MainThreadPhotosScreen(realmPhotos: realmPhotos)
    for id in ids { screen.photos.request(id) }
    await eventually("two photos and a failure") {
      screen.photos.state(for: ids[1]).content != nil
        && screen.photos.state(for: ids[2]).failure != nil
    }
    #expect(screen.photos.state(for: ids[0]).content == Data([1]))
    #expect(screen.photos.statistics.completed == 2 && screen.photos.statistics.failed == 1)
  }

  /// "Late content and prefetching", drawing each state: every row shows its own state —
  /// an avatar, "no photo", or the silhouette while loading — and a reused cell never shows the
  /// row it showed before.
  @Test func eachRowDrawsItsOwnContentState() async {
    let mates = (0..<30).map { Mate(id: UUID(), name: "Mate \($0)", status: "") }
    let index = Dictionary(uniqueKeysWithValues: mates.enumerated().map { ($1.id, $0) })
    let avatars = ContentStore<Mate.ID, UIImage> { id in
      let i = index[id] ?? 0
      switch i % 3 {
      case 0: return UIImage(size: CGSize(width: 40, height: 40), name: "avatar \(i)")
      case 1: throw PermanentLoadFailure(URLError(.fileDoesNotExist))  // no photo
      default:
        try await Task.sleep(for: .seconds(3_600))  // loading, until the row goes
        return UIImage()
      }
    }
    let screen = DrawnAvatarsScreen()
    let table = makeTable()
    table.register(UITableViewCell.self, forCellReuseIdentifier: "mate")
    screen.bind(table, avatars: avatars)
    screen.viewModel.mates = mates
    func eachRowShowsItsState() -> Bool {
      guard let rows = table.indexPathsForVisibleRows, !rows.isEmpty else { return false }
      return rows.allSatisfy { path in
        let expected =
          switch path.row % 3 {
          case 0: "avatar \(path.row)"
          case 1: "person.crop.circle.badge.xmark"
          default: "person.crop.circle"
          }
        return table.cellForRow(at: path)?.imageView?.image?.name == expected
      }
    }
    await eventually("the first screen's states") { eachRowShowsItsState() }
    table.scroll(by: 12 * 44)  // the next screen, in the cells of the first
    #expect(
      table.visibleCells.allSatisfy { cell in
        !(cell.imageView?.image?.name ?? "").hasPrefix("avatar")
          || cell.imageView?.image?.name == "avatar \(table.indexPath(for: cell)?.row ?? -1)"
      }, "no reused cell shows the avatar of the row it showed before")
    await eventually("the second screen's states") { eachRowShowsItsState() }
    #expect(table.violations.isEmpty)
  }

  @Test func pagesLoadAsTheUserNearsTheEnd() async {
    let screen = makeScreen()
    let binding = screen.bindPagedMates()
    screen.viewModel.mates = Self.mates  // three mates: the end is on screen
    await eventually("the first page") { rowCount(of: screen.tableView) == 23 }
    for rows in [43, 63] {  // the user scrolls to the end of each page
      screen.tableView.scroll(by: 100_000)
      await eventually("\(rows) rows") { rowCount(of: screen.tableView) == rows }
    }
    #expect(screen.viewModel.pagesLoaded == 3)
    await eventually("no more pages") {
      binding.pageLoader.map { if case .exhausted = $0.state { true } else { false } } == true
    }
  }

  @Test func aChatStaysAtItsEndAndKeepsItsPlaceAsHistoryLoads() async throws {
    let screen = makeChatScreen()
    let binding = screen.bindChat()
    await binding.waitUntilShown()
    let table = screen.tableView
    let atEnd = { table.contentOffset.y + table.bounds.height == table.contentSize.height }
    #expect(atEnd())  // a chat opens at its newest message
    screen.chat.receive("hello")
    await eventually("the new message") { rowCount(of: table) == 31 }
    #expect(atEnd())
    #expect(table.indexPathsForVisibleRows?.last?.row == 30)
    // The user scrolls up to the oldest message loaded: older ones load above it, and it stays.
    table.scroll(by: -100_000)
    let oldest = try #require(binding.indexPath(for: 1_000))
    let start = table.rectForRow(at: oldest).minY - table.contentOffset.y
    await eventually("a page of history") { rowCount(of: table) == 51 }
    let moved = try #require(binding.indexPath(for: 1_000))
    #expect(table.rectForRow(at: moved).minY - table.contentOffset.y == start)
    #expect(table.violations.isEmpty)
  }

  /// "Feeds and chats", unread: the chat opens at its first unread message with the app's
  /// divider, keeps it there as messages arrive, and the divider goes once the reader has
  /// reached the end.
  @Test func aChatOpensAtItsFirstUnreadMessageUntilItIsReadToTheEnd() async throws {
    let screen = makeChatScreen()
    let table = screen.tableView
    screen.bindUnreadChat(firstUnread: 1_010)
    let binding = try #require(screen.unreadChat)
    await eventually("the first unread message at the top") {
      binding.readingPlace == .item(1_010, pointsIntoRow: 0)
    }
    #expect(table.visibleCells.first?.textLabel?.text == "— unread — message 1010")
    screen.chat.receive("hello")
    await eventually("the new message") { rowCount(of: table) == 31 }
    #expect(binding.readingPlace == .item(1_010, pointsIntoRow: 0), "the reader's place kept")
    #expect(screen.unreadDivider == 1_010, "not read to the end yet")
    table.scroll(by: 100_000)
    await eventually("read to the end") { screen.unreadDivider == nil }
    table.scroll(by: -100_000)
    await eventually("the divider gone") {
      table.visibleCells.allSatisfy { $0.textLabel?.text?.hasPrefix("— unread") == false }
        && rowCount(of: table) == 31
    }
    #expect(table.violations.isEmpty)
  }

  /// "Feeds and chats": a streamed reply shows whole, the chat at its end, every token shown
  /// on the way (each token's cell configured).
  @Test func aStreamedReplyShowsTokenByTokenAtTheEnd() async throws {
    let screen = makeChatScreen()
    let binding = screen.bindChat()
    await binding.waitUntilShown()
    let table = screen.tableView
    let (reply, tokens) = AsyncThrowingStream<String, any Error>.makeStream()
    let streaming = Task { try await screen.chat.streamReply(reply) }
    await eventually("the reply's row") { rowCount(of: table) == 31 }
    let row = IndexPath(row: 30, section: 0)
    var text = ""
    for word in ["The ", "photos ", "are ", "in ", "the ", "shared ", "album."] {
      text += word
      tokens.yield(word)
      await eventually("\"\(text)\" on screen") {
        table.cellForRow(at: row)?.textLabel?.text == text
      }
    }
    tokens.finish()
    try await streaming.value
    #expect(await binding.waitUntilShown())
    #expect(table.contentOffset.y + table.bounds.height == table.contentSize.height)
    #expect(table.violations.isEmpty)
  }

  /// "Feeds and chats": a place saved mid-chat is where the next launch opens, once its list
  /// is shown.
  @Test func theReadersPlaceIsSavedAndRestoredAtTheNextLaunch() async throws {
    let screen = makeChatScreen()
    let binding = screen.bindChat()
    await binding.waitUntilShown()
    screen.tableView.scroll(by: -300)
    let place = try #require(binding.readingPlace)
    try screen.savePlace(of: binding)
    let next = makeChatScreen()
    next.savedPlace = screen.savedPlace
    let restored = next.bindChat()
    try next.restorePlace(of: restored)
    await restored.waitUntilShown()
    #expect(restored.readingPlace == place)
  }

  @Test func aModernListWithSwipeToDelete() async throws {
    let screen = makeScreen()
    screen.bindModernList()
    let binding = try #require(screen.teamsBinding)
    let mates = Self.mates
    screen.viewModel.teams = [
      ListSection(Team(id: 1, name: "Design", memberCount: 3), items: mates)
    ]
    await binding.waitUntilShown()
    let grid = screen.collectionView
    #expect(
      grid.supplementaryView(
        forElementKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: 0)
      )?.shownText == "Design")
    #expect(grid.cellForItem(at: IndexPath(item: 1, section: 0))?.shownText == "Bo")
    let actions = grid.userSwipes(itemAt: IndexPath(item: 1, section: 0), from: .trailing)
    let delete = try #require(actions?.actions.first)
    grid.userTaps(delete, onItemAt: IndexPath(item: 1, section: 0))
    #expect(screen.viewModel.removed == [mates[1].id])
    #expect(grid.violations.isEmpty, "\(grid.violations)")
  }

  @Test func topicsAsAnOutline() async throws {
    let screen = makeScreen()
    let binding = screen.bindTopics()
    screen.viewModel.topics = [
      Topic(id: 1, title: "Swift", subtopics: [Topic(id: 2, title: "Concurrency")]),
      Topic(id: 3, title: "UIKit"),
    ]
    let grid = screen.collectionView
    func titles() -> [String?] {
      grid.indexPathsForVisibleItems.sorted().map { grid.cellForItem(at: $0)?.shownText }
    }
    await eventually("the roots") { titles() == ["Swift", "UIKit"] }
    grid.userTapsAccessory(.outlineDisclosure, ofItemAt: IndexPath(item: 0, section: 0))
    await eventually("expanded") { titles() == ["Swift", "Concurrency", "UIKit"] }
    #expect(binding.outline()?.expandedIDs == [1])
  }

  @Test func theDiffOnItsOwnThroughATable() throws {
    let table = makeTable()
    table.register(UITableViewCell.self, forCellReuseIdentifier: "mate")
    let controller = ManualTableController(tableView: table)
    table.dataSource = controller
    controller.show(try diffOnItsOwn(mates: [], newMates: Self.mates))
    let moved = [Self.mates[2], Self.mates[0], Self.mates[1]]
    controller.show(try diffOnItsOwn(mates: Self.mates, newMates: moved))
    #expect(controller.shown.items == moved)
    #expect(rowCount(of: table) == 3)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// BinderySwiftUI's article: the coordinator opens the chat at its end, follows the model,
  /// and hands the user's taps to it as ids.
  @Test func theSwiftUICoordinatorShowsTheChatAndItsSelection() async throws {
    let view = makeOnScreenList()
    let chat = ChatRoom()
    chat.messages = (100..<160).map { ChatLine(id: $0, author: $0 % 5, text: "message \($0)") }
    let coordinator = makeChatCoordinator(collectionView: view, chat: chat)
    let binding = try #require(coordinator.binding)
    #expect(await binding.waitUntilShown())
    let atEnd = { abs(view.contentOffset.y + view.bounds.height - view.contentSize.height) < 0.5 }
    #expect(atEnd())
    chat.messages.append(ChatLine(id: 160, author: 0, text: "new"))
    #expect(await eventually("the new message") { binding.snapshot.numberOfItems == 61 })
    #expect(atEnd())
    let last = try #require(view.indexPathsForVisibleItems.max())
    view.userSelectsItem(at: last)
    #expect(chat.selected == [160])
    #expect(view.violations.isEmpty, "\(view.violations)")
  }
}
