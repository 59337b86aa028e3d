import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Laying the view out: frames, the cells on screen and kept near it, supplementary views.

extension ListEngine {
  // MARK: Layout

  /// Makes cells and supplementary views for what is visible, and — UIKit's cell prefetching —
  /// cells for the lines just beyond the viewport in the direction of the scroll; recycles the
  /// cells of everything else.
  func layout() {
    guard isInWindow else { return }
    guard layoutPhase == .idle else {
      // A layout asked for from inside another: while the layout object readies itself, a
      // collection view ignores it and says so. Asked for while cells are placed (a cell
      // request's `layoutIfNeeded()`), there is nothing to do: the view's need for layout was
      // cleared as the pass began, and an invalidation since runs another pass after this one.
      if layoutPhase == .preparing && kind == .collectionView {
        report(UIKitMessages.reentrantLayout)
      }
      return
    }
    layoutPhase = .placing
    defer { layoutPhase = .idle }
    isLayoutPending = false
    var passes = 0
    var measuringPasses = 0
    repeat {
      if needsMeasuringPass {
        // Measuring is not a layout that invalidates itself: each pass measures a row for good.
        needsMeasuringPass = false
        measuringPasses += 1
      } else {
        needsAnotherLayoutPass = false
        passes += 1
      }
      layOutOnce()
    } while (needsAnotherLayoutPass && passes < Self.layoutPassLimit)
      || (needsMeasuringPass && measuringPasses < Self.measuringPassLimit)
    if needsAnotherLayoutPass {
      needsAnotherLayoutPass = false
      report(UIKitMessages.layoutLoop)
    }
    layoutPhase = .idle
    // Content that grew past the viewport, or shrank inside it, may take the safe area or
    // leave it (`.scrollableAxes`, §4g).
    view?.adjustedContentInsetMayHaveChanged()
    adjustOffsetIfContentChanged()
    view?.keyValueObservers.valuesMayHaveChanged()  // the content's size
    prefetchAfterLayout()
  }

  /// Asks for a layout as the main actor's turn ends, as UIKit's run loop lays out what needs
  /// it before drawing the next frame. Nothing is asked of the view off screen: it lays out as
  /// it comes into a window.
  func setNeedsLayout() {
    guard isInWindow, !isLayoutPending else { return }
    isLayoutPending = true
    Task { @MainActor [weak self] in
      guard let self, self.isLayoutPending else { return }
      self.layout()
    }
  }

  /// How many passes in a row a layout that invalidates itself gets before UIKit gives up.
  static let layoutPassLimit = 100
  /// How many rows one layout measures at most, a pass each (a screen of one-point rows).
  static let measuringPassLimit = 10_000

  /// The layout was invalidated: at once, or after the pass under way when it is from inside
  /// one (a cell request, say), as UIKit runs another pass.
  func invalidateLayout() {
    if layoutPhase != .idle {
      needsAnotherLayoutPass = true
    } else {
      layout()
    }
  }

  func layOutOnce() {
    layoutPhase = .preparing
    prepareLayout?()
    layoutPhase = .placing
    // One layout of the sections serves the whole pass.
    let frames = sectionFrames()
    let visible = visibleIndexPaths(frames: frames)
    let shown = visible + preparedIndexPaths(visible: visible, frames: frames)
    // Cells that left the screen stay a while near it, as UIKit's cell prefetching keeps
    // them (§4a): one scrolled back is displayed again without a cell request.
    let kept = keptIndexPaths(frames: frames)
    // A screen's worth of paths: a linear search is cheaper than hashing them.
    for (path, cell) in cells where !shown.contains(path) {
      endDisplay(cell, at: path)
      guard !kept.contains(path) else { continue }
      cells[path] = nil
      recycle(cell)
    }
    // UIKit makes cells one at a time and measures each as it comes: once one turns out
    // another height than its estimate, what is visible is worked out again.
    for path in shown where cells[path] == nil {
      guard let cell = requestCell(at: path, reconfiguring: nil) else { continue }
      cells[path] = cell
      if measureRows([path], frames: frames) {
        needsMeasuringPass = true
        return
      }
    }
    if measureRows(shown, frames: frames) {
      needsMeasuringPass = true
      return
    }
    for path in shown {
      guard let cell = cells[path] else { continue }
      cell.frame = transposed(frame(of: path, frames: frames))
      if visible.contains(path) {
        if displayedCells.insert(ObjectIdentifier(cell)).inserted {
          // The delegate hears of it while the view updates its visible cells (§7.2).
          askingDataSource { willDisplayCell?(cell, path) }
        }
      } else {
        endDisplay(cell, at: path)
      }
    }
    layOutSupplementaries(frames: frames)
    prefetches.forget(visible)
    didLayOut?()
  }

  /// Tells the delegate a cell it was told about left the screen.
  func endDisplay(_ cell: HeadlessReusableView, at path: IndexPath) {
    guard displayedCells.remove(ObjectIdentifier(cell)) != nil else { return }
    askingDataSource { didEndDisplayingCell?(cell, path) }
  }

  /// The items whose cells UIKit prepares before they are shown: the ``cellPrefetchLines`` lines
  /// beyond the viewport in the direction of the last scroll, while prefetching is on.
  func preparedIndexPaths(visible: [IndexPath], frames: [SectionFrame]? = nil) -> [IndexPath] {
    guard isPrefetchingEnabled, cellPrefetchLines > 0, cellPrefetchDirection != 0,
      viewportLength > 0, lineLayout.rowHeight > 0
    else { return [] }
    let band = CGFloat(cellPrefetchLines) * lineLayout.rowHeight
    let top = scrollOffset
    let bottom = scrollOffset + viewportLength
    let paths =
      cellPrefetchDirection > 0
      ? indexPaths(from: bottom, to: bottom + band, frames: frames)
      : indexPaths(from: top - band, to: top, frames: frames)
    return paths.filter { !visible.contains($0) }
  }

  /// The items whose cells UIKit keeps after they leave the screen, while prefetching is on:
  /// those within ``cellPrefetchLines`` lines of the viewport, on either side.
  func keptIndexPaths(frames: [SectionFrame]) -> [IndexPath] {
    guard isPrefetchingEnabled, cellPrefetchLines > 0, viewportLength > 0,
      lineLayout.rowHeight > 0
    else { return [] }
    let band = CGFloat(cellPrefetchLines) * lineLayout.rowHeight
    return indexPaths(
      from: scrollOffset - band, to: scrollOffset + viewportLength + band, frames: frames)
  }

  func layOutSupplementaries(frames: [SectionFrame]) {
    guard supplementarySource != nil, viewportLength > 0 else { return }
    let visible = supplementaryKeys(
      from: scrollOffset, to: scrollOffset + viewportLength, frames: frames)
    let visibleSet = Set(visible)
    for (key, view) in supplementaries where !visibleSet.contains(key) {
      supplementaries[key] = nil
      recycleSupplementary(view)
    }
    for key in visible where supplementaries[key] == nil {
      if let view = requestSupplementary(key, kindName: elementKindName(key.kind)) {
        supplementaries[key] = view
      }
    }
  }
}

/// Where a layout pass is (UIKit rules §7.7).
enum LayoutPhase {
  /// No pass is under way.
  case idle
  /// The layout object readies itself (a collection view layout's `prepare()`).
  case preparing
  /// The pass works out what is visible, asks for its cells and places them.
  case placing
}
