import Bindery
import BinderySwiftUI
import BinderyUIKit
import SwiftUI
import UIKit

/// The chat tab: a SwiftUI screen on Bindery's engine. History loads above as the reader
/// nears the top, without the rows they read moving; new messages arrive at the end, where the
/// chat stays; each row's photo (its author's avatar) comes from the store the other tabs share.
@available(iOS 17, *)
struct ChatScreen: View {
  let model: ChatModel
  let photos: AvatarStore.Store
  @State private var reading: Int?
  @State private var draft = ""

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
        Text(message.text)
      }
    }
    .listAnchor(.end)
    .listScrollPosition(id: $reading)
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
