import BinderyUIKit
import UIKit

/// The mates grouped by team, bound from an `@Observable` model (iOS 17): the same table as
/// ``MateListViewController``, with no Combine — the binding reads `model.sections` inside
/// Observation's tracking, and a change the model makes is on screen in the job after it.
@available(iOS 17, *)
final class ObservedMatesViewController: UIViewController {
  private let tableView = UITableView(frame: .zero, style: .insetGrouped)
  private let model: ObservableMatesModel
  private let avatars: AvatarStore.Store
  private var binding: TableBinding<Team, Mate>?

  init(model: ObservableMatesModel, avatars: AvatarStore.Store) {
    self.model = model
    self.avatars = avatars
    super.init(nibName: nil, bundle: nil)
    title = "Observed"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.rowHeight = 60
    tableView.register(MateCell.self, forCellReuseIdentifier: MateCell.reuseIdentifier)
    view.addSubview(tableView)

    let model = self.model
    binding = tableView.bind(
      to: .observingSections {
        // Avatar URLs come with the mates; the loader reads them from any thread.
        AvatarStore.addresses.remember(model.mates)
        return model.sections
      },
      content: .store(avatars)
    ) { tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(
        withIdentifier: MateCell.reuseIdentifier, for: indexPath)
      (cell as? MateCell)?.show(mate, avatar: avatar)
      return cell
    }
    .headerTitles { "\($0.name) · \($0.memberCount)" }
    .onDelete { [weak self] mate, _ in self?.model.remove(mate) }
  }
}
