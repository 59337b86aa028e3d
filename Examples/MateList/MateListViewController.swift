import BinderyUIKit
import Combine
import UIKit

/// The mates in a table, grouped by team: avatars load late and are prefetched ahead of the
/// scroll (the first screen is held for up to 150 ms until its avatars are there); pull to
/// refresh; tap a mate to open it; swipe to delete.
final class MateListViewController: UIViewController, UITableViewDelegate {
  private let tableView = UITableView(frame: .zero, style: .insetGrouped)
  private let refreshControl = UIRefreshControl()
  private let viewModel: MatesViewModel
  private let avatars: AvatarStore.Store
  /// The binding: what the table shows, and what a tapped row holds.
  private var binding: TableBinding<Team, Mate>?
  private var cancellables = Set<AnyCancellable>()

  init(viewModel: MatesViewModel, avatars: AvatarStore.Store) {
    self.viewModel = viewModel
    self.avatars = avatars
    super.init(nibName: nil, bundle: nil)
    title = "Mates"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.rowHeight = 60
    tableView.register(MateCell.self, forCellReuseIdentifier: MateCell.reuseIdentifier)
    tableView.delegate = self
    refreshControl.addTarget(self, action: #selector(refresh), for: .valueChanged)
    tableView.refreshControl = refreshControl
    view.addSubview(tableView)

    // Avatar URLs come with the mates; the loader reads them from any thread.
    viewModel.$mates
      .sink { @Sendable mates in AvatarStore.addresses.remember(mates) }
      .store(in: &cancellables)

    binding = tableView.bind(
      to: .sectionedPublisher(viewModel.$sections),
      content: .store(avatars, holdingFirstDisplay: .milliseconds(150))
    ) { tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(
        withIdentifier: MateCell.reuseIdentifier, for: indexPath)
      (cell as? MateCell)?.show(mate, avatar: avatar)
      return cell
    }
    .headerTitles { "\($0.name) · \($0.memberCount)" }
    .onDelete { [weak self] mate, _ in self?.viewModel.remove(mate) }
    .sectionIndexTitles { String($0.name.prefix(1)) }
    .animation(.fade)

    if let errors = binding?.errors {
      Task { for await problem in errors { print("MateList:", problem) } }
    }
  }

  @objc private func refresh() {
    Task {
      await viewModel.refresh()
      refreshControl.endRefreshing()
    }
  }

  // MARK: UITableViewDelegate

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    // The item the table shows at this row — not the view model's newest list, which may be
    // ahead of the screen while a diff is under way.
    guard let mate = binding?.item(at: indexPath) else { return }
    navigationController?.pushViewController(
      MateDetailViewController(mate: mate, avatars: avatars), animated: true)
  }

  func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {
    // UIKit knows where a fling stops the moment the finger lifts: the avatars there load first.
    binding?.flingWillComeToRest(at: targetContentOffset.pointee)
  }
}

/// A mate's row: avatar, name, status.
final class MateCell: UITableViewCell {
  static let reuseIdentifier = "mate"
  private static let placeholder = UIImage(systemName: "person.crop.circle")
  private static let broken = UIImage(systemName: "person.crop.circle.badge.exclamationmark")

  func show(_ mate: Mate, avatar: ContentState<UIImage>) {
    var content = defaultContentConfiguration()
    content.text = mate.name
    content.secondaryText = mate.status.rawValue
    switch avatar {
    case .loaded(let image): content.image = image
    case .failed: content.image = Self.broken
    case .loading, .notRequested: content.image = Self.placeholder
    }
    content.imageProperties.maximumSize = CGSize(width: 40, height: 40)
    content.imageProperties.cornerRadius = 20
    contentConfiguration = content
  }
}

/// One mate, opened from the list or the grid.
final class MateDetailViewController: UIViewController {
  private let mate: Mate
  private let avatars: AvatarStore.Store
  private let imageView = UIImageView()
  private var observation: ContentObservation?

  init(mate: Mate, avatars: AvatarStore.Store) {
    self.mate = mate
    self.avatars = avatars
    super.init(nibName: nil, bundle: nil)
    title = mate.name
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    imageView.frame = CGRect(x: 0, y: 0, width: 160, height: 160)
    imageView.center = CGPoint(x: view.bounds.midX, y: 200)
    imageView.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
    imageView.contentMode = .scaleAspectFill
    imageView.clipsToBounds = true
    imageView.layer.cornerRadius = 80
    view.addSubview(imageView)
    // The same shared store: the avatar is there already, or arrives here.
    avatars.request(mate.id)
    show(avatars.state(for: mate.id))
    let id = mate.id
    observation = avatars.observe { [weak self] key, state in
      if key == id { self?.show(state) }
    }
  }

  deinit {
    let avatars = avatars
    let id = mate.id
    Task { @MainActor in avatars.cancelRequest(id) }
  }

  private func show(_ state: ContentState<UIImage>) {
    imageView.image = state.content ?? UIImage(systemName: "person.crop.circle")
  }
}
