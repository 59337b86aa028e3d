// A typo in the key path that keys late content, the list read from an @Observable model and
// the binding kept with `.store(in: &cancellables)`: reported as the typo, not as a list of
// sections whose type could not be inferred.
import Bindery
import BinderyUIKit
import Foundation
import Observation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif
#if canImport(Combine)
  import Combine
#endif

@available(iOS 17, *)
@MainActor @Observable final class ObservedPhotos {
  var photos: [Photo] = []
}

@available(iOS 17, *)
@MainActor func bindPhotos(
  _ tableView: UITableView, to model: ObservedPhotos, photos: ContentStore<URL, UIImage>,
  _ cancellables: inout Set<AnyCancellable>
) {
  tableView.bind(
    to: .observing { model.photos },
    // The compiler says, of the next line: value of type 'Photo' has no member 'photoUrl'
    content: .store(photos, keyedBy: \.photoUrl)
  ) { tableView, indexPath, photo, image in
    let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
    cell.imageView?.image = image.content
    return cell
  }
  .store(in: &cancellables)
}
