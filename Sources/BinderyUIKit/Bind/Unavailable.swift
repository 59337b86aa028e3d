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

// Bindery 0.1's everyday spellings, unavailable, with a message that says what to write (the
// CHANGELOG's migration table has the rest). Without them, the 0.1 line with late content made
// the compiler fail to produce any diagnostic at all. Unavailable declarations do not take part
// in choosing an overload for code that compiles, so they do not bring back the ambiguity that
// made a typo in a cell provider read as a wrong source (`Tests/Diagnostics` checks it).

extension UITableView {
  /// Bindery 0.1's spelling; say what the source is.
  @available(*, unavailable, message: "say what the source is: bind(to: .publisher(publisher))")
  public func bind<P: Publisher, Item>(
    to publisher: P,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(to: .publisher(publisher), cellProvider: cellProvider)
  }

  /// Bindery 0.1's spelling; say what the source is.
  @available(*, unavailable, message: "say what the source is: bind(to: .sequence(sequence))")
  public func bind<S: AsyncSequence & Sendable, Item>(
    to sequence: S,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    S.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(to: .sequence(sequence), cellProvider: cellProvider)
  }

  /// Bindery 0.1's spelling; say what the source is, and give the content as one value.
  @available(
    *, unavailable,
    message:
      "bind(to: .publisher(publisher), content: .store(store, prefetching:, holdingFirstDisplay:))"
  )
  public func bind<P: Publisher, Item, Content>(
    to publisher: P, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) -> UITableViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(
      to: .publisher(publisher),
      content: .store(
        store, prefetching: planner.map(Prefetching.custom) ?? .never,
        holdingFirstDisplay: holdFirstDisplay),
      cellProvider: cellProvider)
  }

  /// Bindery 0.1's spelling; say what the source is, and give the content as one value.
  @available(
    *, unavailable,
    message:
      "bind(to: .sequence(sequence), content: .store(store, prefetching:, holdingFirstDisplay:))"
  )
  public func bind<S: AsyncSequence & Sendable, Item, Content>(
    to sequence: S, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) -> UITableViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    S.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(
      to: .sequence(sequence),
      content: .store(
        store, prefetching: planner.map(Prefetching.custom) ?? .never,
        holdingFirstDisplay: holdFirstDisplay),
      cellProvider: cellProvider)
  }
}

extension UICollectionView {
  /// Bindery 0.1's spelling; say what the source is.
  @available(*, unavailable, message: "say what the source is: bind(to: .publisher(publisher))")
  public func bind<P: Publisher, Item>(
    to publisher: P,
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(to: .publisher(publisher), cellProvider: cellProvider)
  }

  /// Bindery 0.1's spelling; say what the source is.
  @available(*, unavailable, message: "say what the source is: bind(to: .sequence(sequence))")
  public func bind<S: AsyncSequence & Sendable, Item>(
    to sequence: S,
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    S.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(to: .sequence(sequence), cellProvider: cellProvider)
  }

  /// Bindery 0.1's spelling; say what the source is, and give the content as one value.
  @available(
    *, unavailable,
    message:
      "bind(to: .publisher(publisher), content: .store(store, prefetching:, holdingFirstDisplay:))"
  )
  public func bind<P: Publisher, Item, Content>(
    to publisher: P, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
      UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(
      to: .publisher(publisher),
      content: .store(
        store, prefetching: planner.map(Prefetching.custom) ?? .never,
        holdingFirstDisplay: holdFirstDisplay),
      cellProvider: cellProvider)
  }

  /// Bindery 0.1's spelling; say what the source is, and give the content as one value.
  @available(
    *, unavailable,
    message:
      "bind(to: .sequence(sequence), content: .store(store, prefetching:, holdingFirstDisplay:))"
  )
  public func bind<S: AsyncSequence & Sendable, Item, Content>(
    to sequence: S, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
      UICollectionViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    S.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    bind(
      to: .sequence(sequence),
      content: .store(
        store, prefetching: planner.map(Prefetching.custom) ?? .never,
        holdingFirstDisplay: holdFirstDisplay),
      cellProvider: cellProvider)
  }
}
