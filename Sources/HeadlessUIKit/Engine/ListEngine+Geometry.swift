import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A section header or footer: the supplementary views HeadlessUIKit lays out.
enum SupplementaryKind: Hashable, Sendable, CaseIterable {
  case header
  case footer
}

/// A supplementary view's place: its kind and its section; in order, section by section, a
/// header before its footer.
struct SupplementaryKey: Hashable, Sendable, Comparable {
  var kind: SupplementaryKind
  var section: Int

  static func < (lhs: SupplementaryKey, rhs: SupplementaryKey) -> Bool {
    (lhs.section, lhs.kind == .header ? 0 : 1) < (rhs.section, rhs.kind == .header ? 0 : 1)
  }
}

/// Where one section lies in the content: its header, its lines of items, its footer.
struct SectionFrame {
  var top: CGFloat
  /// Where the header starts: a plain table pads above its headers (§4c).
  var headerTop: CGFloat
  var headerHeight: CGFloat
  var itemsTop: CGFloat
  var lines: Int
  var footerHeight: CGFloat
  var bottom: CGFloat
  /// How its items are laid out.
  var layout: SectionLayout
}

/// How one section lays its items out: items per line, each line's length along the scroll
/// (spacing included), and the room around the items, along the scroll and across it.
struct SectionLayout {
  var columns: Int
  var lineHeight: CGFloat
  var insets: (start: CGFloat, end: CGFloat)
  var crossInsets: (start: CGFloat, end: CGFloat)
  /// The room after the section, before the next one (a compositional layout's
  /// `interSectionSpacing`); none after the last.
  var spacingAfter: CGFloat = 0
  /// For a section that scrolls across the main scroll (a compositional layout's
  /// `orthogonalScrollingBehavior`): how its groups follow each other across. Its items then
  /// all sit in one line, ``lineHeight`` long.
  var orthogonal: OrthogonalRow?
  /// For a section whose items size themselves whatever the view's own sizing (a compositional
  /// section of estimated groups): the estimate they start from, and the room after each line.
  var selfSizing: (estimate: CGFloat, lineSpacing: CGFloat)?
  /// Whether an item shorter than its line sits in the line's middle (a flow layout's), or at
  /// its start (a compositional group's).
  var centersItemsInLine = false
}

/// The groups of a section that scrolls across the main scroll, one after another: each
/// `groupLength` long across and `groupSpacing` apart, holding `itemsPerGroup` items — side by
/// side (`itemLength` long, `itemSpacing` apart), or stacked along the main scroll.
struct OrthogonalRow {
  var groupLength: CGFloat
  var groupSpacing: CGFloat
  var itemsPerGroup: Int
  var itemLength: CGFloat
  var itemSpacing: CGFloat
  var stacksItems: Bool

  /// Where item `index` starts across, and how long it is, before the section's own scroll.
  func span(ofItem index: Int) -> (start: CGFloat, length: CGFloat) {
    let perGroup = max(1, itemsPerGroup)
    let group = CGFloat(index / perGroup) * (groupLength + groupSpacing)
    guard !stacksItems else { return (group, groupLength) }
    return (group + CGFloat(index % perGroup) * (itemLength + itemSpacing), itemLength)
  }

  /// How long `count` items are across, from the first one's start to the last one's end.
  func length(ofItems count: Int) -> CGFloat {
    guard count > 0 else { return 0 }
    let last = span(ofItem: count - 1)
    return last.start + last.length
  }
}

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
}

extension ListEngine {
  // MARK: Geometry (§4)

  /// The frames of all sections, top to bottom, from the counts, the line height or the rows'
  /// own heights, and the header and footer heights.
  ///
  /// - Complexity: O(1) when nothing they are worked out from changed since the last read
  ///   (``KeptGeometry``); else O(sections), once the rows' heights are known (O(rows) to
  ///   learn them).
  func sectionFrames() -> [SectionFrame] {
    if let frames = kept.sectionFrames { return frames }
    // The counts, the rows' heights and the header and footer lengths are asked of the data
    // source and delegate below: one that changes the view from inside its answer leaves these
    // frames unkept (so do counts or heights learned here for the first time: the next read
    // keeps them).
    let generation = kept.generation
    let counts = counts()
    let rows = sizedRows()
    var frames: [SectionFrame] = []
    frames.reserveCapacity(counts.count)
    // A table's header view comes first: the sections follow it.
    var y = accessoryLengths.leading
    for (section, count) in counts.enumerated() {
      let layout = self.layout(ofSection: section)
      let header = max(
        0, askingDataSource { view?.supplementaryLength(.header, section: section) ?? 0 })
      let footer = max(
        0, askingDataSource { view?.supplementaryLength(.footer, section: section) ?? 0 })
      let sized = rows.flatMap { $0.indices.contains(section) ? $0[section] : nil }
      let lines =
        sized?.lineCount
        ?? (layout.orthogonal != nil
          ? min(count, 1) : (count + layout.columns - 1) / layout.columns)
      let itemsHeight = sized?.total ?? CGFloat(lines) * max(0, layout.lineHeight)
      let top = y
      let padding =
        header > 0 ? max(0, askingDataSource { view?.headerPadding(section: section) ?? 0 }) : 0
      // A flow layout insets every section, empty ones too.
      let itemsTop = top + padding + header + layout.insets.start
      y = itemsTop + itemsHeight + layout.insets.end + footer
      if section < counts.count - 1 { y += max(0, layout.spacingAfter) }
      frames.append(
        SectionFrame(
          top: top, headerTop: top + padding, headerHeight: header, itemsTop: itemsTop,
          lines: lines,
          footerHeight: footer, bottom: itemsTop + itemsHeight + layout.insets.end + footer,
          layout: layout))
    }
    if generation == kept.generation { kept.sectionFrames = frames }
    return frames
  }

  /// A section's layout: the layout's own for it (a compositional layout's sections differ),
  /// else the view's one line height, columns and insets.
  func layout(ofSection section: Int) -> SectionLayout {
    if var layout = view?.sectionLayout(section) {
      layout.columns = max(1, layout.columns)
      return layout
    }
    return lineLayout.uniform
  }

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
        isMeasured: [Bool](repeating: false, count: count), columns: layout.columns)
    }
    var heights: [CGFloat] = []
    var isMeasured: [Bool] = []
    heights.reserveCapacity(count)
    isMeasured.reserveCapacity(count)
    for item in 0..<count {
      let (height, measured) = initialHeight(
        IndexPath(section: section, index: item), sizing: sizing)
      heights.append(height)
      isMeasured.append(measured)
    }
    return SectionHeights(heights: heights, isMeasured: isMeasured, columns: layout.columns)
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
    rowGeometry.heights = moved.enumerated().map { section, items in
      let layout = layout(ofSection: section)
      guard rowSizing(for: layout) != nil else { return nil }
      return SectionHeights(
        heights: items.map(\.0), isMeasured: items.map(\.1), columns: layout.columns)
    }
  }

  /// Where the sections end: the top of a table's footer view.
  var sectionsEnd: CGFloat { sectionFrames().last?.bottom ?? accessoryLengths.leading }

  /// The total height of the content: the sections, and a table's header and footer views.
  var contentLength: CGFloat { sectionsEnd + accessoryLengths.trailing }

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
    if sizedColumns(ofSection: section) != nil {
      guard count > 0, bottom > frame.itemsTop else { return [] }
      // Read in place (see `frame(of:frames:)`).
      let items =
        rowGeometry.heights?.items(
          inSection: section, from: top - frame.itemsTop, to: bottom - frame.itemsTop,
          tolerance: Self.geometryTolerance, below: count) ?? []
      return items.map { IndexPath(section: section, index: $0) }
    }
    let (columns, lineHeight) = (frame.layout.columns, frame.layout.lineHeight)
    guard lineHeight > 0, frame.lines > 0 else { return [] }
    if let row = frame.layout.orthogonal {
      // One line, scrolled across on its own: the items in the width it shows.
      guard frame.itemsTop < bottom, frame.itemsTop + lineHeight > top else { return [] }
      let offset = viewport.orthogonalOffsets[section] ?? 0
      let insets = frame.layout.crossInsets
      return (0..<count).compactMap { item in
        let span = row.span(ofItem: item)
        let start = insets.start + span.start - offset
        guard start < viewport.breadth, start + span.length > 0 else { return nil }
        return IndexPath(section: section, index: item)
      }
    }
    let first = max(0, Int(((top - frame.itemsTop) / lineHeight).rounded(.down)))
    let last = min(frame.lines - 1, Int(((bottom - frame.itemsTop) / lineHeight).rounded(.up)) - 1)
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

  /// The supplementary views whose frames, where they show now (pinned ones included), meet
  /// the band `top..<bottom`; one of zero height does not exist.
  func supplementaryKeys(
    from top: CGFloat, to bottom: CGFloat, frames: [SectionFrame]? = nil
  ) -> [SupplementaryKey] {
    var keys: [SupplementaryKey] = []
    for (section, frame) in (frames ?? sectionFrames()).enumerated()
    where frame.bottom > top && frame.top < bottom {
      for kind in SupplementaryKind.allCases {
        let key = SupplementaryKey(kind: kind, section: section)
        guard let span = displayedSpan(of: key, in: frame), span.end > top, span.start < bottom
        else { continue }
        keys.append(key)
      }
    }
    return keys
  }

  /// Where a section's header or footer shows along the scroll now: at its place in the
  /// content, or — pinned (a plain table's, §4c) — held at the top (a footer: the bottom) of
  /// the visible area, below the adjusted inset, while its section is on screen, and pushed off
  /// by the section's other end. `nil` for one of zero height.
  func displayedSpan(of key: SupplementaryKey, in frame: SectionFrame)
    -> (start: CGFloat, end: CGFloat)?
  {
    let length = key.kind == .header ? frame.headerHeight : frame.footerHeight
    guard length > 0 else { return nil }
    let natural = key.kind == .header ? frame.headerTop : frame.bottom - length
    guard view?.pinsSupplementary(key.kind, section: key.section) == true else {
      return (natural, natural + length)
    }
    let start: CGFloat
    switch key.kind {
    case .header:
      let visibleTop = viewport.offset + viewport.insets.start
      start = max(natural, min(visibleTop, frame.bottom - length))
    case .footer:
      let visibleBottom = viewport.offset + viewport.length - viewport.insets.end
      start = min(natural, max(visibleBottom - length, frame.top))
    }
    return (start, start + length)
  }

  /// A section's header or footer's frame where it shows now (see ``displayedSpan(of:in:)``),
  /// in the engine's coordinates, across the whole breadth; `nil` for none.
  func displayedFrame(of key: SupplementaryKey, frames: [SectionFrame]? = nil) -> CGRect? {
    let frames = frames ?? sectionFrames()
    guard frames.indices.contains(key.section),
      let span = displayedSpan(of: key, in: frames[key.section])
    else { return nil }
    return CGRect(x: 0, y: span.start, width: viewport.breadth, height: span.end - span.start)
  }

  /// The items visible in the viewport, in order.
  func visibleIndexPaths(frames: [SectionFrame]? = nil) -> [IndexPath] {
    guard viewport.length > 0 else { return [] }
    return indexPaths(from: viewport.offset, to: viewport.offset + viewport.length, frames: frames)
  }
}
