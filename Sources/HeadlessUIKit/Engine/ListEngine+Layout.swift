import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Laying the view out: frames, the cells on screen and kept near it, supplementary views.

extension ListEngine {
  // MARK: Layout

  /// Lays the view out through its `layoutSubviews()`, as UIKit's table and collection views
  /// place their cells in theirs: a subclass's override runs around the list's own layout,
  /// which its call to `super` makes (§7.7). Returns whether it laid out, and so told the
  /// view's key-value observers what changed.
  @discardableResult
  func layout() -> Bool {
    guard let view, isInWindow, !isInViewLayout else { return layOut() }
    isInViewLayout = true
    defer { isInViewLayout = false }
    viewLayoutResult = false
    view.layoutSubviews()
    return viewLayoutResult
  }

  /// The list's own layout, from the view's `layoutSubviews()`.
  func layOutFromView() {
    viewLayoutResult = layOut() || viewLayoutResult
  }

  /// Makes cells and supplementary views for what is visible, and — UIKit's cell prefetching —
  /// cells for the lines just beyond the viewport in the direction of the scroll; recycles the
  /// cells of everything else. Returns whether it laid out, and so told the view's key-value
  /// observers what changed.
  @discardableResult
  private func layOut() -> Bool {
    // What asked for a layout (a property of the view's, a new window) may change the geometry.
    kept.geometryChanged()
    guard isInWindow else { return false }
    scrolledSinceLayout = false
    guard layoutPass.begin() else {
      // A layout asked for from inside another: while the layout object readies itself, a
      // collection view ignores it and says so. Asked for while cells are placed (a cell
      // request's `layoutIfNeeded()`), there is nothing to do: the view's need for layout was
      // cleared as the pass began, and an invalidation since runs another pass after this one.
      if layoutPass.phase == .preparing && kind == .collectionView {
        report(UIKitMessages.reentrantLayout)
      }
      return false
    }
    while layoutPass.startsPass() { layOutOnce() }
    if layoutPass.end() { report(UIKitMessages.layoutLoop) }
    laidOutGeneration = kept.generation
    // Content that grew past the viewport, or shrank inside it, may take the safe area or
    // leave it (`.scrollableAxes`, §4g).
    view?.adjustedContentInsetMayHaveChanged()
    adjustOffsetIfContentChanged()
    // The content's size; a scroll that told the observers already is told again only if it
    // changed.
    if lengthObserversHeard == nil || lengthObserversHeard != contentLength {
      view?.keyValueObservers.valuesMayHaveChanged()
    }
    lengthObserversHeard = nil
    prefetchAfterLayout()
    return true
  }

  /// Whether a layout is due: one was asked for, or something the layout works out from (the
  /// geometry, the offset, the cells) changed since the last one. UIKit's `layoutIfNeeded()`
  /// lays out only then.
  var needsLayout: Bool {
    layoutPass.isPending || laidOutGeneration != kept.generation
  }

  /// Asks for a layout as the main actor's turn ends, as UIKit's run loop lays out what needs
  /// it before drawing the next frame. Nothing is asked of the view off screen: it lays out as
  /// it comes into a window.
  func setNeedsLayout() {
    kept.geometryChanged()
    guard isInWindow, !layoutPass.isPending else { return }
    layoutPass.isPending = true
    Task { @MainActor [weak self] in
      guard let self, self.layoutPass.isPending else { return }
      self.layout()
    }
  }

  /// The layout was invalidated: at once, or after the pass under way when it is from inside
  /// one (a cell request, say), as UIKit runs another pass.
  func invalidateLayout() {
    kept.geometryChanged()
    if layoutPass.invalidate() { layout() }
  }

  func layOutOnce() {
    layoutPass.enter(.preparing)
    view?.prepareLayout()
    layoutPass.enter(.placing)
    // One layout of the sections serves the whole pass.
    let frames = sectionFrames()
    let visible = visibleIndexPaths(frames: frames)
    let shown = visible + preparedIndexPaths(visible: visible, frames: frames)
    // Cells that left the screen stay a while near it, as UIKit's cell prefetching keeps
    // them (§4a): one scrolled back is displayed again without a cell request.
    let kept = keptIndexPaths(visible: visible, frames: frames)
    // A screen's worth of paths: a linear search is cheaper than hashing them.
    // In index-path order, as every recycling: see `recycleAllViews()`. The paths are looked
    // at alone, and only the cells that leave (none, most passes) taken out and sorted: a cell
    // copied out counts references the slow way (it is weakly referenced).
    let leaving = cells.keys.filter { !shown.contains($0) }.sorted().compactMap { path in
      cells[path].map { (path, $0) }
    }
    for (path, cell) in leaving {
      endDisplay(cell, at: path)
      guard !kept.contains(path) else { continue }
      cells[path] = nil
      recycle(cell)
    }
    // UIKit makes cells one at a time and measures each as it comes: once one turns out
    // another height than its estimate, what is visible is worked out again.
    for path in shown where !cells.keys.contains(path) {
      guard let cell = requestCell(at: path, reconfiguring: nil) else { continue }
      cells[path] = cell
      if measureRows([path], frames: frames) {
        layoutPass.needsMeasuring()
        return
      }
    }
    if measureRows(shown, frames: frames) {
      layoutPass.needsMeasuring()
      return
    }
    // The items on screen, as a read of the view's finds them (`visibleIndexPathsForRead()`),
    // kept until something changes: UIKit keeps its visible cells from its layout. Not kept if
    // the delegate, told of a cell, changed anything meanwhile.
    let generation = self.kept.generation
    var onScreen: [IndexPath] = []
    var onScreenCells: [HeadlessReusableView] = []
    for path in shown {
      guard let cell = cells[path] else { continue }
      let itemFrame = frame(of: path, frames: frames)
      cell.frame = transposed(itemFrame)
      if visible.contains(path) {
        if meetsViewport(itemFrame) {
          onScreen.append(path)
          onScreenCells.append(cell)
        }
        if displayedCells.insert(ObjectIdentifier(cell)).inserted {
          // The delegate hears of it while the view updates its visible cells (§7.2).
          askingDataSource { view?.willDisplay(cell, at: path) }
        }
      } else {
        endDisplay(cell, at: path)
      }
    }
    layOutSupplementaries(frames: frames)
    prefetching.tracker.forget(visible)
    // A carousel's items are read another way (see `visibleIndexPathsForRead()`).
    if generation == self.kept.generation, isInWindow, viewport.length > 0,
      !frames.contains(where: { $0.layout.orthogonal != nil })
    {
      self.kept.visibleItems = onScreen
      self.kept.visibleCells = onScreenCells
    }
    view?.didLayOut()
  }

  /// Tells the delegate a cell it was told about left the screen.
  func endDisplay(_ cell: HeadlessReusableView, at path: IndexPath) {
    guard displayedCells.remove(ObjectIdentifier(cell)) != nil else { return }
    view?.window?.voiceOver.viewLeft(cell)
    askingDataSource { view?.didEndDisplaying(cell, at: path) }
  }

  /// The items whose cells UIKit prepares before they are shown: the
  /// ``Prefetching/cellLines`` lines beyond the viewport in the direction of the last scroll,
  /// whatever their heights, while prefetching is on.
  func preparedIndexPaths(visible: [IndexPath], frames: [SectionFrame]? = nil) -> [IndexPath] {
    guard prefetching.isEnabled, prefetching.cellLines > 0, viewport.scrollDirection != 0,
      viewport.length > 0
    else { return [] }
    let frames = frames ?? sectionFrames()
    let direction = viewport.scrollDirection
    guard let edge = direction > 0 ? visible.last : visible.first else {
      return linesNearEmptyViewport(directions: [direction], frames: frames)
    }
    return lines(beyond: edge, direction: direction, frames: frames)
  }

  /// The items whose cells UIKit keeps after they leave the screen, while prefetching is on:
  /// those within ``Prefetching/cellLines`` lines of the viewport, on either side (UIKit rules
  /// §4a).
  func keptIndexPaths(visible: [IndexPath], frames: [SectionFrame]) -> [IndexPath] {
    guard prefetching.isEnabled, prefetching.cellLines > 0, viewport.length > 0 else { return [] }
    guard let first = visible.first, let last = visible.last else {
      return linesNearEmptyViewport(directions: [-1, 1], frames: frames)
    }
    return lines(beyond: first, direction: -1, frames: frames) + visible
      + lines(beyond: last, direction: 1, frames: frames)
  }

  /// The items of the ``Prefetching/cellLines`` lines after the line of `edge` (before it, for
  /// a negative `direction`), nearest first; items out of a carousel's width are not among
  /// them.
  ///
  /// - Complexity: O(items in those lines).
  private func lines(beyond edge: IndexPath, direction: Int, frames: [SectionFrame])
    -> [IndexPath]
  {
    var paths: [IndexPath] = []
    var lineStart = frame(of: edge, frames: frames).minY
    var lines = 0
    var cursor = edge
    // A carousel's items share one line: many steps may be one line.
    for _ in 0..<Self.linesWalkLimit {
      guard let next = direction > 0 ? indexPath(after: cursor) : indexPath(before: cursor)
      else { break }
      cursor = next
      let start = frame(of: next, frames: frames).minY
      if abs(start - lineStart) > Self.geometryTolerance {
        lines += 1
        lineStart = start
      }
      if lines > prefetching.cellLines { break }
      // Items on the edge's own line are visible, or out of a carousel's width.
      if lines > 0 && !isOutOfWidth(next, frames: frames) { paths.append(next) }
    }
    return paths
  }

  /// How many items a walk through lines looks at, at most.
  private static let linesWalkLimit = 10_000

  /// With no item on screen (a tall header, an empty stretch), the items within as many lines'
  /// worth of the view's line length as ``Prefetching/cellLines`` says, in `directions`.
  private func linesNearEmptyViewport(directions: [Int], frames: [SectionFrame]) -> [IndexPath] {
    guard lineLayout.rowHeight > 0 else { return [] }
    let band = CGFloat(prefetching.cellLines) * lineLayout.rowHeight
    let top = viewport.offset
    let bottom = viewport.offset + viewport.length
    return directions.flatMap { direction in
      direction > 0
        ? indexPaths(from: bottom, to: bottom + band, frames: frames)
        : indexPaths(from: top - band, to: top, frames: frames)
    }
  }

  func layOutSupplementaries(frames: [SectionFrame]) {
    guard let view, viewport.length > 0 else { return }
    let visible = supplementaryKeys(
      from: viewport.offset, to: viewport.offset + viewport.length, frames: frames)
    let visibleSet = Set(visible)
    for (key, view) in supplementaries.lazy.filter({ !visibleSet.contains($0.key) })
      .sorted(by: { $0.key < $1.key })
    {
      supplementaries[key] = nil
      recycleSupplementary(view)
    }
    for key in visible where supplementaries[key] == nil {
      if let view = requestSupplementary(key, kindName: view.elementKindName(key.kind)) {
        supplementaries[key] = view
      }
    }
    // Each where it shows now: a pinned header moves with every scroll.
    for (key, view) in supplementaries {
      if let frame = displayedFrame(of: key, frames: frames) { view.frame = transposed(frame) }
    }
  }
}
