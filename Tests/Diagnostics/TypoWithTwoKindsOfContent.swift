// A typo in a cell provider that gets two kinds of late content: reported as the typo.
import Bindery
import BinderyUIKit
import Foundation

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
  avatars: ContentStore<Mate.ID, UIImage>, covers: ContentStore<Mate.ID, UIImage>,
  _ cancellables: inout Set<AnyCancellable>
) {
  tableView.bind(
    to: .publisher(viewModel.$mates), content: .store(avatars), .store(covers)
  ) { tableView, indexPath, mate, avatar, cover in
    let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
    // The compiler says, of the next line: value of type 'Mate' has no member 'nam'
    cell.textLabel?.text = mate.nam
    cell.imageView?.image = avatar.content ?? cover.content
    return cell
  }
  .store(in: &cancellables)
}
