import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// The view a binding is made for.
@usableFromInline
enum BindingTarget {
  case table(UITableView)
  case collection(UICollectionView)
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
    pipeline: DiffPipeline<Section, Item>
  ) -> ListBinding<Section, Item> {
    let (adapter, binding) = makeAdapter(view, cells: cells, pipeline: pipeline)
    adapter.install()
    source.start(binding)
    return binding
  }

  /// As ``bind(_:cells:source:pipeline:)``, with late content: `provide` gets the item's
  /// content state, and its cells hold interest in it.
  @usableFromInline
  static func bind<Section, Item, Key, Content>(
    _ view: BindingTarget, content late: LateContent<Item, Key, Content>,
    cells provide: ContentCellProvider<Item, Content>, source: ListSource<Section, Item>,
    pipeline: DiffPipeline<Section, Item>
  ) -> ListBinding<Section, Item> {
    late.store.purgesOnMemoryWarning()
    let box = ContentBox<Section, Item, Key, Content>(
      store: late.store, contentKey: late.contentKey)
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
    let content = ContentBinding(binding: binding, content: late)
    box.content = content
    adapter.contentPhase = { [weak box] item in box?.stateForCell(of: item).phase ?? .notRequested }
    // The prefetcher re-plans, and the cells' interest is tidied, as the view scrolls or its
    // viewport changes shape: cells UIKit shows again without asking for them want their
    // content again, prefetching or not. Bindery hears the scroll itself, and leaves the view's
    // `prefetchDataSource` to the app.
    adapter.scrollObservers.append { [weak content] in content?.viewDidMove() }
    adapter.install()
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
    adapter.attach(binding)
    binding.onStop { [weak adapter] in adapter?.bindingStopped() }
    return (adapter, binding)
  }
}
