import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// A table view as a bound view: rows, one per line, with the table's own animations.
extension UITableView: BoundView {
  var boundDataSource: ListDataSource? {
    get { dataSource as? ListDataSource }
    set { dataSource = newValue }
  }

  func registerPlaceholderCell() {
    register(UITableViewCell.self, forCellReuseIdentifier: ListDataSource.placeholderIdentifier)
  }

  /// Applies one stage (see `StageBatch.run`). Section reconfigures are not batch operations:
  /// the adapter updates those views in place.
  func apply<Section, Item>(
    _ batch: StageBatch<Section, Item>, animation: UpdateAnimation,
    completion: @escaping @MainActor () -> Void
  ) {
    let animation = animation.rowAnimation
    let stage = batch.stage
    let path = IndexPath.init(_:)
    batch.run(
      perform: { [self] updates, done in performBatchUpdates(updates, completion: kept(done)) },
      reload: { [self] in reloadRows(at: $0, with: animation) },
      reconfigure: { [self] in reconfigureRows(at: $0) },
      structure: { [self] in
        if !stage.sectionDeletes.isEmpty {
          deleteSections(IndexSet(stage.sectionDeletes), with: animation)
        }
        if !stage.sectionInserts.isEmpty {
          insertSections(IndexSet(stage.sectionInserts), with: animation)
        }
        for move in stage.sectionMoves { moveSection(move.from, toSection: move.to) }
        if !stage.itemDeletes.isEmpty {
          deleteRows(at: stage.itemDeletes.map(path), with: animation)
        }
        if !stage.itemInserts.isEmpty {
          insertRows(at: stage.itemInserts.map(path), with: animation)
        }
        for move in stage.itemMoves { moveRow(at: path(move.from), to: path(move.to)) }
      }, completion: completion)
  }

  /// Rows on one screen: the frame's height (or, before layout, the window's or the screen's)
  /// over the row height (or the estimate; 44 points, UIKit's default row).
  var itemsPerScreen: Int {
    let height = frame.height > 0 ? frame.height : screenSize(window: window).height
    let row =
      rowHeight > 0
      ? rowHeight : (estimatedRowHeight > 0 ? estimatedRowHeight : UIKitMetrics.standardRowHeight)
    return max(1, Int((height / row).rounded(.up)))
  }

  func reconfigure(at paths: [IndexPath]) {
    performBatchUpdates({ [self] in reconfigureRows(at: paths) }, completion: kept(nil))
  }

  func replaceCells(at paths: [IndexPath], animation: UpdateAnimation) {
    let rowAnimation = animation.rowAnimation
    performBatchUpdates(
      { [self] in reloadRows(at: paths, with: rowAnimation) }, completion: kept(nil))
  }

  func deleteRow(
    at path: IndexPath, animation: UpdateAnimation,
    installing install: @escaping @MainActor () -> Void
  ) {
    let rowAnimation = animation.rowAnimation
    performBatchUpdates(
      { [self] in
        install()
        deleteRows(at: [path], with: rowAnimation)
      }, completion: kept(nil))
  }

  func scrollToItem(at path: IndexPath, position: ListScrollPosition, animated: Bool) {
    let at: UITableView.ScrollPosition =
      switch position {
      case .start: .top
      case .center: .middle
      case .end: .bottom
      }
    scrollToRow(at: path, at: at, animated: animated)
  }

  var selectedIndexPaths: [IndexPath] { indexPathsForSelectedRows ?? [] }

  func selectItem(at path: IndexPath) {
    selectRow(at: path, animated: false, scrollPosition: .none)
  }

  var visibleIndexPaths: [IndexPath] { indexPathsForVisibleRows ?? [] }

  var liveCells: [AnyObject] { visibleCells }

  func liveCell(at path: IndexPath) -> UIView? { cellForRow(at: path) }

  func has(_ position: ItemPosition) -> Bool {
    position.section < numberOfSections
      && position.item < numberOfRows(inSection: position.section)
  }

  func layoutFrame(at path: IndexPath) -> CGRect? { rectForRow(at: path) }

  func itemPositions(in rect: CGRect) -> [ItemPosition] {
    (indexPathsForRows(in: rect) ?? []).map(ItemPosition.init)
  }

  var scrollsHorizontally: Bool { false }

  var indexSkipsEmptySections: Bool { false }

  var stacksOneRowALine: Bool { true }

  func refreshSection<Section, Item>(
    at index: Int, showing section: Section, for adapter: ListAdapter<Section, Item>
  ) {
    if let header = headerView(forSection: index), let title = adapter.features.headerTitle {
      header.showTitle(title(section))
    }
    if let footer = footerView(forSection: index), let title = adapter.features.footerTitle {
      footer.showTitle(title(section))
    }
  }

  func finishRefreshingSections() {
    // A new title may need another height: an empty batch has UIKit measure them again.
    performBatchUpdates(nil)
  }

  func reloadIndexTitles() {
    #if !os(tvOS)
      reloadSectionIndexTitles()
    #endif
  }
}
