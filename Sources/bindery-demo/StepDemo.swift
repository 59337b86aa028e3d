import Bindery
import BinderyTesting
import Foundation
import HeadlessUIKit

/// The demo as it stands: a mate list that changes step by step (joins, leaves, reorders,
/// status changes), the staged batches Bindery computes for each step, and HeadlessUIKit's
/// verdict on every batch, as UITableView would judge it.
struct StepDemo {
  var rows: Int
  var steps: Int
  var seed: UInt64

  func run() {
    var random = SeededGenerator(seed: seed)
    var nextID = 0
    var mates: [Mate] = (0..<rows).map { _ in
      defer { nextID += 1 }
      return Mate(
        id: nextID, name: MateNames.name(for: nextID),
        status: Mate.Status.allCases.randomElement(using: &random) ?? .online)
    }
    var current = ListSnapshot.lenient(items: mates).snapshot
    print("Bindery demo · \(rows) mates · seed \(seed)\n")
    printList(current, marks: [:])
    var accepted = 0
    var operations = 0
    for step in 1...steps {
      var summary: [String] = []
      // Leaves.
      let leaving = Int.random(in: 0...2, using: &random)
      for _ in 0..<min(leaving, mates.count) {
        mates.remove(at: Int.random(in: 0..<mates.count, using: &random))
      }
      if leaving > 0 { summary.append("\(leaving) left") }
      // Joins.
      let joining = Int.random(in: 0...2, using: &random)
      for _ in 0..<joining {
        mates.insert(
          Mate(id: nextID, name: MateNames.name(for: nextID), status: .online),
          at: Int.random(in: 0...mates.count, using: &random))
        nextID += 1
      }
      if joining > 0 { summary.append("\(joining) joined") }
      // A reorder: someone walked their dog and rose to the top.
      if mates.count > 2 && Bool.random(using: &random) {
        let index = Int.random(in: 1..<mates.count, using: &random)
        var walker = mates.remove(at: index)
        walker.status = .walking
        mates.insert(walker, at: 0)
        summary.append("\(walker.name) moved to the top")
      }
      // Status changes.
      let changes = Int.random(in: 0...3, using: &random)
      for _ in 0..<changes where !mates.isEmpty {
        let index = Int.random(in: 0..<mates.count, using: &random)
        mates[index].status = Mate.Status.allCases.randomElement(using: &random) ?? .away
      }
      if changes > 0 { summary.append("\(changes) status updates") }

      let next = ListSnapshot.lenient(items: mates).snapshot
      let clock = ContinuousClock()
      var changeset = StagedChangeset<FlatSection, Mate>(stages: [])
      let elapsed = clock.measure { changeset = StagedChangeset(from: current, to: next) }
      print("step \(step) · \(summary.isEmpty ? "no change" : summary.joined(separator: ", "))")
      for (number, stage) in changeset.stages.enumerated() {
        print("  batch \(number + 1): \(describe(stage))")
      }
      let verdict = ChangesetReplay.check(changeset, from: current, to: next, kinds: [.tableView])
      if let verdict {
        print("  UITableView (HeadlessUIKit, strict) REJECTS: \(verdict)")
      } else {
        accepted += 1
        print(
          "  diff \(String(format: "%.3f", elapsed.inMilliseconds)) ms · "
            + "UITableView (HeadlessUIKit, strict): every batch accepted")
      }
      operations += changeset.operationCount
      printList(next, marks: marks(for: changeset))
      current = next
    }
    print("\(accepted)/\(steps) steps accepted · \(operations) operations in all")
  }

  private func describe(_ stage: StagedChangeset<FlatSection, Mate>.Stage) -> String {
    var parts: [String] = []
    if !stage.itemReconfigures.isEmpty {
      parts.append(
        "reconfigure \(stage.itemReconfigures.map { "\($0.item)" }.joined(separator: " "))")
    }
    if !stage.itemDeletes.isEmpty {
      parts.append("delete \(stage.itemDeletes.map { "\($0.item)" }.joined(separator: " "))")
    }
    if !stage.itemInserts.isEmpty {
      parts.append("insert \(stage.itemInserts.map { "\($0.item)" }.joined(separator: " "))")
    }
    if !stage.itemMoves.isEmpty {
      parts.append(
        "move \(stage.itemMoves.map { "\($0.from.item)→\($0.to.item)" }.joined(separator: " "))")
    }
    return parts.joined(separator: " · ")
  }

  /// What happened to each row of the final list, by id.
  private func marks(for changeset: StagedChangeset<FlatSection, Mate>) -> [Int: String] {
    guard let last = changeset.stages.last?.snapshot else { return [:] }
    var marks: [Int: String] = [:]
    for stage in changeset.stages {
      for position in stage.itemReconfigures {
        if let id = stage.snapshot.item(at: position)?.id { marks[id, default: ""] += "~" }
      }
      for position in stage.itemInserts {
        if let id = stage.snapshot.item(at: position)?.id { marks[id, default: ""] += "+" }
      }
      for move in stage.itemMoves {
        if let id = stage.snapshot.item(at: move.to)?.id { marks[id, default: ""] += "↕" }
      }
    }
    return marks.filter { last.position(of: $0.key) != nil }
  }

  private func printList(_ snapshot: ListSnapshot<Mate>, marks: [Int: String]) {
    for mate in snapshot.items {
      let name = mate.name.padding(toLength: 16, withPad: " ", startingAt: 0)
      let mark = (marks[mate.id] ?? "").padding(toLength: 2, withPad: " ", startingAt: 0)
      print("    \(mark) \(name) \(mate.status.rawValue)")
    }
    print()
  }
}
