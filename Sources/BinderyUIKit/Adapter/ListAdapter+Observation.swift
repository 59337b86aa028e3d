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
        // An end whose tracking ended has nothing registered any more: it serves again.
        let end = spareTrackingEnds.popLast() ?? ObservedTrackingEnd()
        let tracking = end.trackingUnderWay
        let cell = withObservationTracking {
          end.track()
          return configure()
        } onChange: { [weak self] in
          // Ended by Bindery: nothing changed that the cell shows.
          guard end.isUnderWay(tracking) else { return }
          // On the thread that makes the change, before it is made: configure after it, on
          // the main actor, every cell that changed in that turn at once.
          let isFirst = changes.withLock { pending in
            defer { pending.insert(id) }
            return pending.isEmpty
          }
          if isFirst { Task { @MainActor [weak self] in self?.configureObservedChanges() } }
        }
        let entry = (end: end, tracking: tracking, id: id)
        if let previous = cellTrackings.updateValue(entry, forKey: ObjectIdentifier(cell)) {
          endTracking(previous.tracking, at: previous.end)
        }
        return cell
      }
    #endif
    return configure()
  }

  /// Ends `tracking` at `end`, which then serves another; nothing if it ended already.
  private func endTracking(_ tracking: UInt64, at end: TrackingEnd) {
    guard end.end(tracking) else { return }
    if spareTrackingEnds.count < Self.spareTrackingEndLimit { spareTrackingEnds.append(end) }
  }

  /// How many ends of trackings are kept to serve again: more than a screen's cells, reused as
  /// fast as they are configured again.
  private static var spareTrackingEndLimit: Int { 64 }

  /// Configures again, in place, the cells of the items whose observed state changed.
  func configureObservedChanges() {
    let ids = observedChanges.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
    guard isLive, !ids.isEmpty else { return }
    binding?.reconfigureItems(withIDs: ids)
  }

  /// Ends every cell's tracking: the binding stopped, and its cells follow nothing any more,
  /// or the view reloads, and asks for every cell again.
  func endCellTrackings() {
    let trackings = cellTrackings
    cellTrackings = [:]
    for entry in trackings.values { endTracking(entry.tracking, at: entry.end) }
  }

  /// The ids of the items a stage deletes, alone or with their sections, read from the list
  /// shown before it: the cells whose trackings end with it, and a reader's row that may be
  /// gone.
  ///
  /// - Complexity: O(d) for the d items it deletes, in sections or alone.
  func idsDeleted<S, I>(by stage: StagedChangeset<S, I>.Stage) -> Set<Item.ID> {
    var ids = Set(stage.itemDeletes.compactMap { shown.item(at: $0)?.id })
    for section in stage.sectionDeletes where section < shown.numberOfSections {
      ids.formUnion(shown.items(inSection: section).lazy.map { $0.id })
    }
    return ids
  }

  /// Ends the trackings of the cells that showed `ids`.
  ///
  /// - Complexity: O(c) for the c cells tracked.
  func endTrackings(of ids: Set<Item.ID>) {
    guard !ids.isEmpty else { return }
    for (cell, entry) in cellTrackings where ids.contains(entry.id) {
      cellTrackings[cell] = nil
      endTracking(entry.tracking, at: entry.end)
    }
  }

  /// How many cells' trackings are registered. For tests.
  var cellTrackingCount: Int { cellTrackings.count }
}

/// One property a cell's tracking reads besides what its provider reads: changing it ends the
/// tracking, which Observation cannot cancel otherwise. One end serves one tracking after
/// another, each known by a number, so that a change to what an ended tracking read is told
/// apart from one to what the tracking under way read.
class TrackingEnd: @unchecked Sendable {
  /// How many trackings were ended: the number of the one under way. Read from the thread that
  /// changes what the cell read; changed on the main actor.
  private let ended = Locked<UInt64>(0)

  /// The number of the tracking under way.
  var trackingUnderWay: UInt64 { ended.withLock { $0 } }

  /// Whether `tracking` is still under way (a change to what it read is the cell's).
  func isUnderWay(_ tracking: UInt64) -> Bool { ended.withLock { $0 == tracking } }

  /// Makes the tracking under way read the end's property.
  func track() {}

  /// Ends `tracking` if it is the one under way, and returns whether it was: the next one goes
  /// by the next number. An end told twice of the same tracking ends it once, and is given to
  /// one tracking at a time.
  func end(_ tracking: UInt64) -> Bool {
    let ends = ended.withLock { ended in
      guard ended == tracking else { return false }
      ended &+= 1
      return true
    }
    if ends { changeProperty() }
    return ends
  }

  /// Changes the property the tracking read: Observation calls its change handler (which
  /// returns at once) and lets go of everything it registered.
  func changeProperty() {}
}

#if canImport(Observation)
  /// A ``TrackingEnd`` with the registrar of its property (iOS 17 and later): a subclass, so
  /// that neither a read nor an end casts the registrar from a value of unknown type.
  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  final class ObservedTrackingEnd: TrackingEnd, Observable, @unchecked Sendable {
    private let registrar = ObservationRegistrar()

    /// The property tracked: its value never matters.
    var marker: Int { 0 }

    override func track() { registrar.access(self, keyPath: \.marker) }

    override func changeProperty() { registrar.withMutation(of: self, keyPath: \.marker) {} }
  }
#endif
