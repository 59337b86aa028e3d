import BinderyUIKit
import Combine
import UIKit

/// A post in the mates' feed: its text decides its height.
struct Post: Identifiable, Equatable, Sendable {
  let id: Int
  var author: String
  var text: String
}

/// The feed: newer posts arrive on top every few seconds, older ones load a page at a time.
@MainActor
final class PostFeedViewModel {
  @Published private(set) var posts: [Post] = []
  private(set) var hasOlderPosts = true
  private var newest = 10_000
  private var oldest = 10_000
  private var arrivals: Task<Void, Never>?

  /// Starts the arrivals of new posts; the first page comes from the binding's load more.
  func start() {
    arrivals = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(4))
        self?.receiveNewPosts()
      }
    }
  }

  func stop() { arrivals?.cancel() }

  /// Twenty older posts below the others (a network call in a real app: it may throw).
  func loadOlderPosts() async throws {
    try await Task.sleep(for: .milliseconds(600))
    let page = ((oldest - 20)..<oldest).reversed().map(Self.post)
    oldest -= 20
    posts += page
    hasOlderPosts = oldest > 9_800
  }

  private func receiveNewPosts() {
    let count = Int.random(in: 1...3)
    let fresh = ((newest + 1)...(newest + count)).reversed().map(Self.post)
    newest += count
    posts = fresh + posts
  }

  private static let authors = ["Ari", "Bo", "Cleo", "Dev", "Eun", "Fai"]
  private static let sentences = [
    "Shipped the new onboarding today.", "Who's up for lunch?",
    "The build is green again — thanks, everyone, for staying late on Friday to sort it out.",
    "Reminder: the retro moved to Thursday.",
    "Long post: we measured the feed on an old phone, found the slow frames, and fixed them one "
      + "by one. The list now keeps its place when new posts arrive, and rows no longer jump "
      + "when you scroll back up.",
  ]

  private static func post(_ id: Int) -> Post {
    Post(id: id, author: authors[id % authors.count], text: sentences[id % sentences.count])
  }
}

/// A feed of posts of every height: they size themselves, come back at their heights
/// (`keepsRowHeights()`), keep the reading position when new posts arrive on top (the default
/// anchoring), load older posts near the end, and show an empty state until there are any.
final class PostFeedViewController: UIViewController, UITableViewDelegate {
  private let tableView = UITableView(frame: .zero, style: .plain)
  private let viewModel: PostFeedViewModel
  private var binding: TableBinding<FlatSection, Post>?

  init(viewModel: PostFeedViewModel) {
    self.viewModel = viewModel
    super.init(nibName: nil, bundle: nil)
    title = "Feed"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.rowHeight = UITableView.automaticDimension
    tableView.estimatedRowHeight = 88
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "post")
    tableView.delegate = self
    view.addSubview(tableView)

    binding = tableView.bind(to: .publisher(viewModel.$posts)) { tableView, indexPath, post in
      let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = post.author
      content.secondaryText = post.text
      content.secondaryTextProperties.numberOfLines = 0
      cell.contentConfiguration = content
      return cell
    }
    .keepsRowHeights()
    .emptyState { state in
      switch state {
      case .loading, .empty: return Self.message("No posts yet")
      case .failed(let error): return Self.message("Couldn't load the feed: \(error)")
      }
    }
    .loadMore(
      hasMore: { [viewModel] in viewModel.hasOlderPosts },
      footer: { state in
        switch state {
        case .loading: return Self.message("Loading older posts…")
        case .failed: return Self.message("Couldn't load more. Scroll down to retry.")
        case .idle, .exhausted: return nil
        }
      }
    ) { [viewModel] in
      try await viewModel.loadOlderPosts()
    }
    viewModel.start()
  }

  deinit {
    let viewModel = viewModel
    Task { @MainActor in viewModel.stop() }
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
  }

  private static func message(_ text: String) -> UIView {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
    label.text = text
    label.textAlignment = .center
    label.textColor = .secondaryLabel
    return label
  }
}
