// A typo in the key path that keys late content, the binding kept in a stored property of the
// screen: reported as the typo.
import Bindery
import BinderyUIKit
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

@MainActor final class PhotosScreen {
  let tableView = UITableView()
  let viewModel = MatesViewModel()
  let photos = ContentStore<URL, UIImage> { _ in UIImage() }
  var binding: ListBinding<FlatSection, Photo>?

  func viewDidLoad() {
    binding = tableView.bind(
      to: .publisher(viewModel.$photos),
      // The compiler says, of the next line: value of type 'Photo' has no member 'photoUrl'
      content: .store(photos, keyedBy: \.photoUrl)
    ) { tableView, indexPath, photo, image in
      let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
      cell.imageView?.image = image.content
      return cell
    }
  }
}
