// A typo in the key path that keys late content, the binding kept the seed's way — with
// `.store(in: &cancellables)` and no type around it: reported as the typo.
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

@MainActor func bindPhotos(
  _ tableView: UITableView, to viewModel: MatesViewModel, photos: ContentStore<URL, UIImage>,
  _ cancellables: inout Set<AnyCancellable>
) {
  tableView.bind(
    to: .publisher(viewModel.$photos),
    // The compiler says, of the next line: value of type 'Photo' has no member 'photoUrl'
    content: .store(photos, keyedBy: \.photoUrl)
  ) { tableView, indexPath, photo, image in
    let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
    cell.imageView?.image = image.content
    return cell
  }
  .store(in: &cancellables)
}
