import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// The viewport changes under a bound list between its updates — the keyboard, a rotation, an
/// inset the app sets — and the reader's place holds as it happens, not at the next update.
@Suite("A viewport that changes between updates", .mainActorTurns)
@MainActor
struct ViewportChangeTests {
  /// Whether the table shows the end of its content.
  func isAtEnd(_ table: UITableView) -> Bool {
    let end = table.contentSize.height + table.adjustedContentInset.bottom
    return abs(table.contentOffset.y + table.bounds.height - end) < 0.5
  }

  func chat(height: CGFloat = 700) -> (UITableView, ListBinding<FlatSection, TestItem>) {
    let table = makeFeedTable()
    table.frame.size.height = height
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    return (table, binding)
  }

  /// The keyboard comes up and the app makes room for it by shrinking the table (a constraint
  /// to the keyboard's guide): a chat at its end still shows its newest message, at once, and
  /// the next message too.
  @Test func aChatAtItsEndStaysThereAsTheKeyboardTakesHalfTheScreen() async {
    let (table, binding) = chat()
    #expect(await binding.apply(items: posts(0..<60)))
    #expect(isAtEnd(table))
    table.frame.size.height = 400
    #expect(isAtEnd(table), "at once, before the next update")
    #expect(table.indexPathsForVisibleRows?.last?.row == 59)
    #expect(await binding.apply(items: posts(0..<61)))
    #expect(isAtEnd(table))
    #expect(table.indexPathsForVisibleRows?.last?.row == 60, "the new message shows")
    table.frame.size.height = 700  // the keyboard goes down
    #expect(isAtEnd(table))
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// The app makes room with a bottom inset instead, as keyboard code of old does.
  @Test func aChatAtItsEndStaysThereWhenTheAppInsetsItForTheKeyboard() async {
    let (table, binding) = chat()
    #expect(await binding.apply(items: posts(0..<60)))
    table.contentInset.bottom = 300
    #expect(isAtEnd(table))
    #expect(await binding.apply(items: posts(0..<61)))
    #expect(isAtEnd(table) && table.indexPathsForVisibleRows?.last?.row == 60)
  }

  /// A chat in a table view controller, whose table UIKit clears of the keyboard, in a window
  /// of its own.
  func chatInATableViewController() -> (UITableView, ListBinding<FlatSection, TestItem>, UIWindow) {
    let controller = UITableViewController(style: .plain)
    let window = UIWindow.show(controller)
    window.notificationCenter = NotificationCenter()
    let table: UITableView = controller.tableView
    table.register(FeedCell.self, forCellReuseIdentifier: "post")
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    return (table, binding, window)
  }

  @Test func aChatInATableViewControllerStaysAtItsEndUnderTheKeyboard() async {
    let (table, binding, window) = chatInATableViewController()
    #expect(await binding.apply(items: posts(0..<60)))
    #expect(isAtEnd(table))
    window.userShowsKeyboard()
    #expect(isAtEnd(table), "the newest message above the keyboard")
    #expect(await binding.apply(items: posts(0..<61)))
    #expect(isAtEnd(table) && table.indexPathsForVisibleRows?.last?.row == 60)
    window.resignVisible()
  }

  /// The row at the bottom of what the reader sees (above the keyboard, or an inset), and how
  /// far above that edge it starts.
  func rowAtTheBottom(_ table: UITableView) -> (row: Int, start: CGFloat)? {
    let edge = table.contentOffset.y + table.bounds.height - table.adjustedContentInset.bottom
    let line = CGRect(x: 0, y: edge - 1, width: table.bounds.width, height: 1)
    guard let path = table.indexPathsForRows(in: line)?.last else { return nil }
    return (path.row, edge - table.rectForRow(at: path).minY)
  }

  /// A reader in the middle of a chat keeps the rows they read above the keyboard, as Messages
  /// does: a chat is read at its bottom, by the composer. (UIKit keeps the top, and the row the
  /// reader was at went under the keyboard: 41 to 37 at the bottom, issue 66, item 6.) The
  /// keyboard going down brings the same rows back where they were.
  @Test func aReaderInTheMiddleOfAChatKeepsTheRowsAboveTheKeyboard() async throws {
    let (table, binding) = chat()
    #expect(await binding.apply(items: posts(0..<60)))
    table.contentOffset.y = 1_200
    table.layoutIfNeeded()  // the rows scrolled to measured, as a frame does
    let offset = table.contentOffset.y
    let before = try #require(rowAtTheBottom(table))
    table.frame.size.height = 400  // the keyboard's layout guide
    let above = try #require(rowAtTheBottom(table))
    #expect(above.row == before.row && abs(above.start - before.start) < 0.5)
    #expect(!isAtEnd(table), "not pulled to the end")
    table.frame.size.height = 700
    let back = try #require(rowAtTheBottom(table))
    #expect(back.row == before.row && abs(back.start - before.start) < 0.5)
    #expect(abs(table.contentOffset.y - offset) < 0.5, "where the reader left it")
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// The same where the app makes room with a bottom inset, and in a table view controller,
  /// which UIKit clears of the keyboard itself.
  @Test func aReaderInTheMiddleKeepsTheRowsAboveAnInsetOrTheSystemsKeyboard() async throws {
    let (table, binding) = chat()
    #expect(await binding.apply(items: posts(0..<60)))
    table.contentOffset.y = 1_200
    table.layoutIfNeeded()
    let before = try #require(rowAtTheBottom(table))
    table.contentInset.bottom = 300
    let above = try #require(rowAtTheBottom(table))
    #expect(above.row == before.row && abs(above.start - before.start) < 0.5)

    let (chat, chatBinding, window) = chatInATableViewController()
    #expect(await chatBinding.apply(items: posts(0..<60)))
    chat.contentOffset.y = 1_200
    chat.layoutIfNeeded()
    let read = try #require(rowAtTheBottom(chat))
    window.userShowsKeyboard()
    let shown = try #require(rowAtTheBottom(chat))
    #expect(chat.adjustedContentInset.bottom > 200, "the keyboard is over the table")
    #expect(shown.row == read.row && abs(shown.start - read.start) < 0.5)
    window.resignVisible()
  }

  /// A chat in a collection view keeps its bottom line above the keyboard the same way.
  @Test func aGridChatReadInTheMiddleKeepsItsBottomLineAboveTheKeyboard() async throws {
    let grid = makeGrid()  // lines of three 100-point items, 600 points high
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeItem
    )
    .anchor(.end)
    #expect(await binding.apply(items: (0..<90).map { TestItem(id: $0) }))
    grid.contentOffset.y = 1_050
    grid.layoutIfNeeded()
    func bottom() -> (item: Int, start: CGFloat)? {
      let edge = grid.contentOffset.y + grid.bounds.height - grid.adjustedContentInset.bottom
      guard let path = grid.indexPathsForVisibleItems.max(),
        let frame = grid.layoutAttributesForItem(at: path)?.frame
      else { return nil }
      return (path.item, edge - frame.minY)
    }
    let before = try #require(bottom())
    grid.frame.size.height = 300
    grid.layoutIfNeeded()
    let above = try #require(bottom())
    #expect(above.item == before.item && abs(above.start - before.start) < 0.5)
    #expect(grid.violations.isEmpty, "\(grid.violations)")
  }

  /// A feed keeps UIKit's behaviour: the top row stays, the keyboard covers the bottom.
  @Test func aFeedReadInTheMiddleKeepsItsTopRow() async throws {
    let table = makeFeedTable()
    table.frame.size.height = 700
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    #expect(await binding.apply(items: posts(0..<60)))
    table.contentOffset.y = 1_200
    table.layoutIfNeeded()
    let top = try #require(table.indexPathsForVisibleRows?.first)
    let start = table.rectForRow(at: top).minY - table.contentOffset.y
    table.frame.size.height = 400
    #expect(table.indexPathsForVisibleRows?.first == top)
    #expect(table.rectForRow(at: top).minY - table.contentOffset.y == start)
  }

  /// A feed (the default anchor) at its end is not pinned there: only a chat is.
  @Test func aFeedAtItsEndIsLeftWhereItIs() async {
    let table = makeFeedTable()
    table.frame.size.height = 700
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    #expect(await binding.apply(items: posts(0..<60)))
    table.contentOffset.y = table.contentSize.height - 700
    let offset = table.contentOffset.y
    table.frame.size.height = 400
    #expect(table.contentOffset.y == offset, "UIKit's own behaviour")
  }

  /// A chat turned on its side: the rows are measured again at the new width, and the chat is
  /// still at its end.
  @Test func aChatAtItsEndStaysThereThroughARotation() async {
    let window = UIWindow()
    window.notificationCenter = NotificationCenter()
    let table = UITableView(frame: window.bounds)
    table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    table.register(FeedCell.self, forCellReuseIdentifier: "post")
    table.estimatedRowHeight = 60
    window.addSubview(table)
    window.makeKeyAndVisible()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    #expect(await binding.apply(items: posts(0..<60)))
    #expect(isAtEnd(table))
    window.userRotates(to: .landscapeLeft)
    #expect(table.bounds.width == 844)
    #expect(isAtEnd(table))
    #expect(table.indexPathsForVisibleRows?.last?.row == 59)
    window.resignVisible()
  }
}
