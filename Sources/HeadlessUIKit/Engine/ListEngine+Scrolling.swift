import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension ListEngine {
  // MARK: Scrolling and data prefetching (§4)

  /// The smallest offset the content can have: the start inset shown in full.
  var minimumOffset: CGFloat { viewport.minimumOffset }

  /// The largest offset the content can have: its end (and the end inset) at the viewport's.
  var maximumOffset: CGFloat { viewport.maximumOffset(contentLength: contentLength) }

  /// Scrolls to `offset`: within the content, for the user's scroll and for the scrolls UIKit
  /// works out itself, or as it is, for an offset set by code (`clamped: false`), which the
  /// scroll view keeps until the content's size changes (§4c).
  func setContentOffset(_ offset: CGFloat, clamped: Bool = true) {
    let target = clamped ? viewport.clamped(offset, contentLength: contentLength) : offset
    let direction = viewport.scroll(to: target)
    guard direction != 0, let view else {
      layout()
      return
    }
    // As UIKit's setter: the observers and the delegate hear the new offset at once, and the
    // rows it reveals are laid out after (on a device, in the layout pass that follows; a read
    // of the visible rows from the delegate lays them out then, as UIKit's reads do).
    scrolledSinceLayout = isInWindow
    kept.geometryChanged()
    view.keyValueObservers.valuesMayHaveChanged()
    lengthObserversHeard = contentLength
    view.scrollEventDelegate?.scrollViewDidScroll(view)
    // Unless the delegate scrolled again, or read the rows, in which case they are laid out.
    if scrolledSinceLayout || !isInWindow { layout() }
    lengthObserversHeard = nil
    guard isInWindow, prefetching.isEnabled, self.view != nil else { return }
    prefetch(direction: direction)
  }

  /// Lays the rows out if the content moved since the last layout: a read of the visible rows
  /// sees the rows at the new offset, as UIKit's reads do.
  func layOutIfScrolled() {
    guard scrolledSinceLayout, layoutPass.phase == .idle else { return }
    layout()
  }

  /// Brings an offset left past either end back within the content once the content's length
  /// has changed, as the scroll view does when its content size changes — not while the user
  /// drags or the content decelerates (§4c).
  func adjustOffsetIfContentChanged() {
    let length = contentLength
    defer { viewport.lastContentLength = length }
    guard length != viewport.lastContentLength, !viewport.isMovedByUser else { return }
    let inRange = viewport.clamped(viewport.offset, contentLength: length)
    guard inRange != viewport.offset else { return }
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
  /// content's bounds; animated as ``HeadlessScrollView/setContentOffset(_:animated:)`` is, to
  /// the offset worked out now (from the estimates of rows not measured yet, as UIKit does).
  func scroll(toShow frame: CGRect, alignment: ScrollAlignment, animated: Bool = false) {
    let visibleLength = viewport.length - viewport.insets.start - viewport.insets.end
    let start = frame.minY - viewport.insets.start
    let end = frame.maxY - viewport.length + viewport.insets.end
    let target: CGFloat
    switch alignment {
    case .start: target = start
    case .end: target = end
    case .center: target = frame.midY - viewport.insets.start - visibleLength / 2
    case .nearest:
      if start < viewport.offset {
        target = start
      } else if end > viewport.offset {
        target = end
      } else {
        target = viewport.offset
      }
    }
    let inRange = viewport.clamped(target, contentLength: contentLength)
    guard let view else { return setContentOffset(inRange) }
    viewport.deceleration = nil
    view.scroll(toOffset: inRange, animated: animated)
  }
}
