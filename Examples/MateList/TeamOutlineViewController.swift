import BinderyUIKit
import UIKit

/// The teams as an outline in a list layout: each team expands to its mates (what is expanded
/// stays so as the feed changes), and a mate swiped from the trailing edge can be deleted.
/// Cells are made with a registration and shown with list content configurations.
final class TeamOutlineViewController: UIViewController, UICollectionViewDelegate {
  private let viewModel: MatesViewModel
  private var binding: CollectionBinding<FlatSection, OutlineRow<TeamNode>>?
  private lazy var collectionView: UICollectionView = {
    var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
    // The layout's configuration is fixed before the binding exists: it asks the binding late.
    configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
      self?.binding?.deleteSwipeActions(at: indexPath)
    }
    return UICollectionView(
      frame: .zero,
      collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
  }()

  init(viewModel: MatesViewModel) {
    self.viewModel = viewModel
    super.init(nibName: nil, bundle: nil)
    title = "Teams"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.frame = view.bounds
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    collectionView.delegate = self
    view.addSubview(collectionView)

    let row = UICollectionView.CellRegistration<UICollectionViewListCell, OutlineRow<TeamNode>> {
      cell, _, row in
      var content = cell.defaultContentConfiguration()
      content.text = row.item.title
      content.secondaryText = row.item.subtitle
      cell.contentConfiguration = content
      cell.indentationLevel = row.level
      cell.accessories =
        row.hasChildren
        ? [.outlineDisclosure(options: .init(style: .header), actionHandler: row.toggle)] : []
    }
    binding = collectionView.bindOutline(
      to: .publisher(viewModel.$teamTree), children: \.children, expanded: [.team(0)], using: row
    )
    .onDelete(canDelete: { $0.item.mate != nil }) { [weak self] row, _ in
      if let mate = row.item.mate { self?.viewModel.remove(mate) }
    }
  }

  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    collectionView.deselectItem(at: indexPath, animated: true)
    // A team's row toggles; a mate's does nothing more here.
    binding?.item(at: indexPath)?.toggle()
  }
}
