// A binding dropped at the end of its chain of modifiers: nobody keeps it, so it is released
// at once and the table shows nothing. Reported as the dropped result.
import Bindery
import BinderyUIKit

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

@MainActor func showMates(_ tableView: UITableView, of viewModel: MatesViewModel) {
  tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in
    let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
    cell.textLabel?.text = mate.name
    return cell
  }
  // The compiler says, of the next line: result of call to 'anchor' is unused
  .anchor(.end)
}
