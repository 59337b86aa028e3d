import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A screen covered by another (pushed over, a tab away) comes back where it was: what arrived
/// meanwhile is shown on return keeping the reader's row and the selection — content
/// reconfigured in place, a list shown with a reload restoring both by id.
@Suite("A covered screen comes back where it was", .mainActorTurns)
@MainActor
struct CoveredScreenTests {
  /// A feed of self-sizing rows (30 to 146 points) with avatars.
  func bindFeed(_ table: UITableView, _ avatars: ContentStore<Int, String>)
    -> ListBinding<FlatSection, TestItem>
  {
    table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(avatars, prefetching: .never)
    ) { tableView, indexPath, post, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath)
      cell.textLabel?.text = "\(post.id) \(avatar.content ?? "…")"
      (cell as? FeedCell)?.fittingHeight = feedHeight(post.id)
      return cell
    }
  }

  @Test func contentThatArrivesWhileCoveredKeepsTheReadersRowAndSelection() async throws {
    let table = makeFeedTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 40), loader: loader.load)
    defer { loader.openAll() }
    let binding = bindFeed(table, avatars)
    #expect(await binding.apply(items: posts(0..<200)))
    table.scrollToRow(at: IndexPath(row: 73, section: 0), at: .top, animated: false)
    table.layoutIfNeeded()
    table.scroll(by: -15)
    let before = try #require(readersRow(table))
    let selected = IndexPath(row: before.row + 2, section: 0)
    table.selectRow(at: selected, animated: false, scrollPosition: .none)
    let visible = table.indexPathsForVisibleRows?.map(\.row) ?? []
    await eventually("the visible avatars requested") {
      Set(visible).isSubset(of: Set(loader.startedKeys))
    }
    let screen = table.superview  // where the screen shows it, in the safe area
    let other = UIView(frame: table.frame)  // the screen pushed over this one
    screen?.addSubview(other)
    table.removeFromSuperview()  // another screen is pushed over this one
    for key in visible { loader.open(key) }
    await eventually("the avatars arrive") {
      visible.allSatisfy { avatars.state(for: $0).content != nil }
    }
    for _ in 0..<4 { await Task.yield() }
    let requests = table.cellRequestCount
    screen?.addSubview(table)
    other.removeFromSuperview()  // popped: back on screen
    let after = try #require(readersRow(table))
    #expect(after.row == before.row)
    #expect(abs(after.screenStart - before.screenStart) < 0.5)
    #expect(table.indexPathsForSelectedRows == [selected], "still selected")
    for row in visible {
      #expect(
        table.cellForRow(at: IndexPath(row: row, section: 0))?.textLabel?.text
          == "\(row) content \(row)")
    }
    #expect(table.cellRequestCount - requests <= visible.count, "reconfigured, not reloaded")
    #expect(table.violations.isEmpty && table.alerts.isEmpty, "\(table.violations) \(table.alerts)")
    withExtendedLifetime(screen) {}
  }

  /// A list that changes while covered is shown with a reload (UIKit would lay out off screen
  /// for a batch): the selected item is selected again, wherever it went.
  @Test func aListShownWhileCoveredKeepsTheSelectionByID() async throws {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    #expect(await binding.apply(items: (0..<30).map { TestItem(id: $0) }))
    table.selectRow(at: IndexPath(row: 5, section: 0), animated: false, scrollPosition: .none)
    let screen = table.superview  // where the screen shows it, in the safe area
    let other = UIView(frame: table.frame)  // the screen pushed over this one
    screen?.addSubview(other)
    table.removeFromSuperview()
    // Two items arrive above: item 5 is now row 7.
    #expect(
      await binding.apply(
        items: [TestItem(id: 100), TestItem(id: 101)] + (0..<30).map { TestItem(id: $0) }))
    screen?.addSubview(table)
    other.removeFromSuperview()
    table.layoutIfNeeded()
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 7, section: 0)])
    #expect(table.violations.isEmpty, "\(table.violations)")
    withExtendedLifetime(screen) {}
  }

  /// A chat straight in a window, so under its status bar (a 47-point top inset).
  func chatUnderTheStatusBar() -> (HeadlessWindow, UITableView, TableBinding<FlatSection, TestItem>)
  {
    let window = HeadlessWindow()
    window.makeKeyAndVisible()
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 700))
    table.isStrict = true
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    window.addSubview(table)
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .anchor(.end)
    return (window, table, binding)
  }

  /// A chat under the status bar, covered and uncovered: its safe area goes with the window
  /// and comes back with it, and a list shown meanwhile makes Bindery look at the viewport out
  /// of the window. After the trip, the app's scroll to an earlier message holds: it is a
  /// scroll, not a change of shape that would pin the chat to its end again. (Where the view
  /// does not tell of its safe area coming back, as in the binding fuzzer's world of seed
  /// 14124740046880380915, `BindingFuzzTests.anEarlierFindingRunsClean` replays it.)
  @Test func anAppsScrollAfterTheTripIsNotTakenForTheSafeAreaComingBack() async throws {
    let (window, table, binding) = chatUnderTheStatusBar()
    #expect(await binding.apply(items: (0..<200).map { TestItem(id: $0) }))
    binding.scrollToEnd()
    #expect(table.indexPathsForVisibleRows?.last?.row == 199)
    #expect(table.adjustedContentInset.top == 47)
    table.removeFromSuperview()  // another screen pushed over the chat
    #expect(await binding.apply(items: (0..<201).map { TestItem(id: $0) }))
    window.addSubview(table)  // back
    binding.scroll(toItemWithID: 50, at: .end)
    let rows = table.indexPathsForVisibleRows?.map(\.row) ?? []
    #expect(rows.contains(50), "on screen: \(rows)")
    await Task.yield()  // the scroll's work after the frame moves nothing back
    let after = table.indexPathsForVisibleRows?.map(\.row) ?? []
    #expect(after.contains(50), "on screen: \(after)")
    #expect(table.violations.isEmpty, "\(table.violations)")
    withExtendedLifetime(window) {}
  }

  /// A short chat under the status bar fits below its top inset, and so is at its end; covered,
  /// its safe area goes with the window, and its offset no longer looks like the end. Messages
  /// arrive while it is away: it comes back at its end (the binding fuzzer's seed
  /// 16274453796748716108 came back 424 points short).
  @Test func aShortChatUnderTheStatusBarComesBackAtItsEnd() async throws {
    let (window, table, binding) = chatUnderTheStatusBar()
    #expect(await binding.apply(items: (0..<3).map { TestItem(id: $0) }))
    #expect(table.adjustedContentInset.top == 47)
    #expect(shortOfTheEnd(table) < 0.5, "a list that fits is at its end")
    let other = UIView(frame: table.frame)  // another screen pushed over the chat
    window.addSubview(other)
    table.removeFromSuperview()
    #expect(await binding.apply(items: (0..<60).map { TestItem(id: $0) }))
    window.addSubview(table)  // back
    other.removeFromSuperview()
    table.layoutIfNeeded()
    for _ in 0..<3 { await Task.yield() }
    table.layoutIfNeeded()
    #expect(shortOfTheEnd(table) < 0.5, "short of the end by \(shortOfTheEnd(table))")
    #expect(table.indexPathsForVisibleRows?.last?.row == 59)
    #expect(table.violations.isEmpty, "\(table.violations)")
    withExtendedLifetime(window) {}
  }
}
