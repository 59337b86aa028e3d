import BinderyTesting
import Testing

@testable import Bindery

/// A plan's rows as runs: each row at its first want's priority, in few runs for the planner's
/// plans, whatever the order of the wants.
@Suite("A plan's rows as runs")
struct RowPrioritiesTests {
  typealias Want = PrefetchPlanner.Want

  /// Each planned row at its first want's priority: what the runs must say.
  func firstWants(_ plan: [Want]) -> [Int: ContentPriority] {
    var priorities: [Int: ContentPriority] = [:]
    for want in plan where priorities[want.index] == nil { priorities[want.index] = want.priority }
    return priorities
  }

  func expectWellFormed(_ rows: RowPriorities, sourceLocation: SourceLocation = #_sourceLocation) {
    for (run, next) in zip(rows.runs, rows.runs.dropFirst()) {
      #expect(run.rows.upperBound <= next.rows.lowerBound, sourceLocation: sourceLocation)
    }
    #expect(rows.runs.allSatisfy { !$0.rows.isEmpty }, sourceLocation: sourceLocation)
  }

  @Test func aScrollingPlanIsAFewRuns() {
    let planner = PrefetchPlanner()
    for velocity in [-40.0, 0, 40] {
      let plan = planner.plan(
        for: .init(itemCount: 10_000, visible: 500..<512, itemsPerScreen: 12, velocity: velocity))
      let rows = RowPriorities(plan)
      #expect(rows.runs.count <= 3)
      #expect(
        Dictionary(uniqueKeysWithValues: rows.rows.map { ($0.row, $0.priority) })
          == firstWants(plan))
      expectWellFormed(rows)
    }
    // A fling's landing far away and the screen it leaves: runs, not the rows between.
    let fling = planner.plan(
      for: .init(
        itemCount: 100_000, visible: 500..<512, itemsPerScreen: 12, velocity: 9_000,
        landing: 90_000..<90_012))
    let rows = RowPriorities(fling)
    #expect(rows.runs.count <= 4)
    #expect(rows[50_000] == nil)
    #expect(rows[90_000] == .visible)
    #expect(rows[505] == .prefetch)
  }

  @Test func anyPlanReadsAsItsFirstWants() {
    var random = SeededGenerator(seed: 11)
    for _ in 0..<500 {
      let count = Int.random(in: 0..<60, using: &random)
      let plan = (0..<count).map { _ in
        Want(
          index: Int.random(in: 0..<80, using: &random),
          priority: Bool.random(using: &random) ? .visible : .prefetch)
      }
      var rows = RowPriorities(plan)
      var expected = firstWants(plan)
      expectWellFormed(rows)
      for row in -1..<82 { #expect(rows[row] == expected[row]) }
      // A row taken out, as one past the list is.
      if let row = plan.randomElement(using: &random)?.index {
        rows.remove(row)
        expected[row] = nil
        expectWellFormed(rows)
        for row in -1..<82 { #expect(rows[row] == expected[row]) }
      }
    }
  }
}
