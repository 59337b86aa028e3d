import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// A collection view as a bound view: items placed by its layout.
extension UICollectionView: BoundView {
  var boundDataSource: ListDataSource? {
    get { dataSource as? ListDataSource }
    set { dataSource = newValue }
  }

  func registerPlaceholderCell() {
    register(
      UICollectionViewCell.self, forCellWithReuseIdentifier: ListDataSource.placeholderIdentifier)
  }

  /// Applies one stage, as a table does (see `StageBatch.run`); a collection view has no
  /// per-operation animation, so `animation` only says whether to animate, which the adapter
  /// decides around the call.
  func apply<Section, Item>(
    _ batch: StageBatch<Section, Item>, animation: UpdateAnimation,
    completion: @escaping @MainActor () -> Void
  ) {
    let stage = batch.stage
    let path = IndexPath.init(_:)
    batch.run(
      perform: { [self] updates, done in performBatchUpdates(updates, completion: kept(done)) },
      reload: { [self] in reloadItems(at: $0) },
      reconfigure: { [self] in reconfigureItems(at: $0) },
      structure: { [self] in
        if !stage.sectionDeletes.isEmpty { deleteSections(IndexSet(stage.sectionDeletes)) }
        if !stage.sectionInserts.isEmpty { insertSections(IndexSet(stage.sectionInserts)) }
        for move in stage.sectionMoves { moveSection(move.from, toSection: move.to) }
        if !stage.itemDeletes.isEmpty { deleteItems(at: stage.itemDeletes.map(path)) }
        if !stage.itemInserts.isEmpty { insertItems(at: stage.itemInserts.map(path)) }
        for move in stage.itemMoves { moveItem(at: path(move.from), to: path(move.to)) }
      }, completion: completion)
  }

  /// Items on one screen. For a flow layout, lines × columns from its item size (the
  /// delegate's size for the first item, or the estimate when one is set), spacing and section
  /// insets, along its scroll direction, and the frame (or, before layout, the window's or the
  /// screen's size); for other layouts, the visible items once there are any, else 44-point
  /// rows of one item.
  var itemsPerScreen: Int {
    let size = frame.height > 0 ? frame.size : screenSize(window: window)
    guard let flow = collectionViewLayout as? UICollectionViewFlowLayout else {
      return max(
        1, indexPathsForVisibleItems.count,
        Int((size.height / UIKitMetrics.standardRowHeight).rounded(.up)))
    }
    let item = itemSize(in: flow)
    let inset = flow.sectionInset
    let horizontal = flow.scrollDirection == .horizontal
    let (along, across) =
      horizontal
      ? (size.width, size.height - inset.top - inset.bottom)
      : (size.height, size.width - inset.left - inset.right)
    let (itemAlong, itemAcross) = horizontal ? (item.width, item.height) : (item.height, item.width)
    let spacing = max(0, flow.minimumInteritemSpacing)
    let columns = Int(((across + spacing) / max(1, itemAcross + spacing)).rounded(.down))
    let lines = Int((along / max(1, itemAlong + max(0, flow.minimumLineSpacing))).rounded(.up))
    return max(1, max(1, columns) * max(1, lines))
  }

  /// The size a flow layout gives items: the delegate's for the first item once there is one,
  /// else the estimate when it is a size (not `automaticSize`), else `itemSize`.
  private func itemSize(in flow: UICollectionViewFlowLayout) -> CGSize {
    if numberOfSections > 0, numberOfItems(inSection: 0) > 0,
      let size = delegateItemSize(flow, at: IndexPath(item: 0, section: 0)),
      size.width > 0, size.height > 0
    {
      return size
    }
    let estimate = flow.estimatedItemSize
    if estimate.width > 0, estimate.height > 0,
      estimate != UICollectionViewFlowLayout.automaticSize
    {
      return estimate
    }
    return flow.itemSize
  }

  private func delegateItemSize(_ flow: UICollectionViewFlowLayout, at path: IndexPath)
    -> CGSize?
  {
    // The method is optional in UIKit (called through `?`), a default in HeadlessUIKit.
    #if canImport(UIKit)
      (delegate as? UICollectionViewDelegateFlowLayout)?.collectionView?(
        self, layout: flow, sizeForItemAt: path)
    #else
      (delegate as? UICollectionViewDelegateFlowLayout)?.collectionView(
        self, layout: flow, sizeForItemAt: path)
    #endif
  }

  func reconfigure(at paths: [IndexPath]) {
    performBatchUpdates({ [self] in reconfigureItems(at: paths) }, completion: kept(nil))
  }

  func replaceCells(at paths: [IndexPath], animation: UpdateAnimation) {
    performBatchUpdates({ [self] in reloadItems(at: paths) }, completion: kept(nil))
  }

  func deleteRow(
    at path: IndexPath, animation: UpdateAnimation,
    installing install: @escaping @MainActor () -> Void
  ) {
    performBatchUpdates(
      { [self] in
        install()
        deleteItems(at: [path])
      }, completion: kept(nil))
  }

  func scrollToItem(at path: IndexPath, position: ListScrollPosition, animated: Bool) {
    let horizontal = scrollsHorizontally
    let at: UICollectionView.ScrollPosition =
      switch position {
      case .start: horizontal ? .left : .top
      case .center: horizontal ? .centeredHorizontally : .centeredVertically
      case .end: horizontal ? .right : .bottom
      }
    scrollToItem(at: path, at: at, animated: animated)
  }

  var selectedIndexPaths: [IndexPath] { indexPathsForSelectedItems ?? [] }

  func selectItem(at path: IndexPath) {
    selectItem(at: path, animated: false, scrollPosition: [])
  }

  var visibleIndexPaths: [IndexPath] { indexPathsForVisibleItems }

  var liveCells: [AnyObject] { visibleCells }

  func liveCell(at path: IndexPath) -> UIView? { cellForItem(at: path) }

  func has(_ position: ItemPosition) -> Bool {
    position.section < numberOfSections
      && position.item < numberOfItems(inSection: position.section)
  }

  func layoutFrame(at path: IndexPath) -> CGRect? { layoutAttributesForItem(at: path)?.frame }

  func itemPositions(in rect: CGRect) -> [ItemPosition] {
    let attributes = collectionViewLayout.layoutAttributesForElements(in: rect) ?? []
    return attributes.filter { $0.representedElementCategory == .cell }.map {
      ItemPosition($0.indexPath)
    }
  }

  /// A horizontal flow layout, or, on iOS, a horizontal compositional layout.
  var scrollsHorizontally: Bool {
    if let flow = collectionViewLayout as? UICollectionViewFlowLayout {
      return flow.scrollDirection == .horizontal
    }
    if let compositional = collectionViewLayout as? UICollectionViewCompositionalLayout {
      return compositional.configuration.scrollDirection == .horizontal
    }
    return false
  }

  var indexSkipsEmptySections: Bool { true }

  /// A layout may put several items on a line, or lay them out in any order.
  var stacksOneRowALine: Bool { false }

  func refreshSection<Section, Item>(
    at index: Int, showing section: Section, for adapter: ListAdapter<Section, Item>
  ) {
    adapter.refreshTitleViews(self, section: index, value: section)
    let path = IndexPath(ItemPosition(section: index, item: 0))
    for (kind, provider) in adapter.features.supplementaryViews {
      guard let view = supplementaryView(forElementKind: kind, at: path) else { continue }
      provider.configure(view, section, path)
    }
  }

  func finishRefreshingSections() {}

  func reloadIndexTitles() {}
}
