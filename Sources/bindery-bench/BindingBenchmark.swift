import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// `bindery-bench binding`: the main actor's share of showing a new version of a 100,000-row list
/// with 10 changes, Bindery against the reload a diffable data source does on the main queue.
@MainActor
struct BindingBenchmark {
  let options: BenchOptions

  /// A row as an app would declare it.
  struct Row: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
  }

  /// The baseline's data source: the array on the main actor, reloaded whole.
  final class ReloadingDataSource: NSObject, UITableViewDataSource {
    var snapshot = ListSnapshot<Row>()

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      snapshot.numberOfItems(inSection: section)
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = snapshot.item(at: ItemPosition(section: 0, item: indexPath.row))?.title
      return cell
    }
  }

  func makeTable() -> UITableView {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 12 * 44))
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    UIWindow.show(table)
    return table
  }

  /// Ten changes: three deletes, three inserts, two moves and two content updates, spread over
  /// the list, with the viewport near the top so some land on screen.
  static func versions(count: Int, rows: Int) -> [[Row]] {
    var random = SeededGenerator(seed: 0xB17D)
    var current = (0..<rows).map { Row(id: $0, title: "row \($0)") }
    var nextID = rows
    var versions = [current]
    for _ in 0..<count {
      for _ in 0..<3 { current.remove(at: Int.random(in: 0..<current.count, using: &random)) }
      for _ in 0..<3 {
        current.insert(
          Row(id: nextID, title: "row \(nextID)"),
          at: Int.random(in: 0...current.count, using: &random))
        nextID += 1
      }
      for _ in 0..<2 {
        let row = current.remove(at: Int.random(in: 0..<current.count, using: &random))
        current.insert(row, at: Int.random(in: 0...current.count, using: &random))
      }
      for _ in 0..<2 {
        let index = Int.random(in: 0..<20, using: &random)
        current[index].title += "'"
      }
      versions.append(current)
    }
    return versions
  }

  struct Result {
    var rows: Int
    var nullApplyTimes: [Double]
    /// The null view's updates shown back to back, with no wait for the worker in between.
    var nullBackToBackTimes: [Double] = []
    var applyTimes: [Double]
    /// The table's updates shown back to back.
    var backToBackTimes: [Double] = []
    var diffTimes: [Double]
    var reloadTimes: [Double]
    var operations: [Int]
    var batches: Int
    var reloadsAfterFirst: Int
    var violations: Int

    var ratio: Double { median(zip(applyTimes, reloadTimes).map { $0 / $1 }) }
  }

  func run() async {
    // The diff benchmark's default sizes are its own; this one sweeps to a million rows.
    let sizes = options.sizesWereGiven ? options.sizes : [10_000, 100_000, 1_000_000]
    var results: [Result] = []
    for rows in sizes { results.append(await measure(rows: rows)) }
    if options.json {
      printJSON(results.flatMap(records))
      return
    }
    print(
      "bindery-bench binding: 10 changes per update (3 deletes, 3 inserts, 2 moves, 2 updates), "
        + "median of \(max(11, options.runs)) updates per size; main-actor time per update")
    print(
      textTable(
        [
          "rows", "Bindery alone (null view), µs", "null view back to back, µs",
          "Bindery + HeadlessUIKit table, ms", "table back to back, ms",
          "off main (validate + diff), ms", "reload (snapshot + reloadData), ms",
          "headless / reload", "batches", "violations",
        ],
        results.map { result in
          [
            "\(result.rows)", String(format: "%.1f", median(result.nullApplyTimes) * 1e3),
            String(format: "%.1f", median(result.nullBackToBackTimes) * 1e3),
            format(median(result.applyTimes)), format(median(result.backToBackTimes)),
            format(median(result.diffTimes)),
            format(median(result.reloadTimes)), String(format: "%.2f%%", result.ratio * 100),
            "\(result.batches)", "\(result.violations)",
          ]
        }))
  }

  /// The JSON records of one size: the null view's, and the headless table's against a reload.
  func records(_ result: Result) -> [[String: Any]] {
    [
      [
        "view": "null", "rows": result.rows, "changes_per_update": 10,
        "updates": result.nullApplyTimes.count,
        "main_actor_us": median(result.nullApplyTimes) * 1e3,
        "back_to_back_us": median(result.nullBackToBackTimes) * 1e3,
      ],
      [
        "view": "headless", "rows": result.rows, "changes_per_update": 10,
        "updates": result.applyTimes.count,
        "bindery_main_actor_ms": median(result.applyTimes),
        "back_to_back_ms": median(result.backToBackTimes),
        "bindery_off_main_ms": median(result.diffTimes),
        "reload_main_actor_ms": median(result.reloadTimes), "ratio_to_reload": result.ratio,
        "operations_per_update": median(result.operations.map(Double.init)),
        "batches": result.batches, "reloads_after_first": result.reloadsAfterFirst,
        "violations": result.violations,
      ],
    ]
  }

  /// Main-actor milliseconds per update on a view that does nothing.
  func nullViewApplyTimes(versions: [[Row]]) async -> [Double] {
    // A view that does nothing: what is left of an update is Bindery's own main-actor work. It
    // keeps each stage's completion for the benchmark to call afterwards, as UIKit calls
    // `performBatchUpdates`' completion after the animations.
    let view = BlankListView<FlatSection, Row>(completesStages: false, rowsPerScreen: 12)
    let binding = ListBinding<FlatSection, Row>(view: view)
    await binding.apply(items: versions[0])
    // The main actor sits idle while the worker diffs, as in an app, until the list is applied.
    var applied: CheckedContinuation<Void, Never>?
    binding.onShow {
      applied?.resume()
      applied = nil
    }
    var times: [Double] = []
    for version in versions.dropFirst() {
      await withCheckedContinuation { continuation in
        applied = continuation
        binding.submit(items: version)
      }
      view.finishAnimations()  // the animations end
      await binding.waitUntilShown()
      times.append(milliseconds(binding.statistics.lastApplyTime))
    }
    return times
  }

  /// Main-actor milliseconds per update on a view that does nothing, shown back to back.
  func nullViewBackToBackTimes(versions: [[Row]]) async -> [Double] {
    let view = BlankListView<FlatSection, Row>(completesStages: false, rowsPerScreen: 12)
    let binding = ListBinding<FlatSection, Row>(view: view)
    await binding.apply(items: versions[0])
    return binding.showBackToBack(
      versions.dropFirst().map { [ListSection(FlatSection(), items: $0)] },
      pipeline: DiffPipeline(), afterEach: view.finishAnimations
    ).map(milliseconds)
  }

  func measure(rows: Int) async -> Result {
    let count = max(11, options.runs)
    let versions = Self.versions(count: count, rows: rows)
    let clock = ContinuousClock()
    let nullTimes = await nullViewApplyTimes(versions: versions)

    // Bindery: validation and diff off the main actor; the main actor applies.
    let table = makeTable()
    let binding = table.bind(to: .sequence(AsyncStream<[Row]> { _ in })) {
      tableView, indexPath, row in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = row.title
      return cell
    }
    await binding.apply(items: versions[0])
    var result = Result(
      rows: rows, nullApplyTimes: nullTimes, applyTimes: [], diffTimes: [], reloadTimes: [],
      operations: [], batches: 0, reloadsAfterFirst: 0, violations: 0)
    for version in versions.dropFirst() {
      let before = binding.statistics.operations
      await binding.apply(items: version)
      result.applyTimes.append(milliseconds(binding.statistics.lastApplyTime))
      result.diffTimes.append(milliseconds(binding.statistics.lastDiffTime))
      result.operations.append(binding.statistics.operations - before)
    }

    // Baseline: what `applySnapshotUsingReloadData` does on the main queue: build the snapshot
    // (every id hashed to reject duplicates) and reload.
    let baselineTable = makeTable()
    let source = ReloadingDataSource()
    baselineTable.dataSource = source
    for version in versions.dropFirst() {
      result.reloadTimes.append(
        milliseconds(
          clock.measure {
            source.snapshot = (try? ListSnapshot(items: version)) ?? ListSnapshot()
            baselineTable.reloadData()
          }))
    }
    // The same updates again, shown back to back (diffed first, untimed), on a fresh view and
    // binding: what the main actor's share costs when it has not just sat idle.
    result.nullBackToBackTimes = await nullViewBackToBackTimes(versions: versions)
    let warmTable = makeTable()
    let warmBinding = warmTable.bind(to: .sequence(AsyncStream<[Row]> { _ in })) {
      tableView, indexPath, row in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = row.title
      return cell
    }
    await warmBinding.apply(items: versions[0])
    result.backToBackTimes = warmBinding.showBackToBack(
      versions.dropFirst().map { [ListSection(FlatSection(), items: $0)] }, pipeline: DiffPipeline()
    ).map(milliseconds)
    result.batches = binding.statistics.batches
    result.reloadsAfterFirst = binding.statistics.reloads - 1
    result.violations =
      table.violations.count + warmTable.violations.count + baselineTable.violations.count
    return result
  }

  private func format(_ value: Double) -> String { String(format: "%.4f", value) }
}
