import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// `onReachingEnd` (issue 66, ★6): the reader coming to the end of the list, however they
/// came — what a chat marks its messages read, and takes its unread divider away, by.
@Suite("The reader reaching the end", .mainActorTurns)
@MainActor
struct ReachingTheEndTests {
  /// A chat of self-sizing rows and a count of the times its reader came to the end.
  func chat() -> (UITableView, TableBinding<FlatSection, TestItem>, Counter) {
    let table = makeFeedTable()  // estimates 60, rows 30 to 146 points
    let reached = Counter()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    .onReachingEnd { reached.count += 1 }
    return (table, binding, reached)
  }

  final class Counter { var count = 0 }

  @Test func eachComingToTheEndCountsAndStayingThereDoesNot() async throws {
    let (table, binding, reached) = chat()
    #expect(await binding.apply(items: posts(0..<200), animatingDifferences: false))
    await eventually("the chat opened at its end") { reached.count == 1 }
    // Messages arrive while the reader is at the end: they stay there, and do not come again.
    #expect(await binding.apply(items: posts(0..<203)))
    await binding.waitUntilShown()
    #expect(shortOfTheEnd(table) < 0.5 && reached.count == 1)
    // Up into the history, then back down by the user's scroll: once more.
    table.scroll(by: -3_000)
    for _ in 0..<3 { await Task.yield() }  // the scroll's turn ends
    #expect(shortOfTheEnd(table) > 1_000)
    #expect(reached.count == 1, "left the end: nothing")
    table.scroll(by: 100_000)
    await eventually("back at the end") { reached.count == 2 }
    // Up again; the app's scroll to the end brings them back too.
    table.scroll(by: -3_000)
    for _ in 0..<3 { await Task.yield() }
    binding.scrollToEnd()
    await eventually("at the end by the app's scroll") { reached.count == 3 }
    #expect(table.violations.isEmpty)
  }

  /// Opening at the first unread message: not the end, and messages arriving meanwhile do not
  /// make it so; the list shrinking to fit the screen does.
  @Test func anArrivalDoesNotCountButAListThatEndsWhereTheReaderIsDoes() async throws {
    let (table, binding, reached) = chat()
    binding.scroll(toItemWithID: 150, at: .start)
    #expect(await binding.apply(items: posts(0..<200), animatingDifferences: false))
    await eventually("the first unread at the top") { readersRow(table)?.row == 150 }
    #expect(await binding.apply(items: posts(0..<205)))
    await binding.waitUntilShown()
    #expect(readersRow(table)?.row == 150, "the reader's place kept as messages arrive")
    #expect(reached.count == 0)
    #expect(await binding.apply(items: posts(150..<153)))  // the history cleared: it fits
    await eventually("the end in view with the shorter list") { reached.count == 1 }
  }

  /// Off screen, nobody reads: a covered chat's arrivals are not read until it comes back.
  @Test func aChatOffScreenDoesNotReachItsEnd() async throws {
    let (table, binding, reached) = chat()
    let screen = try #require(table.superview)
    let other = UIView(frame: table.frame)  // the screen pushed over the chat
    screen.addSubview(other)
    table.removeFromSuperview()
    #expect(await binding.apply(items: posts(0..<5), animatingDifferences: false))
    await binding.waitUntilShown()
    for _ in 0..<3 { await Task.yield() }
    #expect(reached.count == 0)
    screen.addSubview(table)  // popped: back
    other.removeFromSuperview()
    await eventually("read once back on screen") { reached.count == 1 }
  }

  /// A feed (no anchor) whose first list fits its view has been read to its end when shown,
  /// though nothing scrolled.
  @Test func aFirstListThatFitsIsReadToItsEnd() async {
    let table = makeFeedTable()
    let reached = Counter()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .onReachingEnd { reached.count += 1 }
    #expect(await binding.apply(items: posts(0..<2), animatingDifferences: false))
    await eventually("read to its end") { reached.count == 1 }
  }

  /// An action that stops the binding — the screen binds its table anew — lets go of the
  /// others: they are not called for a binding that stopped, and nothing is read of them after.
  @Test func anActionThatStopsTheBindingEndsTheOthers() async throws {
    let table = makeFeedTable()
    let later = Counter()
    var binding: TableBinding<FlatSection, TestItem>?
    binding = table.bind(to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
      .anchor(.end)
      .onReachingEnd { binding?.detach() }
      .onReachingEnd { later.count += 1 }
    #expect(await binding?.apply(items: posts(0..<50), animatingDifferences: false) == true)
    await eventually("the first action stopped the binding") { binding?.isCancelled == true }
    for _ in 0..<3 { await Task.yield() }
    #expect(later.count == 0, "not called once the binding stopped")
  }
}
