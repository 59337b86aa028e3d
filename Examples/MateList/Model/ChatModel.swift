import BinderyUIKit
import Foundation
import Observation

/// One message of the chat tab: who wrote it (their avatar is the row's photo) and what.
struct ChatMessage: Identifiable, Equatable, Sendable {
  /// Messages are numbered in the order they were written: older history has lower numbers.
  let id: Int
  /// The mate who wrote it: the row's photo is their avatar, from the shared avatar store.
  let author: Mate.ID
  var text: String
}

/// The chat tab's model, in Observation (iOS 17): the messages, oldest first, with history
/// loaded above on demand and new messages arriving at the end. Observable by hand, as
/// ``ObservableMatesModel`` explains.
@available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
@MainActor
final class ChatModel: Observable {
  private let registrar = ObservationRegistrar()
  private var storedMessages: [ChatMessage]

  /// The messages, oldest first.
  private(set) var messages: [ChatMessage] {
    get {
      registrar.access(self, keyPath: \.messages)
      return storedMessages
    }
    set { registrar.withMutation(of: self, keyPath: \.messages) { storedMessages = newValue } }
  }

  /// The oldest message there is: history ends there.
  let firstMessage: Int

  /// Who writes the messages, in turn.
  private let authors: [Mate.ID]

  /// The first message the user has not read, above which the chat draws its divider; `nil`
  /// once they have read to the end.
  private(set) var firstUnread: Int?

  /// A chat among `authors` showing its newest `recent` messages of `history` in all (with no
  /// authors, one stranger writes them all).
  /// A chat among `authors` showing its newest `recent` messages of `history` in all (with no
  /// authors, one stranger writes them all), the last `unread` of them not read yet.
  init(authors: [Mate.ID], history: Int = 10_000, recent: Int = 200, unread: Int = 0) {
    firstMessage = 0
    self.authors = authors.isEmpty ? [UUID()] : authors
    storedMessages = []
    storedMessages = (max(0, history - recent)..<history).map(message)
    if unread > 0, history > 0 { firstUnread = max(0, history - unread) }
  }

  /// The user has read to the end: no divider any more.
  func markAllRead() { firstUnread = nil }

  /// A reply streamed a token at a time, as an assistant's is: a new message at the end whose
  /// text grows by each token, `interval` apart; returns its id.
  @discardableResult
  func streamReply(_ tokens: [String], interval: Duration = .milliseconds(50)) async -> Int {
    let id = (messages.last?.id ?? -1) + 1
    messages.append(ChatMessage(id: id, author: authors[authors.count > 1 ? 1 : 0], text: ""))
    for token in tokens {
      if interval > .zero { try? await Task.sleep(for: interval) }
      guard let index = messages.lastIndex(where: { $0.id == id }) else { break }
      messages[index].text += token
    }
    return id
  }

  /// Whether older messages remain to load.
  var hasEarlier: Bool { (messages.first?.id ?? firstMessage) > firstMessage }

  /// Loads the `count` messages before the oldest shown (a page of history, from the server in
  /// a real app), prepended above the reader.
  func loadEarlier(_ count: Int = 50) async {
    let oldest = messages.first?.id ?? firstMessage
    let earlier = (max(firstMessage, oldest - count)..<oldest).map(message)
    messages.insert(contentsOf: earlier, at: 0)
  }

  /// The user's own message, from the composer, at the end; nothing for text that is only
  /// spaces. The user writes as the chat's first author.
  func send(_ text: String) {
    let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return }
    let next = (messages.last?.id ?? -1) + 1
    messages.append(ChatMessage(id: next, author: authors[0], text: text))
  }

  /// A new message arrives at the end.
  func receive() {
    let next = (messages.last?.id ?? -1) + 1
    messages.append(message(next))
  }

  private func message(_ id: Int) -> ChatMessage {
    let words = ["hi", "on my way", "see the photo", "lunch?", "done", "nice"]
    // Varied lengths, so the rows are of varied heights.
    let text = (0...(id % 4)).map { words[(id + $0) % words.count] }.joined(separator: ", ")
    return ChatMessage(id: id, author: authors[id % authors.count], text: text)
  }
}
