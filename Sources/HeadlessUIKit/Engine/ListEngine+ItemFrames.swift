import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Where one row or item lies, and whether the view has it: what scrolls, hit tests and
// frame queries read (the sections' geometry is in ListEngine+Geometry.swift).

extension ListEngine {
  /// An item's frame in the content, in the engine's coordinates (`y` along the scroll, `x`
  /// across it): its line (or row) within its section, and its column.
  func frame(of path: IndexPath, frames: [SectionFrame]? = nil) -> CGRect {
    let frames = frames ?? sectionFrames()
    guard frames.indices.contains(path.sectionIndex) else { return .zero }
    let section = frames[path.sectionIndex]
    let crossInsets = section.layout.crossInsets
    let breadth = max(0, viewport.breadth - crossInsets.start - crossInsets.end)
    if let columns = sizedColumns(ofSection: path.sectionIndex) {
      // The counts may have changed since `frames` were worked out (a batch from inside a
      // cell request, which UIKit punishes and HeadlessUIKit reports and survives).
      // Read in place: a copy of the heights would retain each of their arrays, and a frame
      // is worked out for every cell at every layout and every read of the visible rows.
      guard
        let placement = rowGeometry.heights?.placement(
          ofItem: path.itemIndex, inSection: path.sectionIndex)
      else { return .zero }
      let spacing = rowSpacing(for: section.layout)
      let height = max(0, placement.height - spacing)
      let lineHeight = max(0, placement.lineHeight - spacing)
      let columnWidth = breadth / CGFloat(columns)
      let lineTop = section.itemsTop + placement.lineOffset
      // A flow layout's item of its own width sits where its line puts it (``FlowLines``).
      let span =
        placement.span
        ?? FlowLines.Span(start: CGFloat(placement.column) * columnWidth, width: columnWidth)
      return CGRect(
        x: crossInsets.start + span.start,
        y: lineTop + (section.layout.centersItemsInLine ? (lineHeight - height) / 2 : 0),
        width: span.width, height: height)
    }
    let (columns, lineHeight) = (section.layout.columns, section.layout.lineHeight)
    if let row = section.layout.orthogonal {
      let span = row.span(ofItem: path.itemIndex)
      let offset = viewport.orthogonalOffsets[path.sectionIndex] ?? 0
      let perGroup = max(1, row.itemsPerGroup)
      let height = row.stacksItems ? lineHeight / CGFloat(perGroup) : lineHeight
      let y = section.itemsTop + (row.stacksItems ? CGFloat(path.itemIndex % perGroup) * height : 0)
      return CGRect(
        x: crossInsets.start + span.start - offset, y: y, width: span.length, height: height)
    }
    let line = path.itemIndex / columns
    let columnWidth = breadth / CGFloat(columns)
    return CGRect(
      x: crossInsets.start + CGFloat(path.itemIndex % columns) * columnWidth,
      y: section.itemsTop + CGFloat(line) * lineHeight, width: columnWidth, height: lineHeight)
  }

  /// Whether an item of a section that scrolls across lies outside the width it shows.
  func isOutOfWidth(_ path: IndexPath, frames: [SectionFrame]) -> Bool {
    guard frames.indices.contains(path.sectionIndex),
      frames[path.sectionIndex].layout.orthogonal != nil
    else { return false }
    let frame = frame(of: path, frames: frames)
    return frame.maxX <= 0 || frame.minX >= viewport.breadth
  }

  /// The visible items, in order, for a read of the view's (`visibleCells`,
  /// `indexPathsForVisibleRows`). From inside a call to the data source or delegate — the view
  /// is updating its cells, and may be asking for the very counts or header titles its geometry
  /// needs — this is the cells shown by the last layout, without laying out again: a read there
  /// must not ask that data source again, which would recurse until the stack overflows (§7.2).
  func visibleIndexPathsForRead() -> [IndexPath] {
    layOutIfScrolled()
    guard isUpdatingVisibleCells else {
      guard isInWindow, viewport.length > 0 else { return [] }
      if let visible = kept.visibleItems { return visible }
      // The sections' geometry once for all the cells, not once per cell.
      // Kept only if nothing changed meanwhile, the frames' own reading included.
      let generation = kept.generation
      let frames = sectionFrames()
      let visible: [IndexPath]
      if frames.contains(where: { $0.layout.orthogonal != nil }) {
        visible = cells.keys.filter { isVisible($0, frames: frames) }.sorted()
      } else {
        // The items whose lines meet the viewport (a point more on each side, so that none
        // whose frame meets it is left out), in order: the cells kept and prepared beyond the
        // screen are never looked at, as UIKit reads its rows in the visible bounds.
        let band = indexPaths(
          from: viewport.offset - 1, to: viewport.offset + viewport.length + 1, frames: frames)
        visible = band.filter { cells[$0] != nil && isVisible($0, frames: frames) }
      }
      if generation == kept.generation { kept.visibleItems = visible }
      return visible
    }
    return cells.compactMap { displayedCells.contains(ObjectIdentifier($0.value)) ? $0.key : nil }
      .sorted()
  }

  /// The cells of the visible items, in order, for a read of the view's (`visibleCells`): kept
  /// with the items while they are kept.
  func visibleCellsForRead() -> [HeadlessReusableView] {
    let paths = visibleIndexPathsForRead()
    guard !isUpdatingVisibleCells, kept.visibleItems != nil else {
      return paths.compactMap { cells[$0] }
    }
    if let visible = kept.visibleCells { return visible }
    let visible = paths.compactMap { cells[$0] }
    kept.visibleCells = visible
    return visible
  }

  /// Whether an item is visible, for a read of the view's (`cellForRow(at:)`); from inside a
  /// data-source or delegate call, whether the last layout showed it (as
  /// ``visibleIndexPathsForRead()``).
  func isVisibleForRead(_ path: IndexPath) -> Bool {
    layOutIfScrolled()
    guard isUpdatingVisibleCells else { return isVisible(path) }
    return cells[path].map { displayedCells.contains(ObjectIdentifier($0)) } ?? false
  }

  /// Whether an item's frame meets the viewport; `frames`, the sections' geometry, when the
  /// caller has it.
  func isVisible(_ path: IndexPath, frames: [SectionFrame]? = nil) -> Bool {
    guard isInWindow, viewport.length > 0 else { return false }
    return meetsViewport(frame(of: path, frames: frames))
  }

  /// Whether an item's frame, in the engine's coordinates, meets the viewport.
  func meetsViewport(_ frame: CGRect) -> Bool {
    frame.maxY > viewport.offset && frame.minY < viewport.offset + viewport.length
      && frame.maxX > 0 && frame.minX < viewport.breadth
  }

  /// A rectangle or point between the engine's coordinates (along the scroll in `y`) and the
  /// view's: the same for a vertical scroll, the axes swapped for a horizontal one.
  func transposed(_ rect: CGRect) -> CGRect {
    viewport.isHorizontal
      ? CGRect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width) : rect
  }

  func transposed(_ point: CGPoint) -> CGPoint {
    viewport.isHorizontal ? CGPoint(x: point.y, y: point.x) : point
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
