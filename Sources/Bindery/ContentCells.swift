/// Ties a ``ContentStore``'s interest to cells: each cell holds one unit of interest in the key
/// it shows, handed over when the cell is configured for another key, and given back when the
/// cell stops showing a row.
///
/// A cell provider that shows content asks this for the state instead of the store, so that
/// what is on screen is always requested — at visible priority, or at prefetch priority for a
/// cell UIKit prepares ahead of the screen — and what scrolled away or was deleted is released
/// at the next ``releaseCells(except:)``. When the holder stops (``releaseAll()``) or is
/// released, all of its interest goes back to the store.
@MainActor
public final class ContentCells<Key: Hashable & Sendable, Content: Sendable> {
  /// The store content comes from.
  public let store: ContentStore<Key, Content>
  private let ledger: InterestLedger<Key, Content>
  private var keyOfCell: [ObjectIdentifier: (cell: WeakCell, key: Key)] = [:]
  private var cellsShowing: [Key: Int] = [:]

  /// Creates the tie for a store.
  public init(store: ContentStore<Key, Content>) {
    self.store = store
    ledger = InterestLedger(store: store)
  }

  /// Configures a cell for `key`: requests the key (visible priority for a row on screen,
  /// prefetch priority for one being prepared off screen), hands the current state to
  /// `configure`, and moves the cell's interest from whatever key it showed before.
  ///
  /// - Complexity: O(1) besides `configure`.
  public func cell<Cell: AnyObject>(
    for key: Key, isVisible: Bool = true, configure: (ContentState<Content>) -> Cell
  ) -> Cell {
    ledger.take(key, priority: isVisible ? .visible : .prefetch)
    let cell = configure(store.state(for: key))
    let id = ObjectIdentifier(cell)
    if let previous = keyOfCell[id] {
      // The cell already held interest: in another key if reused, in `key` if reconfigured
      // (or the entry is a dead cell's whose identifier this one now has).
      forget(previous.key)
    }
    keyOfCell[id] = (WeakCell(cell), key)
    cellsShowing[key, default: 0] += 1
    return cell
  }

  /// The key a cell currently holds interest in.
  public func key(of cell: AnyObject) -> Key? {
    guard let entry = keyOfCell[ObjectIdentifier(cell)], entry.cell.value === cell else {
      return nil
    }
    return entry.key
  }

  /// Gives back the interest of every cell not in `live` — cells in the reuse pool, cells of
  /// deleted rows, cells that no longer exist.
  ///
  /// - Complexity: O(c) for the c cells that hold interest.
  public func releaseCells(except live: [AnyObject]) {
    let keep = Set(live.map(ObjectIdentifier.init))
    for (id, entry) in keyOfCell where !keep.contains(id) || entry.cell.value == nil {
      keyOfCell[id] = nil
      forget(entry.key)
    }
  }

  /// Gives back all interest.
  public func releaseAll() {
    keyOfCell.removeAll()
    cellsShowing.removeAll()
    ledger.giveAll()
  }

  /// Whether a cell shows `key`: on screen, or prepared ahead of it.
  public func hasCell(showing key: Key) -> Bool { cellsShowing[key] != nil }

  private func forget(_ key: Key) {
    if let count = cellsShowing[key] { cellsShowing[key] = count > 1 ? count - 1 : nil }
    ledger.give(key)
  }

  /// How many cells hold interest.
  public var cellCount: Int { keyOfCell.count }
}

/// A weak reference to a cell.
final class WeakCell {
  weak var value: AnyObject?
  init(_ value: AnyObject) { self.value = value }
}
