// Items that are not Equatable (Bindery tells a content change from none by ==): reported
// as the missing conformance.
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
  // The compiler says, of the next line: instance method 'bind(to:cellProvider:)' requires that 'PlainMate' conform to 'Equatable'
  tableView.bind(to: .publisher(viewModel.$plainMates)) { tableView, indexPath, mate in
    let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
    cell.textLabel?.text = mate.name
    return cell
  }
  .store(in: &cancellables)
}
