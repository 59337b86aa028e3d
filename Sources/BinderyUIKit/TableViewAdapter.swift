import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// The data source `bind(to:)` installs on a table view: it reads the binding's snapshot, so the
/// cell provider always receives the current value of an item, and it applies the binding's
/// stages to the table.
@MainActor
final class TableViewAdapter<Section, Item>: NSObject, UITableViewDataSource, ListView
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  typealias CellProvider = @MainActor (UITableView, IndexPath, Item) -> UITableViewCell

  private weak var tableView: UITableView?
  weak var binding: ListBinding<Section, Item>?
  private let cellProvider: CellProvider
  private let titleProvider: (@MainActor (Section) -> String?)?

  init(
    tableView: UITableView, cellProvider: @escaping CellProvider,
    titleProvider: (@MainActor (Section) -> String?)?
  ) {
    self.tableView = tableView
    self.cellProvider = cellProvider
    self.titleProvider = titleProvider
  }

  // MARK: UITableViewDataSource

  func numberOfSections(in tableView: UITableView) -> Int {
    binding?.snapshot.numberOfSections ?? 0
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    binding?.snapshot.numberOfItems(inSection: section) ?? 0
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    guard let item = binding?.snapshot.item(at: ItemPosition(indexPath)) else {
      // Only reachable if UIKit asks for a row its data source never reported.
      return UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    return cellProvider(tableView, indexPath, item)
  }

  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    guard let titleProvider, let value = binding?.snapshot.section(at: section) else { return nil }
    return titleProvider(value)
  }

  // MARK: ListView

  func applyStage<S, I>(_ stage: StagedChangeset<S, I>.Stage, installing install: () -> Void) {
    guard let tableView else { return install() }
    tableView.apply(stage, installing: install)
  }

  func reloadData(installing install: () -> Void) {
    install()
    tableView?.reloadData()
  }

  func reconfigureItems(at positions: [ItemPosition]) {
    tableView?.reconfigureRows(at: positions.map { IndexPath(indexes: [$0.section, $0.item]) })
  }

  var visibleItemPositions: [ItemPosition] {
    (tableView?.indexPathsForVisibleRows ?? []).map(ItemPosition.init)
  }

  var isInWindow: Bool { tableView?.window != nil }

  var rowsPerScreen: Int {
    guard let tableView else { return 0 }
    // A self-sizing table reports a negative row height; 44 points is UIKit's default row.
    let rowHeight = tableView.rowHeight > 0 ? tableView.rowHeight : 44
    return max(1, Int((tableView.frame.height / rowHeight).rounded(.up)))
  }
}
