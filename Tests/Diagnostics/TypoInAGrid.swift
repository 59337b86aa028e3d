// A typo in a collection view's cell provider: reported as the typo.
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
  _ collectionView: UICollectionView, to viewModel: MatesViewModel,
  _ cancellables: inout Set<AnyCancellable>
) {
  collectionView.bind(to: .publisher(viewModel.$mates)) { collectionView, indexPath, mate in
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "mate", for: indexPath)
    // The compiler says, of the next line: value of type 'Mate' has no member 'nam'
    (cell as? MateCell)?.name = mate.nam
    return cell
  }
  .store(in: &cancellables)
}
