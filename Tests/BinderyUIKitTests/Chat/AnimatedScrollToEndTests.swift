import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// `scrollToEnd(animated: true)` — what the docs say to call after sending — over self-sizing
/// rows (issue 66, item 5): UIKit animates to an end worked out from estimates; once the
/// animation is over the chat is at its real end, and a reply that arrived meanwhile shows.
@Suite("An animated scroll to the end lands at the end", .mainActorTurns)
@MainActor
struct AnimatedScrollToEndTests {
  /// `reply`: a message arrives halfway through the animation.
  @Test(arguments: [false, true])
  func theChatIsAtItsEndOnceTheAnimationIsOver(reply: Bool) async throws {
    let table = makeFeedTable()  // estimates 60, rows 30 to 146 points
    let clock = try #require(table.window?.animationClock)
    clock.mode = .manual
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    #expect(await binding.apply(items: posts(0..<400), animatingDifferences: false))
    table.setContentOffset(.zero, animated: false)  // the reader went back to the start
    table.layoutIfNeeded()
    await Task.yield()
    binding.scrollToEnd(animated: true)
    #expect(table.isScrollAnimating)
    clock.advance(by: .milliseconds(150))
    if reply {
      #expect(await binding.apply(items: posts(0..<401), animatingDifferences: false))
    }
    clock.advance(by: .seconds(1))
    await eventually("the animation over and the end settled") {
      !table.isScrollAnimating && shortOfTheEnd(table) < 0.5
    }
    let last = reply ? 400 : 399
    #expect(table.indexPathsForVisibleRows?.last?.row == last)
    // Still at its end: the next message shows.
    #expect(await binding.apply(items: posts(0...(last + 1)), animatingDifferences: false))
    table.layoutIfNeeded()
    #expect(shortOfTheEnd(table) < 0.5)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }
}
