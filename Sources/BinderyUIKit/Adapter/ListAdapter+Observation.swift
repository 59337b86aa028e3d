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
//
// A tracking stays registered on everything it read until one of those properties changes:
// Observation has no way to cancel one. So each tracking also reads a property of its own
// (``TrackingEnd``), which Bindery changes when the tracking is no longer wanted — its cell is
// configured again (reused, or reconfigured), or the binding stops — and Observation then
// drops all of its registrations. What is tracked is bounded by the cells, not by the items
// ever shown: a shared settings object read by every cell does not collect one registration
// per row scrolled past.

extension ListAdapter {
  /// Configures a cell with `configure`, tracking what it reads: the first change to any of
  /// it configures the item's cell again (and tracks again). The cell's previous tracking ends.
  func trackingReads<Cell: AnyObject>(of id: Item.ID, _ configure: () -> Cell) -> Cell {
    #if canImport(Observation)
      // A stopped binding's view still asks for cells; they follow nothing any more.
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *), binding?.isCancelled == false {
        let changes = observedChanges
        let end = TrackingEnd()
        let cell = withObservationTracking {
          end.track()
          return configure()
        } onChange: { [weak self] in
          // Ended by Bindery: nothing changed that the cell shows.
          guard !end.isEnding else { return }
          // On the thread that makes the change, before it is made: configure after it, on
          // the main actor, every cell that changed in that turn at once.
          let isFirst = changes.withLock { pending in
            defer { pending.insert(id) }
            return pending.isEmpty
          }
          if isFirst { Task { @MainActor [weak self] in self?.configureObservedChanges() } }
        }
        cellTrackings.updateValue((end, id), forKey: ObjectIdentifier(cell))?.end.end()
        return cell
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

  /// Ends every cell's tracking: the binding stopped, and its cells follow nothing any more,
  /// or the view reloads, and asks for every cell again.
  func endCellTrackings() {
    let trackings = cellTrackings
    cellTrackings = [:]
    for tracking in trackings.values { tracking.end.end() }
  }

  /// The ids of the items a stage removes, whose cells' trackings end with it.
  ///
  /// - Complexity: O(d) for the d items it deletes, in sections or alone.
  func idsLeaving<S, I>(_ stage: StagedChangeset<S, I>.Stage) -> Set<Item.ID> {
    guard !cellTrackings.isEmpty else { return [] }
    var ids = Set(stage.itemDeletes.compactMap { shown.item(at: $0)?.id })
    for section in stage.sectionDeletes where section < shown.numberOfSections {
      ids.formUnion(shown.items(inSection: section).lazy.map(\.id))
    }
    return ids
  }

  /// Ends the trackings of the cells that showed `ids`.
  ///
  /// - Complexity: O(c) for the c cells tracked.
  func endTrackings(of ids: Set<Item.ID>) {
    guard !ids.isEmpty else { return }
    for (cell, tracking) in cellTrackings where ids.contains(tracking.id) {
      cellTrackings[cell] = nil
      tracking.end.end()
    }
  }

  /// How many cells' trackings are registered. For tests.
  var cellTrackingCount: Int { cellTrackings.count }
}

/// One property a cell's tracking reads besides what its provider reads: changing it ends the
/// tracking, which Observation cannot cancel otherwise.
final class TrackingEnd: @unchecked Sendable {
  /// Read from the thread that changes what the cell read; set once, on the main actor.
  private let ending = Locked(false)
  #if canImport(Observation)
    private let registrarStorage: Any?
  #endif

  init() {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *) {
        registrarStorage = ObservationRegistrar()
      } else {
        registrarStorage = nil
      }
    #endif
  }

  /// Whether Bindery is ending the tracking (its change is not the cell's).
  var isEnding: Bool { ending.withLock { $0 } }

  /// The property tracked: its value never matters.
  var marker: Int { 0 }

  /// Makes the tracking under way read ``marker``.
  func track() {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *),
        let registrar = registrarStorage as? ObservationRegistrar
      {
        registrar.access(self, keyPath: \.marker)
      }
    #endif
  }

  /// Ends the tracking that read ``marker``: Observation calls its change handler (which
  /// returns at once) and lets go of everything it registered.
  func end() {
    guard
      !ending.withLock({ ending in
        defer { ending = true }; return ending
      })
    else { return }
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *),
        let registrar = registrarStorage as? ObservationRegistrar
      {
        registrar.withMutation(of: self, keyPath: \.marker) {}
      }
    #endif
  }
}

#if canImport(Observation)
  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  extension TrackingEnd: Observable {}
#endif
