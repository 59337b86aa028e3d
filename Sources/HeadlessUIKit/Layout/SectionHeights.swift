import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The heights of one section's items laid out in lines of ``columns`` items, each item's
/// height estimated or measured, and each line as tall as its tallest item (UIKit's flow layout
/// and an estimated compositional group size a line to its tallest item; a list's line is its
/// one row).
///
/// A flow layout's items of their own widths break into lines by width instead (``flow``).
///
/// Invariants: the lines are `ceil(count / columns)` (or ``flow``'s), each the tallest height
/// of its items (``items`` itself when there is one column); ``columns`` is at least 1. A line's offset,
/// the line at an offset and a change of one item's height each take O(log n) (O(columns) more
/// to find a line's tallest item).
struct SectionHeights {
  /// Items per line; at least 1.
  let columns: Int
  /// Each item's height and whether it is measured.
  private(set) var items: RowHeights
  /// Each line's height; `nil` with one column, where the lines are the items.
  private var lineHeights: RowHeights?
  /// The lines of a flow layout's items of their own widths, and where each sits across; `nil`
  /// when the lines are ``columns`` items each.
  let flow: FlowLines?

  /// - Complexity: O(n).
  init(heights: [CGFloat], isMeasured: [Bool], columns: Int, flow: FlowLines? = nil) {
    let flow = flow.flatMap { $0.spans.count == heights.count ? $0 : nil }
    self.flow = flow
    self.columns = max(1, flow?.widestLine ?? columns)
    items = RowHeights(heights: heights, isMeasured: isMeasured)
    guard self.columns > 1 else { return }
    let lineCount = flow?.lineCount ?? (heights.count + self.columns - 1) / self.columns
    let tallest = (0..<lineCount).map { line in
      heights[Self.itemRange(ofLine: line, count: heights.count, columns: self.columns, flow: flow)]
        .max() ?? 0
    }
    lineHeights = RowHeights(
      heights: tallest, isMeasured: [Bool](repeating: true, count: lineCount))
  }

  /// The number of items.
  var count: Int { items.count }

  /// The number of lines.
  var lineCount: Int { lineHeights?.count ?? items.count }

  /// The section's items' length: every line's.
  var total: CGFloat { lineHeights?.total ?? items.total }

  /// The line an item is on.
  ///
  /// - Complexity: O(1), O(log n) for a flow layout's lines by width.
  func line(ofItem item: Int) -> Int { flow?.line(ofItem: item) ?? item / columns }

  /// The items of a line.
  func itemRange(ofLine line: Int) -> Range<Int> {
    Self.itemRange(ofLine: line, count: count, columns: columns, flow: flow)
  }

  private static func itemRange(ofLine line: Int, count: Int, columns: Int, flow: FlowLines?)
    -> Range<Int>
  {
    if let flow { return flow.itemRange(ofLine: line) }
    return min(count, line * columns)..<min(count, (line + 1) * columns)
  }

  /// How far an item's line starts from the section's first line.
  ///
  /// - Complexity: O(log n).
  func offset(ofItem item: Int) -> CGFloat { offset(ofLine: line(ofItem: item)) }

  /// How far a line starts from the section's first line. The lines are read in place, not
  /// through a copy of their heights, which would retain every array they hold (a frame is
  /// worked out for every cell at every layout).
  ///
  /// - Complexity: O(log n).
  func offset(ofLine line: Int) -> CGFloat {
    lineHeights?.offset(ofRow: line) ?? items.offset(ofRow: line)
  }

  /// A line's height, read in place; 0 for a line the section does not have.
  func height(ofLine line: Int) -> CGFloat {
    lineHeights?.height(ofRow: line) ?? items.height(ofRow: line)
  }

  /// The line whose extent contains `offset` (from the section's first line); ``lineCount``
  /// when none does.
  ///
  /// - Complexity: O(log n).
  func line(atOffset offset: CGFloat) -> Int {
    lineHeights?.row(atOffset: offset) ?? items.row(atOffset: offset)
  }

  /// Where an item lies in the section, read in place; `nil` for an item it does not have.
  ///
  /// - Complexity: O(log n).
  func placement(ofItem item: Int) -> ItemPlacement? {
    guard items.heights.indices.contains(item) else { return nil }
    let line = line(ofItem: item)
    return ItemPlacement(
      lineOffset: offset(ofLine: line), lineHeight: height(ofLine: line),
      height: items.heights[item], column: item - itemRange(ofLine: line).lowerBound,
      span: flow?.spans[item])
  }

  /// The items, below `count`, whose lines meet the band from `top` to `bottom` (from the
  /// section's first line), in order. A line that starts at `bottom` or ends at `top` is not in
  /// the band (one of no height at `top` included), nor one that meets it by no more than
  /// `tolerance` (fractional heights, summed two ways).
  ///
  /// - Complexity: O(log n + the items in the band).
  func items(from top: CGFloat, to bottom: CGFloat, tolerance: CGFloat, below count: Int)
    -> [Int]
  {
    let first = line(atOffset: top)
    let last = min(lineCount - 1, line(atOffset: bottom))
    guard first <= last else { return [] }
    var found: [Int] = []
    for line in first...last {
      let start = offset(ofLine: line)
      guard start < bottom - tolerance, start + height(ofLine: line) > top + tolerance else {
        continue
      }
      for item in itemRange(ofLine: line) where item < count { found.append(item) }
    }
    return found
  }

  /// Whether an item has a height and, if so, whether it was measured.
  func isMeasured(_ item: Int) -> Bool? {
    items.isMeasured.indices.contains(item) ? items.isMeasured[item] : nil
  }

  /// Makes an item's height an estimate again: its cell is measured anew when next laid out.
  mutating func forgetMeasurement(ofItem item: Int) {
    items.forgetMeasurement(ofRow: item)
  }

  /// Gives an item its measured height; returns by how much its line's height changed, which
  /// is how far everything after the line moves.
  ///
  /// - Complexity: O(log n + columns).
  @discardableResult
  mutating func setMeasuredHeight(_ height: CGFloat, ofItem item: Int) -> CGFloat {
    let delta = items.setMeasuredHeight(height, ofRow: item)
    guard var lineHeights, delta != 0 else { return delta }
    let line = line(ofItem: item)
    let tallest = items.heights[itemRange(ofLine: line)].max() ?? 0
    let lineDelta = lineHeights.setMeasuredHeight(tallest, ofRow: line)
    self.lineHeights = lineHeights
    return lineDelta
  }
}

// Each section's heights, read where they lie, through the array's buffer: a copy of a
// section's heights (what the array's subscript gives, or a closure is handed) retains each of
// their arrays, and an item's frame is read for every cell at every layout and every read of
// the visible rows. Each is `nil` for a section laid out in lines of one height, or one there
// are no heights for.
extension [SectionHeights?] {
  /// A section's items per line.
  func columns(ofSection section: Int) -> Int? {
    withUnsafeBufferPointer { sections in
      sections.indices.contains(section) ? sections[section]?.columns : nil
    }
  }

  /// Where an item lies in its section (``SectionHeights/placement(ofItem:)``).
  func placement(ofItem item: Int, inSection section: Int) -> ItemPlacement? {
    withUnsafeBufferPointer { sections in
      sections.indices.contains(section) ? sections[section]?.placement(ofItem: item) : nil
    }
  }

  /// The items of a section in a band (``SectionHeights/items(from:to:tolerance:below:)``).
  func items(
    inSection section: Int, from top: CGFloat, to bottom: CGFloat, tolerance: CGFloat,
    below count: Int
  ) -> [Int]? {
    withUnsafeBufferPointer { sections in
      guard sections.indices.contains(section) else { return nil }
      return sections[section]?.items(from: top, to: bottom, tolerance: tolerance, below: count)
    }
  }
}

/// Where an item lies in its section's lines (``SectionHeights/placement(ofItem:)``).
struct ItemPlacement {
  /// How far the item's line starts from the section's first line.
  var lineOffset: CGFloat
  /// The line's height (its tallest item's), spacing included.
  var lineHeight: CGFloat
  /// The item's own height, spacing included.
  var height: CGFloat
  /// The item's column within its line.
  var column: Int
  /// Where a flow layout's item of its own width sits across its line, from the start of the
  /// room the section insets leave, and its width; `nil` when the line is ``column``s of one
  /// width.
  var span: FlowLines.Span?
}
