import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// The data source `bind(to:)` installs on a collection view; see `TableViewAdapter`.
@MainActor
final class CollectionViewAdapter<Section, Item>: NSObject, UICollectionViewDataSource, ListView
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  typealias CellProvider = @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell

  private weak var collectionView: UICollectionView?
  weak var binding: ListBinding<Section, Item>?
  private let cellProvider: CellProvider

  init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
  }

  // MARK: UICollectionViewDataSource

  func numberOfSections(in collectionView: UICollectionView) -> Int {
    binding?.snapshot.numberOfSections ?? 0
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    binding?.snapshot.numberOfItems(inSection: section) ?? 0
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    guard let item = binding?.snapshot.item(at: ItemPosition(indexPath)) else {
      // Only reachable if UIKit asks for an item its data source never reported.
      return UICollectionViewCell(frame: .zero)
    }
    return cellProvider(collectionView, indexPath, item)
  }

  // MARK: ListView

  func applyStage<S, I>(_ stage: StagedChangeset<S, I>.Stage, installing install: () -> Void) {
    guard let collectionView else { return install() }
    collectionView.apply(stage, installing: install)
  }

  func reloadData(installing install: () -> Void) {
    install()
    collectionView?.reloadData()
  }

  func reconfigureItems(at positions: [ItemPosition]) {
    collectionView?.reconfigureItems(
      at: positions.map { IndexPath(indexes: [$0.section, $0.item]) })
  }

  var visibleItemPositions: [ItemPosition] {
    (collectionView?.indexPathsForVisibleItems ?? []).map(ItemPosition.init)
  }

  var isInWindow: Bool { collectionView?.window != nil }

  var rowsPerScreen: Int {
    guard let collectionView else { return 0 }
    // The layout decides item sizes; on screen, count what it shows, otherwise assume rows of
    // 44 points.
    let visible = collectionView.indexPathsForVisibleItems.count
    return max(1, visible, Int((collectionView.frame.height / 44).rounded(.up)))
  }
}
