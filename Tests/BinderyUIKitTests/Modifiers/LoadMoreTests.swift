import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A paged source as apps write them: pages of 20, a total, a next page that can fail or hang.
@MainActor
final class PagedFeed {
  struct Offline: Error {}

  var items: [TestItem] = (0..<20).map { TestItem(id: $0) }
  var total = 100
  var requests = 0
  var failNext = false
  var hangs = false
  var sawCancellation = false
  /// When set, a page is kept back instead of sent: the test sends it.
  var holdsPages = false
  var heldPage: [TestItem]?
  weak var binding: ViewBinding<FlatSection, TestItem>?

  var hasMore: Bool { items.count < total }

  func loadNextPage() async throws {
    requests += 1
    if hangs {
      do { try await Task.sleep(for: .seconds(3_600)) } catch {
        sawCancellation = true
        throw error
      }
    }
    if failNext {
      failNext = false
      throw Offline()
    }
    let next = items + (items.count..<min(total, items.count + 20)).map { TestItem(id: $0) }
    if holdsPages {
      heldPage = next
      return
    }
    items = next
    binding?.submit(items: items)
  }

  func sendHeldPage() {
    guard let heldPage else { return }
    items = heldPage
    self.heldPage = nil
    binding?.submit(items: items)
  }
}

/// A view that says which load-more state it stands for.
final class FooterView: UIView {
  var state = ""
}

@Suite("Load more", .mainActorTurns)
@MainActor
struct LoadMoreTests {
  func bind(
    _ table: UITableView, _ feed: PagedFeed, edge: PageLoader<FlatSection, TestItem>.Edge = .end
  )
    async -> ViewBinding<FlatSection, TestItem>
  {
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .loadMore(
      edge: edge, threshold: 5, hasMore: { feed.hasMore },
      footer: { state in
        let view = FooterView()
        switch state {
        case .loading: view.state = "loading"
        case .failed: view.state = "failed"
        case .idle, .exhausted: return nil
        }
        return view
      }, load: { try await feed.loadNextPage() })
    feed.binding = binding
    await binding.apply(items: feed.items)
    return binding
  }

  func scrollToTheEnd(_ table: UITableView) async {
    table.scroll(by: 100_000)
    await Task.yield()
  }

  @Test func theEndAsksOncePerPage() async {
    let table = makeTable()
    let feed = PagedFeed()
    let binding = await bind(table, feed)
    #expect(feed.requests == 0, "the first screen is far from the end")
    // Down a row at a time until the next page is asked for: cells near the end are
    // configured (prepared ahead, then shown) many times, and it is asked for once.
    for _ in 0..<8 where feed.requests == 0 {
      table.scroll(by: 44)
      for _ in 0..<3 { await Task.yield() }
    }
    await eventually("the second page") { rowCount(of: table) == 40 }
    for _ in 0..<5 { await Task.yield() }
    #expect(feed.requests == 1)
    await scrollToTheEnd(table)
    await eventually("the third page") { rowCount(of: table) == 60 }
    #expect(feed.requests == 2)
    await eventually("idle once the page is shown") {
      binding.pageLoader.map { if case .idle = $0.state { true } else { false } } == true
    }
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  @Test func aPageOnItsWayIsNotAskedForTwice() async {
    let table = makeTable()
    let feed = PagedFeed()
    feed.holdsPages = true
    let binding = await bind(table, feed)
    await scrollToTheEnd(table)
    await eventually("the request") { feed.heldPage != nil }
    for _ in 0..<10 {  // the user keeps nudging at the end while the page is on its way
      table.scroll(by: -20)
      await Task.yield()
      table.scroll(by: 20)
      await Task.yield()
    }
    #expect(feed.requests == 1)
    feed.sendHeldPage()
    await eventually("the page") { rowCount(of: table) == 40 }
    await scrollToTheEnd(table)
    await eventually("the next request") { feed.requests == 2 }
    binding.cancel()
  }

  @Test func aFailedPageIsRetriedOnTheNextApproachOrByATap() async {
    let table = makeTable()
    let feed = PagedFeed()
    feed.failNext = true
    let binding = await bind(table, feed)
    await scrollToTheEnd(table)
    await eventually("the failure") {
      (table.tableFooterView as? FooterView)?.state == "failed"
    }
    table.scroll(by: -10)  // still near the end: no retry
    await Task.yield()
    await Task.yield()
    #expect(feed.requests == 1)
    table.scroll(by: -100_000)  // away, and back
    await Task.yield()
    feed.failNext = true
    await scrollToTheEnd(table)
    await eventually("the retry on approach") { feed.requests == 2 }
    await eventually("its failure") { (table.tableFooterView as? FooterView)?.state == "failed" }
    binding.pageLoader?.retry()  // the footer's "try again"
    await eventually("the page") { rowCount(of: table) == 40 }
    #expect(feed.requests == 3)
    await eventually("the footer gone once the page is shown") { table.tableFooterView == nil }
  }

  /// Two rows away and back: UIKit shows the kept cells again without asking for them, and
  /// the approach that retries the failed page is seen from the scroll itself.
  @Test func aFailedPageIsRetriedWhenKeptCellsComeBackWithoutACellRequest() async {
    let table = makeTable()
    let feed = PagedFeed()
    feed.failNext = true
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .loadMore(threshold: 1, hasMore: { feed.hasMore }) { try await feed.loadNextPage() }
    feed.binding = binding
    #expect(await binding.apply(items: feed.items))
    await scrollToTheEnd(table)
    await eventually("the failure") {
      if case .failed = binding.pageLoader?.state { return true }
      return false
    }
    #expect(feed.requests == 1)
    table.scroll(by: -88)  // the last two rows leave the screen; their cells are kept
    await Task.yield()
    let requestsBefore = table.cellRequestCount
    table.scroll(by: 88)  // and come back
    #expect(table.cellRequestCount == requestsBefore, "no cell was asked for")
    await eventually("the retry on approach") { feed.requests == 2 }
    await eventually("the page") { rowCount(of: table) == 40 }
  }

  @Test func aHangingPageIsCancelledWithTheBinding() async {
    let table = makeTable()
    let feed = PagedFeed()
    feed.hangs = true
    let binding = await bind(table, feed)
    await scrollToTheEnd(table)
    await eventually("the request") { feed.requests == 1 }
    #expect((table.tableFooterView as? FooterView)?.state == "loading")
    table.scroll(by: -10)
    table.scroll(by: 10)
    await Task.yield()
    #expect(feed.requests == 1, "one request at a time")
    binding.cancel()
    await eventually("the request cancelled") { feed.sawCancellation }
  }

  @Test func nothingIsAskedForWhenThereIsNoMore() async {
    let table = makeTable()
    let feed = PagedFeed()
    feed.total = 20
    let binding = await bind(table, feed)
    await scrollToTheEnd(table)
    await eventually("exhausted") {
      binding.pageLoader.map { if case .exhausted = $0.state { true } else { false } } == true
    }
    #expect(feed.requests == 0)
  }

  @Test func anEmptyListAsksForItsFirstPage() async {
    let table = makeTable()
    let feed = PagedFeed()
    feed.items = []
    let binding = await bind(table, feed)
    await eventually("the first page") { rowCount(of: table) == 20 }
    #expect(feed.requests == 1)
    binding.cancel()
  }

  @Test func theLastPageIsToldOnce() async {
    let table = makeTable()
    let feed = PagedFeed()
    feed.total = 40
    let binding = await bind(table, feed)
    var states: [String] = []
    binding.pageLoader?.onStateChange { states.append("\($0)") }
    await scrollToTheEnd(table)
    await eventually("the last page") { rowCount(of: table) == 40 }
    // Told once the last page is on screen and its batch's animation has ended.
    await eventually("the end told") { states.last == "exhausted" }
    for _ in 0..<5 {  // the user keeps scrolling at the end
      table.scroll(by: -30)
      await Task.yield()
      await scrollToTheEnd(table)
    }
    #expect(states == ["loading", "exhausted"])
    #expect(feed.requests == 1)
  }

  /// A collection view has no table footer: the state's view goes just past the end of its
  /// content, in room added to the content inset while it is there.
  @Test func aCollectionViewShowsItsFooterPastTheEndOfItsContent() async {
    let grid = makeGrid()
    grid.contentInset.bottom = 12  // the app's own
    let feed = PagedFeed()
    feed.total = 40
    // The page waits for the test to let it through.
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeItem
    )
    .loadMore(
      threshold: 5, hasMore: { feed.hasMore },
      footer: { state in
        guard case .loading = state else { return nil }
        let view = FooterView()
        view.state = "loading"
        return view
      },
      load: {
        for await _ in gate { break }
        try await feed.loadNextPage()
      })
    feed.binding = binding
    binding.submit(items: feed.items)
    await binding.waitUntilShown()
    grid.scroll(by: 100_000)
    await eventually("the footer") { grid.subviews.contains { $0 is FooterView } }
    let footer = grid.subviews.compactMap { $0 as? FooterView }
    #expect(footer.map(\.state) == ["loading"])
    #expect(footer.first?.frame == CGRect(x: 0, y: grid.contentSize.height, width: 320, height: 44))
    #expect(grid.contentInset.bottom == CGFloat(12 + 44))
    open.yield()
    await eventually("the page, and no more") {
      itemCount(of: grid) == 40 && !grid.subviews.contains { $0 is FooterView }
    }
    #expect(grid.contentInset.bottom == 12)
    #expect(grid.violations.isEmpty)
  }

  /// A page that brings nothing while there is more, the end still near: the next request
  /// follows at once, and the footer stays for it — were it to go and come back, the content
  /// would end above the reader over it, and the reader would move (found by the binding
  /// fuzzer, seed 12783782464683509638).
  @Test func anEmptyPageAtTheEndLeavesTheReaderOverTheFooter() async throws {
    let grid = makeGrid()
    var requests = 0
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeItem
    )
    .loadMore(
      threshold: 5, hasMore: { true },
      footer: { state in
        guard case .loading = state else { return nil }
        return FooterView()
      },
      load: {
        requests += 1
        for await _ in gate { break }
      })
    await binding.apply(items: posts(0..<60))
    grid.scroll(by: 100_000)
    await eventually("the footer") { grid.subviews.contains { $0 is FooterView } }
    grid.scroll(by: 100_000)  // over the footer
    #expect(grid.contentOffset.y == grid.contentSize.height + 44 - grid.bounds.height)
    func screenY(of id: Int) -> CGFloat? {
      binding.indexPath(for: id).flatMap { grid.layoutAttributesForItem(at: $0) }
        .map { $0.frame.minY - grid.contentOffset.y }
    }
    let reading = 45  // the first item of the first row that starts on screen
    let before = try #require(screenY(of: reading))
    #expect(before >= 0 && before < 100)
    var states: [String] = []
    binding.pageLoader?.onStateChange { states.append("\($0)") }
    open.yield()
    // The page brought nothing, and the first row went meanwhile: the count changed, so the
    // loader asks again at once. Without the footer the content would end above the reader.
    binding.submit(items: posts(3..<60))
    await eventually("the next request") { requests == 2 }
    #expect(grid.subviews.contains { $0 is FooterView })
    #expect(screenY(of: reading) == before, "the reader stays over the footer")
    #expect(states == [], "loading from one request to the next: the footer never went")
    #expect(grid.violations.isEmpty)
    open.finish()
  }

  @Test func aChatAsksForOlderMessagesAtTheTop() async {
    let table = makeTable()
    let feed = PagedFeed()
    let binding = await bind(table, feed, edge: .start)
    // The list starts at the top: its first rows are within the threshold of the start.
    await eventually("the older page") { feed.requests == 1 }
    binding.cancel()
  }

  /// Binds with a page request that waits until `open` yields.
  func bindGated(
    _ table: UITableView, _ feed: PagedFeed, edge: PageLoader<FlatSection, TestItem>.Edge,
    anchor: ScrollAnchor = .firstVisibleItem
  ) async -> (ViewBinding<FlatSection, TestItem>, AsyncStream<Void>.Continuation) {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .loadMore(
      edge: edge, threshold: 5, hasMore: { feed.hasMore },
      footer: { state in
        guard case .loading = state else { return nil }
        return FooterView()
      },
      load: {
        feed.requests += 1
        for await _ in gate { break }
      }
    )
    .anchor(anchor)
    feed.binding = binding
    await binding.apply(items: feed.items)
    return (binding, open)
  }

  /// A chat's older messages load at the top behind a loading header: every row stays where
  /// the reader saw it while the header comes, while the page arrives above, and when the
  /// header goes; the app's own header view comes back.
  @Test func aLoadingHeaderNeverMovesTheReader() async throws {
    let table = makeTable()
    let banner = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 30))
    table.tableHeaderView = banner  // the app's own
    let feed = PagedFeed()
    let (binding, open) = await bindGated(table, feed, edge: .start, anchor: .end)
    #expect(feed.requests == 0, "a chat opens at its end")
    table.scroll(by: -100_000)  // the user reads up to the oldest message
    await eventually("the older page asked for") { feed.requests == 1 }
    await eventually("the loading header") { table.tableHeaderView is FooterView }
    let reading = try #require(table.indexPathsForVisibleRows?.first)
    let readingID = try #require(binding.item(at: reading)?.id)
    func screenY(of id: Int) -> CGFloat? {
      binding.indexPath(for: id).map { table.rectForRow(at: $0).minY - table.contentOffset.y }
    }
    let before = try #require(screenY(of: readingID))
    // The page comes: older messages above, then the header goes and the banner is back.
    feed.items = (100..<120).map { TestItem(id: $0) } + feed.items
    binding.submit(items: feed.items)
    open.yield()
    await eventually("the page") { rowCount(of: table) == 40 }
    await eventually("the banner back") { table.tableHeaderView === banner }
    #expect(screenY(of: readingID) == before, "the row read is where it was")
    #expect(table.violations.isEmpty)
  }

  @Test func theAppsOwnFooterComesBackAfterTheLastPage() async {
    let table = makeTable()
    let credits = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 80))
    table.tableFooterView = credits
    let feed = PagedFeed()
    feed.total = 40
    let (binding, open) = await bindGated(table, feed, edge: .end)
    await scrollToTheEnd(table)
    await eventually("the loading footer") { table.tableFooterView is FooterView }
    feed.items = (0..<40).map { TestItem(id: $0) }
    binding.submit(items: feed.items)
    open.yield()
    await eventually("the page and the app's footer") {
      rowCount(of: table) == 40 && table.tableFooterView === credits
    }
  }

  /// Keyboard code sets the inset outright while the footer shows: the inset it set is the
  /// one left when the footer goes. The footer stays against the end of the content.
  @Test func anInsetTheAppSetsWhileTheFooterShowsIsLeftAsItSetIt() async {
    let grid = makeGrid()
    let feed = PagedFeed()
    feed.total = 40
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeItem
    )
    .loadMore(
      threshold: 5, hasMore: { feed.hasMore },
      footer: { state in
        guard case .loading = state else { return nil }
        return FooterView()
      },
      load: {
        for await _ in gate { break }
        try await feed.loadNextPage()
      })
    feed.binding = binding
    #expect(await binding.apply(items: feed.items))
    grid.scroll(by: 100_000)
    await eventually("the footer") { grid.subviews.contains { $0 is FooterView } }
    #expect(grid.contentInset.bottom == 44)
    grid.contentInset.bottom = 300  // the keyboard came up
    grid.contentInset.top = 20  // and the app moved another edge: the footer's room stays
    let footer = grid.subviews.compactMap { $0 as? FooterView }.first
    #expect(footer?.frame == CGRect(x: 0, y: grid.contentSize.height, width: 320, height: 44))
    open.yield()
    await eventually("the page, and no footer") {
      itemCount(of: grid) == 40 && !grid.subviews.contains { $0 is FooterView }
    }
    #expect(grid.contentInset.bottom == 300, "the app's inset, as it set it")
    #expect(grid.contentInset.top == 20)
    #expect(grid.violations.isEmpty)
  }

  /// Nothing loads once the binding stops: its loading view goes, and the app's footer is back.
  @Test func theLoadingViewGoesWhenTheBindingStops() async {
    let table = makeTable()
    let credits = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 80))
    table.tableFooterView = credits
    let feed = PagedFeed()
    let (binding, _) = await bindGated(table, feed, edge: .end)
    await scrollToTheEnd(table)
    await eventually("the loading footer") { table.tableFooterView is FooterView }
    binding.cancel()
    await eventually("the app's footer back") { table.tableFooterView === credits }
  }

  /// A chat at its end shows the loading footer that comes there, as it shows a new message.
  @Test func aChatAtItsEndShowsTheFooterThatComes() async {
    let table = makeTable()
    let feed = PagedFeed()
    let (_, open) = await bindGated(table, feed, edge: .end, anchor: .end)
    let gap = { table.contentSize.height - (table.contentOffset.y + table.bounds.height) }
    await eventually("the loading footer") { table.tableFooterView is FooterView }
    #expect(abs(gap()) < 0.5, "at the end, the footer in view")
    open.yield()
  }
}
