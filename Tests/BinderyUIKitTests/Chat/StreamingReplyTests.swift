import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A reply streamed token by token, sent as new lists of value messages — the obvious way
/// (issue 66, item 4): a newer list does not wait out the batch animation of the one before, as
/// a diffable data source's `apply` does not, and the chat stays at its end as the reply grows.
@Suite("A streamed reply shows at the pace it comes", .mainActorTurns)
@MainActor
struct StreamingReplyTests {
  /// A self-sizing chat at its end showing messages 0..<30, its window's animations held by
  /// the test from then on: they last as long as it holds the clock, and no list is counted
  /// as shown by the deadline for views that never complete one.
  func heldChat() async throws -> (
    UITableView, HeadlessAnimationClock, TableBinding<FlatSection, TestItem>
  ) {
    let table = makeFeedTable()
    let clock = try #require(table.window?.animationClock)
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: postCell
    )
    .anchor(.end)
    binding.completionDeadline = .seconds(3_600)
    #expect(await binding.apply(items: posts(0..<30), animatingDifferences: false))
    clock.mode = .manual
    return (table, clock, binding)
  }

  @Test func eachTokenShowsWhileTheBatchesBeforeItStillAnimate() async throws {
    let (table, clock, binding) = try await heldChat()
    var messages = posts(0..<30)
    let start = clock.now
    messages.append(TestItem(id: 30))  // the reply begins
    let replyBegins = Task { await binding.apply(items: messages) }
    await eventually("the reply's row inserted") { binding.snapshot.numberOfItems == 31 }
    let reply = IndexPath(row: 30, section: 0)
    for token in 1...20 {
      messages[30].content = token  // 25 points taller a token (`postCell`)
      binding.submit(items: messages)
      await eventually("token \(token) on screen") {
        table.cellForRow(at: reply)?.textLabel?.text == "30:\(token)"
      }
      table.layoutIfNeeded()
      #expect(shortOfTheEnd(table) < 0.5, "the chat follows token \(token)")
    }
    #expect(clock.isAnimating && clock.now == start, "every batch before is still animating")
    clock.finishAnimations()
    #expect(await replyBegins.value, "its batch completed: it was shown")
    #expect(await binding.waitUntilShown())
    table.layoutIfNeeded()
    #expect(shortOfTheEnd(table) < 0.5)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// An unanimated batch may end before an animated one made before it: each list still counts
  /// as shown, in the order it was sent — the first `apply` hears `true`, not "replaced".
  @Test func listsCountAsShownInOrderWhateverOrderTheirBatchesEnd() async throws {
    let (table, clock, binding) = try await heldChat()
    let animated = Task { await binding.apply(items: posts(0..<31)) }
    await eventually("the animated list applied") { binding.snapshot.numberOfItems == 31 }
    let unanimated = Task { await binding.apply(items: posts(0..<32), animatingDifferences: false) }
    await eventually("the unanimated list applied") { binding.snapshot.numberOfItems == 32 }
    // The unanimated batch's completion comes on a later turn; the animated one's waits.
    for _ in 0..<5 { await Task.yield() }
    clock.finishAnimations()
    #expect(await animated.value, "shown, not replaced")
    #expect(await unanimated.value)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }
}
