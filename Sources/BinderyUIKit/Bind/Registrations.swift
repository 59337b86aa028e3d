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

// Binding with cell registrations (iOS 14), the way Apple's modern collection view samples
// write cells: make the registration once, up front, and bind with it. Every variant is the
// cell-provider one with the registration's dequeue as its provider.

/// An item and the state of its late content, as a cell registration receives them when a
/// binding has content (`bind(to:content:using:)`). Reads the item's properties directly:
/// `mate.name` as well as `mate.item.name`.
@dynamicMemberLookup
public struct ItemWithContent<Item, Content: Sendable> {
  /// The item.
  public let item: Item
  /// Its content: loading, loaded, failed or not requested.
  public let content: ContentState<Content>

  /// An item and its content's state.
  public init(item: Item, content: ContentState<Content>) {
    self.item = item
    self.content = content
  }

  /// A property of the item.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Item, Value>) -> Value {
    item[keyPath: keyPath]
  }
}

extension UICollectionView {
  /// Shows every array an `AsyncSequence` sends, each cell dequeued and configured with
  /// `registration` (made once, before binding: UIKit raises for one made while it asks for a
  /// cell).
  ///
  /// ```swift
  /// let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Mate> {
  ///   cell, _, mate in …
  /// }
  /// collectionView.bind(to: mates, using: cell)
  /// ```
  @inlinable
  public func bind<Source, Item, Cell>(
    to source: Source, using registration: UICollectionView.CellRegistration<Cell, Item>
  ) -> ListBinding<FlatSection, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(to: source, cellProvider: Self.cells(registration))
  }

  /// Shows every list of sections an `AsyncSequence` sends, with a cell registration.
  @inlinable
  public func bind<Source, Section, Item, Cell>(
    to source: Source, using registration: UICollectionView.CellRegistration<Cell, Item>
  ) -> ListBinding<Section, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [ListSection<Section, Item>],
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(to: source, cellProvider: Self.cells(registration))
  }

  /// Shows every array a Combine publisher sends, with a cell registration.
  @inlinable
  public func bind<P, Item, Cell>(
    to publisher: P, using registration: UICollectionView.CellRegistration<Cell, Item>
  ) -> ListBinding<FlatSection, Item>
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(to: publisher, cellProvider: Self.cells(registration))
  }

  /// Shows every list of sections a Combine publisher sends, with a cell registration.
  @inlinable
  public func bind<P, Section, Item, Cell>(
    to publisher: P, using registration: UICollectionView.CellRegistration<Cell, Item>
  ) -> ListBinding<Section, Item>
  where
    P: Publisher, P.Output == [ListSection<Section, Item>], P.Failure == Never,
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(to: publisher, cellProvider: Self.cells(registration))
  }

  /// Shows every array an `AsyncSequence` sends, with late per-item content from a store keyed
  /// by the items' ids: the registration receives each item with its content's state.
  @inlinable
  public func bind<Source, Item, Content, Cell>(
    to source: Source, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    using registration: UICollectionView.CellRegistration<Cell, ItemWithContent<Item, Content>>
  ) -> ListBinding<FlatSection, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(
      to: source, content: store, prefetching: planner, holdFirstDisplay: holdFirstDisplay,
      cellProvider: Self.cells(registration))
  }

  /// Shows every list of sections an `AsyncSequence` sends, with late per-item content and a
  /// cell registration.
  @inlinable
  public func bind<Source, Section, Item, Content, Cell>(
    to source: Source, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    using registration: UICollectionView.CellRegistration<Cell, ItemWithContent<Item, Content>>
  ) -> ListBinding<Section, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [ListSection<Section, Item>],
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(
      to: source, content: store, prefetching: planner, holdFirstDisplay: holdFirstDisplay,
      cellProvider: Self.cells(registration))
  }

  /// Shows every array a Combine publisher sends, with late per-item content and a cell
  /// registration.
  @inlinable
  public func bind<P, Item, Content, Cell>(
    to publisher: P, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    using registration: UICollectionView.CellRegistration<Cell, ItemWithContent<Item, Content>>
  ) -> ListBinding<FlatSection, Item>
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(
      to: publisher, content: store, prefetching: planner, holdFirstDisplay: holdFirstDisplay,
      cellProvider: Self.cells(registration))
  }

  /// Shows every list of sections a Combine publisher sends, with late per-item content and a
  /// cell registration.
  @inlinable
  public func bind<P, Section, Item, Content, Cell>(
    to publisher: P, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    using registration: UICollectionView.CellRegistration<Cell, ItemWithContent<Item, Content>>
  ) -> ListBinding<Section, Item>
  where
    P: Publisher, P.Output == [ListSection<Section, Item>], P.Failure == Never,
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(
      to: publisher, content: store, prefetching: planner, holdFirstDisplay: holdFirstDisplay,
      cellProvider: Self.cells(registration))
  }
}

extension UICollectionView {
  /// The cell provider that dequeues and configures with a registration.
  @inlinable
  static func cells<Cell, Item>(_ registration: UICollectionView.CellRegistration<Cell, Item>)
    -> @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  {
    { collectionView, indexPath, item in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
  }

  /// The cell provider that hands a registration each item with its content's state.
  @inlinable
  static func cells<Cell, Item, Content>(
    _ registration: UICollectionView.CellRegistration<Cell, ItemWithContent<Item, Content>>
  ) -> @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) -> UICollectionViewCell
  {
    { collectionView, indexPath, item, content in
      collectionView.dequeueConfiguredReusableCell(
        using: registration, for: indexPath, item: ItemWithContent(item: item, content: content))
    }
  }
}
