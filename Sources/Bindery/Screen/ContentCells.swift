/// Ties a ``ContentStore``'s interest to cells: each cell holds one unit of interest in the key
/// it shows, handed over when the cell is configured for another key, and given back when the
/// cell no longer shows a row near the screen.
///
/// A cell provider that shows content asks this for the state instead of the store, so that
/// what is on screen is always requested — at visible priority, or at prefetch priority for a
/// cell UIKit prepares ahead of the screen. ``cancelRequests(where:)`` gives back the interest
/// of cells that scrolled away or whose row was deleted; the cell stays known by the key it
/// shows, so that content arriving for it still reaches it. When the holder stops
/// (``cancelAllRequests()``) or is released, all of its interest goes back to the store.
@MainActor
public final class ContentCells<Key: Hashable & Sendable, Content: Sendable> {
  /// The store content comes from.
  public let store: ContentStore<Key, Content>
  private let ledger: InterestLedger<Key, Content>
  private var entries: [ObjectIdentifier: Entry] = [:]
  /// How many of ``entries`` gave their interest back: none, most of the time, and then the
  /// cells on screen need no look to find one that wants its content again.
  private var entriesWithoutInterest = 0
  private var cellsShowing: [Key: Int] = [:]

  private struct Entry {
    /// Held weakly in place: a box per cell would be an allocation at each configuration, and
    /// a checked access at each read.
    weak var cell: AnyObject?
    let key: Key
    var holdsInterest: Bool
    /// Where the cell's row was when it was configured, as the holder said; `nil` if unsaid.
    let place: CellPlace?
  }

  /// Where a cell's row was when the cell was configured: its flat index in the list of a
  /// binding's count of snapshot writes. The holder's tidy tells by it, without a lookup, that
  /// a cell's row is still near the screen.
  package struct CellPlace: Equatable, Sendable {
    package var writes: UInt64
    package var index: Int

    package init(writes: UInt64, index: Int) {
      self.writes = writes
      self.index = index
    }
  }

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
    configuredCell(for: key, isVisible: isVisible, configure: configure).cell
  }

  /// ``cell(for:isVisible:configure:)``, and whether it was configured in place: the same cell
  /// showed `key` and held its interest before (its content arrived, its item changed), which
  /// leaves every cell's interest as it was. `place`, where the cell's row is, is handed back
  /// to ``cancelRequests(where:)``.
  package func configuredCell<Cell: AnyObject>(
    for key: Key, isVisible: Bool, place: CellPlace? = nil,
    configure: (ContentState<Content>) -> Cell
  ) -> (cell: Cell, inPlace: Bool) {
    ledger.request(key, priority: isVisible ? .visible : .prefetch)
    let cell = configure(store.currentState(for: key))
    let id = ObjectIdentifier(cell)
    var inPlace = false
    if let previous = entries[id] {
      // The cell showed something before: another key if reused, `key` if reconfigured (or the
      // entry is a dead cell's whose identifier this one now has).
      inPlace = previous.key == key && previous.holdsInterest && previous.cell === cell
      forget(previous)
      if !previous.holdsInterest { entriesWithoutInterest -= 1 }
    }
    entries[id] = Entry(cell: cell, key: key, holdsInterest: true, place: place)
    cellsShowing[key, default: 0] += 1
    return (cell, inPlace)
  }

  /// The key a cell shows.
  public func key(of cell: AnyObject) -> Key? {
    guard let entry = entries[ObjectIdentifier(cell)], entry.cell === cell else {
      return nil
    }
    return entry.key
  }

  /// Cancels the request of every cell for which `shouldRelease` says so (it gets the key and
  /// the cell) — cells in the reuse pool, cells of deleted rows — and forgets the cells that no
  /// longer exist. A released cell is still known by its key until it is configured again.
  ///
  /// - Complexity: O(c) for the c cells configured so far.
  public func cancelRequests(where shouldRelease: (Key, AnyObject) -> Bool) {
    cancelRequests { key, cell, _ in shouldRelease(key, cell) }
  }

  /// ``cancelRequests(where:)``, with where each cell's row was when it was configured (see
  /// ``configuredCell(for:isVisible:place:configure:)``).
  ///
  /// - Complexity: O(c) for the c cells configured so far.
  package func cancelRequests(where shouldRelease: (Key, AnyObject, CellPlace?) -> Bool) {
    for (id, entry) in entries {
      guard let cell = entry.cell else {
        entries[id] = nil
        forget(entry)
        if !entry.holdsInterest { entriesWithoutInterest -= 1 }
        continue
      }
      guard entry.holdsInterest, shouldRelease(entry.key, cell, entry.place) else { continue }
      entries[id]?.holdsInterest = false
      entriesWithoutInterest += 1
      ledger.cancelRequest(entry.key)
    }
    checkCountWithoutInterest()
  }

  /// Checks the count of entries that gave their interest back; debug builds only.
  private func checkCountWithoutInterest() {
    #if DEBUG
      precondition(
        entriesWithoutInterest == entries.values.count(where: { !$0.holdsInterest }),
        "the entries without interest are counted")
    #endif
  }

  /// Whether a cell gave its interest back: ``requestAgain(for:)`` has nothing to do otherwise.
  package var hasCellsWithoutInterest: Bool { entriesWithoutInterest > 0 }

  /// Requests again, at visible priority and in the order given, the key of each of `shown`
  /// that gave its interest back: cells the view kept off screen and shows again without asking
  /// for them (UIKit rules §4a). Pass the cells on screen in their order, so that the rows at the
  /// top load first.
  ///
  /// - Complexity: O(s) for the s cells given.
  public func requestAgain(for shown: [AnyObject]) {
    for cell in shown where entriesWithoutInterest > 0 {
      let id = ObjectIdentifier(cell)
      guard let entry = entries[id], !entry.holdsInterest, entry.cell === cell else {
        continue
      }
      entries[id]?.holdsInterest = true
      entriesWithoutInterest -= 1
      ledger.request(entry.key, priority: .visible)
    }
    checkCountWithoutInterest()
  }

  /// Cancels every cell's request and forgets every cell.
  public func cancelAllRequests() {
    entries.removeAll()
    entriesWithoutInterest = 0
    cellsShowing.removeAll()
    ledger.cancelAllRequests()
  }

  /// Whether a cell shows `key`: on screen, prepared ahead of it, or waiting for reuse.
  public func hasCell(showing key: Key) -> Bool { cellsShowing[key] != nil }

  /// The name ``cancelAllRequests()`` had before 0.1.0.
  @available(*, deprecated, renamed: "cancelAllRequests()")
  public func releaseAll() { cancelAllRequests() }

  /// The name ``cancelRequests(where:)`` had before 0.1.0: interest in a key is requested and
  /// cancelled, as with ``ContentStore``, everywhere.
  @available(*, deprecated, renamed: "cancelRequests(where:)")
  public func releaseInterest(where shouldRelease: (Key, AnyObject) -> Bool) {
    cancelRequests(where: shouldRelease)
  }

  private func forget(_ entry: Entry) {
    if let count = cellsShowing[entry.key] {
      cellsShowing[entry.key] = count > 1 ? count - 1 : nil
    }
    if entry.holdsInterest { ledger.cancelRequest(entry.key) }
  }
}
