import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// The one path every `bind(to:)` takes, for both views, both kinds of source, flat or sectioned,
/// with content or without: make the adapter and the binding of its view's kind, attach content,
/// install the adapter as the view's data source (detaching a previous binding), then start the
/// source.
@MainActor
@usableFromInline
enum BindingCore {
  @usableFromInline
  static func _bind<Section, Item>(
    _ table: UITableView, cells: CellProvider<Item>, source: ListSource<Section, Item>,
    pipeline: DiffPipeline<Section, Item>
  ) -> TableBinding<Section, Item> {
    let adapter = ListAdapter<Section, Item>(tableView: table, cells: cells)
    let binding = TableBinding(tableView: table, adapter: adapter, pipeline: pipeline)
    join(binding, adapter)
    return open(binding, adapter, source: source)
  }

  @usableFromInline
  static func _bind<Section, Item>(
    _ grid: UICollectionView, cells: CellProvider<Item>, source: ListSource<Section, Item>,
    pipeline: DiffPipeline<Section, Item>
  ) -> CollectionBinding<Section, Item> {
    let adapter = ListAdapter<Section, Item>(collectionView: grid, cells: cells)
    let binding = CollectionBinding(collectionView: grid, adapter: adapter, pipeline: pipeline)
    join(binding, adapter)
    return open(binding, adapter, source: source)
  }

  /// As ``_bind(_:cells:source:pipeline:)-(UITableView,_,_,_)``, with late content: `provide`
  /// gets the item's content state, and its cells hold interest in it.
  @usableFromInline
  static func _bind<Section, Item, Key, Content>(
    _ table: UITableView, content late: LateContent<Item, Key, Content>,
    cells provide: @escaping ContentCellProvider<Item, Content>.Table,
    source: ListSource<Section, Item>, pipeline: DiffPipeline<Section, Item>
  ) -> TableBinding<Section, Item> {
    let box = ContentBox<Section, Item, Key, Content>(
      store: late.store, contentKey: late.contentKey)
    let cells = CellProvider<Item>.table { view, path, item in
      box.cell(for: item, at: path) { provide(view, path, item, $0) }
    }
    let adapter = ListAdapter<Section, Item>(tableView: table, cells: cells)
    let binding = TableBinding(tableView: table, adapter: adapter, pipeline: pipeline)
    return start(binding, adapter, source: source, content: late, box: box)
  }

  /// As ``_bind(_:cells:source:pipeline:)-(UICollectionView,_,_,_)``, with late content.
  @usableFromInline
  static func _bind<Section, Item, Key, Content>(
    _ grid: UICollectionView, content late: LateContent<Item, Key, Content>,
    cells provide: @escaping ContentCellProvider<Item, Content>.Collection,
    source: ListSource<Section, Item>, pipeline: DiffPipeline<Section, Item>
  ) -> CollectionBinding<Section, Item> {
    let box = ContentBox<Section, Item, Key, Content>(
      store: late.store, contentKey: late.contentKey)
    let cells = CellProvider<Item>.collection { view, path, item in
      box.cell(for: item, at: path) { provide(view, path, item, $0) }
    }
    let adapter = ListAdapter<Section, Item>(collectionView: grid, cells: cells)
    let binding = CollectionBinding(collectionView: grid, adapter: adapter, pipeline: pipeline)
    return start(binding, adapter, source: source, content: late, box: box)
  }

  /// As ``_bind(_:content:cells:source:pipeline:)-(UITableView,_,_,_,_)``, with two kinds of
  /// late content: `provide` gets both states, and its cells hold interest in both.
  @usableFromInline
  static func _bind<Section, Item, Key, Content, SecondKey, SecondContent>(
    _ table: UITableView, content late: LateContent<Item, Key, Content>,
    _ second: LateContent<Item, SecondKey, SecondContent>,
    cells provide: @escaping TwoContentCellProvider<Item, Content, SecondContent>.Table,
    source: ListSource<Section, Item>, pipeline: DiffPipeline<Section, Item>
  ) -> TableBinding<Section, Item> {
    let box = ContentBox<Section, Item, Key, Content>(
      store: late.store, contentKey: late.contentKey)
    let secondBox = ContentBox<Section, Item, SecondKey, SecondContent>(
      store: second.store, contentKey: second.contentKey)
    let cells = CellProvider<Item>.table { view, path, item in
      box.cell(for: item, at: path) { state in
        secondBox.cell(for: item, at: path) { provide(view, path, item, state, $0) }
      }
    }
    let adapter = ListAdapter<Section, Item>(tableView: table, cells: cells)
    let binding = TableBinding(tableView: table, adapter: adapter, pipeline: pipeline)
    join(binding, adapter)
    attach(late, box: box, to: binding, adapter)
    attach(second, box: secondBox, to: binding, adapter)
    return open(binding, adapter, source: source)
  }

  /// As ``_bind(_:content:cells:source:pipeline:)-(UICollectionView,_,_,_,_)``, with two kinds
  /// of late content.
  @usableFromInline
  static func _bind<Section, Item, Key, Content, SecondKey, SecondContent>(
    _ grid: UICollectionView, content late: LateContent<Item, Key, Content>,
    _ second: LateContent<Item, SecondKey, SecondContent>,
    cells provide: @escaping TwoContentCellProvider<Item, Content, SecondContent>.Collection,
    source: ListSource<Section, Item>, pipeline: DiffPipeline<Section, Item>
  ) -> CollectionBinding<Section, Item> {
    let box = ContentBox<Section, Item, Key, Content>(
      store: late.store, contentKey: late.contentKey)
    let secondBox = ContentBox<Section, Item, SecondKey, SecondContent>(
      store: second.store, contentKey: second.contentKey)
    let cells = CellProvider<Item>.collection { view, path, item in
      box.cell(for: item, at: path) { state in
        secondBox.cell(for: item, at: path) { provide(view, path, item, state, $0) }
      }
    }
    let adapter = ListAdapter<Section, Item>(collectionView: grid, cells: cells)
    let binding = CollectionBinding(collectionView: grid, adapter: adapter, pipeline: pipeline)
    join(binding, adapter)
    attach(late, box: box, to: binding, adapter)
    attach(second, box: secondBox, to: binding, adapter)
    return open(binding, adapter, source: source)
  }

  /// Joins a new binding and its adapter, attaches late content to them, then opens the view
  /// to them.
  private static func start<Binding: ViewBinding<Section, Item>, Section, Item, Key, Content>(
    _ binding: Binding, _ adapter: ListAdapter<Section, Item>, source: ListSource<Section, Item>,
    content late: LateContent<Item, Key, Content>, box: ContentBox<Section, Item, Key, Content>
  ) -> Binding {
    join(binding, adapter)
    attach(late, box: box, to: binding, adapter)
    return open(binding, adapter, source: source)
  }

  /// Attaches one kind of late content to a joined binding and its adapter: the cells'
  /// interest, the prefetcher, the store's purge on a memory warning and its time paused in the
  /// background. The first kind attached is the one whose phase picks a cell
  /// (`replacesCells(when:)`).
  private static func attach<Section, Item, Key, Content>(
    _ late: LateContent<Item, Key, Content>, box: ContentBox<Section, Item, Key, Content>,
    to binding: ViewBinding<Section, Item>, _ adapter: ListAdapter<Section, Item>
  ) {
    late.store.purgesOnMemoryWarning()
    late.store.pausesTimeInBackground()
    let content = ContentBinding(binding: binding, content: late)
    box.content = content
    if adapter.contentPhase == nil {
      adapter.contentPhase = { [weak box] item in
        box?.stateForCell(of: item).phase ?? .notRequested
      }
    }
    // The content hears the view's scrolls as a part of the screen (`viewDidScroll`): Bindery
    // hears the scroll itself, and leaves the view's `prefetchDataSource` to the app.
  }

  /// Joins a new binding and its adapter: the adapter serves it, and lets go of the app's
  /// closures when it stops.
  private static func join<Section, Item>(
    _ binding: ListBinding<Section, Item>, _ adapter: ListAdapter<Section, Item>
  ) {
    adapter.attach(binding)
    binding.attach(view: adapter)
  }

  /// Installs a joined binding's adapter as the view's data source, and starts reading the
  /// source.
  private static func open<Binding: ViewBinding<Section, Item>, Section, Item>(
    _ binding: Binding, _ adapter: ListAdapter<Section, Item>, source: ListSource<Section, Item>
  ) -> Binding {
    adapter.install()
    source._start(binding)
    return binding
  }
}
