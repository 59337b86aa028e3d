// A search screen as apps write it with Combine — a use case that returns `AnyPublisher`s made
// of `Deferred`, `Just` and `Fail`, a query debounced, de-duplicated, mapped and received on a
// scheduler, a view controller laid out with anchors and a cell with a stack view — with nothing
// changed for HeadlessUIKit but the imports.
// SearchScreenTests drives it on Linux; .ci/ios-check compiles this same file against Apple's
// iPhoneOS SDK, so HeadlessUIKit's Combine names keep Combine's signatures.
import BinderyUIKit
import Foundation

#if canImport(Combine)
  import Combine
  import UIKit
#else
  import HeadlessUIKit
#endif

struct SearchOffline: Error {}

/// Where avatars come from: a use case that returns a publisher.
protocol AvatarUseCase: Sendable {
  func avatar(_ id: Int) -> AnyPublisher<Data, any Error>
}

/// Avatars from a cache: a failure for an unknown id.
struct CachedAvatars: AvatarUseCase {
  func avatar(_ id: Int) -> AnyPublisher<Data, any Error> {
    guard id > 0 else { return Fail(error: SearchOffline()).eraseToAnyPublisher() }
    return Deferred { Just(Data([UInt8(id % 256)])) }
      .setFailureType(to: (any Error).self)
      .eraseToAnyPublisher()
  }
}

/// A search field's model: the names matching the query, a moment after the user stops
/// typing, and the first avatar, with a placeholder when it fails.
@MainActor final class SearchModel<S: Scheduler>: ObservableObject {
  @Published var query = ""
  @Published private(set) var matches: [String] = []
  @Published private(set) var avatar: Data?
  private var cancellables = Set<AnyCancellable>()

  init(names: [String], avatars: any AvatarUseCase, scheduler: S) {
    $query
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .removeDuplicates()
      .map { query in query.isEmpty ? [] : names.filter { $0.hasPrefix(query) } }
      .receive(on: scheduler)
      .sink { [weak self] in self?.matches = $0 }
      .store(in: &cancellables)
  }

  /// Shows the avatar of `id`, or an empty placeholder when it cannot be had.
  func showAvatar(of id: Int, from avatars: any AvatarUseCase) {
    Just(id)
      .compactMap { $0 >= 0 ? $0 : nil }
      .setFailureType(to: (any Error).self)
      .flatMap { avatars.avatar($0) }
      .catch { _ in Just(Data()).setFailureType(to: (any Error).self) }
      .replaceError(with: Data())
      .sink { [weak self] in self?.avatar = $0 }
      .store(in: &cancellables)
  }

  /// The first avatar, read as an async sequence (a use case's publisher in a `for` loop).
  func firstAvatar(from avatars: any AvatarUseCase, id: Int) async throws -> Data? {
    for try await data in avatars.avatar(id).values { return data }
    return nil
  }
}

/// A match as the list shows it: a name is its own identity.
struct SearchMatch: Identifiable, Hashable, Sendable {
  var name: String
  var id: String { name }
}

/// A result row: the name over a hint that wraps, in a stack view pinned to the margins.
final class SearchResultCell: UITableViewCell {
  static let reuseIdentifier = "result"
  let nameLabel = UILabel()
  let hintLabel = UILabel()

  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    nameLabel.font = .preferredFont(forTextStyle: .body)
    hintLabel.font = .preferredFont(forTextStyle: .footnote)
    hintLabel.numberOfLines = 0
    let stack = UIStackView(arrangedSubviews: [nameLabel, hintLabel])
    stack.axis = .vertical
    stack.alignment = .leading
    stack.spacing = 2
    stack.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(stack)
    let margins = contentView.layoutMarginsGuide
    NSLayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: margins.topAnchor),
      stack.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
      stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
    ])
  }

  required init?(coder: NSCoder) {
    return nil
  }
}

/// The screen: a search field over its results, laid out with anchors, the results bound to
/// the model's matches.
final class SearchViewController<S: Scheduler>: UIViewController {
  let model: SearchModel<S>
  let field = UITextField()
  let tableView = UITableView(frame: .zero, style: .plain)
  private(set) var binding: ListBinding<FlatSection, SearchMatch>?

  init(model: SearchModel<S>) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    return nil
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    field.placeholder = "Search"
    field.addAction(
      UIAction { [weak self] _ in self?.model.query = self?.field.text ?? "" },
      for: .editingChanged)
    tableView.register(
      SearchResultCell.self, forCellReuseIdentifier: SearchResultCell.reuseIdentifier)
    for subview in [field, tableView] as [UIView] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    NSLayoutConstraint.activate([
      field.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
      field.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      field.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      field.heightAnchor.constraint(equalToConstant: 44),
      tableView.topAnchor.constraint(equalTo: field.bottomAnchor, constant: 8),
      tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
    ])
    let matches = model.$matches.map { names in names.map { SearchMatch(name: $0) } }
    binding = tableView.bind(to: .publisher(matches)) { tableView, indexPath, match in
      let cell = tableView.dequeueReusableCell(
        withIdentifier: SearchResultCell.reuseIdentifier, for: indexPath)
      (cell as? SearchResultCell)?.nameLabel.text = match.name
      (cell as? SearchResultCell)?.hintLabel.text = "Matches \"\(match.name.prefix(1))\""
      return cell
    }
  }
}
