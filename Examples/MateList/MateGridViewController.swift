import BinderyUIKit
import UIKit

/// The same mates in a grid of avatars — a compositional layout of three columns, cells made
/// with a registration that receives each mate with its avatar — one section per team with a
/// header whose member count is updated in place; drag a mate to reorder it.
final class MateGridViewController: UIViewController, UICollectionViewDelegate {
  private let viewModel: MatesViewModel
  private let avatars: AvatarStore.Store
  private lazy var collectionView = UICollectionView(
    frame: .zero, collectionViewLayout: Self.gridLayout())
  private var binding: CollectionBinding<Team, Mate>?

  init(viewModel: MatesViewModel, avatars: AvatarStore.Store) {
    self.viewModel = viewModel
    self.avatars = avatars
    super.init(nibName: nil, bundle: nil)
    title = "Grid"
  }

  required init?(coder: NSCoder) { nil }

  /// Three avatars a line, 128 points tall, under each team's header.
  private static func gridLayout() -> UICollectionViewCompositionalLayout {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
    item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(128)),
      subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 12, trailing: 8)
    section.boundarySupplementaryItems = [
      NSCollectionLayoutBoundarySupplementaryItem(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .absolute(36)),
        elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
    ]
    return UICollectionViewCompositionalLayout(section: section)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.frame = view.bounds
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    collectionView.backgroundColor = .systemBackground
    collectionView.delegate = self
    view.addSubview(collectionView)

    let cell = UICollectionView.CellRegistration<MateGridCell, ItemWithContent<Mate, UIImage>> {
      cell, _, mate in
      cell.show(mate.item, avatar: mate.content)
    }
    binding = collectionView.bind(
      to: .sectionedPublisher(viewModel.$sections), content: .store(avatars), using: cell
    )
    .supplementaryViews(ofKind: UICollectionView.elementKindSectionHeader, TeamHeaderView.self) {
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
