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
}
