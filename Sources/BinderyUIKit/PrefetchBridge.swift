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

/// The prefetcher's update, set once the binding exists, run after every configured cell.
@MainActor
@usableFromInline
final class PrefetchHook {
  @usableFromInline var action: @MainActor () -> Void = {}

  @usableFromInline
  init() {}

  @usableFromInline
  func run() { action() }
}
