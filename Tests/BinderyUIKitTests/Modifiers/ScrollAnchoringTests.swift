import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A cell whose height its item decides, as Auto Layout would from its text.
final class FeedCell: UITableViewCell {
  var fittingHeight: CGFloat = 44
  override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    CGSize(width: targetSize.width, height: fittingHeight)
  }
}

/// An item's height in these tests: 30 to 146 points, fixed by its id.
func feedHeight(_ id: Int) -> CGFloat { CGFloat(30 + (id * 37) % 117) }

/// A self-sizing table (estimates of 60 points), 320 × 528, on screen.
@MainActor
func makeFeedTable() -> UITableView {
  let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 12 * 44))
  table.isStrict = true
  table.register(FeedCell.self, forCellReuseIdentifier: "post")
  table.rowHeight = UITableView.automaticDimension
  table.estimatedRowHeight = 60
  UIWindow.show(table)
  return table
}

@MainActor
func feedCell(_ table: UITableView, _ path: IndexPath, _ item: TestItem) -> UITableViewCell {
  let cell = table.dequeueReusableCell(withIdentifier: "post", for: path)
  cell.textLabel?.text = "\(item)"
  (cell as? FeedCell)?.fittingHeight = feedHeight(item.id)
  return cell
}

func posts(_ ids: some Sequence<Int>) -> [TestItem] { ids.map { TestItem(id: $0) } }

/// Binds `table` to a hand-fed list whose rows are 100 points tall, or as tall as their item's
/// `content` says when it is not 0.
@MainActor
func bindRowsSizedByContent(_ table: UITableView) -> ViewBinding<FlatSection, TestItem> {
  table.bind(to: .sequence(AsyncStream<[TestItem]> { _ in })) { table, path, item in
    let cell = table.dequeueReusableCell(withIdentifier: "post", for: path)
    (cell as? FeedCell)?.fittingHeight = item.content == 0 ? 100 : CGFloat(item.content)
    return cell
  }
}

@MainActor
@Suite("Scroll anchoring: the reading position survives changes above it", .mainActorTurns)
struct ScrollAnchoringTests {
  /// Where an item starts on screen, along the scroll.
  func screenStart<S, I>(of id: I.ID, in table: UITableView, _ binding: ViewBinding<S, I>)
    -> CGFloat?
  {
    guard let path = binding.indexPath(for: id) else { return nil }
    return table.rectForRow(at: path).minY - table.contentOffset.y
  }

  /// The reading position: the first item that starts on screen, else the one cut off at the
  /// top.
  func firstVisibleID(_ table: UITableView, _ binding: ViewBinding<FlatSection, TestItem>)
    -> Int?
  {
    let paths = table.indexPathsForVisibleRows ?? []
    let starting = paths.first { table.rectForRow(at: $0).minY >= table.contentOffset.y - 0.5 }
    return (starting ?? paths.first).flatMap { binding.item(at: $0)?.id }
  }

  @Test(arguments: [ScrollAnchor.firstVisibleItem, .none])
  func postsArrivingAboveKeepTheReadingPosition(anchor: ScrollAnchor) async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(anchor)
    #expect(await binding.apply(items: posts(1_000..<1_200)))
    table.scroll(by: 3_000)
    let reading = try #require(firstVisibleID(table, binding))
    let before = try #require(screenStart(of: reading, in: table, binding))
    // Twelve new posts on top, and two read ones above the screen deleted.
    var next = posts(1...12) + posts(1_000..<1_200)
    next.removeAll { $0.id == 1_003 || $0.id == 1_005 }
    #expect(await binding.apply(items: next))
    let after = try #require(screenStart(of: reading, in: table, binding))
    if anchor == .none {
      #expect(after != before)  // UIKit's own: the rows above pushed it away
    } else {
      #expect(after == before)
      #expect(firstVisibleID(table, binding) == reading)
    }
    #expect(table.violations.isEmpty)
  }

  /// Rows animating in above the screen would slide what the user reads while the offset is
  /// put back: those batches are not animated; changes below the screen still are.
  @Test func changesAboveAreNotAnimatedChangesBelowAre() async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    #expect(await binding.apply(items: posts(100..<300)))
    table.scroll(by: 3_000)
    #expect(await binding.apply(items: posts(100..<301)))  // one more at the end
    #expect(table.lastBatchAnimated == true)
    #expect(await binding.apply(items: posts(0..<2) + posts(100..<301)))  // two above
    #expect(table.lastBatchAnimated == false)
  }

  /// A conversation that gets a message moves to the top; the screen stays with the ones
  /// that stayed, not with the one that left.
  @Test func anItemThatMovesAwayIsNotFollowed() async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    let list = posts(0..<200)
    #expect(await binding.apply(items: list))
    table.scroll(by: 3_000)
    let visible = try #require(table.indexPathsForVisibleRows).compactMap {
      binding.item(at: $0)?.id
    }
    let (leaving, staying) = (visible[0], visible[1])
    let before = try #require(screenStart(of: staying, in: table, binding))
    var next = list
    next.removeAll { $0.id == leaving }
    next.insert(TestItem(id: leaving, content: 1), at: 0)
    #expect(await binding.apply(items: next))
    #expect(screenStart(of: staying, in: table, binding) == before)
    #expect(firstVisibleID(table, binding) != leaving)
  }

  /// When every item on screen moves (the block the user reads goes to the top), the first of
  /// them is followed: found through its move, not searched for.
  @Test func aBlockThatMovesIsFollowed() async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    let list = posts(0..<300)
    #expect(await binding.apply(items: list))
    table.scroll(by: 6_000)
    let visible = try #require(table.indexPathsForVisibleRows).compactMap {
      binding.item(at: $0)?.id
    }
    let before = try #require(screenStart(of: visible[0], in: table, binding))
    let block = Set(visible)
    #expect(
      await binding.apply(
        items: list.filter { block.contains($0.id) } + list.filter { !block.contains($0.id) }))
    #expect(screenStart(of: visible[0], in: table, binding) == before)
    #expect(table.violations.isEmpty)
  }

  /// The newest message grows where the user reads it (text streaming in): the chat follows.
  @Test func aChatFollowsAGrowingLastMessage() async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: postCell
    )
    .anchor(.end)
    var messages = posts(0..<40)
    #expect(await binding.apply(items: messages))
    let atEnd = {
      abs(table.contentOffset.y + table.bounds.height - table.contentSize.height) < 0.5
    }
    #expect(atEnd())
    messages[39].content = 3  // 75 points taller
    #expect(await binding.apply(items: messages))
    #expect(atEnd())
  }

  @Test func atTheStartNewPostsShow() async {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    #expect(await binding.apply(items: posts(100..<200)))
    #expect(await binding.apply(items: posts(1...3) + posts(100..<200)))
    #expect(table.contentOffset.y == 0)
    #expect(firstVisibleID(table, binding) == 1)
  }

  @Test func theFirstVisibleItemDeletedAnchorsTheNextOne() async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    #expect(await binding.apply(items: posts(0..<100)))
    table.scroll(by: 1_500)
    let visible = try #require(table.indexPathsForVisibleRows).compactMap {
      binding.item(at: $0)?.id
    }
    let second = visible[1]
    let before = try #require(screenStart(of: second, in: table, binding))
    #expect(await binding.apply(items: posts((0..<100).filter { $0 != visible[0] && $0 != 2 })))
    #expect(screenStart(of: second, in: table, binding) == before)
  }

  @Test func aChatAtItsEndShowsNewMessages() async {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    #expect(await binding.apply(items: posts(0..<60)))
    // A chat opens at its newest message.
    #expect(table.contentOffset.y + table.bounds.height == table.contentSize.height)
    #expect(table.indexPathsForVisibleRows?.last?.row == 59)
    for count in 61...70 {
      #expect(await binding.apply(items: posts(0..<count)))
      let bottom = table.contentOffset.y + table.bounds.height
      #expect(abs(bottom - table.contentSize.height) < 0.5, "message \(count)")
      #expect(table.indexPathsForVisibleRows?.last?.row == count - 1)
    }
    #expect(table.violations.isEmpty)
  }

  /// A chat at its end whose screen shows no row — only a footer taller than the screen (a
  /// load-more view, a grouped table's last footers under a keyboard) — stays at its end as
  /// messages arrive (found by the binding fuzzer, seed 15907331538835676016).
  @Test func aChatAtItsEndShowingOnlyItsFooterStaysAtItsEnd() async {
    let table = makeFeedTable()
    table.tableFooterView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 700))
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    #expect(await binding.apply(items: posts(0..<30)))
    table.layoutIfNeeded()
    let gap = { table.contentSize.height - (table.contentOffset.y + table.bounds.height) }
    #expect(abs(gap()) < 0.5, "a chat opens at its end")
    #expect((table.indexPathsForVisibleRows ?? []).isEmpty, "only the footer on screen")
    for count in 31...35 {
      #expect(await binding.apply(items: posts(0..<count)))
      #expect(abs(gap()) < 0.5, "at the end after message \(count): \(gap()) points short")
    }
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// A long chat is laid out at its end from its first layout: its first screen (the oldest
  /// messages) is never asked for, only the end's rows and those prepared beyond them.
  @Test func aLongChatOpensAtItsEndAskingForNoCellOfItsHistory() async throws {
    let table = makeFeedTable()
    var asked: [Int] = []
    let binding = table.bind(to: .sequence(AsyncStream<[TestItem]> { _ in })) {
      table, path, item in
      asked.append(item.id)
      return feedCell(table, path, item)
    }
    .anchor(.end)
    #expect(await binding.apply(items: posts(0..<10_000)))
    let bottom = table.contentOffset.y + table.bounds.height
    #expect(abs(bottom - table.contentSize.height) < 0.5, "at the end")
    let onScreen = table.indexPathsForVisibleRows?.count ?? 0
    #expect(onScreen > 0 && asked.count <= 2 * onScreen, "\(asked.count) cells for \(onScreen)")
    #expect(asked.allSatisfy { $0 >= 10_000 - 2 * onScreen }, "history asked for: \(asked)")
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  @Test func aChatAwayFromItsEndKeepsItsPlaceAsMessagesArrive() async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    #expect(await binding.apply(items: posts(0..<60)))
    table.scroll(by: -1_000)  // up from the end, where it opened
    let reading = try #require(firstVisibleID(table, binding))
    let offset = table.contentOffset.y
    #expect(await binding.apply(items: posts(0..<65)))
    #expect(table.contentOffset.y == offset)
    #expect(firstVisibleID(table, binding) == reading)
  }

  @Test func historyPrependedAtTheStartKeepsTheReadingPosition() async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    #expect(await binding.apply(items: posts(500..<540)))
    // The user scrolls up to the oldest message loaded: the start of the list.
    table.scroll(by: -100_000)
    #expect(table.contentOffset.y == 0)
    let before = try #require(screenStart(of: 500, in: table, binding))
    #expect(await binding.apply(items: posts(460..<540)))
    #expect(screenStart(of: 500, in: table, binding) == before)
    #expect(firstVisibleID(table, binding) == 500)
    #expect(table.contentOffset.y > 0)
  }

  @Test func sectionsInsertedAboveKeepThePlace() async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      cellProvider: feedCell)
    func day(_ id: Int, _ items: Range<Int>) -> ListSection<TestSection, TestItem> {
      ListSection(TestSection(id: id, title: id), items: posts(items))
    }
    _ = binding.headerTitles { "day \($0.title)" }
    #expect(await binding.apply([day(2, 100..<140), day(3, 200..<240)]))
    table.scroll(by: 2_500)
    let reading = try #require(table.indexPathsForVisibleRows?.first)
    let id = try #require(binding.item(at: reading)?.id)
    let before = try #require(screenStart(of: id, in: table, binding))
    #expect(
      await binding.apply([day(0, 0..<5), day(1, 10..<30), day(2, 100..<140), day(3, 200..<240)]))
    #expect(screenStart(of: id, in: table, binding) == before)
    #expect(table.violations.isEmpty)
  }

  @Test func aCollectionViewKeepsItsPlaceToo() async throws {
    let grid = makeGrid()
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeItem)
    #expect(await binding.apply(items: posts(100..<400)))
    grid.scroll(by: 2_050)
    let path = try #require(grid.indexPathsForVisibleItems.sorted().first)
    let id = try #require(binding.item(at: path)?.id)
    func start() -> CGFloat? {
      binding.indexPath(for: id).flatMap { grid.layoutAttributesForItem(at: $0)?.frame.minY }
        .map { $0 - grid.contentOffset.y }
    }
    let before = try #require(start())
    #expect(await binding.apply(items: posts(0..<30) + posts(100..<400)))
    #expect(start() == before)
    #expect(grid.violations.isEmpty)
  }

  /// Posts arrive while the finger is on the content: the drag goes on from the corrected place,
  /// so what is under the finger stays under it.
  @Test func anUpdateDuringADragKeepsWhatIsUnderTheFinger() async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    #expect(await binding.apply(items: posts(1_000..<1_300)))
    table.scroll(by: 4_000)
    let reading = try #require(firstVisibleID(table, binding))
    let start = try #require(screenStart(of: reading, in: table, binding))
    table.userBeginsDragging()
    table.userDrags(by: 40)
    #expect(await binding.apply(items: posts(1...20) + posts(1_000..<1_300)))
    table.userDrags(by: 25)
    #expect(screenStart(of: reading, in: table, binding) == start - 65)
    table.userEndsDragging(velocity: 0)
    #expect(table.violations.isEmpty)
  }

  /// A fling goes on from the corrected place, at its speed: it ends on the same post as the
  /// same fling with nothing arriving.
  @Test func anUpdateDuringAFlingEndsWhereTheFlingWouldHave() async throws {
    func fling(arriving: Bool) async throws -> (id: Int, start: CGFloat) {
      let table = makeFeedTable()
      let binding = table.bind(
        to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
      #expect(await binding.apply(items: posts(1_000..<1_300)))
      table.scroll(by: 1_200)
      table.scroll(by: 800)  // everything from the top to here measured
      table.userFlings(velocity: 3_000)
      table.decelerate(for: .milliseconds(100))
      if arriving { #expect(await binding.apply(items: posts(1...20) + posts(1_000..<1_300))) }
      while table.isDecelerating { table.decelerate(for: .milliseconds(16)) }
      let id = try #require(firstVisibleID(table, binding))
      return (id, try #require(screenStart(of: id, in: table, binding)))
    }
    let quiet = try await fling(arriving: false)
    let busy = try await fling(arriving: true)
    #expect(busy.id == quiet.id)
    #expect(abs(busy.start - quiet.start) < 1)
  }

  /// A change too large to diff is a reload: the place is kept across it as well.
  @Test func aReloadKeepsThePlace() async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    #expect(await binding.apply(items: posts(0..<100)))
    table.scroll(by: 1_500)
    let reading = try #require(firstVisibleID(table, binding))
    let before = try #require(screenStart(of: reading, in: table, binding))
    let reloads = binding.statistics.reloads
    // Every other post replaced, and forty new ones on top.
    let next = posts(10_000..<10_040) + posts((0..<100).filter { $0 % 2 == 1 || $0 == reading })
    #expect(await binding.apply(items: next))
    #expect(binding.statistics.reloads == reloads + 1)
    #expect(screenStart(of: reading, in: table, binding) == before)
  }

  /// A chat on a table with UIKit's defaults (estimated, self-sizing rows) whose photos arrive
  /// through a content store, each message growing from 60 to 200 points as its photo comes:
  /// it stays at its end through every arrival, the newest message in full view.
  /// One update that shrinks the row cut off at the top (a stage of its own, which lets that
  /// row onto the screen above the reading position) and inserts a row under it: the row the
  /// user read first before the update is where it was after it, as no frame showed the
  /// screen between the two stages (found by the binding fuzzer, seed 6445491989458639100).
  @Test(arguments: [ScrollAnchor.firstVisibleItem, .end])
  func aShrinkingRowCutOffAtTheTopAndARowInsertedUnderItKeepTheReader(anchor: ScrollAnchor)
    async throws
  {
    let table = makeFeedTable()
    let binding = bindRowsSizedByContent(table)
      .anchor(anchor)
    var items = posts(0..<60)
    #expect(await binding.apply(items: items))
    // Row 10 cut off by a point at the top; row 11 starts 99 points down the screen.
    // (Twice: the first layout measures the rows that were estimates.)
    for _ in 0..<2 {
      table.contentOffset.y = table.rectForRow(at: IndexPath(row: 10, section: 0)).minY + 1
      table.layoutIfNeeded()
    }
    let before = try #require(screenStart(of: 11, in: table, binding))
    #expect(before == 99)
    items[10].content = 40
    items.insert(TestItem(id: 100), at: 11)
    #expect(await binding.apply(items: items))
    #expect(table.rectForRow(at: IndexPath(row: 10, section: 0)).height == 40)
    #expect(try #require(screenStart(of: 11, in: table, binding)) == before)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// Every row that started on screen is deleted, so the place is kept by the row cut off at
  /// the top; in a later turn that row is reloaded (another cell) and shrinks. The rows below
  /// it stay where they are: a row cut off at the top is never the reader's place across
  /// turns (found by the binding fuzzer, seed 14390831429811426272).
  @Test func aRowCutOffAtTheTopIsNotTheReadersPlaceInALaterTurn() async throws {
    let table = makeFeedTable()
    let binding = bindRowsSizedByContent(table)
      .anchor(.firstVisibleItem)
      .replacesCells(when: { old, new in old.content != new.content })
    var items = posts(0..<30)
    #expect(await binding.apply(items: items))
    for _ in 0..<2 {
      table.contentOffset.y = table.rectForRow(at: IndexPath(row: 5, section: 0)).minY + 80
      table.layoutIfNeeded()
    }
    #expect(try #require(screenStart(of: 6, in: table, binding)) == 20)
    items.removeSubrange(6...11)  // every row that starts on screen
    #expect(await binding.apply(items: items))
    #expect(try #require(screenStart(of: 5, in: table, binding)) == -80)
    let below = try #require(screenStart(of: 12, in: table, binding))
    for _ in 0..<4 { await Task.yield() }  // a later turn
    items[5].content = 40
    #expect(await binding.apply(items: items))
    #expect(table.rectForRow(at: IndexPath(row: 5, section: 0)).height == 40)
    #expect(try #require(screenStart(of: 12, in: table, binding)) == below)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// One list in two stages: a row near the end shrinks (the content's end pulls the offset up
  /// short of the reader's place), then the row the user read first is deleted and rows come
  /// at the end. The next row the user saw is where they saw it: the turn keeps every row's
  /// place from before its first change, not where the stage between left it (found by the
  /// binding fuzzer, seed 12150766079098240402).
  @Test(arguments: [ScrollAnchor.firstVisibleItem, .end])
  func aPlaceTheEndHeldShortIsKeptByTheNextRowSeen(anchor: ScrollAnchor) async throws {
    let table = makeFeedTable()
    let binding = bindRowsSizedByContent(table)
      .anchor(anchor)
    var items = posts(0..<12)
    #expect(await binding.apply(items: items))
    // 32 points from the end: row 7 starts 60 points down the screen, row 8 160.
    for _ in 0..<2 {
      table.contentOffset.y = table.rectForRow(at: IndexPath(row: 7, section: 0)).minY - 60
      table.layoutIfNeeded()
    }
    #expect(try #require(screenStart(of: 8, in: table, binding)) == 160)
    items[11].content = 30
    items.remove(at: 7)
    items += posts(100..<105)
    #expect(await binding.apply(items: items))
    #expect(try #require(screenStart(of: 8, in: table, binding)) == 160)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// Content arrives, one row at a time, across turns: a row cut off at the top shrinks and
  /// brings the short rows above it on screen, then one of those grows. The row the reader read
  /// stays where it was through both (found by the binding fuzzer, seed 103280822582988001):
  /// the place kept is the last one Bindery kept, while the offset and that row stay put, not
  /// the first row on screen, which the first arrival had only just brought into view.
  @Test(arguments: [ScrollAnchor.firstVisibleItem, .end])
  func rowsBroughtOnScreenByAnArrivalGrowingLaterKeepTheReader(anchor: ScrollAnchor)
    async throws
  {
    let table = makeFeedTable()
    let loader = GatedLoader()
    let photos = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 60), loader: loader.load)
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), content: .store(photos)
    ) { table, path, item, photo in
      let cell = table.dequeueReusableCell(withIdentifier: "post", for: path)
      let placeholder: CGFloat = [8, 9].contains(item.id) ? 20 : 100
      let loaded: CGFloat = [8: 90, 10: 30][item.id] ?? placeholder
      (cell as? FeedCell)?.fittingHeight = photo.content == nil ? placeholder : loaded
      return cell
    }
    .anchor(anchor)
    #expect(await binding.apply(items: posts(0..<60)))
    // Row 10 cut off by a point at the top; the reader's row 11 starts 99 points down.
    for _ in 0..<2 {
      table.contentOffset.y = table.rectForRow(at: IndexPath(row: 10, section: 0)).minY + 1
      table.layoutIfNeeded()
    }
    #expect(try #require(screenStart(of: 11, in: table, binding)) == 99)
    await eventually("row 10's photo asked for") { loader.startedKeys.contains(10) }
    loader.open(10)
    await eventually("row 10 shrunk") {
      table.rectForRow(at: IndexPath(row: 10, section: 0)).height == 30
    }
    #expect(try #require(screenStart(of: 11, in: table, binding)) == 99)
    #expect(try #require(screenStart(of: 8, in: table, binding)) >= 0, "row 8 came on screen")
    for _ in 0..<4 { await Task.yield() }  // a turn or more between the two arrivals
    await eventually("row 8's photo asked for") { loader.startedKeys.contains(8) }
    loader.open(8)
    await eventually("row 8 grown") {
      table.rectForRow(at: IndexPath(row: 8, section: 0)).height == 90
    }
    #expect(try #require(screenStart(of: 11, in: table, binding)) == 99)
    #expect(table.violations.isEmpty, "\(table.violations)")
    loader.openAll()
  }

  @Test func aChatStaysAtItsEndAsItsPhotosArrive() async {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 12 * 44))
    table.isStrict = true
    table.register(FeedCell.self, forCellReuseIdentifier: "message")
    UIWindow.show(table)
    let loader = GatedLoader()
    let photos = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 40), loader: loader.load)
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), content: .store(photos)
    ) {
      table, path, _, photo in
      let cell = table.dequeueReusableCell(withIdentifier: "message", for: path)
      (cell as? FeedCell)?.fittingHeight = photo.content == nil ? 60 : 200
      return cell
    }
    .anchor(.end)
    #expect(await binding.apply(items: posts(0..<40)))
    let gap = { table.contentSize.height - (table.contentOffset.y + table.bounds.height) }
    #expect(abs(gap()) < 1, "a chat opens at its end")
    await eventually("the last screen's photos asked for") { loader.startedKeys.contains(39) }
    var arrived = 0
    // The photos come back in an order of their own: the newest first, then the rest.
    for key in loader.startedKeys.sorted(by: >) {
      loader.open(key)
      await eventually("photo \(key) shown") {
        table.indexPathsForVisibleRows?.contains(IndexPath(row: key, section: 0)) != true
          || table.rectForRow(at: IndexPath(row: key, section: 0)).height == 200
      }
      arrived += 1
      #expect(abs(gap()) < 1, "at the end after \(arrived) photos: \(gap()) points short")
    }
    #expect(arrived >= 3)
    #expect(table.indexPathsForVisibleRows?.last?.row == 39)
    #expect(table.rectForRow(at: IndexPath(row: 39, section: 0)).height == 200)
    #expect(table.violations.isEmpty, "\(table.violations)")
    loader.openAll()
  }
}
