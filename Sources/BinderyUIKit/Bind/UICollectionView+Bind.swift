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

// The same variants as `UITableView`'s, through the same `BindingCore`. Section headers and
// footers are supplementary views: see `ListBinding.supplementaryView(ofKind:_:configure:)`.

extension UICollectionView {
  /// Shows every array an `AsyncSequence` sends, with diffed batch updates; see
  /// `UITableView.bind(to:cellProvider:)`.
  @inlinable
  public func bind<Source, Item>(
    to source: Source,
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), cells: .collection(cellProvider), source: .sequence(items: source),
      pipeline: DiffPipeline(), headerTitle: nil)
  }

  /// Shows every list of sections an `AsyncSequence` sends.
  @inlinable
  public func bind<Source, Section, Item>(
    to source: Source,
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  ) -> ListBinding<Section, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [ListSection<Section, Item>],
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), cells: .collection(cellProvider), source: .sequence(source),
      pipeline: DiffPipeline(), headerTitle: nil)
  }

  /// Shows every array a Combine publisher sends; the result is the binding, a `Cancellable`.
  /// See `UITableView.bind(to:cellProvider:)`.
  @inlinable
  public func bind<P, Item>(
    to publisher: P,
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), cells: .collection(cellProvider), source: .publisher(items: publisher),
      pipeline: DiffPipeline(), headerTitle: nil)
  }

  /// Shows every list of sections a Combine publisher sends.
  @inlinable
  public func bind<P, Section, Item>(
    to publisher: P,
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  ) -> ListBinding<Section, Item>
  where
    P: Publisher, P.Output == [ListSection<Section, Item>], P.Failure == Never,
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), cells: .collection(cellProvider), source: .publisher(publisher),
      pipeline: DiffPipeline(), headerTitle: nil)
  }

  /// Shows every array an `AsyncSequence` sends, with late per-item content from a store keyed
  /// by the items' ids; see `UITableView.bind(to:content:prefetching:holdFirstDisplay:cellProvider:)`.
  @inlinable
  public func bind<Source, Item, Content>(
    to source: Source, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
      UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), content: store, keyedBy: \.id, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .collection(cellProvider), source: .sequence(items: source),
      pipeline: DiffPipeline(), headerTitle: nil)
  }

  /// As the overload without `keyedBy`, with content keyed by what determines it rather than
  /// by the item's id — an id with a version, a URL — so that content that changes under the
  /// same id loads afresh, while the cell keeps showing the old until it arrives.
  @inlinable
  public func bind<Source, Item, Key, Content>(
    to source: Source, content store: ContentStore<Key, Content>,
    keyedBy contentKey: @escaping (Item) -> Key,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
      UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), content: store, keyedBy: contentKey, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .collection(cellProvider), source: .sequence(items: source),
      pipeline: DiffPipeline(), headerTitle: nil)
  }

  /// Shows every list of sections an `AsyncSequence` sends, with late per-item content.
  @inlinable
  public func bind<Source, Section, Item, Content>(
    to source: Source, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
      UICollectionViewCell
  ) -> ListBinding<Section, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [ListSection<Section, Item>],
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), content: store, keyedBy: \.id, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .collection(cellProvider), source: .sequence(source), pipeline: DiffPipeline(),
      headerTitle: nil)
  }

  /// As the overload without `keyedBy`, with content keyed by what determines it rather than
  /// by the item's id — an id with a version, a URL — so that content that changes under the
  /// same id loads afresh, while the cell keeps showing the old until it arrives.
  @inlinable
  public func bind<Source, Section, Item, Key, Content>(
    to source: Source, content store: ContentStore<Key, Content>,
    keyedBy contentKey: @escaping (Item) -> Key,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
      UICollectionViewCell
  ) -> ListBinding<Section, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [ListSection<Section, Item>],
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), content: store, keyedBy: contentKey, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .collection(cellProvider), source: .sequence(source), pipeline: DiffPipeline(),
      headerTitle: nil)
  }

  /// Shows every array a Combine publisher sends, with late per-item content.
  @inlinable
  public func bind<P, Item, Content>(
    to publisher: P, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
      UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), content: store, keyedBy: \.id, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .collection(cellProvider), source: .publisher(items: publisher),
      pipeline: DiffPipeline(), headerTitle: nil)
  }

  /// As the overload without `keyedBy`, with content keyed by what determines it rather than
  /// by the item's id — an id with a version, a URL — so that content that changes under the
  /// same id loads afresh, while the cell keeps showing the old until it arrives.
  @inlinable
  public func bind<P, Item, Key, Content>(
    to publisher: P, content store: ContentStore<Key, Content>,
    keyedBy contentKey: @escaping (Item) -> Key,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
      UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), content: store, keyedBy: contentKey, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .collection(cellProvider), source: .publisher(items: publisher),
      pipeline: DiffPipeline(), headerTitle: nil)
  }

  /// Shows every list of sections a Combine publisher sends, with late per-item content.
  @inlinable
  public func bind<P, Section, Item, Content>(
    to publisher: P, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
      UICollectionViewCell
  ) -> ListBinding<Section, Item>
  where
    P: Publisher, P.Output == [ListSection<Section, Item>], P.Failure == Never,
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), content: store, keyedBy: \.id, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .collection(cellProvider), source: .publisher(publisher), pipeline: DiffPipeline(),
      headerTitle: nil)
  }

  /// As the overload without `keyedBy`, with content keyed by what determines it rather than
  /// by the item's id — an id with a version, a URL — so that content that changes under the
  /// same id loads afresh, while the cell keeps showing the old until it arrives.
  @inlinable
  public func bind<P, Section, Item, Key, Content>(
    to publisher: P, content store: ContentStore<Key, Content>,
    keyedBy contentKey: @escaping (Item) -> Key,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
      UICollectionViewCell
  ) -> ListBinding<Section, Item>
  where
    P: Publisher, P.Output == [ListSection<Section, Item>], P.Failure == Never,
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .collection(self), content: store, keyedBy: contentKey, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .collection(cellProvider), source: .publisher(publisher), pipeline: DiffPipeline(),
      headerTitle: nil)
  }
}
