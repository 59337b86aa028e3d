import Bindery
import BinderyTesting
import Foundation

/// The benchmark's element, declared here as a user would declare theirs in their own module:
/// the diff is inlinable and is specialized for it.
struct BenchItem: Identifiable, Equatable, Sendable {
  var id: Int
  var content: Int
}

/// `bindery-bench diff`: Bindery's diff against Swift's `CollectionDifference` and the hashing
/// floor, per case and size, all in one process.
struct DiffBenchmark {
  let options: BenchOptions

  struct Case {
    var name: String
    var old: [BenchItem]
    var new: [BenchItem]
  }

  struct Record {
    var caseName: String
    var items: Int
    var implementation: String
    var medianMilliseconds: Double?
    var ratioToFloor: Double?
    var deletes = 0
    var inserts = 0
    var moves = 0
    var reconfigures = 0
    var minimalMoves = 0
    var note = ""
  }

  static func cases(size: Int, seed: UInt64) -> [Case] {
    var random = SeededGenerator(seed: seed)
    let (old, mixed) = mixedCase(size: size, seed: seed)
    var updatedOne = old
    updatedOne[size / 2].content = 1
    return [
      Case(name: "mixed", old: old, new: mixed),
      Case(name: "identical", old: old, new: old.map { $0 }),
      Case(name: "shuffled", old: old, new: old.shuffled(using: &random)),
      Case(name: "append-one", old: old, new: old + [BenchItem(id: size, content: 0)]),
      Case(name: "update-one", old: old, new: updatedOne),
    ]
  }

  /// The mixed case: of `size` items, 10% deleted, 5% of the rest updated, 5% moved to random
  /// places, and 10% new ones inserted at random places. O(n log n): every item gets a place on
  /// a line (its old index, or a random one for moved and new items) and the line is sorted.
  static func mixedCase(size: Int, seed: UInt64) -> (old: [BenchItem], new: [BenchItem]) {
    var random = SeededGenerator(seed: seed)
    let old = (0..<size).map { BenchItem(id: $0, content: 0) }
    var placed: [(place: Double, item: BenchItem)] = []
    placed.reserveCapacity(size + size / 10)
    for var item in old where Int.random(in: 0..<10, using: &random) != 0 {
      if Int.random(in: 0..<20, using: &random) == 0 { item.content = 1 }
      let moves = Int.random(in: 0..<20, using: &random) == 0
      let place = moves ? Double.random(in: 0..<Double(size), using: &random) : Double(item.id)
      placed.append((place, item))
    }
    for id in size..<(size + size / 10) {
      placed.append(
        (Double.random(in: 0..<Double(size), using: &random), BenchItem(id: id, content: 0)))
    }
    placed.sort { $0.place < $1.place }
    return (old, placed.map(\.item))
  }

  func run() {
    var records: [Record] = []
    // Seconds per (n · edit distance) for CollectionDifference, learned from the cells it ran,
    // to skip the cells it would spend more than ten seconds on.
    var myersSecondsPerUnit: Double?
    for size in options.sizes.sorted() {
      for benchCase in Self.cases(size: size, seed: 0xB1D)
      where options.cases?.contains(benchCase.name) ?? true {
        records += measure(benchCase, size: size, myersSecondsPerUnit: &myersSecondsPerUnit)
      }
    }
    if let directory = options.svgDirectory {
      chart(records).write(to: directory, name: "diff.svg")
    }
    if options.json {
      printJSON(records.map(\.json))
    } else {
      print(
        "bindery-bench diff: median of \(options.runs) runs per cell, milliseconds; ratio = "
          + "time / floor (a Dictionary of the old ids plus one probe per new id)")
      print(
        textTable(
          [
            "case", "items", "implementation", "median ms", "× floor", "deletes", "inserts",
            "moves", "reconfigures", "minimal moves", "note",
          ],
          records.map(\.cells)))
    }
  }

  /// Median time per case at the largest size measured, on a logarithmic axis.
  func chart(_ records: [Record]) -> SVGBarChart {
    let size = records.map(\.items).max() ?? 0
    let cases = ["mixed", "shuffled", "identical", "append-one", "update-one"].filter { name in
      records.contains { $0.caseName == name && $0.items == size }
    }
    let implementations: [(String, String, String)] = [
      ("bindery", "Bindery", "#2f6fdf"), ("floor", "hashing floor", "#9aa4b2"),
      ("bindery+validate", "Bindery + validating the list", "#7fb2ff"),
      ("collection-difference", "CollectionDifference", "#e0883a"),
    ]
    return SVGBarChart(
      title: "Diff time, \(size) items (median ms, log scale)",
      subtitle: "swift run -c release bindery-bench diff --svg docs · no bar: skipped (over 10 s)",
      unit: "milliseconds", groups: cases,
      series: implementations.map { key, name, colour in
        SVGBarChart.Series(
          name: name, colour: colour,
          values: cases.map { name in
            records.first { $0.caseName == name && $0.items == size && $0.implementation == key }?
              .medianMilliseconds
          })
      }, logarithmic: true)
  }

  func measure(_ benchCase: Case, size: Int, myersSecondsPerUnit: inout Double?) -> [Record] {
    let runs = options.runs
    let oldIDs = benchCase.old.map(\.id)
    let newIDs = benchCase.new.map(\.id)
    let old = (try? ListSnapshot(items: benchCase.old)) ?? ListSnapshot()
    let new = (try? ListSnapshot(items: benchCase.new)) ?? ListSnapshot()
    let minimal = MinimalMoves.items(from: old, to: new)

    let buildFloor = {
      var positions = [Int: Int](minimumCapacity: oldIDs.count)
      for (index, id) in oldIDs.enumerated() { positions[id] = index }
      var found = 0
      for id in newIDs where positions[id] != nil { found += 1 }
      blackHole(found)
    }
    let changeset = StagedChangeset(from: old, to: new)
    let counts = changeset.counts
    let bindery = pairedMedians(runs: runs, baseline: buildFloor) {
      blackHole(StagedChangeset(from: old, to: new))
    }
    let floor = bindery.baseline
    var records = [
      Record(
        caseName: benchCase.name, items: size, implementation: "floor",
        medianMilliseconds: floor, ratioToFloor: 1, minimalMoves: minimal)
    ]
    records.append(
      Record(
        caseName: benchCase.name, items: size, implementation: "bindery",
        medianMilliseconds: bindery.candidate, ratioToFloor: bindery.ratio,
        deletes: counts.itemDeletes, inserts: counts.itemInserts, moves: counts.itemMoves,
        reconfigures: counts.itemReconfigures, minimalMoves: minimal,
        note: "\(changeset.stages.count) stages"))

    // What a binding pays off the main actor per value: validate the new array, then diff.
    let withValidation = pairedMedians(runs: runs, baseline: buildFloor) {
      let validated = (try? ListSnapshot(items: benchCase.new)) ?? ListSnapshot()
      blackHole(StagedChangeset(from: old, to: validated))
    }
    records.append(
      Record(
        caseName: benchCase.name, items: size, implementation: "bindery+validate",
        medianMilliseconds: withValidation.candidate, ratioToFloor: withValidation.ratio,
        deletes: counts.itemDeletes, inserts: counts.itemInserts, moves: counts.itemMoves,
        reconfigures: counts.itemReconfigures, minimalMoves: minimal,
        note: "includes Snapshot(items:) of the new list"))

    // What a binding does: its pipeline, told the default reload limit, which stops the diff
    // as soon as the change is proved too large to animate (the binding then reloads).
    let pipeline = DiffPipeline<FlatSection, BenchItem>()
    let limit = ReloadLimit(threshold: 0.5, minimumOperations: 32)
    let sections = [ListSection(FlatSection(), items: benchCase.new)]
    let verdict = pipeline(sections, after: old, within: limit).changeset
    let binding = pairedMedians(runs: runs, baseline: buildFloor) {
      blackHole(pipeline(sections, after: old, within: limit))
    }
    records.append(
      Record(
        caseName: benchCase.name, items: size, implementation: "binding",
        medianMilliseconds: binding.candidate, ratioToFloor: binding.ratio,
        deletes: verdict?.counts.itemDeletes ?? 0, inserts: verdict?.counts.itemInserts ?? 0,
        moves: verdict?.counts.itemMoves ?? 0, reconfigures: verdict?.counts.itemReconfigures ?? 0,
        minimalMoves: minimal,
        note: verdict == nil
          ? "reload: stopped once proved over 50%" : "validate + diff within the reload limit"))

    guard !options.withoutBaseline else { return records }
    records.append(
      measureCollectionDifference(
        benchCase, size: size, oldIDs: oldIDs, newIDs: newIDs, floor: floor, minimal: minimal,
        secondsPerUnit: &myersSecondsPerUnit))
    return records
  }

  func measureCollectionDifference(
    _ benchCase: Case, size: Int, oldIDs: [Int], newIDs: [Int], floor: Double, minimal: Int,
    secondsPerUnit: inout Double?
  ) -> Record {
    var record = Record(
      caseName: benchCase.name, items: size, implementation: "collection-difference",
      minimalMoves: minimal)
    // Myers' algorithm costs about (n + m) · D for edit distance D; D is at least the number of
    // ids that are not shared, and for a shuffle close to 2n.
    let shared = Set(oldIDs).intersection(newIDs).count
    let distance = max(
      1, oldIDs.count + newIDs.count - 2 * shared, benchCase.name == "shuffled" ? 2 * size : 0)
    let units = Double(oldIDs.count + newIDs.count) * Double(distance)
    if let secondsPerUnit, secondsPerUnit * units > 10 {
      record.note = String(
        format: "skipped: estimated %.0f s per run (Myers is O((n+m)·D))", secondsPerUnit * units)
      return record
    }
    let clock = ContinuousClock()
    let once = clock.measure { blackHole(newIDs.difference(from: oldIDs).inferringMoves()) }
    let seconds = milliseconds(once) / 1e3
    secondsPerUnit = max(secondsPerUnit ?? 0, seconds / units)
    let runs = seconds > 1 ? 3 : options.runs
    let median = medianMilliseconds(runs: runs) {
      blackHole(newIDs.difference(from: oldIDs).inferringMoves())
    }
    let difference = newIDs.difference(from: oldIDs).inferringMoves()
    for change in difference {
      switch change {
      case .insert(_, _, let associated):
        if associated == nil { record.inserts += 1 } else { record.moves += 1 }
      case .remove(_, _, let associated): if associated == nil { record.deletes += 1 }
      }
    }
    record.medianMilliseconds = median
    record.ratioToFloor = median / floor
    if runs != options.runs { record.note = "median of \(runs) runs (over 1 s each)" }
    return record
  }
}

extension DiffBenchmark.Record {
  var cells: [String] {
    [
      caseName, "\(items)", implementation,
      medianMilliseconds.map { String(format: "%.3f", $0) } ?? "—",
      ratioToFloor.map { String(format: "%.2f", $0) } ?? "—",
      implementation == "floor" ? "" : "\(deletes)",
      implementation == "floor" ? "" : "\(inserts)",
      implementation == "floor" ? "" : "\(moves)",
      implementation == "floor" ? "" : "\(reconfigures)",
      "\(minimalMoves)", note,
    ]
  }

  var json: [String: Any] {
    var record: [String: Any] = [
      "case": caseName, "items": items, "implementation": implementation,
      "deletes": deletes, "inserts": inserts, "moves": moves, "reconfigures": reconfigures,
      "minimal_moves": minimalMoves,
      "median_ms": medianMilliseconds.map { $0 as Any } ?? NSNull(),
      "ratio_to_floor": ratioToFloor.map { $0 as Any } ?? NSNull(),
    ]
    if !note.isEmpty { record["note"] = note }
    return record
  }
}
