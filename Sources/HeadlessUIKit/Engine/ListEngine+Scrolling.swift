import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension ListEngine {
  // MARK: Scrolling and data prefetching (§4)

  /// The smallest offset the content can have: the start inset shown in full.
  var minimumOffset: CGFloat { -contentInsets.start }

  /// The largest offset the content can have: its end (and the end inset) at the viewport's.
  var maximumOffset: CGFloat {
    max(minimumOffset, contentLength + contentInsets.end - viewportLength)
  }

  /// Moves a deceleration under way by `distance`: the content offset was set from outside (or
  /// corrected), and the fling goes on from there.
  func shiftDeceleration(by distance: CGFloat) {
    guard distance != 0, deceleration != nil else { return }
    deceleration?.start += distance
    deceleration?.target += distance
  }

  /// Scrolls to `offset`: within the content, for the user's scroll and for the scrolls UIKit
  /// works out itself, or as it is, for an offset set by code (`clamped: false`), which the
  /// scroll view keeps until the content's size changes (§4c).
  func setContentOffset(_ offset: CGFloat, clamped: Bool = true) {
    let target = clamped ? min(max(minimumOffset, offset), maximumOffset) : offset
    let direction = target > scrollOffset ? 1 : target < scrollOffset ? -1 : 0
    scrollOffset = target
    if direction != 0 { cellPrefetchDirection = direction }
    layout()
    if direction != 0, let view {
      view.keyValueObservers.valuesMayHaveChanged()
      scrollDelegate?.scrollViewDidScroll(view)
    }
    guard direction != 0, isInWindow, isPrefetchingEnabled, prefetchSink != nil else { return }
    prefetch(direction: direction)
  }

  /// Brings an offset left past either end back within the content once the content's length
  /// has changed, as the scroll view does when its content size changes — not while the user
  /// drags or the content decelerates (§4c).
  func adjustOffsetIfContentChanged() {
    let length = contentLength
    defer { lastContentLength = length }
    guard length != lastContentLength, !isDragging, deceleration == nil else { return }
    let inRange = min(max(minimumOffset, scrollOffset), maximumOffset)
    guard inRange != scrollOffset else { return }
    setContentOffset(inRange)
  }

  func indexPath(after path: IndexPath) -> IndexPath? {
    let counts = counts()
    if path.itemIndex + 1 < counts[path.sectionIndex] {
      return IndexPath(section: path.sectionIndex, index: path.itemIndex + 1)
    }
    var section = path.sectionIndex + 1
    while section < counts.count {
      if counts[section] > 0 { return IndexPath(section: section, index: 0) }
      section += 1
    }
    return nil
  }

  func indexPath(before path: IndexPath) -> IndexPath? {
    if path.itemIndex > 0 {
      return IndexPath(section: path.sectionIndex, index: path.itemIndex - 1)
    }
    let counts = counts()
    var section = path.sectionIndex - 1
    while section >= 0 {
      if counts[section] > 0 { return IndexPath(section: section, index: counts[section] - 1) }
      section -= 1
    }
    return nil
  }
}

/// Where a scroll to an item puts it in the viewport.
enum ScrollAlignment {
  /// At the start of the visible area (below the start inset).
  case start
  /// In the middle.
  case center
  /// At the end of the visible area.
  case end
  /// As little as it takes to show it whole; not at all if it is.
  case nearest
}

extension ListEngine {
  /// Scrolls so that `frame` (in the engine's coordinates) is where `alignment` says, within the
  /// content's bounds.
  func scroll(toShow frame: CGRect, alignment: ScrollAlignment) {
    let visibleLength = viewportLength - contentInsets.start - contentInsets.end
    let start = frame.minY - contentInsets.start
    let end = frame.maxY - viewportLength + contentInsets.end
    let target: CGFloat
    switch alignment {
    case .start: target = start
    case .end: target = end
    case .center: target = frame.midY - contentInsets.start - visibleLength / 2
    case .nearest:
      if start < scrollOffset {
        target = start
      } else if end > scrollOffset {
        target = end
      } else {
        target = scrollOffset
      }
    }
    setContentOffset(target)
  }
}
