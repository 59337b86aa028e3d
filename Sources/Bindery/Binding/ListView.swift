import BinderyDiff

/// What a view offers a ``ListBinding``: a table view, a collection view, or a test double.
///
/// All of it runs on the main actor, and all of it is index-based: the binding owns the
/// snapshot; the view applies operations and reads the snapshot through the binding from its
/// data source. `BinderyUIKit` conforms its adapter for `UITableView` and `UICollectionView`.
///
/// A view shows one kind of list: its `Section` and `Item` are the binding's.
@MainActor
public protocol ListView<Section, Item>: AnyObject {
  /// What the view's list is made of: the binding's section type.
  associatedtype Section: Identifiable & Equatable & Sendable where Section.ID: Sendable
  /// The binding's item type.
  associatedtype Item: Identifiable & Equatable & Sendable where Item.ID: Sendable

  /// Applies one stage as one batch of updates, animated or not.
  ///
  /// `install` makes the stage's snapshot the one the data source reads; call it first inside
  /// the batch, because UIKit asks the data source for the new counts when the batch ends and
  /// for the old ones until it starts (UIKit rules §1.3). Sections in
  /// `Stage.sectionReconfigures` and `Stage.emptySectionReconfigures` changed content only:
  /// update their headers and footers in place, without replacing any cell. Call `completion` exactly once, when
  /// the view is done with the stage: for UIKit, from `performBatchUpdates`' completion, after
  /// the animations; a view that does not animate may call it at once.
  func applyStage(
    _ stage: StagedChangeset<Section, Item>.Stage, animated: Bool,
    installing install: @escaping @MainActor () -> Void,
    completion: @escaping @MainActor () -> Void)

  /// Shows a snapshot without animation: `install` it, then reload everything.
  func reloadData(installing install: () -> Void)

  /// Asks the existing cells of items to configure themselves again, with the same cell.
  func reconfigureItems(at positions: [ItemPosition])

  /// The positions of the items that have a visible cell.
  var visibleItemPositions: [ItemPosition] { get }

  /// Whether the item at a position lies in the visible area, by the layout, whether or not
  /// its cell exists yet: a cell being configured for a row just off screen (UIKit's cell
  /// prefetching) is not visible.
  func isItemVisible(at position: ItemPosition) -> Bool

  /// The cells showing rows now (UIKit's `visibleCells`): content interest held by any other
  /// cell — in the reuse pool, or of a deleted row — is given back.
  var liveCells: [AnyObject] { get }

  /// Whether the view is on screen; off screen, batches are pointless and a reload is used.
  var isInWindow: Bool { get }

  /// How many items fit on one screen, from the layout (rows × columns), even before the view
  /// is on screen or laid out: the first screen a prefetcher asks for at bind time.
  var itemsPerScreen: Int { get }

  /// Where the view is scrolled, and whether it is decelerating after a fling.
  var scrollPosition: ScrollPosition { get }

  /// The positions of the items a screen shows when the content is scrolled to `offset`
  /// points: where a fling will come to rest.
  func itemPositions(atOffset offset: Double) -> [ItemPosition]

  /// Whether the user is changing what the view shows by hand — moving a row or an item — so
  /// that it shows something its data source does not have yet (UIKit's
  /// `hasUncommittedUpdates`). A binding holds new lists back until this ends: a batch under
  /// the user's finger breaks the gesture.
  var isUserInteracting: Bool { get }

  /// Whether the first list shows its end rather than its start (a chat opens at its newest
  /// message): the first screen a prefetcher asks for, and a first-display hold waits for, is
  /// then the last one.
  var opensAtEnd: Bool { get }
}

extension ListView {
  /// A view the user cannot rearrange by hand is never in the middle of it.
  public var isUserInteracting: Bool { false }

  /// A view opens at the start of its list.
  public var opensAtEnd: Bool { false }

  /// A view that does not scroll is at rest at the top.
  public var scrollPosition: ScrollPosition { .resting }

  /// A view that does not scroll shows what it shows: no landing screen to tell.
  public func itemPositions(atOffset offset: Double) -> [ItemPosition] { [] }
}

/// Where a list view is scrolled: what a prefetcher needs to see where a fling will stop.
public struct ScrollPosition: Sendable, Equatable {
  /// The content offset along the scroll, in points.
  public var offset: Double
  /// The largest offset the content can have.
  public var maximumOffset: Double
  /// Whether the content is moving on its own after the finger lifted.
  public var isDecelerating: Bool
  /// The share of its speed the content keeps each millisecond while decelerating (UIKit's
  /// `decelerationRate`, 0.998 normally).
  public var decelerationRate: Double

  /// Describes a scroll position.
  public init(offset: Double, maximumOffset: Double, isDecelerating: Bool, decelerationRate: Double)
  {
    self.offset = offset
    self.maximumOffset = maximumOffset
    self.isDecelerating = isDecelerating
    self.decelerationRate = decelerationRate
  }

  /// A view at rest at the top.
  public static let resting = ScrollPosition(
    offset: 0, maximumOffset: 0, isDecelerating: false, decelerationRate: 0.998)

  /// Where a deceleration moving at `velocity` points per second from here comes to rest: the
  /// speed falls by the rate each millisecond, so `velocity × rate / (1 − rate)` points remain
  /// (with the velocity per millisecond); clamped to the content.
  public func restingOffset(velocity: Double) -> Double {
    let rate = min(max(decelerationRate, 0), 0.999_999)
    let remaining = velocity / 1_000 * rate / (1 - rate)
    return min(max(0, offset + remaining), maximumOffset)
  }
}
