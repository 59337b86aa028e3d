import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A chat at its end stays at its end through a trip away (issue 66, item 1): covered by a
/// pushed screen while messages arrive, it shows the newest message when it comes back, and
/// counts as at its end for the next one.
@Suite("A chat comes back at its end", .mainActorTurns)
@MainActor
struct ChatComesBackTests {
  func bindChat(_ table: UITableView, keepsHeights: Bool) -> TableBinding<FlatSection, TestItem> {
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    return keepsHeights ? binding.keepsRowHeights() : binding
  }

  @Test(arguments: [false, true])
  func aChatCoveredWhileMessagesArriveComesBackAtItsEnd(keepsHeights: Bool) async throws {
    let table = makeFeedTable()
    let binding = bindChat(table, keepsHeights: keepsHeights)
    #expect(await binding.apply(items: posts(0..<200)))
    binding.scrollToEnd()
    table.layoutIfNeeded()
    #expect(shortOfTheEnd(table) < 0.5)
    let screen = try #require(table.superview)
    let other = UIView(frame: table.frame)  // the screen pushed over the chat
    screen.addSubview(other)
    table.removeFromSuperview()
    #expect(await binding.apply(items: posts(0..<203)))
    screen.addSubview(table)  // popped: back
    other.removeFromSuperview()
    table.layoutIfNeeded()
    for _ in 0..<3 { await Task.yield() }
    table.layoutIfNeeded()
    #expect(shortOfTheEnd(table) < 0.5, "short of the end by \(shortOfTheEnd(table))")
    #expect(table.indexPathsForVisibleRows?.last?.row == 202)
    // Still at its end: the next message shows.
    #expect(await binding.apply(items: posts(0..<204)))
    table.layoutIfNeeded()
    #expect(shortOfTheEnd(table) < 0.5, "after the next: short by \(shortOfTheEnd(table))")
    #expect(table.indexPathsForVisibleRows?.last?.row == 203)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }
}
