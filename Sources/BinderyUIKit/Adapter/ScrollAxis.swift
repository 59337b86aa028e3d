import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// One scroll view's lengths along its scroll axis.
@MainActor
struct ScrollAxis {
  var offset: CGFloat
  var insetStart: CGFloat
  var insetEnd: CGFloat
  var contentLength: CGFloat
  var viewportLength: CGFloat

  init(_ view: UIScrollView, horizontal: Bool) {
    let inset = view.adjustedContentInset
    if horizontal {
      (offset, insetStart, insetEnd) = (view.contentOffset.x, inset.left, inset.right)
      (contentLength, viewportLength) = (view.contentSize.width, view.bounds.width)
    } else {
      (offset, insetStart, insetEnd) = (view.contentOffset.y, inset.top, inset.bottom)
      (contentLength, viewportLength) = (view.contentSize.height, view.bounds.height)
    }
  }
}

extension ScrollAxis {
  /// Sets `view`'s content offset along the axis to `offset`, the other coordinate kept.
  /// The property, not `setContentOffset(_:animated:)`: that would stop a fling.
  static func setOffset(_ offset: CGFloat, of view: UIScrollView, horizontal: Bool) {
    var point = view.contentOffset
    if horizontal { point.x = offset } else { point.y = offset }
    view.contentOffset = point
  }

  /// The smallest content offset: the start inset shown whole.
  var minimumOffset: CGFloat { -insetStart }
  /// The largest content offset: the content's end (and the end inset) at the viewport's.
  var maximumOffset: CGFloat {
    max(minimumOffset, contentLength + insetEnd - viewportLength)
  }

  /// Whether the offset is at its start, within half a point.
  var isAtStart: Bool { Self.isAtStart(offset: offset, insetStart: insetStart) }
  /// Whether the offset is at its end, within half a point.
  var isAtEnd: Bool { offset >= maximumOffset - 0.5 }

  /// `view`'s content offset along the axis alone: an axis works out the insets and the
  /// content's size too.
  static func offset(of view: UIScrollView, horizontal: Bool) -> CGFloat {
    horizontal ? view.contentOffset.x : view.contentOffset.y
  }

  /// Whether `view` is at its start (``isAtStart``), from its offset and start inset alone.
  static func isAtStart(_ view: UIScrollView, horizontal: Bool) -> Bool {
    let inset = view.adjustedContentInset
    return isAtStart(
      offset: offset(of: view, horizontal: horizontal),
      insetStart: horizontal ? inset.left : inset.top)
  }

  /// The start test of both: the smallest offset (``minimumOffset``), within half a point.
  private static func isAtStart(offset: CGFloat, insetStart: CGFloat) -> Bool {
    offset <= -insetStart + 0.5
  }
}
