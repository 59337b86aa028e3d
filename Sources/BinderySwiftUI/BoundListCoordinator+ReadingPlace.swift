import Bindery
import BinderyUIKit

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// The reader's place in a bound SwiftUI list, as a value the app keeps with its scene's state
// and hands back at the next launch (`listReadingPlace(_:)`): the coordinator's decisions, run
// by the tests on Linux.

/// What a coordinator keeps of the reader's place: the place it last reported, and the one the
/// app's state last handed in.
struct ReadingPlaceTrack<ID: Hashable & Sendable> {
  var reported: ReadingPlace<ID>?
  var requested: ReadingPlace<ID>?
  /// Whether a scroll that was not the user's asked for the place to be noted at the turn's
  /// end.
  var isNoteScheduled = false
}

extension BoundListCoordinator {
  /// The reader's place as last reported: `ReadingPlace.end` at the end of the list, else the
  /// item under the viewport's top edge and how far into its row (`ViewBinding.readingPlace`).
  public var readingPlace: ReadingPlace<Item.ID>? { reading.reported }

  /// Restores `place` when the app's state hands in another place than the one the
  /// coordinator reported — a place saved at the last launch, given before the first list or
  /// after: restored once a list that has its item is shown, unless the user scrolls first
  /// (`ViewBinding.restore(_:)`). The app's state coming back with the place it was told
  /// (SwiftUI's round trip), or with a place it has not caught up with, moves nothing; `nil`
  /// leaves the scroll alone.
  public func update(readingPlace place: ReadingPlace<Item.ID>?) {
    guard let place, place != reading.requested, let binding else { return }
    reading.requested = place
    guard place != reading.reported else { return }
    binding.restore(place)
  }

  /// Whether the place is to be noted at the end of this turn (a scroll not the user's).
  public var isNotingReadingPlace: Bool { reading.isNoteScheduled }

  /// After a scroll: the user's is noted at once; any other — Bindery keeping a place or a
  /// chat's end as rows are measured, the app's — at the end of the turn, once, so that the
  /// offsets a layout passes through on its way are not written to the app's state.
  func scrolledForReadingPlace() {
    guard onReadingPlaceChange != nil else { return }
    if collectionView.isDragging || collectionView.isDecelerating { return noteReadingPlace() }
    guard !reading.isNoteScheduled else { return }
    reading.isNoteScheduled = true
    Task { [weak self] in
      self?.reading.isNoteScheduled = false
      self?.noteReadingPlace()
    }
  }

  /// Reports the reader's place when its item changes or the end comes or goes, at once; and
  /// how far into the row once the scroll rests, so that a scroll does not write the app's
  /// state at every point it moves.
  func noteReadingPlace() {
    guard onReadingPlaceChange != nil, let binding, let place = binding.readingPlace,
      place != reading.reported
    else { return }
    let sameItem =
      switch (place, reading.reported) {
      case (.item(let id, _), .item(let reported, _)): id == reported
      default: false
      }
    if sameItem, collectionView.isDragging || collectionView.isDecelerating { return }
    reading.reported = place
    onReadingPlaceChange?(place)
  }
}
