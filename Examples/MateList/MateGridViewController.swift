import BinderyUIKit
import UIKit

/// The same mates in a grid of avatars, one section per team with a header whose member count
/// is updated in place; drag a mate to reorder it.
final class MateGridViewController: UIViewController, UICollectionViewDelegate {
  private let viewModel: MatesViewModel
  private let avatars: AvatarStore.Store
  private let layout = UICollectionViewFlowLayout()
  private lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
  private var binding: ListBinding<Team, Mate>?

  init(viewModel: MatesViewModel, avatars: AvatarStore.Store) {
    self.viewModel = viewModel
    self.avatars = avatars
    super.init(nibName: nil, bundle: nil)
    title = "Grid"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    layout.itemSize = CGSize(width: 100, height: 120)
    layout.minimumInteritemSpacing = 8
    layout.minimumLineSpacing = 12
    layout.headerReferenceSize = CGSize(width: 0, height: 36)
    layout.sectionInset = UIEdgeInsets(top: 0, left: 12, bottom: 12, right: 12)
    collectionView.frame = view.bounds
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    collectionView.backgroundColor = .systemBackground
    collectionView.register(MateGridCell.self, forCellWithReuseIdentifier: MateGridCell.reuseIdentifier)
    collectionView.delegate = self
    view.addSubview(collectionView)

    // The grid's first screen is rows × columns of the flow layout, requested before UIKit asks
    // for a cell.
    binding = collectionView.bind(to: viewModel.$sections, content: avatars) {
      collectionView, indexPath, mate, avatar in
      let cell = collectionView.dequeueReusableCell(
        withReuseIdentifier: MateGridCell.reuseIdentifier, for: indexPath)
      (cell as? MateGridCell)?.show(mate, avatar: avatar)
      return cell
    }
    .supplementaryView(ofKind: UICollectionView.elementKindSectionHeader, TeamHeaderView.self) {
      header, team, _ in
      header.title = "\(team.name) · \(team.memberCount)"
    }
    .onMove { [weak self] mate, _, destination in self?.viewModel.move(mate, to: destination) }

    let drag = UILongPressGestureRecognizer(target: self, action: #selector(drag(_:)))
    collectionView.addGestureRecognizer(drag)
  }

  @objc private func drag(_ gesture: UILongPressGestureRecognizer) {
    let location = gesture.location(in: collectionView)
    switch gesture.state {
    case .began:
      guard let indexPath = collectionView.indexPathForItem(at: location) else { return }
      collectionView.beginInteractiveMovementForItem(at: indexPath)
    case .changed:
      collectionView.updateInteractiveMovementTargetPosition(location)
    case .ended:
      collectionView.endInteractiveMovement()
    default:
      collectionView.cancelInteractiveMovement()
    }
  }

  // MARK: UICollectionViewDelegate

  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    guard let mate = binding?.item(at: indexPath) else { return }
    navigationController?.pushViewController(
      MateDetailViewController(mate: mate, avatars: avatars), animated: true)
  }
}

/// A mate in the grid: avatar above name.
final class MateGridCell: UICollectionViewCell {
  static let reuseIdentifier = "mate"
  private let imageView = UIImageView()
  private let nameLabel = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    imageView.contentMode = .scaleAspectFill
    imageView.clipsToBounds = true
    imageView.layer.cornerRadius = 40
    nameLabel.font = .preferredFont(forTextStyle: .footnote)
    nameLabel.textAlignment = .center
    for subview in [imageView, nameLabel] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      contentView.addSubview(subview)
    }
    NSLayoutConstraint.activate([
      imageView.topAnchor.constraint(equalTo: contentView.topAnchor),
      imageView.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
      imageView.widthAnchor.constraint(equalToConstant: 80),
      imageView.heightAnchor.constraint(equalToConstant: 80),
      nameLabel.topAnchor.constraint(equalTo: imageView.bottomAnchor, constant: 6),
      nameLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
      nameLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
    ])
  }

  required init?(coder: NSCoder) { nil }

  func show(_ mate: Mate, avatar: ContentState<UIImage>) {
    nameLabel.text = mate.name
    imageView.image = avatar.content ?? UIImage(systemName: "person.crop.circle")
    imageView.alpha = avatar.failure == nil ? 1 : 0.4
  }
}

/// A team's header in the grid.
final class TeamHeaderView: UICollectionReusableView {
  private let label = UILabel()

  var title: String? {
    get { label.text }
    set { label.text = newValue }
  }

  override init(frame: CGRect) {
    super.init(frame: frame)
    label.font = .preferredFont(forTextStyle: .headline)
    label.frame = bounds.insetBy(dx: 12, dy: 0)
    label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(label)
  }

  required init?(coder: NSCoder) { nil }
}
