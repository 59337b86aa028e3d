import Bindery
import BinderySwiftUI
import BinderyUIKit
import SwiftUI
import UIKit

/// The chat tab: a SwiftUI screen on Bindery's engine. History loads above as the reader
/// nears the top, without the rows they read moving; new messages arrive at the end, where the
/// chat stays; each row's photo (its author's avatar) comes from the store the other tabs share.
/// A chat with unread messages opens at the first of them, below a divider that goes once the
/// reader has read to the end; without, it opens where the reader left it at the last launch.
@available(iOS 17, *)
struct ChatScreen: View {
  let model: ChatModel
  let photos: AvatarStore.Store
  @State private var reading: Int?
  @State private var draft = ""
  /// The reader's place, kept with the scene across launches.
  @SceneStorage("MateList.chat.readingPlace") private var savedPlace: Data?

  init(model: ChatModel, photos: AvatarStore.Store) {
    self.model = model
    self.photos = photos
    _reading = State(initialValue: model.firstUnread)
  }

  /// The saved place as the list reads and writes it; none while there are unread messages,
  /// which open the chat at the first of them instead.
  private var place: Binding<ReadingPlace<ChatMessage.ID>?> {
    Binding(
      get: {
        guard model.firstUnread == nil, let savedPlace else { return nil }
        return try? JSONDecoder().decode(ReadingPlace<ChatMessage.ID>.self, from: savedPlace)
      },
      set: { place in savedPlace = place.flatMap { try? JSONEncoder().encode($0) } })
  }

  var body: some View {
    BoundList(.observing { model.messages }, content: .store(photos, keyedBy: \.author)) {
      message, photo in
      HStack(alignment: .top, spacing: 8) {
        Group {
          if let image = photo.content {
            Image(uiImage: image).resizable()
          } else {
            Circle().fill(.quaternary)
          }
        }
        .frame(width: 32, height: 32)
        .clipShape(Circle())
        VStack(alignment: .leading) {
          // The app draws its divider above the first unread message, until it is read.
          if message.id == model.firstUnread {
            Text("Unread messages").font(.caption).foregroundStyle(.secondary)
          }
          Text(message.text)
        }
      }
    }
    .listAnchor(.end)
    .listScrollPosition(id: $reading)
    .listReadingPlace(place)
    // Rows read the divider from the model: shown again when it goes.
    .listRowsDepend(on: model.firstUnread)
    .onListBind { binding in
      binding.onReachingEnd { [model] in model.markAllRead() }
    }
    .listLoadMore(edge: .start, hasMore: { model.hasEarlier }) { _ in
      ProgressView()
    } load: {
      await model.loadEarlier()
    }
    // The composer sits below the list, above the keyboard: the list's bottom inset grows by
    // its height, and a chat at its end stays at its end as it comes and as the keyboard does.
    .safeAreaInset(edge: .bottom) {
      HStack {
        TextField("Message", text: $draft)
          .textFieldStyle(.roundedBorder)
          .onSubmit(send)
        Button("Send", action: send)
          .disabled(draft.trimmingCharacters(in: .whitespaces).isEmpty)
      }
      .padding(8)
      .background(.bar)
    }
    .toolbar {
      Button("Receive") { model.receive() }
    }
  }

  private func send() {
    model.send(draft)
    draft = ""
  }
}

/// The chat tab's controller: hosts ``ChatScreen``.
@available(iOS 17, *)
final class ChatViewController: UIHostingController<ChatScreen> {
  init(model: ChatModel, photos: AvatarStore.Store) {
    super.init(rootView: ChatScreen(model: model, photos: photos))
    title = "Chat"
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { nil }
}
