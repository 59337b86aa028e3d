import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// The adapter's parts, each one value held by the adapter: what each keeps, together, instead
// of as loose properties of the adapter.

/// The empty state the view shows behind its rows (``ViewBinding/emptyState(_:)``).
struct EmptyStatePart {
  /// The state shown, if any.
  var state: EmptyListState?
  /// The view the empty state put behind the rows, while it is there.
  var background: UIView?
  /// The app's own background view, put back whenever the empty state shows nothing.
  var appBackground: UIView?
  /// What the app last said of its source's loading (``ViewBinding/emptyState(loading:_:)``):
  /// `nil` when it says nothing, `true` from the moment it is asked until it says otherwise.
  var sourceIsLoading: Bool?
}

/// The scrolls the app asked for, until they are made.
struct ScrollRequests<ID: Hashable> {
  /// A scroll to an item not yet shown or before the view could scroll: made once a list is
  /// shown that has it (``ViewBinding/scroll(toItemWithID:at:animated:)``).
  var pending: PendingScroll<ID>?
  /// An animated scroll, until it lands (``SettlingScroll``).
  var settling: SettlingScroll<ID>?
  /// Whether the adapter looks at every list shown for a pending scroll.
  var isWatchingShows = false
  /// A chat's first list asks for its end to be pinned again once laid out on screen.
  var endPin = false
}

/// Reconfigures that wait.
struct WaitingReconfigures<ID: Hashable> {
  /// Items whose content changed while the view was out of its window: configured again when
  /// it is back.
  var whileCovered: Set<ID> = []
  /// Items whose reconfigure waits: asked for while UIKit was asking for a cell, or while the
  /// user moves a row by hand.
  var deferred: [ID] = []
  /// Whether the reconfigures that waited wait for the user's gesture to end.
  var isWaitingOutGesture = false
}

/// Row heights remembered by id (``TableBinding/keepsRowHeights()``).
struct KeptHeights<ID: Hashable & Sendable> {
  /// The table's delegate, kept here as UIKit holds delegates weakly.
  var memory: RowHeightMemory?
  /// Its heights, by the items' ids.
  var byID: RowHeightsByID<ID>?
}

/// What the scroll's work at the end of a turn knows of the scrolls since it last ran
/// (``ListAdapter/setNeedsScrollWork(offsetOnly:)``).
struct ScrollWork {
  /// Whether everything that asked for the work since it last ran was a scroll that kept the
  /// viewport's shape.
  var followsOnlyTheOffset = true
  /// The rows on screen and the list when the parts that follow the scroll were last told.
  var rowsTold: (first: ItemPosition?, last: ItemPosition?, writes: UInt64)?
  /// Whether the work looks at the viewport first: the view came back into a window, and may
  /// change its safe area as it lays out without telling.
  var looksAtViewportAfterLayout = false
}

/// The reader's place, as the adapter keeps it through changes, scrolls and trips away.
struct KeptPlace<ID: Hashable & Sendable> {
  /// Where the reader was when the rows' heights changed under them (a text size change), to
  /// keep once the view has measured them again.
  var remeasureMark: ScrollAnchorMark<ID>?
  /// Whether the view left its window, and what its return asks of the turn's job is not done
  /// yet: the offsets the view moves to once back in a window and until then are its own — its
  /// first layout back measures the rows that were estimated, which may come before the view
  /// tells its subviews it is back — and do not take a chat's pin back as a scroll would.
  var isComingBack = false
  /// The place the last correction kept, until the main actor's turn ends: the stages of one
  /// update, and the changes of one turn, are drawn as one frame.
  var turnAnchor: TurnAnchor<ID>?
  /// The place the last correction kept, until the view scrolls or changes shape: the row the
  /// reader reads, for changes in later turns while it stays where it was.
  var reader: TurnAnchor<ID>?
  /// The row under the top edge at the last scroll not Bindery's (``RowAtTheTop``).
  var rowAtTheTop: RowAtTheTop<ID>?
  /// How deep the adapter is in keeping the place itself: the viewport changes it makes then
  /// are its own.
  var keepingDepth = 0
}
