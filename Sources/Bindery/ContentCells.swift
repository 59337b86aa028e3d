/// Ties a ``ContentStore``'s interest to cells: each cell holds one unit of interest in the key
/// it shows, handed over when the cell is reused for another key.
///
/// A cell provider that shows content asks this for the state instead of the store, so that
/// what is on screen is always requested, and what scrolled away is released once its cell
/// shows something else.
@MainActor
public final class ContentCells<Key: Hashable & Sendable, Content: Sendable> {
  /// The store content comes from.
  public let store: ContentStore<Key, Content>
  private var keyOfCell: [ObjectIdentifier: Key] = [:]

  /// Creates the tie for a store.
  public init(store: ContentStore<Key, Content>) {
    self.store = store
  }

  /// Configures a cell for `key`: requests the key (as visible), hands the current state to
  /// `configure`, and moves the cell's interest from whatever key it showed before.
  ///
  /// - Complexity: O(1) besides `configure`.
  public func cell<Cell: AnyObject>(
    for key: Key, configure: (ContentState<Content>) -> Cell
  ) -> Cell {
    store.request(key, priority: .visible)
    let cell = configure(store.state(for: key))
    let id = ObjectIdentifier(cell)
    if let previous = keyOfCell.updateValue(key, forKey: id) {
      // The cell already held interest: in `previous` if reused, or in `key` if reconfigured.
      store.cancelRequest(previous)
    }
    return cell
  }

  /// The key a cell currently holds interest in.
  public func key(of cell: AnyObject) -> Key? { keyOfCell[ObjectIdentifier(cell)] }
}
