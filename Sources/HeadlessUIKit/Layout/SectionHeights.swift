import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The heights of one section's items laid out in lines of ``columns`` items, each item's
/// height estimated or measured, and each line as tall as its tallest item (UIKit's flow layout
/// and an estimated compositional group size a line to its tallest item; a list's line is its
/// one row).
///
/// Invariants: the lines are `ceil(count / columns)`, each the tallest height of its
/// items (``items`` itself when there is one column); ``columns`` is at least 1. A line's offset,
/// the line at an offset and a change of one item's height each take O(log n) (O(columns) more
/// to find a line's tallest item).
struct SectionHeights {
  /// Items per line; at least 1.
  let columns: Int
  /// Each item's height and whether it is measured.
  private(set) var items: RowHeights
  /// Each line's height; `nil` with one column, where the lines are the items.
  private var lineHeights: RowHeights?

  /// - Complexity: O(n).
  init(heights: [CGFloat], isMeasured: [Bool], columns: Int) {
    self.columns = max(1, columns)
    items = RowHeights(heights: heights, isMeasured: isMeasured)
    guard self.columns > 1 else { return }
    let lineCount = (heights.count + self.columns - 1) / self.columns
    let tallest = (0..<lineCount).map { line in
      heights[(line * self.columns)..<min(heights.count, (line + 1) * self.columns)].max() ?? 0
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
  func line(ofItem item: Int) -> Int { item / columns }

  /// The items of a line.
  func itemRange(ofLine line: Int) -> Range<Int> {
    min(count, line * columns)..<min(count, (line + 1) * columns)
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

  /// The height of an item's line.
  func lineHeight(ofItem item: Int) -> CGFloat {
    height(ofLine: line(ofItem: item))
  }

  /// The line whose extent contains `offset` (from the section's first line); ``lineCount``
  /// when none does.
  ///
  /// - Complexity: O(log n).
  func line(atOffset offset: CGFloat) -> Int {
    lineHeights?.row(atOffset: offset) ?? items.row(atOffset: offset)
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
