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

extension UITableView {
  /// Shows every array an `AsyncSequence` sends, with late per-row content from a store keyed
  /// by the items' ids.
  ///
  /// The cell provider receives the item and its content state. Each cell holds interest in the
  /// content it shows (see ``ContentCells``), and when content arrives, the row showing that id
  /// is reconfigured with the current item: no diff runs and the list is not touched.
  ///
  /// ```swift
  /// let avatars = ContentStore<Mate.ID, UIImage>(costLimit: 64 << 20) { id in try await api.avatar(id) }
  /// tableView.bind(to: mates, content: avatars) { tableView, indexPath, mate, avatar in
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
  ///   cell.imageView?.image = avatar.content ?? placeholder
  ///   return cell
  /// }
  /// ```
  @inlinable @discardableResult
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
    let content = ContentWiring(store: store)
    let binding = bind(to: source) { tableView, indexPath, item in
      content.cell(for: item.id) { cellProvider(tableView, indexPath, item, $0) }
    }
    content.attach(to: binding, planner: planner, holdFirstDisplay: holdFirstDisplay) {
      self.prefetchDataSource = $0
    }
    return binding
  }

  /// Shows every list of sections an `AsyncSequence` sends, with late per-row content;
  /// `titleForSection` gives the section header titles. See
  /// ``bind(to:content:prefetching:holdFirstDisplay:cellProvider:)``.
  @inlinable @discardableResult
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
    let content = ContentWiring(store: store)
    let binding = bind(to: source, titleForSection: titleForSection) {
      tableView, indexPath, item in
      content.cell(for: item.id) { cellProvider(tableView, indexPath, item, $0) }
    }
    content.attach(to: binding, planner: planner, holdFirstDisplay: holdFirstDisplay) {
      self.prefetchDataSource = $0
    }
    return binding
  }

  /// Shows every list of sections a Combine publisher sends, with late per-row content.
  @inlinable
  public func bind<P, Section, Item, Content>(
    to publisher: P, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    titleForSection: (@MainActor (Section) -> String?)? = nil,
    cellProvider:
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
      UITableViewCell
  ) -> AnyCancellable
  where
    P: Publisher, P.Output == [ListSection<Section, Item>], P.Failure == Never,
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    let content = ContentWiring(store: store)
    let binding: ListBinding<Section, Item> = installBinding(
      titles: titleForSection,
      cellProvider: { tableView, indexPath, item in
        content.cell(for: item.id) { cellProvider(tableView, indexPath, item, $0) }
      },
      make: { ListBinding(view: $0, pipeline: DiffPipeline()) })
    content.attach(to: binding, planner: planner, holdFirstDisplay: holdFirstDisplay) {
      self.prefetchDataSource = $0
    }
    return binding.cancellable(publisher.sink { binding.submit($0) })
  }

  /// Shows every array a Combine publisher sends, with late per-row content; see
  /// ``bind(to:content:cellProvider:)``.
  @inlinable
  public func bind<P, Item, Content>(
    to publisher: P, content store: ContentStore<Item.ID, Content>,
    prefetching planner: PrefetchPlanner? = PrefetchPlanner(), holdFirstDisplay: Duration? = nil,
    cellProvider:
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
      UITableViewCell
  ) -> AnyCancellable
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    let content = ContentWiring(store: store)
    let binding: ListBinding<FlatSection, Item> = installBinding(
      titles: nil,
      cellProvider: { tableView, indexPath, item in
        content.cell(for: item.id) { cellProvider(tableView, indexPath, item, $0) }
      },
      make: { ListBinding(view: $0, pipeline: DiffPipeline()) })
    content.attach(to: binding, planner: planner, holdFirstDisplay: holdFirstDisplay) {
      self.prefetchDataSource = $0
    }
    return binding.cancellable(publisher.sink { binding.submit(items: $0) })
  }
}
