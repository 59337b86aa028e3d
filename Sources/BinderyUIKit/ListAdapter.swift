import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// What `bind(to:)` puts between a binding and its view, on a table view or a collection view
/// alike: it reads the binding's snapshot, so the cell provider always receives the current
/// value of an item; it applies the binding's stages to the view; and it answers, through the
/// ``ListDataSource`` it installs, for the features set with the binding's modifiers (titles,
/// an index, editing, reordering, supplementary views).
///
/// Written once for both views, so a feature added here exists on both.
@MainActor
final class ListAdapter<Section, Item>: ListView, ListDataSourceCore
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  private(set) weak var tableView: UITableView?
  private(set) weak var collectionView: UICollectionView?
  weak var binding: ListBinding<Section, Item>?
  let cells: CellProvider<Item>
  var features = ListFeatures<Section, Item>() {
    didSet { featuresChanged() }
  }
  /// Told about UIKit's prefetch calls, when content is bound.
  var prefetchObserver: (@MainActor () -> Void)?
  /// The object UIKit holds as data source (weakly: the adapter keeps it).
  let dataSource = ListDataSource()

  init(tableView: UITableView, cells: CellProvider<Item>) {
    self.tableView = tableView
    self.cells = cells
    dataSource.core = self
  }

  init(collectionView: UICollectionView, cells: CellProvider<Item>) {
    self.collectionView = collectionView
    self.cells = cells
    dataSource.core = self
  }

  /// The view, as the scroll view both are.
  var scrollView: UIScrollView? { tableView ?? collectionView }

  // MARK: Installing

  /// Becomes the view's data source, detaching the binding that had it.
  func install(prefetching: Bool) {
    if let tableView {
      (tableView.dataSource as? ListDataSource)?.core?.detachBinding()
      tableView.dataSource = dataSource
      if prefetching { tableView.prefetchDataSource = dataSource }
    } else if let collectionView {
      (collectionView.dataSource as? ListDataSource)?.core?.detachBinding()
      collectionView.dataSource = dataSource
      if prefetching { collectionView.prefetchDataSource = dataSource }
    }
  }

  /// Stops the binding and lets go of the view: it never touches it again.
  func detachBinding() {
    binding?.detach()
    if let tableView {
      if tableView.dataSource === dataSource { tableView.dataSource = nil }
      if tableView.prefetchDataSource === dataSource { tableView.prefetchDataSource = nil }
    }
    if let collectionView {
      if collectionView.dataSource === dataSource { collectionView.dataSource = nil }
      if collectionView.prefetchDataSource === dataSource {
        collectionView.prefetchDataSource = nil
      }
    }
    tableView = nil
    collectionView = nil
  }

  private func featuresChanged() {
    let offer = ListDataSource.OfferedMethods(
      deletion: features.deletion != nil, reordering: features.reordering != nil,
      supplementaryViews: !features.supplementaryViews.isEmpty)
    guard dataSource.offer(offer) else { return }
    // UIKit reads which optional methods a data source has when it is set: set it again.
    if let tableView, tableView.dataSource === dataSource {
      tableView.dataSource = nil
      tableView.dataSource = dataSource
    }
    if let collectionView, collectionView.dataSource === dataSource {
      collectionView.dataSource = nil
      collectionView.dataSource = dataSource
    }
  }

  // MARK: Reading the snapshot

  var snapshot: Snapshot<Section, Item> { binding?.snapshot ?? Snapshot() }

  // The binding's snapshot is read in place, not copied, on the paths UIKit calls per row.
  func item(at indexPath: IndexPath) -> Item? {
    binding?.snapshot.item(at: ItemPosition(indexPath))
  }

  // MARK: ListView

  func applyStage<S, I>(
    _ stage: StagedChangeset<S, I>.Stage, animated: Bool, installing install: () -> Void
  ) {
    let animation = animated ? features.animation : .none
    if animation == .none {
      UIView.performWithoutAnimation {
        applyBatch(stage, animation: animation, installing: install)
      }
    } else {
      applyBatch(stage, animation: animation, installing: install)
    }
    if !stage.sectionReconfigures.isEmpty { refreshSections(stage.sectionReconfigures) }
    let sectionsChanged =
      !(stage.sectionInserts.isEmpty && stage.sectionDeletes.isEmpty
      && stage.sectionMoves.isEmpty && stage.sectionReconfigures.isEmpty)
    if sectionsChanged && features.indexTitle != nil { tableView?.reloadSectionIndexTitles() }
  }

  private func applyBatch<S, I>(
    _ stage: StagedChangeset<S, I>.Stage, animation: UpdateAnimation, installing install: () -> Void
  ) {
    if let tableView {
      tableView.apply(stage, animation: animation.rowAnimation, installing: install)
    } else if let collectionView {
      collectionView.apply(stage, installing: install)
    } else {
      install()
    }
  }

  func reloadData(installing install: () -> Void) {
    install()
    tableView?.reloadData()
    collectionView?.reloadData()
  }

  func reconfigureItems(at positions: [ItemPosition]) {
    let paths = positions.map(IndexPath.init)
    tableView?.reconfigureRows(at: paths)
    collectionView?.reconfigureItems(at: paths)
  }

  var visibleItemPositions: [ItemPosition] {
    let paths = tableView?.indexPathsForVisibleRows ?? collectionView?.indexPathsForVisibleItems
    return (paths ?? []).map(ItemPosition.init)
  }

  func isItemVisible(at position: ItemPosition) -> Bool {
    let path = IndexPath(position)
    if let tableView {
      return tableView.rectForRow(at: path).intersects(tableView.bounds)
    }
    if let collectionView, let attributes = collectionView.layoutAttributesForItem(at: path) {
      return attributes.frame.intersects(collectionView.bounds)
    }
    return false
  }

  var liveCells: [AnyObject] {
    tableView?.visibleCells ?? collectionView?.visibleCells ?? []
  }

  var isInWindow: Bool { scrollView?.window != nil }

  var itemsPerScreen: Int {
    if let tableView { return tableView.itemsPerScreen }
    if let collectionView { return collectionView.itemsPerScreen }
    return 0
  }

  var scrollPosition: ScrollPosition {
    guard let scrollView else { return .resting }
    return ScrollPosition(
      offset: Double(scrollView.contentOffset.y),
      maximumOffset: Double(max(0, scrollView.contentSize.height - scrollView.bounds.height)),
      isDecelerating: scrollView.isDecelerating,
      decelerationRate: Double(scrollView.decelerationRate.rawValue))
  }

  func itemPositions(atOffset offset: Double) -> [ItemPosition] {
    guard let scrollView else { return [] }
    let screen = CGRect(
      x: 0, y: CGFloat(offset), width: scrollView.bounds.width,
      height: scrollView.bounds.height)
    if let tableView {
      return (tableView.indexPathsForRows(in: screen) ?? []).map(ItemPosition.init)
    }
    let attributes = collectionView?.collectionViewLayout.layoutAttributesForElements(in: screen)
    return (attributes ?? []).filter { $0.representedElementCategory == .cell }.map {
      ItemPosition($0.indexPath)
    }
  }

  // MARK: Sections changed in place

  /// Shows a section's new value without replacing any row: header and footer titles are set
  /// on the existing views, supplementary views are configured again, the index is re-read.
  private func refreshSections(_ sections: [Int]) {
    let snapshot = self.snapshot
    for index in sections {
      guard let section = snapshot.section(at: index) else { continue }
      if let tableView {
        if let header = tableView.headerView(forSection: index), let title = features.headerTitle {
          header.textLabel?.text = title(section)
          header.setNeedsLayout()
        }
        if let footer = tableView.footerView(forSection: index), let title = features.footerTitle {
          footer.textLabel?.text = title(section)
          footer.setNeedsLayout()
        }
      }
      if let collectionView {
        let path = IndexPath(ItemPosition(section: index, item: 0))
        for (kind, provider) in features.supplementaryViews {
          guard let view = collectionView.supplementaryView(forElementKind: kind, at: path)
          else { continue }
          provider.configure(view, section, path)
        }
      }
    }
  }

  // MARK: Index titles

  /// The index titles, and the section each one scrolls to.
  func indexEntries() -> [(title: String, section: Int)] {
    guard let indexTitle = features.indexTitle else { return [] }
    return snapshot.sections.enumerated().compactMap { index, section in
      indexTitle(section).map { ($0, index) }
    }
  }

  // MARK: Editing and reordering

  func canDelete(at indexPath: IndexPath) -> Bool {
    guard let deletion = features.deletion else { return true }  // UIKit's default
    guard let item = item(at: indexPath) else { return false }
    return deletion.canDelete?(item) ?? true
  }

  func userDeleted(at indexPath: IndexPath) {
    guard let deletion = features.deletion, let item = item(at: indexPath) else { return }
    deletion.delete(item, indexPath)
  }

  func canMove(at indexPath: IndexPath) -> Bool {
    guard let reordering = features.reordering, let item = item(at: indexPath) else {
      return false
    }
    return reordering.canMove?(item) ?? true
  }

  func userMoved(from source: IndexPath, to destination: IndexPath) {
    guard
      let item = binding?.recordUserMove(from: ItemPosition(source), to: ItemPosition(destination))
    else { return }
    features.reordering?.moved(item, source, destination)
  }
}

/// The cells, as the bound view asks for them.
@usableFromInline
enum CellProvider<Item> {
  case table(@MainActor (UITableView, IndexPath, Item) -> UITableViewCell)
  case collection(@MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell)
}

extension ItemPosition {
  /// The position of a row or item at an index path.
  init(_ indexPath: IndexPath) {
    self.init(section: indexPath[0], item: indexPath[1])
  }
}

extension IndexPath {
  /// The index path of a position.
  init(_ position: ItemPosition) {
    self.init(item: position.item, section: position.section)
  }
}
