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

/// The view a binding is made for.
@usableFromInline
enum BindingTarget {
  case table(UITableView)
  case collection(UICollectionView)
}

/// Where a bound list's lists come from: how to start feeding a binding (reading a sequence,
/// subscribing to a publisher).
@usableFromInline
struct ListSource<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  let start: @MainActor (ListBinding<Section, Item>) -> Void
}

/// The one path every `bind(to:)` takes, for both views, both kinds of source, flat or sectioned,
/// with content or without: make the adapter and the binding, attach content, install the
/// adapter as the view's data source (detaching a previous binding), then start the source.
@MainActor
@usableFromInline
enum BindingCore {
  @usableFromInline
  static func bind<Section, Item>(
    _ view: BindingTarget, cells: CellProvider<Item>, source: ListSource<Section, Item>,
    pipeline: DiffPipeline<Section, Item>, headerTitle: (@MainActor (Section) -> String?)?
  ) -> ListBinding<Section, Item> {
    let (adapter, binding) = makeAdapter(view, cells: cells, pipeline: pipeline)
    adapter.features.headerTitle = headerTitle
    adapter.install(prefetching: false)
    source.start(binding)
    return binding
  }

  /// As ``bind(_:cells:source:pipeline:headerTitle:)``, with late content: `provide` gets the
  /// item's content state, and its cells hold interest in it.
  @usableFromInline
  static func bind<Section, Item, Key, Content>(
    _ view: BindingTarget, content store: ContentStore<Key, Content>,
    keyedBy contentKey: @escaping (Item) -> Key, planner: PrefetchPlanner?,
    holdFirstDisplay: Duration?, cells provide: ContentCellProvider<Item, Content>,
    source: ListSource<Section, Item>, pipeline: DiffPipeline<Section, Item>,
    headerTitle: (@MainActor (Section) -> String?)?
  ) -> ListBinding<Section, Item> {
    store.purgesOnMemoryWarning()
    let box = ContentBox<Section, Item, Key, Content>(store: store, contentKey: contentKey)
    let cells: CellProvider<Item>
    switch provide {
    case .table(let provider):
      cells = .table { view, path, item in
        box.cell(for: item, at: path) { provider(view, path, item, $0) }
      }
    case .collection(let provider):
      cells = .collection { view, path, item in
        box.cell(for: item, at: path) { provider(view, path, item, $0) }
      }
    }
    let (adapter, binding) = makeAdapter(view, cells: cells, pipeline: pipeline)
    adapter.features.headerTitle = headerTitle
    let content = ContentBinding(
      binding: binding, store: store, planner: planner, holdFirstDisplay: holdFirstDisplay,
      contentKey: contentKey)
    box.content = content
    adapter.prefetchObserver = { [weak content] in content?.viewWillPrefetch() }
    adapter.install(prefetching: planner != nil)
    source.start(binding)
    return binding
  }

  private static func makeAdapter<Section, Item>(
    _ view: BindingTarget, cells: CellProvider<Item>,
    pipeline: DiffPipeline<Section, Item>
  ) -> (ListAdapter<Section, Item>, ListBinding<Section, Item>) {
    let adapter =
      switch view {
      case .table(let table): ListAdapter<Section, Item>(tableView: table, cells: cells)
      case .collection(let grid): ListAdapter<Section, Item>(collectionView: grid, cells: cells)
      }
    let binding = ListBinding(view: adapter, pipeline: pipeline)
    adapter.binding = binding
    binding.onStop { [weak adapter] in adapter?.bindingStopped() }
    return (adapter, binding)
  }
}

/// A cell provider that also receives the item's content state.
@usableFromInline
enum ContentCellProvider<Item, Content: Sendable> {
  case table(@MainActor (UITableView, IndexPath, Item, ContentState<Content>) -> UITableViewCell)
  case collection(
    @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) -> UICollectionViewCell)
}

/// Lets the cell provider reach the content binding made after it. Once the binding is gone
/// (its view still asks for cells, from the last list it showed) cells read the store's state,
/// asking it for nothing.
@MainActor
final class ContentBox<Section, Item, Key: Hashable & Sendable, Content: Sendable>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  weak var content: ContentBinding<Section, Item, Key, Content>?
  private weak var store: ContentStore<Key, Content>?
  private let contentKey: (Item) -> Key

  init(store: ContentStore<Key, Content>, contentKey: @escaping (Item) -> Key) {
    self.store = store
    self.contentKey = contentKey
  }

  func cell<Cell: AnyObject>(
    for item: Item, at path: IndexPath, configure: (ContentState<Content>) -> Cell
  ) -> Cell {
    guard let content else {
      return configure(store?.state(for: contentKey(item)) ?? .notRequested)
    }
    return content.cell(for: item, at: ItemPosition(path), configure: configure)
  }
}

extension ListSource {
  /// Reads an `AsyncSequence` of lists of sections.
  @usableFromInline
  static func sequence<Source: AsyncSequence & Sendable>(_ source: Source) -> Self
  where Source.Element == [ListSection<Section, Item>] {
    ListSource { $0.read(source) }
  }

  /// Subscribes to a publisher of lists of sections.
  @MainActor @usableFromInline
  static func publisher<P: Publisher>(_ publisher: P) -> Self
  where P.Output == [ListSection<Section, Item>], P.Failure == Never {
    ListSource { publisher.feed($0, lists: { $0 }) }
  }
}

extension ListSource where Section == FlatSection {
  /// Reads an `AsyncSequence` of flat lists.
  @usableFromInline
  static func sequence<Source: AsyncSequence & Sendable>(items source: Source) -> Self
  where Source.Element == [Item] {
    ListSource { $0.read(items: source) }
  }

  /// Subscribes to a publisher of flat lists.
  @MainActor @usableFromInline
  static func publisher<P: Publisher>(items publisher: P) -> Self
  where P.Output == [Item], P.Failure == Never {
    ListSource { publisher.feed($0, lists: { [ListSection(FlatSection(), items: $0)] }) }
  }
}

extension Publisher where Failure == Never {
  /// The one place Bindery subscribes to a publisher. Its closures are `@Sendable` — so, though
  /// written in main-actor code, they are not main-actor isolated — and call only the binding's
  /// thread-safe inbox, so a publisher may send on any thread. (A plain closure written here
  /// and handed to Combine would be inferred main-actor isolated, and trap off the main thread.)
  /// The publisher finishing ends the flow of lists; cancelling the binding cancels the
  /// subscription.
  @MainActor
  func feed<Section, Item>(
    _ binding: ListBinding<Section, Item>,
    lists: @escaping @Sendable (Output) -> [ListSection<Section, Item>]
  ) {
    let inbox = binding.inbox
    let subscription = sink(
      receiveCompletion: { @Sendable _ in inbox.finish() },
      receiveValue: { @Sendable value in inbox.submit(lists(value)) })
    let box = SubscriptionBox(subscription)
    binding.addCancellation { box.cancel() }
  }
}

/// A Combine subscription held by a binding; Combine's `AnyCancellable.cancel()` may be called
/// from any thread.
final class SubscriptionBox: @unchecked Sendable {
  private let subscription: AnyCancellable
  init(_ subscription: AnyCancellable) { self.subscription = subscription }
  func cancel() { subscription.cancel() }
}
