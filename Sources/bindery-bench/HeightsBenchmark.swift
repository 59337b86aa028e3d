import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// `bindery-bench heights`: rows of their own heights.
///
/// 1. Geometry: the table's offset-to-row (`indexPathsForRows(in:)`) and row-to-offset
///    (`rectForRow(at:)`) lookups over rows of random heights, against the same lookups over
///    rows of one height (arithmetic, O(1)) in the same process, at 10k to 1M rows.
/// 2. Jumps: a user reads a self-sizing feed, another screen covers it while posts arrive, and
///    the user comes back and scrolls to the top. UIKit forgets measured heights on the reload,
///    so rows come back as estimates and the offset jumps as each is measured again: the total
///    of those jumps for rows already measured, with `keepsRowHeights()` and with a fixed
///    estimate.
@MainActor
struct HeightsBenchmark {
  let options: BenchOptions

  func run() async {
    let sizes = options.sizesWereGiven ? options.sizes : [10_000, 100_000, 1_000_000]
    let geometry = sizes.map(measureGeometry)
    let fixed = await measureJumps(keepingHeights: false)
    let kept = await measureJumps(keepingHeights: true)
    if options.json {
      printJSON(
        geometry.map { row in
          [
            "measure": "geometry", "rows": row.rows, "first_layout_ms": row.firstLayout,
            "variable_ns": row.variable, "fixed_ns": row.fixed, "ratio": row.variable / row.fixed,
          ]
        } + [
          [
            "measure": "jumps", "rows": Self.feedRows, "kept_points": kept.total,
            "kept_corrections": kept.count, "fixed_estimate_points": fixed.total,
            "fixed_estimate_corrections": fixed.count, "kept_reading_moved": kept.moved,
            "fixed_reading_moved": fixed.moved,
          ]
        ])
      return
    }
    print(
      "bindery-bench heights: lookups over rows of random heights against rows of one height; "
        + "median of \(options.runs) runs of \(Self.lookups) lookups")
    print(
      textTable(
        [
          "rows", "first layout, ms", "random heights, ns/lookup", "one height, ns/lookup", "ratio",
        ],
        geometry.map {
          [
            "\($0.rows)", String(format: "%.1f", $0.firstLayout),
            String(format: "%.0f", $0.variable),
            String(format: "%.0f", $0.fixed), String(format: "%.2f", $0.variable / $0.fixed),
          ]
        }))
    print(
      "\nJumps: \(Self.feedRows) self-sizing posts (40–300 points, estimated at 120); read to "
        + "post \(Self.readRows), covered while 5 posts arrive, then back to the top")
    print(
      textTable(
        ["estimates", "corrections of measured rows", "total jump, points", "reading post moved"],
        [
          [
            "keepsRowHeights()", "\(kept.count)", String(format: "%.0f", kept.total),
            String(format: "%.0f", kept.moved),
          ],
          [
            "fixed estimate (120)", "\(fixed.count)", String(format: "%.0f", fixed.total),
            String(format: "%.0f", fixed.moved),
          ],
        ]))
  }

  static let lookups = 10_000
  static let feedRows = 2_000
  static let readRows = 600

  // MARK: Geometry

  struct GeometryRow {
    var rows: Int
    var firstLayout: Double
    var variable: Double
    var fixed: Double
  }

  /// A table over `count` rows on screen, its heights from `height` (none: all 44 points).
  final class Rows: UITableViewDataSource, UITableViewDelegate {
    let count: Int
    let heights: [CGFloat]?
    init(count: Int, heights: [CGFloat]?) {
      self.count = count
      self.heights = heights
    }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
      heights?[indexPath.row] ?? 44
    }
  }

  func makeTable(_ rows: Rows, variable: Bool) -> UITableView {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    // Without estimates, as an app that turns them off: every height is read when the table
    // reloads; the other table's rows are one exact height, as an app sets it.
    table.estimatedRowHeight = 0
    if !variable { table.rowHeight = 44 }
    table.dataSource = rows
    if variable { table.delegate = rows }
    return table
  }

  func measureGeometry(rows count: Int) -> GeometryRow {
    var random = SeededGenerator(seed: 0x4E16)
    let heights = (0..<count).map { _ in CGFloat(Int.random(in: 30...300, using: &random)) }
    let variableRows = Rows(count: count, heights: heights)
    let fixedRows = Rows(count: count, heights: nil)
    let variable = makeTable(variableRows, variable: true)
    let fixed = makeTable(fixedRows, variable: false)
    var windows: [UIWindow] = []
    let firstLayout = medianMilliseconds(runs: max(3, options.runs / 3)) {
      variable.reloadData()
      windows.append(UIWindow.show(variable))
      blackHole(variable.contentSize)
      variable.removeFromSuperview()
    }
    windows.append(UIWindow.show(variable))
    windows.append(UIWindow.show(fixed))
    let probes = (0..<Self.lookups).map { _ in
      (Int.random(in: 0..<count, using: &random), Double.random(in: 0..<1, using: &random))
    }
    func lookups(_ table: UITableView) -> () -> Void {
      let height = table.contentSize.height
      return {
        var sum: CGFloat = 0
        for (row, fraction) in probes {
          sum += table.rectForRow(at: IndexPath(row: row, section: 0)).minY
          let top = CGFloat(fraction) * height
          sum += CGFloat(
            table.indexPathsForRows(in: CGRect(x: 0, y: top, width: 390, height: 1))?.first?.row
              ?? 0)
        }
        blackHole(sum)
      }
    }
    let timing = pairedMedians(
      runs: options.runs, baseline: lookups(fixed), candidate: lookups(variable))
    withExtendedLifetime((windows, variableRows, fixedRows)) {}
    let perLookup = { (milliseconds: Double) in milliseconds * 1e6 / Double(2 * Self.lookups) }
    return GeometryRow(
      rows: count, firstLayout: firstLayout, variable: perLookup(timing.candidate),
      fixed: perLookup(timing.baseline))
  }

  // MARK: Jumps

  /// A cell as tall as its post needs.
  final class PostCell: UITableViewCell {
    var fittingHeight: CGFloat = 44
    override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
      CGSize(width: targetSize.width, height: fittingHeight)
    }
  }

  struct Post: Identifiable, Equatable, Sendable {
    var id: Int
    var height: CGFloat
  }

  struct Jumps {
    var count = 0
    var total: CGFloat = 0
    var moved: CGFloat = 0
  }

  func measureJumps(keepingHeights: Bool) async -> Jumps {
    var random = SeededGenerator(seed: 0x7A11)
    let feed = (0..<Self.feedRows).map {
      Post(id: 1_000 + $0, height: CGFloat(Int.random(in: 40...300, using: &random)))
    }
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    table.register(PostCell.self, forCellReuseIdentifier: "post")
    table.rowHeight = UITableView.automaticDimension
    table.estimatedRowHeight = 120
    let window = UIWindow.show(table)
    let binding = table.bind(to: .sequence(AsyncStream<[Post]> { _ in })) { table, path, post in
      let cell = table.dequeueReusableCell(withIdentifier: "post", for: path)
      (cell as? PostCell)?.fittingHeight = post.height
      return cell
    }
    if keepingHeights { _ = binding.keepsRowHeights() }
    _ = await binding.apply(items: feed)
    while let first = table.indexPathsForVisibleRows?.first, first.row < Self.readRows {
      table.scroll(by: 97)
    }
    var jumps = Jumps()
    guard let readPath = table.indexPathsForVisibleRows?.first,
      let reading = binding.item(at: readPath)
    else { return jumps }
    let screenStart = {
      binding.indexPath(for: reading.id).map {
        table.rectForRow(at: $0).minY - table.contentOffset.y
      }
    }
    let before = screenStart() ?? 0
    table.removeFromSuperview()
    let arrivals = (0..<5).map {
      Post(id: $0, height: CGFloat(Int.random(in: 40...300, using: &random)))
    }
    _ = await binding.apply(items: arrivals + feed)
    window.addSubview(table)
    jumps.moved = (screenStart() ?? 0) - before
    let measuredBefore = Set(feed.map(\.id))
    let seen = table.offsetCorrections.count
    while table.contentOffset.y > 0 { table.scroll(by: -97) }
    for correction in table.offsetCorrections.dropFirst(seen) {
      guard let id = binding.item(at: correction.indexPath)?.id, measuredBefore.contains(id) else {
        continue
      }
      jumps.count += 1
      jumps.total += abs(correction.distance)
    }
    binding.cancel()
    return jumps
  }
}
