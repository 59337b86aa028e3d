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
  /// The part of ``lineHeight`` (or of each item's height, for items of their own) that is room
  /// between lines: UIKit puts none after a section's last line.
  var lineSpacing: CGFloat = 0
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
      var itemsHeight = sized?.total ?? CGFloat(lines) * max(0, layout.lineHeight)
      // The spacing goes between lines: none after the last (UIKit rules §4b).
      if lines > 0, layout.orthogonal == nil {
        let spacing = sized == nil ? layout.lineSpacing : rowSpacing(for: layout)
        itemsHeight -= min(itemsHeight, max(0, spacing))
      }
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
