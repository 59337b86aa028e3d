import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// A binding that `bind(to:)` made for a table or a collection view: a `ListBinding` that
/// knows the view it binds, and so takes the modifiers that set that view up — `anchor(_:)`,
/// `loadMore(…)`, `emptyState(_:)` and the others both views take. ``TableBinding`` and
/// ``CollectionBinding`` add those only one of them has.
///
/// Keep it for as long as the view shows the list: releasing or cancelling it stops it.
@MainActor
public class ViewBinding<Section, Item>: ListBinding<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// What `bind(to:)` installed as the view's data source; the view keeps it (through its data
  /// source), so it goes with the view.
  private(set) weak var adapter: ListAdapter<Section, Item>?

  init(adapter: ListAdapter<Section, Item>, pipeline: DiffPipeline<Section, Item>) {
    self.adapter = adapter
    super.init(view: adapter, pipeline: pipeline)
  }

  /// The view that shows load more's footer past an edge of this binding's view; `nil` here,
  /// each view's binding makes its own.
  func makeEdgeAccessory(atStart: Bool, keepingPlace: @escaping KeepingPlace)
    -> (any LoadingEdgeAccessory)?
  { nil }

  /// The adapter, for a modifier to set up; `nil`, with the modifier reported on `errors` as
  /// doing nothing, once the binding has stopped.
  func liveAdapter(for modifier: String = #function) -> ListAdapter<Section, Item>? {
    if let adapter, !isCancelled { return adapter }
    reportMisuse(modifier, "the binding has stopped")
    return nil
  }
}

/// A binding of a `UITableView`, as `UITableView.bind(to:cellProvider:)` returns it: a
/// ``ViewBinding`` with the modifiers only tables take (``keepsRowHeights()``).
@MainActor
public final class TableBinding<Section, Item>: ViewBinding<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// The table; not kept alive by the binding.
  private(set) weak var tableView: UITableView?

  init(
    tableView: UITableView, adapter: ListAdapter<Section, Item>,
    pipeline: DiffPipeline<Section, Item>
  ) {
    self.tableView = tableView
    super.init(adapter: adapter, pipeline: pipeline)
  }

  /// Load more's view as the table's header (at the start) or footer (at the end).
  override func makeEdgeAccessory(atStart: Bool, keepingPlace: @escaping KeepingPlace)
    -> (any LoadingEdgeAccessory)?
  {
    guard let tableView else { return nil }
    return TableEdgeAccessory(tableView: tableView, atStart: atStart, keepingPlace: keepingPlace)
  }
}

/// A binding of a `UICollectionView`, as `UICollectionView.bind(to:cellProvider:)` returns it: a
/// ``ViewBinding`` with the modifiers only collection views take (their supplementary views).
@MainActor
public final class CollectionBinding<Section, Item>: ViewBinding<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// The collection view; not kept alive by the binding.
  private(set) weak var collectionView: UICollectionView?

  init(
    collectionView: UICollectionView, adapter: ListAdapter<Section, Item>,
    pipeline: DiffPipeline<Section, Item>
  ) {
    self.collectionView = collectionView
    super.init(adapter: adapter, pipeline: pipeline)
  }

  /// Load more's view just past the content's end, in room added to the content inset.
  override func makeEdgeAccessory(atStart: Bool, keepingPlace: @escaping KeepingPlace)
    -> (any LoadingEdgeAccessory)?
  {
    guard let collectionView else { return nil }
    return EdgeAccessory(
      collectionView: collectionView, atStart: atStart,
      horizontal: adapter?.scrollsHorizontally ?? false, keepingPlace: keepingPlace)
  }
}
