import Bindery
import BinderySwiftUI
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

@testable import MateListModel

/// A chat row as SwiftUI would host it (BinderyTesting's stand-in): its message and photo
/// state, as tall as its text wraps.
typealias ChatRow = StandInHostedRow<(message: ChatMessage, photo: ContentState<String>)>

func chatRow(_ message: ChatMessage, _ photo: ContentState<String>) -> ChatRow {
  ChatRow((message, photo), height: CGFloat(24 + 20 * (message.text.count / 20)))
}

/// The example's SwiftUI chat tab, as its `BoundList` drives Bindery: through the coordinator,
/// on HeadlessUIKit.
@MainActor
@Suite("MateList's chat tab", .mainActorTurns)
struct ChatModelTests {
  @Test func theChatOpensAtItsEndLoadsHistoryAboveAndFollowsNewMessages() async throws {
    let authors = (0..<5).map { _ in UUID() }
    let model = ChatModel(authors: authors, history: 10_000, recent: 200)
    let photos = ContentStore<Mate.ID, String> { id in "avatar of \(id)" }
    let view = makeOnScreenList()
    let coordinator = BoundListCoordinator<FlatSection, ChatMessage, String>(
      collectionView: view, content: .store(photos, keyedBy: \.author)
    ) { message, photo in chatRow(message, photo) }
    coordinator.update(source: .observing { model.messages }, sourceID: "chat") { binding in
      binding.anchor(.end)
        .loadMore(edge: .start, hasMore: { model.hasEarlier }) { await model.loadEarlier() }
    }
    let binding = try #require(coordinator.binding)
    #expect(await binding.waitUntilShown())
    let atEnd = { abs(view.contentOffset.y + view.bounds.height - view.contentSize.height) < 0.5 }
    #expect(atEnd(), "a chat opens at its newest message")
    #expect(binding.snapshot.numberOfItems == 200, "no history asked for at the end")

    // The reader goes up to the oldest message shown: a page of history comes above, and the
    // message they read does not move.
    view.scroll(by: -view.contentOffset.y)
    let reading = try #require(
      view.indexPathsForVisibleItems.sorted().dropFirst().first.flatMap { binding.item(at: $0)?.id }
    )
    func screenY() -> CGFloat? {
      binding.indexPath(for: reading).flatMap { view.layoutAttributesForItem(at: $0)?.frame.minY }
        .map { $0 - view.contentOffset.y }
    }
    let before = try #require(screenY())
    #expect(await eventually("a page of history") { model.messages.count == 250 })
    #expect(await eventually("the page shown") { binding.snapshot.numberOfItems == 250 })
    let after = try #require(screenY())
    #expect(abs(after - before) <= 0.5, "the message read moved \(after - before) points")

    // Back at the end, a new message arrives and the chat stays at its end.
    view.scroll(by: view.contentSize.height)
    model.receive()
    #expect(await eventually("the new message") { binding.snapshot.numberOfItems == 251 })
    #expect(atEnd())
    let last = try #require(view.indexPathsForVisibleItems.max())
    #expect(binding.item(at: last)?.id == 10_000)
    // Every row shown has its author's photo once it has loaded.
    #expect(
      await eventually("the photos") {
        view.indexPathsForVisibleItems.allSatisfy {
          (view.cellForItem(at: $0)?.contentConfiguration as? ChatRow)?.value.photo.content != nil
        }
      })
    #expect(view.violations.isEmpty, "\(view.violations)")
    binding.cancel()
  }

  /// The composer: the user's message goes at the end, written as the chat's first author;
  /// blank text sends nothing. With the composer below the list (a bottom inset, as
  /// `safeAreaInset(edge: .bottom)` gives it) and the keyboard up (the view shorter), the chat
  /// stays at its end, the message sent in view.
  @Test func theComposerSendsAtTheEndAndTheChatStaysThereAboveTheKeyboard() async throws {
    let authors = (0..<3).map { _ in UUID() }
    let model = ChatModel(authors: authors, history: 500, recent: 100)
    let view = makeOnScreenList()
    let coordinator = BoundListCoordinator<FlatSection, ChatMessage, Never>(collectionView: view) {
      message in chatRow(message, .notRequested)
    }
    coordinator.update(anchor: .end)
    coordinator.update(source: .observing { model.messages }, sourceID: "chat")
    let binding = try #require(coordinator.binding)
    #expect(await binding.waitUntilShown())
    let gap = {
      view.contentSize.height + view.adjustedContentInset.bottom
        - (view.contentOffset.y + view.bounds.height)
    }
    #expect(abs(gap()) < 0.5, "a chat opens at its end")
    view.contentInset.bottom = 52  // the composer
    view.frame.size.height -= 336  // the keyboard
    view.layoutIfNeeded()
    #expect(abs(gap()) < 0.5, "at its end above the composer and the keyboard: \(gap())")
    model.send("   ")
    #expect(model.messages.count == 100, "blank text sends nothing")
    model.send("see you at six")
    #expect(model.messages.last?.text == "see you at six")
    #expect(model.messages.last?.author == authors[0])
    #expect(await eventually("the message shown") { binding.snapshot.numberOfItems == 101 })
    #expect(abs(gap()) < 0.5, "at its end after sending: \(gap())")
    let last = try #require(view.indexPathsForVisibleItems.max())
    #expect(binding.item(at: last)?.text == "see you at six")
    #expect(view.violations.isEmpty, "\(view.violations)")
    binding.cancel()
  }

  /// The UIKit chat tab's model: the first unread message until read, and a reply streamed into
  /// the last message token by token.
  @Test func unreadUntilReadAndARepliesTokensGrowTheLastMessage() async {
    let model = ChatModel(authors: [UUID(), UUID()], history: 100, recent: 40, unread: 12)
    #expect(model.firstUnread == 88)
    model.markAllRead()
    #expect(model.firstUnread == nil)
    let id = await model.streamReply(["Sure", ", ", "see you", " at 8"], interval: .zero)
    #expect(id == 100 && model.messages.last?.id == 100)
    #expect(model.messages.last?.text == "Sure, see you at 8")
    #expect(ChatModel(authors: [], history: 100, unread: 0).firstUnread == nil)
  }
}
