import Bindery
import BinderySwiftUI
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A SwiftUI chat keeps its end as a UIKit one does (issue 66, Deliver 1): while a reply
/// streams into its last row, and through a trip away while messages arrive.
@Suite("A SwiftUI chat at its end", .mainActorTurns)
@MainActor
struct BoundListChatTests {
  /// A chat on screen whose rows grow with their item's content (a reply's tokens).
  func boundChat() throws -> (
    UICollectionView, BoundListCoordinator<FlatSection, TestItem, Never>,
    CollectionBinding<FlatSection, TestItem>
  ) {
    let view = makeOnScreenList()
    let coordinator = BoundListCoordinator<FlatSection, TestItem, Never>(collectionView: view) {
      item in
      HostedRow(item: item, content: .notRequested, height: 44 + CGFloat(item.content) * 18)
    }
    coordinator.update(source: handSource(), sourceID: 1) { $0.anchor(.end) }
    return (view, coordinator, try #require(coordinator.binding))
  }

  /// How far the view is from showing the end of its content.
  func shortOfTheEnd(_ view: UICollectionView) -> CGFloat {
    view.contentSize.height + view.adjustedContentInset.bottom
      - (view.contentOffset.y + view.bounds.height)
  }

  @Test func aStreamingReplyKeepsTheChatAtItsEnd() async throws {
    let (view, coordinator, binding) = try boundChat()
    defer { withExtendedLifetime(coordinator) {} }
    var messages = items(0..<80)
    #expect(await binding.apply(items: messages))
    #expect(shortOfTheEnd(view) < 0.5)
    messages.append(TestItem(id: 80))  // the reply starts empty
    #expect(await binding.apply(items: messages))
    for token in 1...12 {
      messages[80].content = token
      #expect(await binding.apply(items: messages))
      view.layoutIfNeeded()
      #expect(abs(shortOfTheEnd(view)) < 0.5, "token \(token): short by \(shortOfTheEnd(view))")
    }
    let last = try #require(binding.indexPath(for: 80))
    let frame = try #require(view.layoutAttributesForItem(at: last)?.frame)
    #expect(frame.height == CGFloat(44 + 12 * 18), "the row grew with the reply")
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  @Test func aChatCoveredWhileMessagesArriveComesBackAtItsEnd() async throws {
    let (view, coordinator, binding) = try boundChat()
    defer { withExtendedLifetime(coordinator) {} }
    #expect(await binding.apply(items: items(0..<200)))
    #expect(shortOfTheEnd(view) < 0.5)
    let screen = try #require(view.superview)
    let other = UIView(frame: view.frame)  // the screen pushed over the chat
    screen.addSubview(other)
    view.removeFromSuperview()
    var messages = items(0..<203)
    messages[202].content = 4  // a taller newest message
    #expect(await binding.apply(items: messages))
    screen.addSubview(view)  // popped: back
    other.removeFromSuperview()
    view.layoutIfNeeded()
    await eventually("back at its end") {
      view.layoutIfNeeded()
      return abs(shortOfTheEnd(view)) < 0.5
    }
    #expect(view.indexPathsForVisibleItems.map(\.item).max() == 202)
    #expect(await binding.apply(items: messages + [TestItem(id: 203)]))
    view.layoutIfNeeded()
    #expect(abs(shortOfTheEnd(view)) < 0.5, "after the next: short by \(shortOfTheEnd(view))")
    #expect(view.violations.isEmpty, "\(view.violations)")
  }
}
