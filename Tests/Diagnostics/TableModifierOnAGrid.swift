// A table's modifier on a collection view: reported by the compiler as that mistake, since a
// collection view's binding has no such modifier.
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
  collectionView.bind(to: .publisher(viewModel.$mates)) { collectionView, indexPath, _ in
    collectionView.dequeueReusableCell(withReuseIdentifier: "mate", for: indexPath)
  }
  // The compiler says, of the next line: value of type 'CollectionBinding<FlatSection, Mate>' has no member 'keepsRowHeights'
  .keepsRowHeights()
  .store(in: &cancellables)
}
