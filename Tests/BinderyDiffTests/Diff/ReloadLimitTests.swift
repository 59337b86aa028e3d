import BinderyDiff
import BinderyTesting
import Foundation
import Testing

/// The diff told a binding's reload limit: it gives up as soon as the change is proved too
/// large to animate, and otherwise gives exactly the full diff.
@Suite("The early reload verdict")
struct ReloadLimitTests {
  /// The limited diff agrees with the full one: `nil` exactly when the full changeset has more
  /// inserts, deletes and moves than the limit allows, the same changeset otherwise.
  func checkAgreement<Section>(
    from old: Snapshot<Section, TestItem>, to new: Snapshot<Section, TestItem>,
    limit: ReloadLimit, context: @autoclosure () -> String
  ) {
    let full = StagedChangeset(from: old, to: new)
    let maximum = limit.maximumOperations(oldCount: old.numberOfItems, newCount: new.numberOfItems)
    let limited = StagedChangeset(from: old, to: new, within: limit)
    #expect(
      (limited == nil) == (full.structuralOperationCount > maximum),
      "\(context()), \(full.structuralOperationCount) > \(maximum)?")
    if let limited {
      #expect(limited.counts == full.counts, "\(context())")
      #expect(limited.stages.map(\.snapshot) == full.stages.map(\.snapshot), "\(context())")
    }
  }

  @Test func randomPairsAndLimits() async {
    var random = SeededGenerator(seed: 0x11_317)
    var old = SnapshotGenerator.snapshot(using: &random)
    for pair in 0..<3_000 {
      if pair % 100 == 0 { await Task.yield() }
      let new = SnapshotGenerator.successor(of: old, using: &random)
      let limit = ReloadLimit(
        threshold: Double.random(in: 0...1, using: &random),
        minimumOperations: Int.random(in: 0...12, using: &random))
      checkAgreement(from: old, to: new, limit: limit, context: "pair \(pair)")
      old = new
    }
  }

  /// Content that changes everywhere — every timestamp of a chat — is reconfigures, never
  /// counted toward the limit: the change is not a reload, at any threshold.
  @Test(arguments: [60, 3_000])
  func contentChangedEverywhereIsNeverTooLarge(count: Int) throws {
    let items = (0..<count).map { TestItem(id: $0) }
    let old = try Snapshot<FlatSection, TestItem>(items: items)
    let new = try Snapshot<FlatSection, TestItem>(
      items: items.map { TestItem(id: $0.id, content: $0.content + 1) })
    for threshold in [0.0, 0.1, 0.5] {
      let limited = StagedChangeset(
        from: old, to: new, within: ReloadLimit(threshold: threshold, minimumOperations: 0))
      #expect(limited?.counts.itemReconfigures == count, "threshold \(threshold)")
      #expect(limited?.structuralOperationCount == 0)
    }
    // Content changes beside moves: only the moves count.
    var moved = new.items(inSection: 0)
    moved.swapAt(0, count - 1)
    let limit = ReloadLimit(threshold: 0, minimumOperations: 2)
    #expect(StagedChangeset(from: old, to: try Snapshot(items: moved), within: limit) != nil)
  }

  /// Lists long enough for the early checks (every 1,024 items), changed from a little to
  /// entirely, around the binding's default limit.
  @Test func longListsFromATouchToAReSort() throws {
    var random = SeededGenerator(seed: 0x5_0127)
    for size in [3_000, 20_000] {
      let items = (0..<size).map { TestItem(id: $0) }
      let old = try Snapshot<FlatSection, TestItem>(items: items)
      for share in [0.0, 0.1, 0.3, 0.45, 0.5, 0.55, 0.7, 1.0] {
        // `share` of the items moved to random places, a few changed, a few new.
        var next = items
        let moving = Int(Double(size) * share)
        for _ in 0..<moving {
          let item = next.remove(at: Int.random(in: 0..<next.count, using: &random))
          next.insert(item, at: Int.random(in: 0...next.count, using: &random))
        }
        for _ in 0..<10 { next[Int.random(in: 0..<size, using: &random)].content += 1 }
        next.insert(TestItem(id: size + 1), at: Int.random(in: 0...next.count, using: &random))
        for threshold in [0.1, 0.5] {
          checkAgreement(
            from: old, to: try Snapshot(items: next),
            limit: ReloadLimit(threshold: threshold, minimumOperations: 32),
            context: "\(size) items, \(share) moved, threshold \(threshold)")
        }
      }
      // A re-sort by another key: every item moves; a reload at any threshold below 1.
      checkAgreement(
        from: old, to: try Snapshot(items: items.shuffled(using: &random)),
        limit: ReloadLimit(threshold: 0.5, minimumOperations: 32), context: "\(size) shuffled")
      #expect(
        StagedChangeset(
          from: old, to: try Snapshot(items: items.shuffled(using: &random)),
          within: ReloadLimit(threshold: 0.5, minimumOperations: 32)) == nil)
    }
  }
}
