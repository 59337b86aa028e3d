import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A section header or footer: the supplementary views HeadlessUIKit lays out.
enum SupplementaryKind: Hashable, Sendable, CaseIterable {
  case header
  case footer
}

/// A supplementary view's place: its kind and its section.
struct SupplementaryKey: Hashable, Sendable {
  var kind: SupplementaryKind
  var section: Int
}

/// Where one section lies in the content: its header, its lines of items, its footer.
struct SectionFrame {
  var top: CGFloat
  var headerHeight: CGFloat
  var itemsTop: CGFloat
  var lines: Int
  var footerHeight: CGFloat
  var bottom: CGFloat
}

extension ListEngine {
  // MARK: Geometry (§4)

  /// The frames of all sections, top to bottom, from the counts, the line height or per-row
  /// heights, and the header and footer heights.
  ///
  /// - Complexity: O(sections), or O(rows) with per-row heights.
  func sectionFrames() -> [SectionFrame] {
    let counts = counts()
    let columns = max(1, self.columns)
    var frames: [SectionFrame] = []
    frames.reserveCapacity(counts.count)
    var y: CGFloat = 0
    for (section, count) in counts.enumerated() {
      let header = max(0, askingDataSource { supplementaryHeight(.header, section) })
      let footer = max(0, askingDataSource { supplementaryHeight(.footer, section) })
      let lines = (count + columns - 1) / columns
      let itemsHeight: CGFloat
      if heightForRow != nil, columns == 1 {
        itemsHeight = (0..<count).reduce(0) {
          $0 + height(ofRow: IndexPath(section: section, index: $1))
        }
      } else {
        itemsHeight = CGFloat(lines) * max(0, rowHeight)
      }
      let top = y
      // A flow layout insets every section, empty ones too.
      let itemsTop = top + header + sectionInsets.start
      y = itemsTop + itemsHeight + sectionInsets.end + footer
      frames.append(
        SectionFrame(
          top: top, headerHeight: header, itemsTop: itemsTop, lines: lines,
          footerHeight: footer, bottom: y))
    }
    return frames
  }

  /// The total height of the content.
  var contentLength: CGFloat { sectionFrames().last?.bottom ?? 0 }

  /// The index paths of the items whose frames meet the band `top..<bottom`, in order;
  /// `frames`, when the caller has them, saves laying the sections out again.
  func indexPaths(
    from top: CGFloat, to bottom: CGFloat, frames: [SectionFrame]? = nil
  ) -> [IndexPath] {
    guard bottom > top else { return [] }
    let counts = counts()
    var paths: [IndexPath] = []
    for (section, frame) in (frames ?? sectionFrames()).enumerated()
    where frame.bottom > top && frame.top < bottom {
      paths += indexPaths(
        in: section, frame: frame, count: counts[section], top: top, bottom: bottom)
    }
    return paths
  }

  private func indexPaths(
    in section: Int, frame: SectionFrame, count: Int, top: CGFloat, bottom: CGFloat
  ) -> [IndexPath] {
    if heightForRow != nil, columns == 1 {
      var paths: [IndexPath] = []
      var y = frame.itemsTop
      for item in 0..<count where y < bottom {
        let path = IndexPath(section: section, index: item)
        let height = height(ofRow: path)
        if y + height > top { paths.append(path) }
        y += height
      }
      return paths
    }
    guard rowHeight > 0, frame.lines > 0 else { return [] }
    let columns = max(1, self.columns)
    let first = max(0, Int(((top - frame.itemsTop) / rowHeight).rounded(.down)))
    let last = min(frame.lines - 1, Int(((bottom - frame.itemsTop) / rowHeight).rounded(.up)) - 1)
    guard first <= last else { return [] }
    var paths: [IndexPath] = []
    for line in first...last {
      let start = line * columns
      for item in start..<min(start + columns, count) {
        paths.append(IndexPath(section: section, index: item))
      }
    }
    return paths
  }

  /// The supplementary views whose frames meet the band `top..<bottom`; one of zero height
  /// does not exist.
  func supplementaryKeys(
    from top: CGFloat, to bottom: CGFloat, frames: [SectionFrame]? = nil
  ) -> [SupplementaryKey] {
    var keys: [SupplementaryKey] = []
    for (section, frame) in (frames ?? sectionFrames()).enumerated()
    where frame.bottom > top && frame.top < bottom {
      if frame.headerHeight > 0 && frame.top + frame.headerHeight > top {
        keys.append(SupplementaryKey(kind: .header, section: section))
      }
      if frame.footerHeight > 0 && frame.bottom - frame.footerHeight < bottom {
        keys.append(SupplementaryKey(kind: .footer, section: section))
      }
    }
    return keys
  }

  /// The items visible in the viewport, in order.
  func visibleIndexPaths(frames: [SectionFrame]? = nil) -> [IndexPath] {
    guard viewportLength > 0 else { return [] }
    return indexPaths(from: scrollOffset, to: scrollOffset + viewportLength, frames: frames)
  }
}

extension ListEngine {
  /// An item's frame in the content, in the engine's coordinates (`y` along the scroll, `x`
  /// across it): its line (or row) within its section, and its column.
  func frame(of path: IndexPath) -> CGRect {
    let frames = sectionFrames()
    guard frames.indices.contains(path.sectionIndex) else { return .zero }
    let section = frames[path.sectionIndex]
    let breadth = max(0, crossLength - crossInsets.start - crossInsets.end)
    if heightForRow != nil, columns == 1 {
      var y = section.itemsTop
      for item in 0..<max(0, path.itemIndex) {
        y += height(ofRow: IndexPath(section: path.sectionIndex, index: item))
      }
      return CGRect(x: crossInsets.start, y: y, width: breadth, height: height(ofRow: path))
    }
    let columns = max(1, self.columns)
    let line = path.itemIndex / columns
    let columnWidth = breadth / CGFloat(columns)
    return CGRect(
      x: crossInsets.start + CGFloat(path.itemIndex % columns) * columnWidth,
      y: section.itemsTop + CGFloat(line) * rowHeight, width: columnWidth, height: rowHeight)
  }

  /// A row's height from the delegate's heights; UIKit raises for a negative one (reported
  /// once per row here, and read as 0).
  func height(ofRow path: IndexPath) -> CGFloat {
    guard let heightForRow else { return max(0, rowHeight) }
    let height = heightForRow(path)
    if height.isNaN { return 0 }  // UIKit checks `< 0`, which NaN passes
    guard height >= 0 else {
      if reportedNegativeHeights.insert(path).inserted {
        report(UIKitMessages.negativeRowHeight(height, at: path))
      }
      return 0
    }
    return height
  }

  /// Whether an item's frame meets the viewport.
  func isVisible(_ path: IndexPath) -> Bool {
    guard isInWindow, viewportLength > 0 else { return false }
    let frame = frame(of: path)
    return frame.maxY > scrollOffset && frame.minY < scrollOffset + viewportLength
  }

  /// A rectangle or point between the engine's coordinates (along the scroll in `y`) and the
  /// view's: the same for a vertical scroll, the axes swapped for a horizontal one.
  func transposed(_ rect: CGRect) -> CGRect {
    isHorizontal ? CGRect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width) : rect
  }

  func transposed(_ point: CGPoint) -> CGPoint {
    isHorizontal ? CGPoint(x: point.y, y: point.x) : point
  }
}

extension ListEngine {
  /// Whether an index path names a row or item the view has (by the counts it last read).
  func contains(_ path: IndexPath) -> Bool {
    guard path.count == 2 else { return false }
    let counts = counts()
    return counts.indices.contains(path.sectionIndex)
      && (0..<counts[path.sectionIndex]).contains(path.itemIndex)
  }

  /// The last row or item of the last section that has any, or `nil` for an empty view.
  func lastIndexPath() -> IndexPath? {
    let counts = counts()
    guard let section = counts.lastIndex(where: { $0 > 0 }) else { return nil }
    return IndexPath(section: section, index: counts[section] - 1)
  }

  /// The item whose frame contains a point of the content (in the view's coordinates), or
  /// `nil`.
  func indexPath(at viewPoint: CGPoint) -> IndexPath? {
    let point = transposed(viewPoint)
    return indexPaths(from: point.y, to: point.y + 1).first { frame(of: $0).contains(point) }
  }
}
