import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// How items get heights of their own — the delegate's, their cells', an estimate — and a flow
// layout's items widths of their own; learned, measured and carried through batches (UIKit rules
// §4b). The sections' geometry built from them is in ListEngine+Geometry.swift.

/// A content-offset correction: a row above the screen was measured, and the offset moved by
/// the difference from its estimate so that what is on screen stayed put (HeadlessUIKit only).
public struct OffsetCorrection: Sendable, Hashable {
  /// The row measured, when it was.
  public var indexPath: IndexPath
  /// How far the offset moved: the measured height less the estimate.
  public var distance: CGFloat
}

/// How the rows of a single-column list get heights of their own (UIKit rules §4b): from the
/// delegate, from their cells (self-sizing), or from an estimate until their cells are shown.
struct RowSizing {
  /// A row's height known without its cell (the delegate's, or the view's row height); `nil`
  /// when its cell decides (self-sizing).
  var height: (IndexPath) -> CGFloat?
  /// A row's estimate until its cell is shown; `nil`, or 0 for a row, when heights are read up
  /// front, as UIKit does without estimates.
  var estimate: ((IndexPath) -> CGFloat)?
  /// The length each row takes besides its own height (a flow layout's line spacing).
  var spacing: CGFloat = 0
  /// Every row's estimate, when they share one and no row's height is known without its cell
  /// (a table with no delegate): the rows are laid out without asking for each.
  var uniformEstimate: CGFloat?
  /// An item's lengths along the scroll and across it from one ask, when items have widths of
  /// their own (a flow layout's delegate sizes them, once an item, as UIKit asks): the lines
  /// then break by width (``FlowLines``), `interitemSpacing` apart at least.
  var lengths: ((IndexPath) -> (along: CGFloat, across: CGFloat))?
  var interitemSpacing: CGFloat = 0
}

extension ListEngine {
  /// Every section's item heights, learned the first time they are needed, for the sections
  /// whose items have heights of their own (`nil` for a section laid out in lines of its
  /// layout's one line height); `nil` when no section's items do.
  ///
  /// - Complexity: O(items) the first time (UIKit asks for every estimate, or every height
  ///   without estimates, when it reloads), O(1) after.
  func sizedRows() -> [SectionHeights?]? {
    guard rowGeometry.sizing != nil || lineLayout.sectionsMaySizeThemselves else { return nil }
    if let heights = rowGeometry.heights { return heights }
    let counts = counts()
    let sections = counts.indices.map { layout(ofSection: $0) }
    // The delegate is asked while the view lays out: an update from inside is re-entrant.
    let rows = askingDataSource {
      counts.enumerated().map { section, count in
        sectionHeights(section, count: count, layout: sections[section])
      }
    }
    rowGeometry.heights = rows
    return rows
  }

  /// The items per line of a section whose items have heights of their own (learning every
  /// section's heights first if need be); `nil` for a section laid out in lines of one height.
  func sizedColumns(ofSection section: Int) -> Int? {
    guard sizedRows() != nil else { return nil }
    return rowGeometry.heights?.columns(ofSection: section)
  }

  /// The length each item of a section with `layout` takes besides its own height (a flow
  /// layout's line spacing): ``rowSizing(for:)``'s, without copying its closures.
  func rowSpacing(for layout: SectionLayout) -> CGFloat {
    guard layout.orthogonal == nil else { return 0 }
    if let (_, spacing) = layout.selfSizing { return spacing }
    return rowGeometry.sizing?.spacing ?? 0
  }

  /// How the items of a section with `layout` get heights of their own: the section's own
  /// self-sizing, else the view's rule; `nil` for a section laid out in lines of one height
  /// (a carousel's always is).
  func rowSizing(for layout: SectionLayout) -> RowSizing? {
    guard layout.orthogonal == nil else { return nil }
    if let (estimate, spacing) = layout.selfSizing {
      return RowSizing(
        height: { _ in nil }, estimate: { _ in estimate }, spacing: spacing,
        uniformEstimate: estimate)
    }
    return rowGeometry.sizing
  }

  /// A section's item heights before their cells are shown, or `nil` for a section whose items
  /// do not size themselves.
  private func sectionHeights(_ section: Int, count: Int, layout: SectionLayout)
    -> SectionHeights?
  {
    guard let sizing = rowSizing(for: layout) else { return nil }
    if let estimate = sizing.uniformEstimate, estimate > 0, estimate.isFinite {
      return SectionHeights(
        heights: [CGFloat](repeating: estimate + sizing.spacing, count: count),
        isMeasured: [Bool](repeating: false, count: count), columns: layout.columns,
        flow: flowLines(section, count: count, layout: layout, sizing: sizing))
    }
    var heights: [CGFloat] = []
    var isMeasured: [Bool] = []
    heights.reserveCapacity(count)
    isMeasured.reserveCapacity(count)
    if let lengths = sizing.lengths, let room = flowRoom(layout) {
      // Items of their own widths: one ask of each gives its height and its width.
      var widths: [CGFloat] = []
      widths.reserveCapacity(count)
      for item in 0..<count {
        let path = IndexPath(section: section, index: item)
        let size = lengths(path)
        heights.append(checkedHeight(size.along, at: path) + sizing.spacing)
        isMeasured.append(true)
        widths.append(size.across)
      }
      return SectionHeights(
        heights: heights, isMeasured: isMeasured, columns: layout.columns,
        flow: FlowLines(widths: widths, room: room, spacing: sizing.interitemSpacing))
    }
    for item in 0..<count {
      let (height, measured) = initialHeight(
        IndexPath(section: section, index: item), sizing: sizing)
      heights.append(height)
      isMeasured.append(measured)
    }
    return SectionHeights(
      heights: heights, isMeasured: isMeasured, columns: layout.columns,
      flow: flowLines(section, count: count, layout: layout, sizing: sizing))
  }

  /// The lines of a section whose items have widths of their own (a flow layout's delegate
  /// gives them), broken across the room its insets leave; `nil` for lines of one width.
  ///
  /// - Complexity: O(items): the delegate is asked for each item's size.
  private func flowLines(
    _ section: Int, count: Int, layout: SectionLayout, sizing: RowSizing
  ) -> FlowLines? {
    guard let lengths = sizing.lengths, let room = flowRoom(layout) else { return nil }
    let widths = (0..<count).map { lengths(IndexPath(section: section, index: $0)).across }
    return FlowLines(widths: widths, room: room, spacing: sizing.interitemSpacing)
  }

  /// The room a section's lines break across by width, the section's insets taken off; `nil`
  /// for a section whose lines do not (a carousel, estimated groups).
  private func flowRoom(_ layout: SectionLayout) -> CGFloat? {
    guard layout.orthogonal == nil, layout.selfSizing == nil else { return nil }
    return viewport.breadth - layout.crossInsets.start - layout.crossInsets.end
  }

  /// A row's height before its cell is shown: its estimate when it has one, else the height it
  /// has without a cell, measured (a self-sizing row without an estimate gets UIKit's default).
  private func initialHeight(_ path: IndexPath, sizing: RowSizing) -> (CGFloat, Bool) {
    if let estimate = sizing.estimate?(path), estimate > 0, estimate.isFinite {
      return (estimate + sizing.spacing, false)
    }
    return ((self.sizing(sizing, heightOf: path) ?? Self.defaultRowHeight) + sizing.spacing, true)
  }

  /// How far apart two lengths may be and still count as the same: sums of fractional heights
  /// differ by rounding.
  static let geometryTolerance: CGFloat = 1e-6

  /// A standard cell's height, 44 points: what UIKit gives a self-sizing row it cannot
  /// measure, a plain cell's fitting height, a list row's estimate and a layout's default line.
  /// HeadlessUIKit's one spelling of it.
  nonisolated static let defaultRowHeight: CGFloat = 44

  /// A height from the delegate; UIKit raises for a negative one (reported once per row here,
  /// and read as 0).
  func checkedHeight(_ height: CGFloat, at path: IndexPath) -> CGFloat {
    if height.isNaN { return 0 }  // UIKit checks `< 0`, which NaN passes
    guard height >= 0 else {
      if rowGeometry.noteNegativeHeight(at: path) {
        report(UIKitMessages.negativeRowHeight(height, at: path))
      }
      return 0
    }
    return height
  }

  /// Measures the items among `paths` that only have an estimate, now that their cells exist:
  /// the delegate's height, or the size the cell needs at its column's width. A line above the
  /// viewport's top that changes moves the content offset by as much, so that what is on screen
  /// stays put, as UIKit does. Returns whether any line changed height.
  func measureRows(_ paths: [IndexPath], frames: [SectionFrame]) -> Bool {
    guard var rows = sizedRows() else { return false }
    var changed = false
    var measuredAny = false
    for path in paths {
      let (section, item) = (path.sectionIndex, path.itemIndex)
      guard rows.indices.contains(section), frames.indices.contains(section),
        var heights = rows[section], heights.isMeasured(item) == false,
        let rowSizing = rowSizing(for: frames[section].layout), let cell = cells[path]
      else { continue }
      let insets = frames[section].layout.crossInsets
      let breadth =
        max(0, viewport.breadth - insets.start - insets.end) / CGFloat(heights.columns)
      let known = askingDataSource { sizing(rowSizing, heightOf: path) }
      var height =
        known
        ?? askingDataSource {
          cell.systemLayoutSizeFitting(CGSize(width: breadth, height: 0)).height
        }
      if known == nil, !(height > 0) {
        // A cell that needs no height: UIKit takes it for a mistake and uses a standard one.
        height = Self.defaultRowHeight
        report(UIKitMessages.zeroHeightSelfSizingCell(kind: kind), once: .zeroSizeCell)
      }
      let top = frames[section].itemsTop + heights.offset(ofItem: item)
      let delta = heights.setMeasuredHeight(
        max(0, height.isFinite ? height : 0) + rowSizing.spacing, ofItem: item)
      rows[section] = heights
      measuredAny = true
      guard delta != 0 else { continue }
      changed = true
      if top < viewport.offset {
        viewport.offset += delta
        viewport.shiftDeceleration(by: delta)
        rowGeometry.recordCorrection(OffsetCorrection(indexPath: path, distance: delta))
      }
      // The frames below this line moved: the next item is measured in another pass, against
      // frames worked out again.
      break
    }
    // Written back only when a row was measured: a write tells the kept geometry it changed.
    if measuredAny { rowGeometry.heights = rows }
    // No clamp here: a layout measures its rows one pass at a time, and the content's length
    // between two passes is not one UIKit ever has — it sets the content size once, when the
    // pass has measured every row, and the offset is brought within it then
    // (`adjustOffsetIfContentChanged`).
    return changed
  }

  /// A row's height known without its cell, checked; `nil` when its cell decides.
  private func sizing(_ sizing: RowSizing, heightOf path: IndexPath) -> CGFloat? {
    sizing.height(path).map { checkedHeight($0, at: path) }
  }

  /// Takes each item's height to its place after a batch: moved and untouched items keep
  /// theirs, inserted and reloaded items start from their estimates (UIKit measures them
  /// again), and each section's lines are made anew from its items.
  func carryRowHeights(through plan: BatchUpdatePlan) {
    guard let rows = rowGeometry.heights else { return }
    guard rows.contains(where: { $0 != nil }) else {
      // No section has heights of its own: nothing to carry, and the new sections are
      // looked at when next laid out.
      rowGeometry.heights = nil
      return
    }
    // Sections without heights of their own carry placeholders, so that items moving out of
    // them land where the plan says.
    let model = rows.enumerated().map { section, heights in
      heights.map { heights in
        heights.items.heights.indices.map {
          (heights.items.heights[$0], heights.items.isMeasured[$0])
        }
      }
        ?? [(CGFloat, Bool)](
          repeating: (0, true),
          count: plan.oldCounts.indices.contains(section) ? plan.oldCounts[section] : 0)
    }
    let moved = askingDataSource {
      plan.apply(to: model) { path in
        guard let sizing = rowSizing(for: layout(ofSection: path.sectionIndex)) else {
          return (0, true)
        }
        return initialHeight(path, sizing: sizing)
      }
    }
    rowGeometry.heights = askingDataSource {
      moved.enumerated().map { section, items in
        let layout = layout(ofSection: section)
        guard let sizing = rowSizing(for: layout) else { return nil }
        // Widths are asked anew: an item's may change with the list, as UIKit asks again.
        return SectionHeights(
          heights: items.map(\.0), isMeasured: items.map(\.1), columns: layout.columns,
          flow: flowLines(section, count: items.count, layout: layout, sizing: sizing))
      }
    }
  }
}
