// A typo in the key path that keys late content: reported as the typo.
import Bindery
import BinderyUIKit

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

@MainActor func bindMates(
  _ tableView: UITableView, to viewModel: MatesViewModel, photos: ContentStore<String, UIImage>
) -> ListBinding<FlatSection, Mate> {
  tableView.bind(
    to: .publisher(viewModel.$mates),
    // The compiler says, of the next line: value of type 'Mate' has no member 'nam'
    content: .store(photos, keyedBy: \.nam)
  ) { tableView, indexPath, mate, photo in
    let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
    cell.textLabel?.text = mate.name
    cell.imageView?.image = photo.content
    return cell
  }
}
