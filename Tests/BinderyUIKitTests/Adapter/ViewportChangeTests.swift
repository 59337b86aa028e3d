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

  /// A chat in a table view controller, whose table UIKit clears of the keyboard.
  @Test func aChatInATableViewControllerStaysAtItsEndUnderTheKeyboard() async {
    let controller = UITableViewController(style: .plain)
    let window = UIWindow.show(controller)
    window.notificationCenter = NotificationCenter()
    let table: UITableView = controller.tableView
    table.register(FeedCell.self, forCellReuseIdentifier: "post")
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    #expect(await binding.apply(items: posts(0..<60)))
    #expect(isAtEnd(table))
    window.userShowsKeyboard()
    #expect(isAtEnd(table), "the newest message above the keyboard")
    #expect(await binding.apply(items: posts(0..<61)))
    #expect(isAtEnd(table) && table.indexPathsForVisibleRows?.last?.row == 60)
    window.resignVisible()
  }

  /// A reader in the middle of a chat keeps the row they read where it was: the keyboard
  /// covers the bottom of the screen, not what is at its top.
  @Test func aReaderInTheMiddleKeepsTheirRow() async throws {
    let (table, binding) = chat()
    #expect(await binding.apply(items: posts(0..<60)))
    table.contentOffset.y = 1_200
    let first = try #require(table.indexPathsForVisibleRows?.first)
    let start = table.rectForRow(at: first).minY - table.contentOffset.y
    table.frame.size.height = 400
    #expect(table.indexPathsForVisibleRows?.first == first)
    #expect(table.rectForRow(at: first).minY - table.contentOffset.y == start)
    #expect(!isAtEnd(table), "not pulled to the end")
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
