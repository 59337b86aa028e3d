import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// Installed as the view's prefetch data source: UIKit's prefetch and cancel calls come as the
/// user scrolls, and each one re-plans the prefetcher (which asks for more than UIKit's window,
/// and for the first screen too).
@MainActor
@usableFromInline
final class PrefetchBridge: NSObject, UITableViewDataSourcePrefetching,
  UICollectionViewDataSourcePrefetching
{
  private let update: @MainActor () -> Void

  @usableFromInline
  init(update: @escaping @MainActor () -> Void) {
    self.update = update
  }

  @usableFromInline
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) { update() }

  @usableFromInline
  func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
    update()
  }

  @usableFromInline
  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    update()
  }

  @usableFromInline
  func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {
    update()
  }
}

extension ListBinding {
  /// Starts prefetching `store`'s content for this binding: a ``ContentPrefetcher`` fed by the
  /// view's prefetch calls (through `install`) and by every configured cell (through the
  /// returned closure).
  @usableFromInline
  func startPrefetching<Content>(
    _ store: ContentStore<Item.ID, Content>, planner: PrefetchPlanner?,
    holdFirstDisplay: Duration?, install: (PrefetchBridge) -> Void
  ) -> @MainActor () -> Void {
    guard let planner else { return {} }
    let prefetcher = ContentPrefetcher(binding: self, store: store, planner: planner)
    if let holdFirstDisplay { prefetcher.holdFirstDisplay(upTo: holdFirstDisplay) }
    let bridge = PrefetchBridge { [weak prefetcher] in prefetcher?.update() }
    retain(bridge)
    install(bridge)
    return { [weak prefetcher] in prefetcher?.update() }
  }
}

/// What `bind(to:content:…)` adds to a binding, for both views and both kinds of source:
/// cells that hold interest in their content, a re-plan of the prefetcher after every configured
/// cell, reconfigures when content arrives, and the prefetcher itself.
@MainActor
@usableFromInline
final class ContentWiring<Key: Hashable & Sendable, Content: Sendable> {
  let cells: ContentCells<Key, Content>
  private var afterEachCell: @MainActor () -> Void = {}

  @usableFromInline
  init(store: ContentStore<Key, Content>) {
    cells = ContentCells(store: store)
  }

  /// Configures a cell through the content state of `key`, then lets the prefetcher re-plan.
  @usableFromInline
  func cell<Cell: AnyObject>(for key: Key, configure: (ContentState<Content>) -> Cell) -> Cell {
    defer { afterEachCell() }
    return cells.cell(for: key, configure: configure)
  }

  /// Connects the binding: reconfigure on arrival, and prefetching unless `planner` is nil;
  /// `install` puts the prefetch bridge on the view.
  @usableFromInline
  func attach<Section, Item>(
    to binding: ListBinding<Section, Item>, planner: PrefetchPlanner?,
    holdFirstDisplay: Duration?, install: (PrefetchBridge) -> Void
  ) where Item.ID == Key {
    binding.reconfigureOnArrival(from: cells.store)
    afterEachCell = binding.startPrefetching(
      cells.store, planner: planner, holdFirstDisplay: holdFirstDisplay, install: install)
  }
}
