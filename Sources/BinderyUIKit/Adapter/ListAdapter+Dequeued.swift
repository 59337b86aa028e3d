import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension ListAdapter {
  // MARK: Views that must be dequeued

  /// A cell for a row UIKit asks for but the snapshot does not have (a stale prefetch, say):
  /// empty, but dequeued, as UIKit requires of every cell.
  func placeholderCell(_ tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
    answering {
      tableView.dequeueReusableCell(
        withIdentifier: ListDataSource.placeholderIdentifier, for: indexPath)
    }
  }

  func placeholderCell(_ collectionView: UICollectionView, at indexPath: IndexPath)
    -> UICollectionViewCell
  {
    answering {
      collectionView.dequeueReusableCell(
        withReuseIdentifier: ListDataSource.placeholderIdentifier, for: indexPath)
    }
  }

  /// An empty supplementary view, for a kind the layout asks for and the binding was not told
  /// about: registered here the first time, and dequeued, as UIKit requires.
  func emptySupplementaryView(
    _ collectionView: UICollectionView, ofKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    dequeueSupplementary(
      UICollectionReusableView.self, ListDataSource.placeholderIdentifier, collectionView,
      ofKind: kind, at: indexPath)
  }

  /// A supplementary view of Bindery's own class, dequeued as UIKit requires: the class is
  /// registered for the kind and identifier the first time either is asked for.
  func dequeueSupplementary(
    _ viewClass: UICollectionReusableView.Type, _ identifier: String,
    _ collectionView: UICollectionView, ofKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    if registeredSupplementaries.insert(RegisteredSupplementary(kind: kind, identifier: identifier))
      .inserted
    {
      collectionView.register(
        viewClass, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
    }
    return collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
  }
}
