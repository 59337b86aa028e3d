import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The heights of one section's rows along the scroll, each either measured or still an
/// estimate, with the offsets between them kept in a Fenwick tree: a row's offset, the row at an
/// offset and a change of one height each take O(log n), so geometry stays fast at a million
/// rows.
struct RowHeights {
  /// Each row's height, and whether it is measured (an estimate is replaced when its cell is
  /// shown).
  private(set) var heights: [CGFloat]
  private(set) var isMeasured: [Bool]
  /// `tree[i]` sums the heights of the `i & -i` rows ending at row `i - 1` (1-based).
  private var tree: [Double]
  /// The sum of every height.
  private(set) var total: CGFloat

  /// - Complexity: O(n).
  init(heights: [CGFloat], isMeasured: [Bool]) {
    self.heights = heights
    self.isMeasured = isMeasured
    var tree = [Double](repeating: 0, count: heights.count + 1)
    var total: Double = 0
    for (index, height) in heights.enumerated() {
      let node = index + 1
      tree[node] += Double(height)
      total += Double(height)
      let parent = node + (node & -node)
      if parent < tree.count { tree[parent] += tree[node] }
    }
    self.tree = tree
    self.total = CGFloat(total)
  }

  var count: Int { heights.count }

  /// A row's height; 0 for a row it does not have.
  func height(ofRow row: Int) -> CGFloat {
    heights.indices.contains(row) ? heights[row] : 0
  }

  /// The sum of the heights of the rows before `row`: its offset from the section's first row.
  ///
  /// - Complexity: O(log n).
  func offset(ofRow row: Int) -> CGFloat {
    var node = min(max(0, row), heights.count)
    var sum: Double = 0
    while node > 0 {
      sum += tree[node]
      node -= node & -node
    }
    return CGFloat(sum)
  }

  /// The row whose extent contains `offset` (from the section's first row): the first row that
  /// ends after it, `count` when none does. Rows of zero height are never the answer.
  ///
  /// - Complexity: O(log n).
  func row(atOffset offset: CGFloat) -> Int {
    guard offset >= 0 else { return 0 }
    var remaining = Double(offset)
    var node = 0
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      let next = node + step
      if next < tree.count && tree[next] <= remaining {
        node = next
        remaining -= tree[next]
      }
      step /= 2
    }
    return node  // rows 0..<node end at or before `offset`
  }

  /// Makes a row's height an estimate again: its cell is measured anew when next laid out (a
  /// reconfigured self-sizing row).
  mutating func forgetMeasurement(ofRow row: Int) {
    if isMeasured.indices.contains(row) { isMeasured[row] = false }
  }

  /// Gives a row its measured height; returns by how much the height changed.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  mutating func setMeasuredHeight(_ height: CGFloat, ofRow row: Int) -> CGFloat {
    guard heights.indices.contains(row) else { return 0 }
    isMeasured[row] = true
    let delta = height - heights[row]
    guard delta != 0 else { return 0 }
    heights[row] = height
    total += delta
    var node = row + 1
    while node < tree.count {
      tree[node] += Double(delta)
      node += node & -node
    }
    return delta
  }
}
