// A typo in a cell provider that also gets late content: reported as the typo.
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
  avatars: ContentStore<Mate.ID, UIImage>, _ cancellables: inout Set<AnyCancellable>
) {
  tableView.bind(to: .publisher(viewModel.$mates), content: .store(avatars)) {
    tableView, indexPath, mate, avatar in
    let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
    // The compiler says, of the next line: value of type 'Mate' has no member 'nam'
    cell.textLabel?.text = mate.nam
    cell.imageView?.image = avatar.content
    return cell
  }
  .store(in: &cancellables)
}
