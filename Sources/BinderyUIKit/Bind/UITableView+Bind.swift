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

// Every variant is one line into `BindingCore`: the same adapter, binding and content wiring
// for tables and collection views, sequences and publishers, flat lists and sections.
// `DiffPipeline()` is created here, in inlinable code, so that the diff is specialized for the
// caller's item types.

extension UITableView {
  /// Shows every array an `AsyncSequence` sends, with diffed batch updates.
  ///
  /// Installs the table's data source (detaching a binding it had); `cellProvider` is called
  /// with the current value of the item for each row UIKit asks for. Keep the returned binding
  /// for as long as the table shows the list: releasing it stops it, and the table holds its
  /// data source weakly, as UIKit's do. Features around the rows — titles, an index, deletion,
  /// reordering, the animation — are the binding's modifiers.
  ///
  /// ```swift
  /// let binding = tableView.bind(to: mateUpdates) { tableView, indexPath, mate in
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
  ///   cell.textLabel?.text = mate.name
  ///   return cell
  /// }
  /// ```
  @inlinable
  public func bind<Source, Item>(
    to source: Source,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), cells: .table(cellProvider), source: .sequence(items: source),
      pipeline: DiffPipeline(), headerTitle: nil)
  }

  /// Shows every list of sections an `AsyncSequence` sends; `titleForSection` gives the section
  /// header titles (see also ``ListBinding/headerTitles(_:)``).
  @inlinable
  public func bind<Source, Section, Item>(
    to source: Source,
    titleForSection: (@MainActor (Section) -> String?)? = nil,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  ) -> ListBinding<Section, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [ListSection<Section, Item>],
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), cells: .table(cellProvider), source: .sequence(source),
      pipeline: DiffPipeline(), headerTitle: titleForSection)
  }

  /// Shows every array a Combine publisher sends, in one line:
  ///
  /// ```swift
  /// tableView.bind(to: viewModel.$mates) { tableView, indexPath, mate in … }
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// Values may arrive on any thread; they are diffed off the main actor. The result is the
  /// binding itself — a `Cancellable`, so it stores like any subscription, with ``ListBinding``
  /// `item(at:)`, `errors`, `statistics` and `apply` at hand. Cancelling or releasing it ends
  /// the subscription and the binding; the publisher finishing ends the flow of lists.
  @inlinable
  public func bind<P, Item>(
    to publisher: P,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), cells: .table(cellProvider), source: .publisher(items: publisher),
      pipeline: DiffPipeline(), headerTitle: nil)
  }

  /// Shows every list of sections a Combine publisher sends; see
  /// ``bind(to:cellProvider:)``.
  @inlinable
  public func bind<P, Section, Item>(
    to publisher: P,
    titleForSection: (@MainActor (Section) -> String?)? = nil,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  ) -> ListBinding<Section, Item>
  where
    P: Publisher, P.Output == [ListSection<Section, Item>], P.Failure == Never,
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), cells: .table(cellProvider), source: .publisher(publisher),
      pipeline: DiffPipeline(), headerTitle: titleForSection)
  }

  /// Shows every array an `AsyncSequence` sends, with late per-row content from a store keyed
  /// by the items' ids.
  ///
  /// The cell provider receives the item and its content state. Each cell holds interest in the
  /// content it shows, and when content arrives or fails, the rows showing that id are
  /// reconfigured with the current item: no diff runs and the list is not touched. Prefetching
  /// is on unless `prefetching` is `nil`: the first screen is requested before UIKit asks for a
  /// cell, then a window ahead of the scroll. `holdFirstDisplay` keeps the first list from
  /// showing until the first screen's content is there (loaded or failed), or the deadline.
  ///
  /// ```swift
  /// let avatars = ContentStore<Mate.ID, UIImage>(costLimit: 64 << 20) { id in try await api.avatar(id) }
  /// tableView.bind(to: mates, content: avatars) { tableView, indexPath, mate, avatar in
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
  ///   cell.imageView?.image = avatar.content ?? placeholder
  ///   return cell
  /// }
  /// ```
  @inlinable
  public func bind<Source, Item, Content>(
    to source: Source, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
      UITableViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), content: store, keyedBy: \.id, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .table(cellProvider), source: .sequence(items: source), pipeline: DiffPipeline(),
      headerTitle: nil)
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
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
      UITableViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), content: store, keyedBy: contentKey, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .table(cellProvider), source: .sequence(items: source), pipeline: DiffPipeline(),
      headerTitle: nil)
  }

  /// Shows every list of sections an `AsyncSequence` sends, with late per-row content; see
  /// ``bind(to:content:prefetching:holdFirstDisplay:cellProvider:)``.
  @inlinable
  public func bind<Source, Section, Item, Content>(
    to source: Source, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    titleForSection: (@MainActor (Section) -> String?)? = nil,
    cellProvider:
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
      UITableViewCell
  ) -> ListBinding<Section, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [ListSection<Section, Item>],
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), content: store, keyedBy: \.id, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .table(cellProvider), source: .sequence(source), pipeline: DiffPipeline(),
      headerTitle: titleForSection)
  }

  /// As the overload without `keyedBy`, with content keyed by what determines it rather than
  /// by the item's id — an id with a version, a URL — so that content that changes under the
  /// same id loads afresh, while the cell keeps showing the old until it arrives.
  @inlinable
  public func bind<Source, Section, Item, Key, Content>(
    to source: Source, content store: ContentStore<Key, Content>,
    keyedBy contentKey: @escaping (Item) -> Key,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    titleForSection: (@MainActor (Section) -> String?)? = nil,
    cellProvider:
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
      UITableViewCell
  ) -> ListBinding<Section, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [ListSection<Section, Item>],
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), content: store, keyedBy: contentKey, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .table(cellProvider), source: .sequence(source), pipeline: DiffPipeline(),
      headerTitle: titleForSection)
  }

  /// Shows every array a Combine publisher sends, with late per-row content; see
  /// ``bind(to:content:prefetching:holdFirstDisplay:cellProvider:)``.
  @inlinable
  public func bind<P, Item, Content>(
    to publisher: P, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
      UITableViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), content: store, keyedBy: \.id, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .table(cellProvider), source: .publisher(items: publisher), pipeline: DiffPipeline(),
      headerTitle: nil)
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
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
      UITableViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), content: store, keyedBy: contentKey, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .table(cellProvider), source: .publisher(items: publisher), pipeline: DiffPipeline(),
      headerTitle: nil)
  }

  /// Shows every list of sections a Combine publisher sends, with late per-row content; see
  /// ``bind(to:content:prefetching:holdFirstDisplay:cellProvider:)``.
  @inlinable
  public func bind<P, Section, Item, Content>(
    to publisher: P, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    titleForSection: (@MainActor (Section) -> String?)? = nil,
    cellProvider:
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
      UITableViewCell
  ) -> ListBinding<Section, Item>
  where
    P: Publisher, P.Output == [ListSection<Section, Item>], P.Failure == Never,
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), content: store, keyedBy: \.id, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .table(cellProvider), source: .publisher(publisher), pipeline: DiffPipeline(),
      headerTitle: titleForSection)
  }

  /// As the overload without `keyedBy`, with content keyed by what determines it rather than
  /// by the item's id — an id with a version, a URL — so that content that changes under the
  /// same id loads afresh, while the cell keeps showing the old until it arrives.
  @inlinable
  public func bind<P, Section, Item, Key, Content>(
    to publisher: P, content store: ContentStore<Key, Content>,
    keyedBy contentKey: @escaping (Item) -> Key,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    titleForSection: (@MainActor (Section) -> String?)? = nil,
    cellProvider:
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
      UITableViewCell
  ) -> ListBinding<Section, Item>
  where
    P: Publisher, P.Output == [ListSection<Section, Item>], P.Failure == Never,
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    BindingCore.bind(
      .table(self), content: store, keyedBy: contentKey, planner: planner,
      holdFirstDisplay: holdFirstDisplay,
      cells: .table(cellProvider), source: .publisher(publisher), pipeline: DiffPipeline(),
      headerTitle: titleForSection)
  }
}
