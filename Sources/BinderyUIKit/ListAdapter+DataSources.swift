import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension ListAdapter {
  // MARK: ListDataSourceCore

  var numberOfSections: Int { binding?.snapshot.numberOfSections ?? 0 }

  func numberOfItems(inSection section: Int) -> Int {
    binding?.snapshot.numberOfItems(inSection: section) ?? 0
  }

  func tableCell(_ tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
    guard case .table(let provider) = cells, let item = item(at: indexPath) else {
      // Only reachable if UIKit asks for a row its data source never reported.
      return UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    return provider(tableView, indexPath, item)
  }

  func collectionCell(_ collectionView: UICollectionView, at indexPath: IndexPath)
    -> UICollectionViewCell
  {
    guard case .collection(let provider) = cells, let item = item(at: indexPath) else {
      // Only reachable if UIKit asks for an item its data source never reported.
      return UICollectionViewCell(frame: .zero)
    }
    return provider(collectionView, indexPath, item)
  }

  func headerTitle(inSection section: Int) -> String? {
    guard let title = features.headerTitle, let value = snapshot.section(at: section) else {
      return nil
    }
    return title(value)
  }

  func footerTitle(inSection section: Int) -> String? {
    guard let title = features.footerTitle, let value = snapshot.section(at: section) else {
      return nil
    }
    return title(value)
  }

  func supplementaryView(
    _ collectionView: UICollectionView, ofKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    guard let provider = features.supplementaryViews[kind] else {
      // UIKit asks only when the layout has this kind; without a provider that is a setup error
      // UIKit reports itself.
      return UICollectionReusableView(frame: .zero)
    }
    let view = collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: provider.reuseIdentifier, for: indexPath)
    if let section = snapshot.section(at: indexPath[0]) {
      provider.configure(view, section, indexPath)
    }
    return view
  }

  func viewWillPrefetch() { prefetchObserver?() }
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
  func canDelete(at indexPath: IndexPath) -> Bool
  func userDeleted(at indexPath: IndexPath)
  func canMove(at indexPath: IndexPath) -> Bool
  func userMoved(from source: IndexPath, to destination: IndexPath)
  func supplementaryView(
    _ collectionView: UICollectionView, ofKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView
  func viewWillPrefetch()
  func detachBinding()
}

/// The object `bind(to:)` installs as a view's data source and prefetch data source, for tables
/// and collection views alike. Objective-C protocols cannot be conformed to in extensions of a
/// generic class, so this one is not generic: it forwards every call to its adapter.
@MainActor
final class ListDataSource: NSObject {
  /// The adapter; it keeps this object, so this one holds it weakly.
  weak var core: (any ListDataSourceCore)?

  /// Which optional methods UIKit may see; read from any thread by `responds(to:)`.
  private nonisolated let offered = Locked(OfferedMethods())

  struct OfferedMethods: Equatable, Sendable {
    var deletion = false
    var reordering = false
    var supplementaryViews = false
  }

  /// Sets what is offered; returns whether that changed.
  func offer(_ methods: OfferedMethods) -> Bool {
    offered.withLock { current in
      defer { current = methods }
      return current != methods
    }
  }

  #if canImport(ObjectiveC)
    /// Hides the optional methods whose mere presence changes what UIKit does: swipe-to-delete
    /// appears on every row of a data source that commits edits, reorder controls on every row
    /// of one that moves rows, and a collection view asks for supplementary views only of a
    /// data source that makes them.
    nonisolated override func responds(to selector: Selector!) -> Bool {
      let offered = offered.withLock { $0 }
      switch selector {
      case #selector(UITableViewDataSource.tableView(_:commit:forRowAt:)):
        return offered.deletion
      case #selector(UITableViewDataSource.tableView(_:moveRowAt:to:)),
        #selector(UICollectionViewDataSource.collectionView(_:moveItemAt:to:)):
        return offered.reordering
      case #selector(
        UICollectionViewDataSource.collectionView(_:viewForSupplementaryElementOfKind:at:)):
        return offered.supplementaryViews
      default:
        return super.responds(to: selector)
      }
    }
  #endif
}

extension ListDataSource: UITableViewDataSource {
  func numberOfSections(in tableView: UITableView) -> Int { core?.numberOfSections ?? 0 }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    core?.numberOfItems(inSection: section) ?? 0
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    core?.tableCell(tableView, at: indexPath)
      ?? UITableViewCell(style: .default, reuseIdentifier: nil)
  }

  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    core?.headerTitle(inSection: section)
  }

  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    core?.footerTitle(inSection: section)
  }

  func sectionIndexTitles(for tableView: UITableView) -> [String]? {
    let entries = core?.indexEntries() ?? []
    return entries.isEmpty ? nil : entries.map(\.title)
  }

  func tableView(
    _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int {
    let entries = core?.indexEntries() ?? []
    return entries.indices.contains(index) ? entries[index].section : 0
  }

  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    core?.canDelete(at: indexPath) ?? false
  }

  func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    guard editingStyle == .delete else { return }
    core?.userDeleted(at: indexPath)
  }

  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    core?.canMove(at: indexPath) ?? false
  }

  func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    core?.userMoved(from: sourceIndexPath, to: destinationIndexPath)
  }
}

extension ListDataSource: UICollectionViewDataSource {
  func numberOfSections(in collectionView: UICollectionView) -> Int {
    core?.numberOfSections ?? 0
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    core?.numberOfItems(inSection: section) ?? 0
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    core?.collectionCell(collectionView, at: indexPath) ?? UICollectionViewCell(frame: .zero)
  }

  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    core?.supplementaryView(collectionView, ofKind: kind, at: indexPath)
      ?? UICollectionReusableView(frame: .zero)
  }

  func indexTitles(for collectionView: UICollectionView) -> [String]? {
    let entries = core?.indexEntries() ?? []
    return entries.isEmpty ? nil : entries.map(\.title)
  }

  func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath {
    let entries = core?.indexEntries() ?? []
    let section = entries.indices.contains(index) ? entries[index].section : 0
    return IndexPath(indexes: [section, 0])
  }

  func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  {
    core?.canMove(at: indexPath) ?? false
  }

  func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    core?.userMoved(from: sourceIndexPath, to: destinationIndexPath)
  }
}

extension ListDataSource: UITableViewDataSourcePrefetching,
  UICollectionViewDataSourcePrefetching
{
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
    core?.viewWillPrefetch()
  }

  func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
    core?.viewWillPrefetch()
  }

  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    core?.viewWillPrefetch()
  }

  func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {
    core?.viewWillPrefetch()
  }
}
