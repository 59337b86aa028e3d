// A settings screen's everyday UIKit beside its list — separators, a cell's selected
// background and configuration update handler, a button's title colours, the navigation bar's
// appearance and a confirmation alert — with nothing changed for HeadlessUIKit but the
// imports. .ci/ios-check compiles this same file against Apple's iPhoneOS SDK, so HeadlessUIKit's
// names keep UIKit's signatures; EverydayViewsTests checks their behaviour.
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

@MainActor final class SettingsViewController: UIViewController {
  let tableView = UITableView(frame: .zero, style: .plain)
  let retry = UIButton(type: .roundedRect)

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.separatorStyle = .none
    tableView.separatorColor = .gray
    retry.setTitle("Retry", for: .normal)
    retry.setTitleColor(.gray, for: .normal)
    retry.setTitleColor(.lightGray, for: .disabled)
    _ = retry.currentTitleColor
    let appearance = UINavigationBarAppearance()
    appearance.configureWithOpaqueBackground()
    appearance.backgroundColor = .systemBackground
    appearance.titleTextAttributes = [.foregroundColor: UIColor.darkGray]
    navigationController?.navigationBar.standardAppearance = appearance
    navigationController?.navigationBar.scrollEdgeAppearance = appearance
    navigationController?.navigationBar.prefersLargeTitles = true
    navigationItem.standardAppearance = appearance
  }

  func configure(_ cell: UITableViewCell) {
    let selected = UIView()
    selected.backgroundColor = .systemGray5
    cell.selectedBackgroundView = selected
    cell.configurationUpdateHandler = { cell, state in
      cell.backgroundColor = state.isSelected ? .systemGray6 : .clear
    }
    cell.setSelected(true, animated: false)
  }

  func confirmDelete(_ delete: @escaping () -> Void) {
    let alert = UIAlertController(
      title: "Delete?", message: "This cannot be undone.", preferredStyle: .alert)
    alert.addTextField { field in field.placeholder = "Type DELETE" }
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    let confirm = UIAlertAction(title: "Delete", style: .destructive) { _ in delete() }
    alert.addAction(confirm)
    alert.preferredAction = confirm
    present(alert, animated: true)
  }
}
