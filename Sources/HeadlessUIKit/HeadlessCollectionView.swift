import Foundation

/// A collection view without a screen that keeps UIKit's rules (`UICollectionView` where UIKit
/// does not exist).
///
/// Items are laid out in lines of ``columns`` items of ``itemHeight`` each, section after
/// section; that is all of a layout that batch updates, visibility and prefetching depend on.
/// Everything else is as ``HeadlessTableView``: UIKit's signatures, UIKit's judgement of every
/// batch, recorded as ``UpdateViolation``s.
@MainActor
open class HeadlessCollectionView: HeadlessScrollView {
  /// The data source. Not retained, as in UIKit.
  open weak var dataSource: (any HeadlessCollectionViewDataSource)? {
    didSet { engine.dataSourceChanged() }
  }
  /// The prefetching data source. Not retained, as in UIKit.
  open weak var prefetchDataSource: (any HeadlessCollectionViewDataSourcePrefetching)?

  /// The height of a line of items.
  public var itemHeight: CGFloat {
    get { engine.rowHeight }
    set {
      engine.rowHeight = newValue
      engine.layout()
    }
  }

  /// Items per line.
  public var columns: Int {
    get { engine.columns }
    set {
      engine.columns = max(1, newValue)
      engine.layout()
    }
  }

  /// Creates a collection view with a frame and a simple layout, off screen until it gets a
  /// ``HeadlessScrollView/window``.
  public init(frame: CGRect, itemHeight: CGFloat = 44, columns: Int = 1) {
    super.init(frame: frame, kind: .collectionView)
    engine.rowHeight = itemHeight
    engine.columns = max(1, columns)
    engine.sectionCountSource = { [weak self] in
      guard let self, let dataSource = self.dataSource else { return 0 }
      return dataSource.numberOfSections(in: self)
    }
    engine.itemCountSource = { [weak self] section in
      guard let self, let dataSource = self.dataSource else { return 0 }
      return dataSource.collectionView(self, numberOfItemsInSection: section)
    }
    engine.cellSource = { [weak self] path in
      guard let self, let dataSource = self.dataSource else { return nil }
      return dataSource.collectionView(self, cellForItemAt: path)
    }
    engine.prefetchSink = { [weak self] paths in
      guard let self else { return }
      self.prefetchDataSource?.collectionView(self, prefetchItemsAt: paths)
    }
    engine.cancelPrefetchSink = { [weak self] paths in
      guard let self else { return }
      self.prefetchDataSource?.collectionView(self, cancelPrefetchingForItemsAt: paths)
    }
  }

  /// Registers a cell class (a `HeadlessCollectionViewCell` subclass) for an identifier.
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    let cellType =
      (cellClass as? HeadlessCollectionViewCell.Type) ?? HeadlessCollectionViewCell.self
    let height = itemHeight
    engine.register(identifier) { _ in
      cellType.init(frame: CGRect(x: 0, y: 0, width: 0, height: height))
    }
  }

  /// A cell for the item being requested: only valid inside `collectionView(_:cellForItemAt:)`.
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> HeadlessCollectionViewCell
  {
    let cell =
      engine.dequeue(identifier: identifier, for: indexPath) as? HeadlessCollectionViewCell
    return cell ?? HeadlessCollectionViewCell(frame: .zero)
  }

  /// Inserts items at index paths after the batch.
  open func insertItems(at indexPaths: [IndexPath]) {
    engine.record { $0.itemInserts += indexPaths }
  }
  /// Deletes items at index paths before the batch.
  open func deleteItems(at indexPaths: [IndexPath]) {
    engine.record { $0.itemDeletes += indexPaths }
  }
  /// Moves an item from an index path before the batch to one after it.
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    engine.record { $0.itemMoves.append(.init(from: indexPath, to: newIndexPath)) }
  }
  /// Replaces items with new cells (a delete and an insert, reference §1.2).
  open func reloadItems(at indexPaths: [IndexPath]) {
    engine.record { $0.itemReloads += indexPaths }
  }
  /// Re-asks the data source for the existing cells of items, getting the same cells back (§2).
  open func reconfigureItems(at indexPaths: [IndexPath]) {
    engine.record { $0.itemReconfigures += indexPaths }
  }
  /// Inserts sections at indices after the batch.
  open func insertSections(_ sections: IndexSet) {
    engine.record { $0.sectionInserts += Array(sections) }
  }
  /// Deletes sections at indices before the batch.
  open func deleteSections(_ sections: IndexSet) {
    engine.record { $0.sectionDeletes += Array(sections) }
  }
  /// Replaces sections (a delete and an insert).
  open func reloadSections(_ sections: IndexSet) {
    engine.record { $0.sectionReloads += Array(sections) }
  }

  /// The number of items in a section, as the view last read it.
  open func numberOfItems(inSection section: Int) -> Int {
    let counts = engine.counts()
    return counts.indices.contains(section) ? counts[section] : 0
  }

  /// The visible items (sorted here; UIKit does not promise an order).
  open var indexPathsForVisibleItems: [IndexPath] { engine.cells.keys.sorted() }

  /// The visible cells, in item order.
  open var visibleCells: [HeadlessCollectionViewCell] {
    sortedCells(as: HeadlessCollectionViewCell.self)
  }

  /// The cell showing an item, or `nil` when it has none (it is not visible).
  open func cellForItem(at indexPath: IndexPath) -> HeadlessCollectionViewCell? {
    engine.cells[indexPath] as? HeadlessCollectionViewCell
  }
}
