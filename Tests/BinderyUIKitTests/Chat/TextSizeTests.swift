import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// The user changes the text size (issue 66, item 2): every self-sizing row is measured again,
/// and the screen keeps its promise — a chat at its end stays there and counts as at its end
/// for the next message; a reader mid-feed keeps the row they read where it was.
@Suite("A text size change keeps the place", .mainActorTurns)
@MainActor
struct TextSizeTests {
  /// A self-sizing table of list-configuration rows, whose height follows the text size.
  func makeTable() -> UITableView {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 528))
    table.isStrict = true
    table.register(UITableViewCell.self, forCellReuseIdentifier: "message")
    table.rowHeight = UITableView.automaticDimension
    table.estimatedRowHeight = 60
    UIWindow.show(table)
    return table
  }

  @Test(
    arguments: [HeadlessContentSizeCategory.accessibilityExtraLarge, .extraSmall], [false, true])
  func aChatAtItsEndStaysThere(_ size: HeadlessContentSizeCategory, keepsHeights: Bool)
    async throws
  {
    let table = makeTable()
    let chat = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: wrappingMessage
    )
    .anchor(.end)
    let binding = keepsHeights ? chat.keepsRowHeights() : chat
    #expect(await binding.apply(items: posts(0..<100)))
    binding.scrollToEnd()
    #expect(shortOfTheEnd(table) < 0.5)
    let contentSize = table.contentSize.height
    table.window?.userChangesTraits { $0.preferredContentSizeCategory = size }
    for _ in 0..<3 { await Task.yield() }
    table.layoutIfNeeded()
    #expect(table.contentSize.height != contentSize, "the rows were measured again")
    #expect(shortOfTheEnd(table) < 0.5, "short of the end by \(shortOfTheEnd(table))")
    #expect(await binding.apply(items: posts(0..<101)))
    table.layoutIfNeeded()
    #expect(shortOfTheEnd(table) < 0.5, "after the next: short by \(shortOfTheEnd(table))")
    #expect(table.indexPathsForVisibleRows?.last?.row == 100)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  @Test(arguments: [false, true])
  func aReaderMidFeedKeepsTheirRow(keepsHeights: Bool) async throws {
    let table = makeTable()
    let feed = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: wrappingMessage)
    let binding = keepsHeights ? feed.keepsRowHeights() : feed
    #expect(await binding.apply(items: posts(0..<200)))
    table.scrollToRow(at: IndexPath(row: 100, section: 0), at: .top, animated: false)
    table.layoutIfNeeded()
    let top = table.contentOffset.y + table.adjustedContentInset.top
    let row = try #require(
      table.indexPathsForVisibleRows?.first { table.rectForRow(at: $0).minY >= top - 0.5 })
    let start = table.rectForRow(at: row).minY - table.contentOffset.y
    let oldHeight = table.rectForRow(at: row).height
    if keepsHeights {
      await Task.yield()  // the scroll's work measures the rows on screen
      #expect(binding.rememberedRowHeight(at: row) == oldHeight)
    }
    table.window?.userChangesTraits { $0.preferredContentSizeCategory = .accessibilityExtraLarge }
    for _ in 0..<3 { await Task.yield() }
    table.layoutIfNeeded()
    let now = table.rectForRow(at: row).minY - table.contentOffset.y
    #expect(abs(now - start) < 1, "row \(row.row) moved from \(start) to \(now)")
    if keepsHeights {
      // A height kept at the old text size is not handed back: the row's is its new one.
      let height = table.rectForRow(at: row).height
      #expect(height != oldHeight)
      #expect(binding.rememberedRowHeight(at: row) == height)
    }
    #expect(table.violations.isEmpty, "\(table.violations)")
  }
}
