import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Where a list view looks at its content: the axis it scrolls along, the viewport's length
/// along it and the content's breadth across it, the offset, the insets, and what the user's
/// finger and a fling are doing. Every length and offset is along the scroll axis (`y` in the
/// engine's coordinates, which the views transpose for a horizontal scroll).
///
/// Invariants: ``length`` and ``breadth`` are never negative (a frame of negative size is read
/// as empty, as UIKit draws nothing for one); ``scrollDirection`` is -1, 0 or 1. The offset is
/// not clamped here: an offset set by code is kept past either end until the content's size
/// changes (UIKit rules §4c), which the engine decides.
///
/// It only stores: the engine lays out and tells the delegate outside any access to it.
struct Viewport {
  /// Whether the view scrolls left to right (a horizontal flow or compositional layout).
  var isHorizontal = false
  /// The viewport's length along the scroll.
  var length: CGFloat {
    didSet { length = max(0, length) }
  }
  /// The content's breadth across the scroll: the frame's.
  var breadth: CGFloat {
    didSet { breadth = max(0, breadth) }
  }
  /// How far the content is scrolled: 0 with the content's start at the viewport's,
  /// `-insets.start` when scrolled to the very start.
  var offset: CGFloat = 0
  /// The content insets at the start and the end of the scroll axis (top and bottom, or left
  /// and right): room the viewport can scroll into beyond the content.
  var insets: (start: CGFloat, end: CGFloat) = (0, 0)
  /// The content's length after the last layout: the scroll view brings an offset back within
  /// the content when it changes.
  var lastContentLength: CGFloat = 0
  /// How far each section that scrolls across the main scroll is scrolled across, by section
  /// (none by default): a carousel's own content offset.
  var orthogonalOffsets: [Int: CGFloat] = [:]
  /// Whether the user's finger is on the content, and the deceleration after a fling.
  var isDragging = false
  var deceleration: Deceleration?
  /// The direction of the last scroll step: 1 forward, -1 back, 0 before any. Cells are
  /// prepared ahead in it (UIKit's cell prefetching).
  private(set) var scrollDirection = 0

  init(length: CGFloat, breadth: CGFloat) {
    self.length = max(0, length)
    self.breadth = max(0, breadth)
  }

  /// Whether `other` places the content where this one does — the same axis, lengths, offset,
  /// insets and sideways scrolls — so that the frames and visible items worked out for one
  /// hold for the other. The finger, a fling and the last content length do not count.
  func placesContentAsIn(_ other: Viewport) -> Bool {
    isHorizontal == other.isHorizontal && length == other.length && breadth == other.breadth
      && offset == other.offset && insets == other.insets
      && orthogonalOffsets == other.orthogonalOffsets
  }

  /// The smallest offset the content can have: the start inset shown in full.
  var minimumOffset: CGFloat { -insets.start }

  /// The largest offset content of `contentLength` can have: its end (and the end inset) at
  /// the viewport's.
  func maximumOffset(contentLength: CGFloat) -> CGFloat {
    max(minimumOffset, contentLength + insets.end - length)
  }

  /// `offset` brought within content of `contentLength`.
  func clamped(_ offset: CGFloat, contentLength: CGFloat) -> CGFloat {
    min(max(minimumOffset, offset), maximumOffset(contentLength: contentLength))
  }

  /// Scrolls to `target` and returns the step's direction (0 when it did not move), which
  /// becomes ``scrollDirection`` when it moved.
  mutating func scroll(to target: CGFloat) -> Int {
    let direction = target > offset ? 1 : target < offset ? -1 : 0
    offset = target
    if direction != 0 { scrollDirection = direction }
    return direction
  }

  /// Moves a deceleration under way by `distance`: the content offset was set from outside (or
  /// corrected), and the fling goes on from there.
  mutating func shiftDeceleration(by distance: CGFloat) {
    guard distance != 0, deceleration != nil else { return }
    deceleration?.start += distance
    deceleration?.target += distance
  }

  /// Whether the user or a fling is moving the content: the scroll view leaves the offset as
  /// it is then, whatever the content's size does.
  var isMovedByUser: Bool { isDragging || deceleration != nil }
}
