import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif
#if canImport(ObjectiveC)
  import ObjectiveC
#endif

extension ListAdapter {
  // MARK: ListDataSourceCore

  var numberOfSections: Int { shown.numberOfSections }

  func numberOfItems(inSection section: Int) -> Int {
    shown.numberOfItems(inSection: section)
  }

  func tableCell(_ tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
    guard case .table(let provider) = cells, let item = item(at: indexPath) else {
      return placeholderCell(tableView, at: indexPath)
    }
    defer { cellWasConfigured(at: indexPath) }
    let cell = answering { trackingReads(of: item.id) { provider(tableView, indexPath, item) } }
    if let kind = features.cellKind { cellKinds.record(kind(item), for: item.id, cell: cell) }
    keptHeights.byID?.cellConfigured(cell, for: item.id, width: tableView.bounds.width)
    return cell
  }

  func collectionCell(_ collectionView: UICollectionView, at indexPath: IndexPath)
    -> UICollectionViewCell
  {
    guard case .collection(let provider) = cells, let item = item(at: indexPath) else {
      return placeholderCell(collectionView, at: indexPath)
    }
    defer { cellWasConfigured(at: indexPath) }
    let cell = answering {
      trackingReads(of: item.id) { provider(collectionView, indexPath, item) }
    }
    if let kind = features.cellKind { cellKinds.record(kind(item), for: item.id, cell: cell) }
    return cell
  }

  func headerTitle(inSection section: Int) -> String? {
    guard let title = features.headerTitle, let value = shown.section(at: section) else {
      return nil
    }
    return answering { title(value) }
  }

  func footerTitle(inSection section: Int) -> String? {
    guard let title = features.footerTitle, let value = shown.section(at: section) else {
      return nil
    }
    return answering { title(value) }
  }

  func supplementaryView(
    _ collectionView: UICollectionView, ofKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    if let make = features.supplementaryRegistrations[kind] {
      return answering { make(collectionView, indexPath) }
    }
    guard let provider = features.supplementaryViews[kind] else {
      if let titleView = titleView(collectionView, ofKind: kind, at: indexPath) {
        return titleView
      }
      return emptySupplementaryView(collectionView, ofKind: kind, at: indexPath)
    }
    let view = collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: provider.reuseIdentifier, for: indexPath)
    if let section = shown.section(at: indexPath[0]) {
      answering { provider.configure(view, section, indexPath) }
    }
    return view
  }
}

/// What the data source object forwards to: the adapter, without its generic parameters.
@MainActor
protocol ListDataSourceCore: AnyObject {
  var numberOfSections: Int { get }
  func numberOfItems(inSection section: Int) -> Int
  func tableCell(_ tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell
  func collectionCell(_ collectionView: UICollectionView, at indexPath: IndexPath)
    -> UICollectionViewCell
  func headerTitle(inSection section: Int) -> String?
  func footerTitle(inSection section: Int) -> String?
  func indexEntries() -> [(title: String, section: Int)]
  func nearestSectionWithItems(to section: Int) -> Int
  func canEdit(at indexPath: IndexPath) -> Bool
  @discardableResult func userDeleted(at indexPath: IndexPath) -> Bool
  func canMove(at indexPath: IndexPath) -> Bool
  func userMoved(from source: IndexPath, to destination: IndexPath)
  func supplementaryView(
    _ collectionView: UICollectionView, ofKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView
  func detachBinding()
}

/// The object `bind(to:)` installs as a view's data source, for tables and collection views
/// alike. Objective-C protocols cannot be conformed to in extensions of a
/// generic class, so this one is not generic: it forwards every call to its adapter, which it
/// keeps, while the view keeps it (``keep(_:for:)``).
@MainActor
final class ListDataSource: NSObject {
  /// The adapter: kept here, so that it answers for as long as the view holds this object.
  let core: any ListDataSourceCore

  /// The reuse identifier of the empty cells and views Bindery registers and dequeues where
  /// UIKit asks for one the binding cannot make.
  static let placeholderIdentifier = "Bindery.placeholder"

  /// Which optional methods UIKit may see; read from any thread by `responds(to:)`.
  private nonisolated let offered = Locked(OfferedMethods())

  struct OfferedMethods: Equatable, Sendable {
    var deletion = false
    var reordering = false
  }

  /// Cancels the binding: called when this object goes, with the view that kept it or when
  /// the view is bound anew (the binding was detached then, and cancelling again does nothing).
  private nonisolated let cancelBinding: @Sendable () -> Void

  init(core: any ListDataSourceCore, cancelBinding: @escaping @Sendable () -> Void) {
    self.core = core
    self.cancelBinding = cancelBinding
  }

  // A binding whose view is gone has nothing to show: it stops, so its tasks end, `errors`
  // finishes, and a task reading `errors` lets go of the binding (the README's pattern).
  deinit { cancelBinding() }

  /// Sets what is offered; returns whether that changed.
  func offer(_ methods: OfferedMethods) -> Bool {
    offered.withLock { current in
      defer { current = methods }
      return current != methods
    }
  }

  /// The key the view keeps its data source under.
  private nonisolated(unsafe) static var associationKey: UInt8 = 0

  /// Has `view` keep `dataSource` for as long as the view lives or until another takes its
  /// place: UIKit holds data sources weakly, and a view whose binding stopped still asks for
  /// cells as the user scrolls.
  static func keep(_ dataSource: ListDataSource, for view: UIScrollView) {
    objc_setAssociatedObject(
      view, &associationKey, dataSource, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
  }

  #if canImport(UIKit)
    /// Hides the optional methods whose mere presence changes what UIKit does: swipe-to-delete
    /// appears on every row of a data source that commits edits, and reorder controls on every
    /// row of one that moves rows.
    nonisolated override func responds(to selector: Selector!) -> Bool {
      let offered = offered.withLock { $0 }
      switch selector {
      case #selector(UITableViewDataSource.tableView(_:commit:forRowAt:)):
        return offered.deletion
      case #selector(UITableViewDataSource.tableView(_:moveRowAt:to:)),
        #selector(UICollectionViewDataSource.collectionView(_:moveItemAt:to:)):
        return offered.reordering
      default:
        return super.responds(to: selector)
      }
    }
  #endif
}

extension ListDataSource: UITableViewDataSource {
  func numberOfSections(in tableView: UITableView) -> Int { core.numberOfSections }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    core.numberOfItems(inSection: section)
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    core.tableCell(tableView, at: indexPath)
  }

  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    core.headerTitle(inSection: section)
  }

  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    core.footerTitle(inSection: section)
  }

  #if !os(tvOS)
    func sectionIndexTitles(for tableView: UITableView) -> [String]? {
      let entries = core.indexEntries()
      return entries.isEmpty ? nil : entries.map(\.title)
    }

    func tableView(
      _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int {
      let entries = core.indexEntries()
      return entries.indices.contains(index) ? entries[index].section : 0
    }
  #endif

  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    core.canEdit(at: indexPath)
  }

  func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    guard editingStyle == .delete else { return }
    core.userDeleted(at: indexPath)
  }

  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    core.canMove(at: indexPath)
  }

  func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    core.userMoved(from: sourceIndexPath, to: destinationIndexPath)
  }
}

extension ListDataSource: UICollectionViewDataSource {
  func numberOfSections(in collectionView: UICollectionView) -> Int {
    core.numberOfSections
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    core.numberOfItems(inSection: section)
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    core.collectionCell(collectionView, at: indexPath)
  }

  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    core.supplementaryView(collectionView, ofKind: kind, at: indexPath)
  }

  func indexTitles(for collectionView: UICollectionView) -> [String]? {
    let entries = core.indexEntries()
    return entries.isEmpty ? nil : entries.map(\.title)
  }

  /// The first item of the entry's section. UIKit scrolls to the path returned here and raises
  /// for one that does not exist, so the index lists only sections that have items, and an
  /// entry UIKit read before the list changed leads to the nearest section that has some.
  func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath {
    let entries = core.indexEntries()
    let entry =
      entries.first { $0.title == title }
      ?? (entries.indices.contains(index) ? entries[index] : nil)
    let section = entry?.section ?? core.nearestSectionWithItems(to: index)
    return IndexPath(item: 0, section: section)
  }

  func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  {
    core.canMove(at: indexPath)
  }

  func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    core.userMoved(from: sourceIndexPath, to: destinationIndexPath)
  }
}
