import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// What a bound view does for its ``ListAdapter``: every place where a table view and a
/// collection view differ, so that the adapter is written once, without asking which view it
/// has. One conformance per view: `UITableView+BoundView.swift`, `UICollectionView+BoundView.swift`.
///
/// Features only one view has stay with that view: rows' heights kept by id are a table's
/// (`RowHeightMemory.tableView`); supplementary views of a kind are a collection view's.
@MainActor
protocol BoundView: UIScrollView {
  /// The view's data source, when it is Bindery's (setting it sets the view's).
  var boundDataSource: ListDataSource? { get set }

  /// Registers the empty cell served for rows the snapshot does not have.
  func registerPlaceholderCell()

  /// Applies one stage as UIKit batches (see `StageBatch.run`), then calls `completion`.
  func apply<Section, Item>(
    _ batch: StageBatch<Section, Item>, animation: UpdateAnimation,
    completion: @escaping @MainActor () -> Void)

  /// Drops every cell and asks the data source again.
  func reloadData()

  /// Deletes one row or item in a batch of its own, with `install` (the snapshot without it)
  /// run first inside the batch.
  func deleteRow(
    at path: IndexPath, animation: UpdateAnimation,
    installing install: @escaping @MainActor () -> Void)

  /// Configures the cells at `paths` again, in place.
  func reconfigure(at paths: [IndexPath])

  /// Gives the rows at `paths` new cells (a reload), in a batch of their own. A reload
  /// deselects them: the adapter selects them again (`keepingWhatAReloadTakes(of:_:)`).
  func replaceCells(at paths: [IndexPath], animation: UpdateAnimation)

  /// Scrolls the row or item at `path` (one the view has) to `position` in the viewport.
  func scrollToItem(at path: IndexPath, position: ListScrollPosition, animated: Bool)

  /// The index paths of the selected rows or items.
  var selectedIndexPaths: [IndexPath] { get }

  /// Selects the row or item at `path` without scrolling, telling the delegate nothing (as a
  /// selection from code does).
  func selectItem(at path: IndexPath)

  /// The index paths of the rows or items on screen.
  var visibleIndexPaths: [IndexPath] { get }

  /// The cells on screen.
  var liveCells: [AnyObject] { get }

  /// The cell on screen at `path`, if the row has one.
  func liveCell(at path: IndexPath) -> UIView?

  /// Whether the view's own counts, which can lag the binding's, hold `position`.
  func has(_ position: ItemPosition) -> Bool

  /// The frame of the row or item at `path` in the content, from the view's own layout. Only
  /// for a path the view has: UIKit raises for any other. Callers use ``frameOfItem(at:)``,
  /// which checks.
  func layoutFrame(at path: IndexPath) -> CGRect?

  /// The positions of the rows or items whose frames meet `rect`, a rectangle of the content.
  func itemPositions(in rect: CGRect) -> [ItemPosition]

  /// How many rows or items one screen shows, from the layout (before layout too).
  var itemsPerScreen: Int { get }

  /// Whether the user is moving a row by hand (UIKit's own name for it).
  var hasUncommittedUpdates: Bool { get }

  /// Whether the content scrolls sideways.
  var scrollsHorizontally: Bool { get }

  /// Whether its rows follow each other down the scroll one to a line, every row between the
  /// first and the last on screen on screen too (a table): the first and last rows' frames then
  /// tell whether a scroll kept the same rows on screen.
  var stacksOneRowALine: Bool { get }

  /// Whether the section index leaves out sections without items: a collection view's index
  /// scrolls to an item, so it has nothing to scroll to in an empty section.
  var indexSkipsEmptySections: Bool { get }

  /// The view behind the rows: where an empty state shows.
  var backgroundView: UIView? { get set }

  /// Shows a section's new value in the views on screen that show it (titles, headers, footers,
  /// supplementary views), without replacing any of them.
  func refreshSection<Section, Item>(
    at index: Int, showing section: Section, for adapter: ListAdapter<Section, Item>)

  /// After sections were refreshed: a table measures its headers and footers again.
  func finishRefreshingSections()

  /// Asks the data source for the section index again, where the view has one.
  func reloadIndexTitles()
}

extension BoundView {
  /// A batch's completion that keeps the view alive until UIKit calls it: a collection view
  /// released while one of its updates animates raises (UIKit rules §7.1), and a screen may be
  /// dismissed at any time.
  func kept(_ completion: ((Bool) -> Void)?) -> (Bool) -> Void {
    { finished in withExtendedLifetime(self) { completion?(finished) } }
  }

  /// The frame of the item at `position` in the content, from the view's own layout, or `nil`
  /// when the view's own counts (which can lag the binding's) do not hold it.
  func frameOfItem(at position: ItemPosition) -> CGRect? {
    guard has(position) else { return nil }
    return layoutFrame(at: IndexPath(position))
  }

  /// Becomes `dataSource`'s view: registers the placeholder cell, keeps the data source (UIKit
  /// holds it weakly), detaches the binding that had the view before, and sets it. The
  /// prefetch data source stays the app's.
  func install(_ dataSource: ListDataSource) {
    boundDataSource?.core.detachBinding()
    registerPlaceholderCell()
    ListDataSource.keep(dataSource, for: self)
    boundDataSource = dataSource
  }

  /// Lets go of `dataSource` if it is this view's data source.
  func remove(_ dataSource: ListDataSource) {
    if boundDataSource === dataSource { boundDataSource = nil }
  }

  /// Sets `dataSource` again if it is this view's: UIKit reads which optional methods a data
  /// source has only when it is set.
  func reset(_ dataSource: ListDataSource) {
    guard boundDataSource === dataSource else { return }
    boundDataSource = nil
    boundDataSource = dataSource
  }
}
