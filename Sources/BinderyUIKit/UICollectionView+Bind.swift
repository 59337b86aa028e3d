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
  /// Shows every array an `AsyncSequence` sends, with diffed batch updates; see
  /// `UITableView.bind(to:cellProvider:)`.
  @inlinable @discardableResult
  public func bind<Source, Item>(
    to source: Source,
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    installBinding(cellProvider: cellProvider) {
      ListBinding(view: $0, items: source, pipeline: DiffPipeline())
    }
  }

  /// Shows every list of sections an `AsyncSequence` sends.
  @inlinable @discardableResult
  public func bind<Source, Section, Item>(
    to source: Source,
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  ) -> ListBinding<Section, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [ListSection<Section, Item>],
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    installBinding(cellProvider: cellProvider) {
      ListBinding(view: $0, source: source, pipeline: DiffPipeline())
    }
  }

  /// Shows every array a Combine publisher sends; cancelling the result ends it.
  @inlinable
  public func bind<P, Item>(
    to publisher: P,
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  ) -> AnyCancellable
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    let binding: ListBinding<FlatSection, Item> = installBinding(
      cellProvider: cellProvider, make: { ListBinding(view: $0, pipeline: DiffPipeline()) })
    return binding.cancellable(publisher.sink { binding.submit(items: $0) })
  }

  /// Shows every list of sections a Combine publisher sends; cancelling the result ends it.
  @inlinable
  public func bind<P, Section, Item>(
    to publisher: P,
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  ) -> AnyCancellable
  where
    P: Publisher, P.Output == [ListSection<Section, Item>], P.Failure == Never,
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    let binding: ListBinding<Section, Item> = installBinding(
      cellProvider: cellProvider, make: { ListBinding(view: $0, pipeline: DiffPipeline()) })
    return binding.cancellable(publisher.sink { binding.submit($0) })
  }

  @usableFromInline
  func installBinding<Section, Item>(
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell,
    make: (any ListView) -> ListBinding<Section, Item>
  ) -> ListBinding<Section, Item> {
    let adapter = CollectionViewAdapter<Section, Item>(
      collectionView: self, cellProvider: cellProvider)
    let binding = make(adapter)
    adapter.binding = binding
    dataSource = adapter
    return binding
  }
}
