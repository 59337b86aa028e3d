import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// How a flow layout breaks a section of items of their own widths into lines, and where each
/// item sits across its line (UIKit rules §4b). An item's "width" is its length across the
/// scroll: its height in a horizontal layout.
///
/// UIKit's flow layout adds items to a line while the next one fits with the minimum spacing
/// before it; an item wider than the room has a line of its own. A line is then spread across
/// the room: its first item at the start, its last at the end, the room left over shared
/// between the gaps. A line of one item sits in the middle. The section's last line keeps the
/// minimum spacing from its start (a "left-aligned" last line) — unless every item of the
/// section has one width, when it keeps the columns of the lines above, as a grid does.
///
/// Invariants: ``lineStarts`` starts with 0 for a section with items and rises strictly;
/// ``spans`` has one entry per item.
struct FlowLines: Equatable {
  /// The first item of each line.
  private(set) var lineStarts: [Int] = []
  /// Where each item starts across the room, from the room's start, and how wide it is.
  private(set) var spans: [Span] = []

  /// An item's place across its line.
  struct Span: Equatable {
    var start: CGFloat
    var width: CGFloat
  }

  /// Breaks items of `widths` into lines across `room`, `spacing` apart at least.
  ///
  /// - Complexity: O(n).
  init(widths: [CGFloat], room: CGFloat, spacing: CGFloat) {
    let widths = widths.map { $0.isFinite ? max(0, $0) : 0 }
    let spacing = max(0, spacing.isFinite ? spacing : 0)
    let room = max(0, room.isFinite ? room : 0)
    var used: CGFloat = 0
    for (item, width) in widths.enumerated() {
      if item == 0 || used + spacing + width > room {
        lineStarts.append(item)
        used = width
      } else {
        used += spacing + width
      }
    }
    // Items of one width: the last line keeps the columns of a full line (a grid).
    let uniform = widths.dropFirst().allSatisfy { $0 == widths.first }
    let gridLine = uniform && lineStarts.count > 1 ? lineStarts[1] : nil
    spans.reserveCapacity(widths.count)
    let lineEnds = lineStarts.dropFirst() + [widths.count]
    for (line, (start, end)) in zip(lineStarts, lineEnds).enumerated() {
      let items = start..<end
      let lineWidths = widths[items]
      let isLast = line == lineStarts.count - 1
      let gap: CGFloat
      var position: CGFloat = 0
      if isLast, let perLine = gridLine, perLine > 1, let width = widths.first {
        gap = (room - CGFloat(perLine) * width) / CGFloat(perLine - 1)
      } else if isLast, gridLine == nil {
        gap = spacing
      } else if items.count == 1 {
        gap = 0
        position = max(0, (room - (lineWidths.first ?? 0)) / 2)
      } else {
        gap = (room - lineWidths.reduce(0, +)) / CGFloat(items.count - 1)
      }
      for width in lineWidths {
        spans.append(Span(start: position, width: width))
        position += width + gap
      }
    }
  }

  /// The number of lines.
  var lineCount: Int { lineStarts.count }

  /// The most items any line holds.
  var widestLine: Int {
    lineStarts.indices.map { itemRange(ofLine: $0).count }.max() ?? 1
  }

  /// The line an item is on.
  ///
  /// - Complexity: O(log n).
  func line(ofItem item: Int) -> Int {
    var (low, high) = (0, lineStarts.count)
    while high - low > 1 {
      let middle = (low + high) / 2
      if lineStarts[middle] <= item { low = middle } else { high = middle }
    }
    return low
  }

  /// The items of a line; empty for a line the section does not have.
  func itemRange(ofLine line: Int) -> Range<Int> {
    guard lineStarts.indices.contains(line) else { return spans.count..<spans.count }
    return lineStarts[line]..<(line + 1 < lineStarts.count ? lineStarts[line + 1] : spans.count)
  }
}
