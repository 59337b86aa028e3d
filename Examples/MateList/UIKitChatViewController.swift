import BinderyUIKit
import UIKit

/// The chat tab in UIKit: the same ``ChatModel`` as the SwiftUI chat, in a table. It opens at
/// its first unread message, below a divider that goes once the reader has read to the end; it
/// keeps its end as messages arrive, as a reply streams in token by token and as the keyboard
/// comes; history loads above without the rows read moving; and the reader's place is saved
/// when the screen goes and given back when it opens again (at the next launch too).
@available(iOS 17, *)
final class UIKitChatViewController: UIViewController {
  private let model: ChatModel
  private let photos: AvatarStore.Store
  private let tableView = UITableView(frame: .zero, style: .plain)
  private let composer = UITextField()
  private var binding: TableBinding<FlatSection, ChatMessage>?
  /// Where the reader's place is kept between visits and launches.
  private static let placeKey = "MateList.chat.readingPlace"

  init(model: ChatModel, photos: AvatarStore.Store) {
    self.model = model
    self.photos = photos
    super.init(nibName: nil, bundle: nil)
    title = "Chat (UIKit)"
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    layOut()
    bind()
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      title: "Reply", primaryAction: UIAction { [weak self] _ in self?.streamReply() })
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    if let place = binding?.readingPlace, let data = try? JSONEncoder().encode(place) {
      UserDefaults.standard.set(data, forKey: Self.placeKey)
    }
  }

  private func bind() {
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
    binding = tableView.bind(
      to: .observing { [model] in model.messages }, content: .store(photos, keyedBy: \.author)
    ) { [model] tableView, indexPath, message, photo in
      let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
      var content = cell.defaultContentConfiguration()
      // The app draws its divider above the first unread message, until it is read.
      content.secondaryText = message.id == model.firstUnread ? "Unread messages" : nil
      content.text = message.text
      content.image = photo.shown(placeholder: UIImage(systemName: "person.crop.circle"))
      content.imageProperties.maximumSize = CGSize(width: 32, height: 32)
      cell.contentConfiguration = content
      return cell
    }
    .anchor(.end)
    .keepsRowHeights()
    .loadMore(edge: .start, hasMore: { [model] in model.hasEarlier }) { [model] in
      await model.loadEarlier()
    }
    .onReachingEnd { [weak self] in self?.readToEnd() }
    if let firstUnread = model.firstUnread {
      binding?.scroll(toItemWithID: firstUnread, at: .start)
    } else if let data = UserDefaults.standard.data(forKey: Self.placeKey),
      let place = try? JSONDecoder().decode(ReadingPlace<ChatMessage.ID>.self, from: data)
    {
      binding?.restore(place)
    }
  }

  /// The reader came to the end: everything is read, and the divider goes.
  private func readToEnd() {
    guard let divider = model.firstUnread else { return }
    model.markAllRead()
    binding?.reconfigureItems(withIDs: [divider])
  }

  private func streamReply() {
    let tokens = ["Sure", ",", " see", " you", " at", " the", " usual", " place", " at", " 8", "!"]
    Task { await model.streamReply(tokens) }
  }

  @objc private func send() {
    model.send(composer.text ?? "")
    composer.text = ""
    binding?.scrollToEnd(animated: true)
  }

  /// The table above a composer that rides on the keyboard (its layout guide): as the keyboard
  /// comes, the table's bottom rises with it, and a chat at its end stays at its end.
  private func layOut() {
    composer.placeholder = "Message"
    composer.borderStyle = .roundedRect
    composer.returnKeyType = .send
    composer.addTarget(self, action: #selector(send), for: .editingDidEndOnExit)
    let sendButton = UIButton(
      type: .system, primaryAction: UIAction(title: "Send") { [weak self] _ in self?.send() })
    let bar = UIStackView(arrangedSubviews: [composer, sendButton])
    bar.spacing = 8
    bar.isLayoutMarginsRelativeArrangement = true
    bar.directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 8, leading: 8, bottom: 8, trailing: 8)
    for subview in [tableView, bar] as [UIView] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    NSLayoutConstraint.activate([
      tableView.topAnchor.constraint(equalTo: view.topAnchor),
      tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      tableView.bottomAnchor.constraint(equalTo: bar.topAnchor),
      bar.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor),
      bar.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor),
      bar.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),
    ])
  }
}
