import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// One fuzzed screen's setup, drawn from a seed: the view and its layout, whether the lists
/// have sections, how the place is kept, and which of the binding's features are on.
package struct FuzzWorld: Sendable, CustomStringConvertible {
  /// The view and its layout.
  package enum ViewKind: String, Sendable, CaseIterable {
    /// A plain table with UIKit's defaults: estimated rows, sized by their cells.
    case table
    /// A grouped table with a header view and title headers.
    case groupedTable
    /// A flow layout of three columns.
    case flowGrid
    /// A compositional grid: four columns of square items.
    case compositionalGrid
    /// A compositional list: rows sized by their cells, with swipe actions.
    case list
  }

  /// The view and its layout.
  package var kind: ViewKind
  /// Whether the lists have sections of their own.
  package var isSectioned: Bool
  /// How the binding keeps the reader's place.
  package var anchor: ScrollAnchor
  /// Whether late content comes from a store (keyed by id and version), and cells grow when it
  /// arrives.
  package var hasContent: Bool
  /// Whether the user may move rows (`onMove`).
  package var canReorder: Bool
  /// Whether the user may delete rows (`onDelete`, and the list's swipe actions).
  package var canDelete: Bool
  /// Whether the table keeps rows' heights by id (`keepsRowHeights()`).
  package var keepsRowHeights: Bool
  /// How many items the first list has.
  package var initialCount: Int
  /// Whether an empty state shows behind a list without items (`emptyState`).
  package var showsEmptyState: Bool
  /// The edge that loads more, with a loading view there while a page loads (`loadMore`).
  package var loadsMoreAt: PageLoader<FuzzSection, FuzzItem>.Edge?
  /// Whether a cell's type follows its content — a placeholder cell until the content arrives,
  /// another once it has (`replacesCells(byKind:)`); worlds with content only.
  package var changesCellKind: Bool

  /// The world a seed makes.
  package init(seed: UInt64) {
    var random = SeededGenerator(seed: seed ^ 0x5EED_F022)
    kind = ViewKind.allCases[Int.random(in: 0..<ViewKind.allCases.count, using: &random)]
    isSectioned = Bool.random(using: &random)
    anchor = [ScrollAnchor.none, .firstVisibleItem, .end][Int.random(in: 0..<3, using: &random)]
    hasContent = Int.random(in: 0..<4, using: &random) != 0
    canReorder = Bool.random(using: &random)
    canDelete = Bool.random(using: &random)
    keepsRowHeights = Bool.random(using: &random)
    initialCount = [0, 3, 30, 200, 1_000][Int.random(in: 0..<5, using: &random)]
    // Drawn last, so that the worlds the earlier seeds made keep everything else.
    showsEmptyState = Bool.random(using: &random)
    loadsMoreAt = [nil, .start, .end][Int.random(in: 0..<3, using: &random)]
    changesCellKind = hasContent && Bool.random(using: &random)
  }

  /// The reuse identifier of a cell showing content (`nil`: none yet), for a world whose cells
  /// change their type with their content; every cell has the plain one otherwise.
  func reuseIdentifier(showing content: String?) -> String {
    let plain = isTable ? "row" : "item"
    return changesCellKind && content != nil ? "photo" : plain
  }

  /// Whether the view is a table.
  var isTable: Bool { kind == .table || kind == .groupedTable }

  /// The world in a line.
  package var description: String {
    var features: [String] = []
    if hasContent { features.append("content") }
    if canReorder { features.append("reorder") }
    if canDelete { features.append("delete") }
    if keepsRowHeights && isTable { features.append("kept heights") }
    if showsEmptyState { features.append("empty state") }
    if changesCellKind { features.append("cells change kind") }
    if let loadsMoreAt {
      features.append("load more at the " + (loadsMoreAt == .start ? "start" : "end"))
    }
    return "\(kind.rawValue), \(isSectioned ? "sectioned" : "flat"), \(initialCount) items, "
      + "anchor \(anchor), " + (features.isEmpty ? "no features" : features.joined(separator: " "))
  }
}

/// The view an empty state shows, and the loading view of load more.
final class FuzzStateView: UIView {}
final class FuzzLoadingView: UIView {}

/// A table cell that remembers what it shows and needs its item's height.
/// A cell's height at the user's text size: half as tall again at the largest sizes, as rows of
/// text grow.
@MainActor
func textSized(_ height: CGFloat, _ traits: UITraitCollection) -> CGFloat {
  traits.preferredContentSizeCategory.isAccessibilityCategory ? (height * 1.5).rounded() : height
}

final class FuzzTableCell: UITableViewCell {
  var shown: (item: FuzzItem, content: String?)?
  var fittingHeight: CGFloat = 44

  override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    CGSize(width: targetSize.width, height: textSized(fittingHeight, traitCollection))
  }
}

/// A collection view cell (a list cell, for list layouts) that remembers what it shows and
/// needs its item's height in a list.
final class FuzzCollectionCell: UICollectionViewListCell {
  var shown: (item: FuzzItem, content: String?)?
  var fittingHeight: CGFloat = 44

  override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    CGSize(width: targetSize.width, height: textSized(fittingHeight, traitCollection))
  }
}

extension FuzzWorld {
  /// A view of this world's kind, 390 × 700, with its cell classes registered.
  @MainActor
  func makeView(swipeActions: @escaping @MainActor (IndexPath) -> UISwipeActionsConfiguration?)
    -> UIScrollView
  {
    let frame = CGRect(x: 0, y: 0, width: 390, height: 700)
    switch kind {
    case .table, .groupedTable:
      let table = UITableView(frame: frame, style: kind == .table ? .plain : .grouped)
      table.register(FuzzTableCell.self, forCellReuseIdentifier: "row")
      table.register(FuzzTableCell.self, forCellReuseIdentifier: "photo")
      if kind == .groupedTable {
        table.tableHeaderView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 60))
      }
      return table
    case .flowGrid:
      let layout = UICollectionViewFlowLayout()
      layout.itemSize = CGSize(width: 120, height: 120)
      layout.minimumInteritemSpacing = 5
      layout.minimumLineSpacing = 5
      if isSectioned { layout.headerReferenceSize = CGSize(width: 390, height: 30) }
      return collectionView(frame, layout)
    case .compositionalGrid:
      let item = NSCollectionLayoutItem(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
      let group = NSCollectionLayoutGroup.horizontal(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.25)),
        subitems: [item])
      let section = NSCollectionLayoutSection(group: group)
      section.interGroupSpacing = 4
      return collectionView(frame, UICollectionViewCompositionalLayout(section: section))
    case .list:
      var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
      configuration.trailingSwipeActionsConfigurationProvider = { swipeActions($0) }
      return collectionView(frame, UICollectionViewCompositionalLayout.list(using: configuration))
    }
  }

  @MainActor
  private func collectionView(_ frame: CGRect, _ layout: UICollectionViewLayout)
    -> UICollectionView
  {
    let view = UICollectionView(frame: frame, collectionViewLayout: layout)
    view.register(FuzzCollectionCell.self, forCellWithReuseIdentifier: "item")
    view.register(FuzzCollectionCell.self, forCellWithReuseIdentifier: "photo")
    return view
  }
}
