import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif
#if canImport(Combine)
  import Combine
#endif

extension UICollectionView {
  /// Shows every array an `AsyncSequence` sends, with late per-item content from a store keyed
  /// by the items' ids; see `UITableView.bind(to:content:cellProvider:)`.
  @inlinable @discardableResult
  public func bind<Source, Item, Content>(
    to source: Source, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (
        UICollectionView, IndexPath, Item, ContentState<Content>
      ) -> UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    let content = ContentWiring(store: store)
    let binding = bind(to: source) { collectionView, indexPath, item in
      content.cell(for: item.id) { cellProvider(collectionView, indexPath, item, $0) }
    }
    content.attach(to: binding, planner: planner, holdFirstDisplay: holdFirstDisplay) {
      self.prefetchDataSource = $0
    }
    return binding
  }

  /// Shows every array a Combine publisher sends, with late per-item content.
  @inlinable
  public func bind<P, Item, Content>(
    to publisher: P, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (
        UICollectionView, IndexPath, Item, ContentState<Content>
      ) -> UICollectionViewCell
  ) -> AnyCancellable
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    let content = ContentWiring(store: store)
    let binding: ListBinding<FlatSection, Item> = installBinding(
      cellProvider: { collectionView, indexPath, item in
        content.cell(for: item.id) { cellProvider(collectionView, indexPath, item, $0) }
      },
      make: { ListBinding(view: $0, pipeline: DiffPipeline()) })
    content.attach(to: binding, planner: planner, holdFirstDisplay: holdFirstDisplay) {
      self.prefetchDataSource = $0
    }
    return binding.cancellable(publisher.sink { binding.submit(items: $0) })
  }
}
