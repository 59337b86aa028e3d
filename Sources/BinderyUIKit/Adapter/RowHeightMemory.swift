import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// What a table's rows measured: the binding's side of ``TableBinding/keepsRowHeights()``, and
/// the table's delegate where the app has none. The heights themselves are kept by item id, in
/// a ``RowHeightsByID`` of the binding's id type.
///
/// It answers estimates as the table's delegate where the app has none, and through
/// ``TableBinding/rememberedRowHeight(at:)`` to the app's own.
@MainActor
final class RowHeightMemory: NSObject {
  /// The table whose rows it measures; not kept alive.
  private(set) weak var tableView: UITableView?
  /// The heights, by item id.
  let heights: any RowHeightEstimates
  /// Whether the binding said that the app's delegate does not ask for the heights.
  var reportedUnaskedHeights = false
  /// The modifier that asked for the memory, as it is called: what a report names.
  let modifier: String

  init(tableView: UITableView, modifier: String, heights: any RowHeightEstimates) {
    self.tableView = tableView
    self.modifier = modifier
    self.heights = heights
  }
}

/// What the table's delegate, and the app through the binding, ask of the heights kept.
@MainActor
protocol RowHeightEstimates: AnyObject {
  /// Whether any row was measured.
  var hasMeasured: Bool { get }
  /// How many estimates were asked for, by the table or by the app's delegate.
  var estimatesGiven: Int { get }
  /// The height remembered for the row at `indexPath`, asked for an estimate.
  func estimate(at indexPath: IndexPath, in tableView: UITableView) -> CGFloat?
}

/// The heights a table's rows measured, by the id of their items: of the binding's own id type,
/// so that a row measured or an estimate asked for hashes its id as itself (an `AnyHashable`
/// costs several times as much to hash, compare and store).
///
/// It measures the rows on screen whenever the view scrolls, changes shape, is updated or
/// leaves its window, and the cells configured since the last of those (one can leave the
/// screen in the layout that showed it) — so it needs none of the delegate's calls.
@MainActor
final class RowHeightsByID<ID: Hashable>: RowHeightEstimates {
  /// The id of the item at an index path of what the view shows.
  private let identify: @MainActor (IndexPath) -> ID?
  private var heights: [ID: CGFloat] = [:]
  /// The width the heights were measured at: another width forgets them all.
  private var width: CGFloat = 0
  private(set) var estimatesGiven = 0
  /// The cells configured since the rows were last measured, with their items and their frames
  /// then: UIKit sizes a cell as it lays it out, after it is configured, so a frame that changed
  /// since is the row's.
  private var configured: [ObjectIdentifier: Configured] = [:]
  private struct Configured {
    weak var cell: UITableViewCell?
    let id: ID
    let frame: CGRect

    /// The height the table laid the cell out at for ``id``, once it did.
    @MainActor var laidOutHeight: CGFloat? {
      guard let cell, cell.frame != frame else { return nil }
      return cell.frame.height
    }
  }
  /// What the table showed when its rows were last measured: while the width and the content's
  /// length stay the same, and no height was forgotten since, the rows measured then measure
  /// what they did (a row whose height changed changes the content's length, unless another
  /// changed by as much the other way in the same layout; a cell configured since is measured
  /// on its own). So a scroll measures only the rows it brought on screen — none, on most
  /// frames: rows are taller than a frame's travel.
  private var measuredScreen: MeasuredScreen?
  private struct MeasuredScreen: Equatable {
    let width: CGFloat
    let contentLength: CGFloat
    let first: IndexPath?
    let last: IndexPath?
  }

  init(identify: @escaping @MainActor (IndexPath) -> ID?) {
    self.identify = identify
  }

  var hasMeasured: Bool { !heights.isEmpty }

  /// The height remembered for the row at `indexPath`, if its item was measured at this width.
  func height(at indexPath: IndexPath, width: CGFloat) -> CGFloat? {
    guard width == self.width, let id = identify(indexPath), let height = heights[id] else {
      return nil
    }
    return height
  }

  func estimate(at indexPath: IndexPath, in tableView: UITableView) -> CGFloat? {
    estimatesGiven += 1
    return height(at: indexPath, width: tableView.bounds.width)
  }

  /// Remembers what each row on screen (`visible`, as the adapter last read them) measures,
  /// for its item, at the width the table had when it laid them out (by default, the width it
  /// has).
  ///
  /// - Complexity: O(rows on screen).
  func measureVisibleRows(
    of tableView: UITableView, visible: [IndexPath], laidOutAt width: CGFloat? = nil
  ) {
    let width = width ?? tableView.bounds.width
    let screen = MeasuredScreen(
      width: width, contentLength: tableView.contentSize.height, first: visible.first,
      last: visible.last)
    if configured.isEmpty, screen == measuredScreen { return }
    let previous = measuredScreen
    measuredScreen = screen
    for entry in configured.values {
      if let height = entry.laidOutHeight { remember(height, for: entry.id, width: width) }
    }
    configured.removeAll(keepingCapacity: true)
    // The rows from the first to the last on screen at the last measure were all measured then
    // (a table shows every row between its first and last), and none has changed since.
    let measured: ClosedRange<IndexPath>? =
      if let previous, previous.width == width, previous.contentLength == screen.contentLength,
        let first = previous.first, let last = previous.last, first <= last
      { first...last } else { nil }
    for path in visible where measured?.contains(path) != true {
      guard let cell = tableView.cellForRow(at: path), let id = identify(path) else { continue }
      remember(cell.frame.height, for: id, width: width)
    }
  }

  /// Notes a cell configured for an item, to be measured once it is laid out. A cell configured
  /// again for another item is measured for the one it showed first, if the table laid it out
  /// for it: the row was on screen, and may have left it in the same turn — a turn in which the
  /// table laid out more than once (`layoutIfNeeded()` between offsets set by code), before the
  /// rows on screen are measured at its end. Every row the table sized is remembered, whatever
  /// the turns it was sized and left in.
  func cellConfigured(_ cell: UITableViewCell, for id: ID, width: CGFloat) {
    let key = ObjectIdentifier(cell)
    if let earlier = configured[key], earlier.id != id, let height = earlier.laidOutHeight {
      remember(height, for: earlier.id, width: width)
    }
    configured[key] = Configured(cell: cell, id: id, frame: cell.frame)
  }

  private func remember(_ height: CGFloat, for id: ID, width: CGFloat) {
    guard height > 0, height.isFinite else { return }
    if width != self.width {
      heights.removeAll()
      self.width = width
    }
    heights[id] = height
  }

  /// Forgets the heights of items whose content changed, and the cells configured for them
  /// before the change.
  func forget(_ ids: some Sequence<ID>) {
    let forgotten = Set(ids)
    guard !forgotten.isEmpty else { return }
    for id in forgotten { heights[id] = nil }
    configured = configured.filter { !forgotten.contains($0.value.id) }
    measuredScreen = nil
  }

  /// Forgets every height, and the cells configured before: each row measures otherwise now
  /// (the user's text size changed).
  func forgetAll() {
    heights.removeAll()
    configured.removeAll()
    measuredScreen = nil
  }

  /// Lets go of the ids no longer in the list once they are more than half of what is kept.
  ///
  /// - Complexity: O(kept) when it prunes, amortized O(1) per item shown.
  func prune(itemCount: Int, contains: (ID) -> Bool) {
    guard heights.count > 2 * max(64, itemCount) else { return }
    heights = heights.filter { contains($0.key) }
  }
}

/// Only the estimate: UIKit asks a delegate which methods it has, and this one has nothing else
/// to say (it becomes the delegate only of a table that has none of the app's).
extension RowHeightMemory: UITableViewDelegate {
  func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> CGFloat
  { heights.estimate(at: indexPath, in: tableView) ?? tableView.estimatedRowHeight }
}

extension ListAdapter {
  /// Starts remembering the row heights of `tableView`, the bound table (once), for `modifier`.
  func keepRowHeights(of tableView: UITableView, for modifier: String) {
    guard keptHeights.memory == nil else { return }
    let heights = RowHeightsByID<Item.ID> { [weak self] path in self?.item(at: path)?.id }
    keptHeights.byID = heights
    keptHeights.memory = RowHeightMemory(tableView: tableView, modifier: modifier, heights: heights)
    offerRowHeights()
  }

  /// Before the table changes: measures the rows on screen, and makes the memory the table's
  /// delegate if it has none (the app never set one, or cleared it). An app's delegate is never
  /// replaced; one that has not asked for a single height by the time rows were measured and
  /// the table updated again is reported once, as the heights reach the table only through it.
  func offerRowHeights() {
    guard let memory = keptHeights.memory, let heights = keptHeights.byID,
      let tableView = memory.tableView
    else { return }
    heights.measureVisibleRows(of: tableView, visible: visibleItemPositions.map(IndexPath.init))
    guard let delegate = tableView.delegate else {
      tableView.delegate = memory
      return
    }
    guard delegate !== memory, heights.hasMeasured, heights.estimatesGiven == 0,
      !memory.reportedUnaskedHeights
    else { return }
    memory.reportedUnaskedHeights = true
    binding?.reportMisuse(
      memory.modifier,
      "the table's delegate is the app's \(type(of: delegate)), which Bindery leaves in place, "
        + "and it asks for no height: answer its tableView(_:estimatedHeightForRowAt:) with "
        + "binding.rememberedRowHeight(at:)")
  }

  /// Measures the rows on screen between updates (a scroll, a change of the viewport, a trip
  /// out of the window), while what the table shows is what the adapter shows. After a change
  /// of the viewport's shape, `width` is the one the rows were laid out at.
  func measureRowHeights(laidOutAt width: CGFloat? = nil) {
    guard let heights = keptHeights.byID, let tableView = keptHeights.memory?.tableView,
      answeringDepth == 0
    else { return }
    heights.measureVisibleRows(
      of: tableView, visible: visibleItemPositions.map(IndexPath.init), laidOutAt: width)
  }

  /// Forgets the heights of the items whose content changes in a stage, and the ids that left
  /// the list.
  func forgetRowHeights(changing stage: StagedChangeset<Section, Item>.Stage) {
    guard let heights = keptHeights.byID else { return }
    let next = stage.snapshot
    heights.forget(stage.itemReconfigures.compactMap { next.item(at: $0)?.id })
    if stage.isStructural { prune(heights, keeping: next) }
  }

  /// Forgets, after a reload, the heights of the items whose content differs from `previous`,
  /// and the ids that left the list.
  ///
  /// - Complexity: O(n) for n items, as the reload itself.
  func forgetRowHeights(changedSince previous: Snapshot<Section, Item>) {
    guard let heights = keptHeights.byID else { return }
    var changed: [Item.ID] = []
    for section in 0..<shown.numberOfSections {
      for item in shown.items(inSection: section) {
        if let position = previous.position(of: item.id), previous.item(at: position) != item {
          changed.append(item.id)
        }
      }
    }
    heights.forget(changed)
    prune(heights, keeping: shown)
  }

  /// Lets the memory go of ids that are not in `snapshot` (when they are most of it).
  private func prune(_ heights: RowHeightsByID<Item.ID>, keeping snapshot: Snapshot<Section, Item>)
  {
    heights.prune(itemCount: snapshot.numberOfItems) { snapshot.position(of: $0) != nil }
  }

  /// Lets the table go of the memory if it is its delegate (the view is bound anew).
  func removeRowHeightMemory() {
    guard let memory = keptHeights.memory, let tableView = memory.tableView,
      tableView.delegate === memory
    else { return }
    tableView.delegate = nil
  }
}
