// A cell provider that returns something other than a cell: reported as the wrong type.
import Bindery
import BinderyUIKit

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif
#if canImport(Combine)
  import Combine
#endif

@MainActor func bindMates(
  _ tableView: UITableView, to viewModel: MatesViewModel,
  _ cancellables: inout Set<AnyCancellable>
) {
  tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in
    let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
    cell.textLabel?.text = mate.name
    // The compiler says, of the next line: cannot convert value of type '…' to closure result type 'UITableViewCell'
    return cell.contentView
  }
  .store(in: &cancellables)
}
