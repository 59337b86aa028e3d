// BinderySwiftUI.docc's snippets: the chat model and the coordinator are compiled and run on
// Linux (`ReadmeTests`); the SwiftUI view is compiled against Apple's SDK by `.ci/ios-check`,
// where SwiftUI exists. `ReadmeTests` checks that every line of the articles' Swift blocks is
// in a snippets file.
import BinderySwiftUI
import BinderyUIKit
import Foundation
import Observation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// A chat message: its author keys the row's photo.
struct ChatLine: Identifiable, Equatable, Sendable {
  let id: Int
  let author: Int
  var text: String
}

/// The chat's state, in Observation (by hand, as the other snippets' models).
@available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
@MainActor
final class ChatRoom: Observable {
  private let registrar = ObservationRegistrar()
  private var storedMessages: [ChatLine] = []
  private var storedFirstUnread: Int?
  let id = UUID()
  private(set) var selected: Set<Int> = []

  var messages: [ChatLine] {
    get {
      registrar.access(self, keyPath: \.messages)
      return storedMessages
    }
    set { registrar.withMutation(of: self, keyPath: \.messages) { storedMessages = newValue } }
  }

  var hasOlderMessages: Bool { (messages.first?.id ?? 0) > 0 }

  /// The first message not read yet, where the app draws its divider.
  var firstUnread: Int? {
    get {
      registrar.access(self, keyPath: \.firstUnread)
      return storedFirstUnread
    }
    set {
      registrar.withMutation(of: self, keyPath: \.firstUnread) { storedFirstUnread = newValue }
    }
  }

  func markAllRead() { firstUnread = nil }

  func loadOlderMessages() async throws {
    let oldest = messages.first?.id ?? 0
    let older = (max(0, oldest - 20)..<oldest).map {
      ChatLine(id: $0, author: $0 % 5, text: "message \($0)")
    }
    messages.insert(contentsOf: older, at: 0)
  }

  func select(_ ids: Set<Int>) { selected = ids }

  func remove(_ line: ChatLine) { messages.removeAll { $0.id == line.id } }

  func markUnread(_ line: ChatLine) { selected.remove(line.id) }

  /// Fetches the newest messages (here: one more).
  func refresh() async {
    let next = (messages.last?.id ?? -1) + 1
    messages.append(ChatLine(id: next, author: next % 5, text: "message \(next)"))
  }
}

// BinderySwiftUI.docc, "Choosing BoundList": the coordinator a SwiftUI view runs, driven by
// hand — in a UIViewRepresentable of the app's own, or in a test.
@available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
@MainActor
func makeChatCoordinator(collectionView: UICollectionView, chat: ChatRoom)
  -> BoundListCoordinator<FlatSection, ChatLine, Never>
{
  let coordinator = BoundListCoordinator<FlatSection, ChatLine, Never>(
    collectionView: collectionView
  ) { message in
    var content = UIListContentConfiguration.cell()
    content.text = message.text
    return content
  }
  var options = coordinator.options
  options.layout = .list(.plain, showsSeparators: false)
  options.anchor = .end
  coordinator.update(options: options)
  coordinator.update(source: .observing { chat.messages }, sourceID: chat.id)
  coordinator.onSelectionChange = { ids in chat.select(ids) }
  coordinator.update(selection: chat.selected, mode: .multiple)
  return coordinator
}

#if canImport(SwiftUI) && canImport(UIKit)
  import SwiftUI

  // BinderySwiftUI.docc, "Choosing BoundList": a chat in SwiftUI on Bindery's engine.
  @available(iOS 17, *)
  struct ChatView: View {
    let chat: ChatRoom
    let photos: ContentStore<Int, UIImage>
    @State private var selected: Set<Int> = []
    @State private var reading: Int?
    @State private var place: ReadingPlace<Int>?

    var body: some View {
      BoundList(
        .observing { chat.messages }, id: chat.id, content: .store(photos, keyedBy: \.author)
      ) {
        message, photo in
        HStack {
          if let image = photo.content { Image(uiImage: image) }
          Text(message.text)
        }
      }
      .listAnchor(.end)
      .listSelection($selected)
      .listScrollPosition(id: $reading)
      .listReadingPlace($place)
      .listRowsDepend(on: chat.firstUnread)
      .onListBind { binding in
        binding.onReachingEnd { chat.markAllRead() }
      }
      .listLoadMore(edge: .start, hasMore: { chat.hasOlderMessages }) { state in
        if case .failed = state { Text("Couldn't load older messages") } else { ProgressView() }
      } load: {
        try await chat.loadOlderMessages()
      }
    }
  }

  // BinderySwiftUI.docc, "Choosing BoundList": swipe actions, delete, refresh and empty states.
  @available(iOS 17, *)
  struct InboxView: View {
    let chat: ChatRoom

    var body: some View {
      BoundList(.observing { chat.messages }, id: chat.id) { message in
        Text(message.text)
      }
      .listAppearance(.insetGrouped)
      .listSwipeActions(edge: .leading) { _ in
        [
          ListSwipeAction("Unread", image: UIImage(systemName: "envelope.badge")) { message in
            chat.markUnread(message)
          }
        ]
      }
      .listOnDelete { message in chat.remove(message) }
      .listEmptyState { state in
        switch state {
        case .loading: ProgressView()
        case .empty: ContentUnavailableView("No messages", systemImage: "tray")
        case .failed(let error): Text("Couldn't load: \(error.localizedDescription)")
        }
      }
      .refreshable { await chat.refresh() }
    }
  }
#endif
