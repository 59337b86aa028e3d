import Bindery
import Foundation

#if canImport(Observation)
  import Observation
#endif

// Cells that follow the observable state they read (iOS 17+): each cell is configured inside
// `withObservationTracking`, so a change to what its cell provider read — a property of an
// `@Observable` item, or of any model it consults — configures that cell again, in place, with
// no list diff and no copy of the snapshot. What UIKit's automatic observation tracking does
// for a cell's content from iOS 26, for every cell Bindery configures from iOS 17.

extension ListAdapter {
  /// Configures a cell with `configure`, tracking what it reads: the first change to any of
  /// it configures the item's cell again (and tracks again). Tracking is one-shot, so a change
  /// to an item whose cell has since shown another reaches it at most once, and finds no cell.
  func trackingReads<Cell>(of id: Item.ID, _ configure: () -> Cell) -> Cell {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *) {
        let changes = observedChanges
        return withObservationTracking(configure) { [weak self] in
          // On the thread that makes the change, before it is made: configure after it, on
          // the main actor, every cell that changed in that turn at once.
          let isFirst = changes.withLock { pending in
            defer { pending.insert(id) }
            return pending.isEmpty
          }
          if isFirst { Task { @MainActor [weak self] in self?.configureObservedChanges() } }
        }
      }
    #endif
    return configure()
  }

  /// Configures again, in place, the cells of the items whose observed state changed.
  func configureObservedChanges() {
    let ids = observedChanges.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
    guard isLive, !ids.isEmpty else { return }
    binding?.reconfigureItems(withIDs: Array(ids))
  }
}
