import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Observation

/// A row as an `@Observable` reference: identity by `id`, content followed by observation.
@MainActor @Observable
final class ObservedRow: Identifiable, Equatable {
  let id: Int
  var title: String
  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
  nonisolated static func == (lhs: ObservedRow, rhs: ObservedRow) -> Bool { lhs === rhs }
}

@MainActor @Observable
final class ObservedRows {
  var rows: [ObservedRow] = []
}

/// The hand-written way: rows as values in an array the data source reads, and a
/// `reconfigureRows(at:)` of the one row whose field changed, written where the change is made.
final class HandWrittenRows: NSObject, UITableViewDataSource {
  var rows: [BindingBenchmark.Row]

  init(rows: [BindingBenchmark.Row]) { self.rows = rows }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    rows.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    cell.textLabel?.text = rows[indexPath.row].title
    return cell
  }
}

/// The same rows as values, published the Combine way.
@MainActor
final class PublishedRows {
  @Published var rows: [BindingBenchmark.Row] = []
}

/// `bindery-bench observation`: what a change made in `@Observable` state costs on the main
/// actor before it is on screen, against the same change sent through `@Published`, on a
/// 10,000-row table in one process.
///
/// - *one field of one item*: a visible row's title changes; its cell is configured again from
///   the cell's own observation tracking, no list read or diffed;
/// - *ten changes to the list*: 3 deletes, 3 inserts, 2 moves and 2 rows replaced, in one turn;
///   with Observation the list is read once and shown in the next main-actor job;
/// - *through @Published*: the same changes to a value list, diffed off the main actor.
///
/// Each is timed from the mutation until the table shows it, as main-actor jobs run; "next
/// job" says whether it was on screen once the main actor had run the job the change scheduled
/// (before anything queued after it: on a device, before the frame is drawn).
@MainActor
struct ObservationBenchmark {
  let options: BenchOptions
  let rowCount = 10_000

  struct Measure {
    var name: String
    var microseconds: Double
    var nextJob: Bool
    var updates: Int
    var reconfigures: Int
  }

  func makeTable() -> UITableView {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 12 * 44))
    table.rowHeight = 44
    table.estimatedRowHeight = 0
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    UIWindow.show(table)
    return table
  }

  /// Times `change` until `isShown`, yielding to the main actor's queue in between.
  func time(
    _ change: () -> Void, until isShown: () -> Bool
  ) async -> (microseconds: Double, nextJob: Bool) {
    let clock = ContinuousClock()
    let started = clock.now
    change()
    await Task.yield()
    let nextJob = isShown()
    var spins = 0
    while !isShown(), spins < 1_000_000 {
      await Task.yield()
      spins += 1
    }
    let elapsed = (clock.now - started).components
    return (Double(elapsed.seconds) * 1e6 + Double(elapsed.attoseconds) / 1e12, nextJob)
  }

  func run() async {
    let runs = max(11, options.runs)
    var results: [Measure] = []

    // Observation: one field of one visible item.
    let model = ObservedRows()
    model.rows = (0..<rowCount).map { ObservedRow(id: $0, title: "row \($0)") }
    let table = makeTable()
    let binding = table.bind(to: .observing { model.rows }) { tableView, indexPath, row in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = row.title
      return cell
    }
    _ = await binding.waitUntilShown()
    // The baseline, in the same run: the same table with a hand-written data source, whose
    // change reconfigures the one row itself.
    let handWritten = HandWrittenRows(
      rows: (0..<rowCount).map { BindingBenchmark.Row(id: $0, title: "row \($0)") })
    let handWrittenTable = makeTable()
    handWrittenTable.dataSource = handWritten
    handWrittenTable.layoutIfNeeded()
    var samples: [Double] = []
    var baselineSamples: [Double] = []
    var ratios: [Double] = []
    var allNext = true
    let updatesBefore = binding.statistics.updates
    let reconfiguresBefore = binding.statistics.contentReconfigures
    let third = IndexPath(row: 3, section: 0)
    for run in 0..<runs {
      let title = "renamed \(run)"
      // Alternately first, so that neither always runs on a warmer cache.
      var observed = (microseconds: 0.0, nextJob: true)
      var handMade = (microseconds: 0.0, nextJob: true)
      for turn in run.isMultiple(of: 2) ? [0, 1] : [1, 0] {
        if turn == 0 {
          observed = await time(
            { model.rows[3].title = title },
            until: { table.cellForRow(at: third)?.textLabel?.text == title })
          _ = await binding.waitUntilShown()
        } else {
          handMade = await time(
            {
              handWritten.rows[3].title = title
              handWrittenTable.reconfigureRows(at: [third])
            },
            until: { handWrittenTable.cellForRow(at: third)?.textLabel?.text == title })
        }
      }
      samples.append(observed.microseconds)
      baselineSamples.append(handMade.microseconds)
      ratios.append(observed.microseconds / handMade.microseconds)
      allNext = allNext && observed.nextJob
    }
    results.append(
      Measure(
        name: "Observation: one field of one item", microseconds: median(samples),
        nextJob: allNext, updates: binding.statistics.updates - updatesBefore,
        reconfigures: binding.statistics.contentReconfigures - reconfiguresBefore))
    results.append(
      Measure(
        name: "hand-written reconfigureRows of that row", microseconds: median(baselineSamples),
        nextJob: true, updates: 0, reconfigures: runs))
    let oneFieldRatio = median(ratios)

    // Observation: ten changes to the list in one turn.
    var random = SeededGenerator(seed: 0x0B5E)
    var nextID = rowCount
    samples = []
    allNext = true
    let listUpdatesBefore = binding.statistics.updates
    for _ in 0..<runs {
      let expected = await time(
        { tenChanges(&model.rows, &random, &nextID) { ObservedRow(id: $0, title: "row \($0)") } },
        until: { binding.snapshot.items(inSection: 0).map(\.id) == model.rows.map(\.id) })
      samples.append(expected.microseconds)
      allNext = allNext && expected.nextJob
      _ = await binding.waitUntilShown()
    }
    results.append(
      Measure(
        name: "Observation: ten changes to the list, one turn", microseconds: median(samples),
        nextJob: allNext, updates: binding.statistics.updates - listUpdatesBefore,
        reconfigures: 0))
    binding.cancel()

    // @Published: the same ten changes to a value list.
    let published = PublishedRows()
    published.rows = (0..<rowCount).map { BindingBenchmark.Row(id: $0, title: "row \($0)") }
    let publishedTable = makeTable()
    let publishedBinding = publishedTable.bind(to: .publisher(published.$rows)) {
      tableView, indexPath, row in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = row.title
      return cell
    }
    _ = await publishedBinding.waitUntilShown()
    samples = []
    allNext = true
    nextID = rowCount
    random = SeededGenerator(seed: 0x0B5E)
    let publishedBefore = publishedBinding.statistics.updates
    for _ in 0..<runs {
      let expected = await time(
        {
          tenChanges(&published.rows, &random, &nextID) {
            BindingBenchmark.Row(id: $0, title: "row \($0)")
          }
        },
        until: {
          publishedBinding.snapshot.items(inSection: 0).map(\.id) == published.rows.map(\.id)
        })
      samples.append(expected.microseconds)
      allNext = allNext && expected.nextJob
      _ = await publishedBinding.waitUntilShown()
    }
    results.append(
      Measure(
        name: "@Published: ten changes to the list", microseconds: median(samples),
        nextJob: allNext, updates: publishedBinding.statistics.updates - publishedBefore,
        reconfigures: 0))
    publishedBinding.cancel()

    // K mutations in one turn give one update.
    let counted = ObservedRows()
    counted.rows = (0..<100).map { ObservedRow(id: $0, title: "row \($0)") }
    let countedTable = makeTable()
    let countedBinding = countedTable.bind(to: .observing { counted.rows }) {
      tableView, indexPath, _ in
      tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    }
    _ = await countedBinding.waitUntilShown()
    let before = countedBinding.statistics.updates
    for id in 0..<100 { counted.rows.append(ObservedRow(id: 1_000 + id, title: "new")) }
    await Task.yield()
    _ = await countedBinding.waitUntilShown()
    let mutationUpdates = countedBinding.statistics.updates - before
    countedBinding.cancel()

    if options.json {
      printJSON(
        results.map {
          [
            "measure": $0.name, "rows": rowCount, "median_us": $0.microseconds,
            "on_screen_after_next_job": $0.nextJob, "list_updates": $0.updates,
            "cell_reconfigures": $0.reconfigures,
          ]
        } + [
          ["measure": "updates for 100 mutations in one turn", "updates": mutationUpdates],
          ["measure": "one field, observed over hand-written", "ratio": oneFieldRatio],
        ])
      return
    }
    print(
      "bindery-bench observation: \(rowCount) rows on a table; median of \(runs) changes; "
        + "time from the mutation until the table shows it")
    print(
      textTable(
        ["change", "µs to on screen", "after the next job", "list updates", "cells reconfigured"],
        results.map {
          [
            $0.name, String(format: "%.1f", $0.microseconds), $0.nextJob ? "yes" : "no",
            "\($0.updates)", "\($0.reconfigures)",
          ]
        }))
    print(
      "one field of one item, Observation over the hand-written reconfigure (median of the "
        + "runs' ratios): \(String(format: "%.2f", oneFieldRatio))")
    print("100 mutations in one turn of the main actor: \(mutationUpdates) update(s)")
  }

  /// Three deletes, three inserts, two moves and two rows replaced, spread over the list.
  func tenChanges<Row>(
    _ rows: inout [Row], _ random: inout SeededGenerator, _ nextID: inout Int,
    make: (Int) -> Row
  ) {
    for _ in 0..<3 { rows.remove(at: Int.random(in: 0..<rows.count, using: &random)) }
    for _ in 0..<3 {
      rows.insert(make(nextID), at: Int.random(in: 0...rows.count, using: &random))
      nextID += 1
    }
    for _ in 0..<2 {
      let moved = rows.remove(at: Int.random(in: 0..<rows.count, using: &random))
      rows.insert(moved, at: Int.random(in: 0...rows.count, using: &random))
    }
    for _ in 0..<2 {
      let index = Int.random(in: 0..<rows.count, using: &random)
      rows[index] = make(nextID)  // a new row where one was: content and identity change
      nextID += 1
    }
  }
}
