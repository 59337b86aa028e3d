import Foundation
import Testing

@testable import HeadlessUIKit

/// The device-like pattern (``PrefetchPattern/deviceLike(seed:)``, the default): untidy, but
/// never wrong about what UIKit promises.
@Suite("Prefetch calls as a device makes them (§4)")
@MainActor
struct DevicePrefetchTests {
  /// A table scrolled down in steps of `step` points, `steps` times, under `seed`.
  func scrolled(seed: UInt64, steps: Int = 40, step: CGFloat = 97)
    -> (HeadlessTableView, RowsDataSource)
  {
    let (table, source) = makeTable(rows: 400, prefetchPattern: .deviceLike(seed: seed))
    for _ in 0..<steps { table.scroll(by: step) }
    return (table, source)
  }

  @Test func theRowsBelowTheFirstScreenArePrefetchedWithNoScroll() {
    let (table, source) = makeTable(rows: 100, prefetchPattern: .deviceLike(seed: 1))
    #expect(table.contentOffset.y == 0)
    let asked = Set(source.prefetches.joined())
    #expect(!asked.isEmpty)
    #expect(asked.allSatisfy { $0[1] >= 10 && $0[1] < 20 }, "below the screen, within a screen")
  }

  @Test func aSeedReplaysTheSameCalls() {
    let (_, first) = scrolled(seed: 42)
    let (_, second) = scrolled(seed: 42)
    let (_, other) = scrolled(seed: 43)
    #expect(first.prefetchCalls.map(\.paths) == second.prefetchCalls.map(\.paths))
    #expect(first.prefetchCalls.map(\.paths) != other.prefetchCalls.map(\.paths))
  }

  /// Over many seeds, every disorder shows up, and UIKit's promises still hold: no visible row
  /// is asked for, every path is one the view has (but for the stale ones after a batch), and a
  /// cancel names a row that was asked for.
  @Test func callsAreUntidyButKeepWhatUIKitPromises() {
    var outOfOrder = 0
    var repeatedWithoutCancel = 0
    var cancelledAndAskedAgain = 0
    var split = 0
    for seed in 0..<12 as Range<UInt64> {
      let (table, source) = makeTable(rows: 400, prefetchPattern: .deviceLike(seed: seed))
      // What the first display asked for.
      var asked = Set(table.prefetchedIndexPaths)
      var previousVisible = Set(table.indexPathsForVisibleRows ?? [])
      var callsBefore = source.prefetchCalls.count
      for _ in 0..<30 {
        table.scroll(by: 97)
        let newCalls = source.prefetchCalls[callsBefore...]
        callsBefore = source.prefetchCalls.count
        let visible = Set(table.indexPathsForVisibleRows ?? [])
        var prefetchCallsThisStep = 0
        var cancelledThisStep: Set<IndexPath> = []
        for call in newCalls {
          if call.cancel {
            #expect(call.paths.allSatisfy { asked.contains($0) }, "seed \(seed)")
            cancelledThisStep.formUnion(call.paths)
            asked.subtract(call.paths)
            continue
          }
          prefetchCallsThisStep += 1
          #expect(call.paths.allSatisfy { !visible.contains($0) }, "seed \(seed): never visible")
          #expect(call.paths.allSatisfy { $0[1] < 400 }, "seed \(seed)")
          if call.paths != call.paths.sorted() { outOfOrder += 1 }
          for path in call.paths {
            if cancelledThisStep.contains(path) { cancelledAndAskedAgain += 1 }
            if asked.contains(path) { repeatedWithoutCancel += 1 }
            asked.insert(path)
          }
        }
        if prefetchCallsThisStep > 1 { split += 1 }
        asked.subtract(visible.subtracting(previousVisible))
        previousVisible = visible
      }
      #expect(table.violations.isEmpty)
    }
    #expect(outOfOrder > 0, "paths in any order (TLPhotoPicker #77)")
    #expect(repeatedWithoutCancel > 0, "rows asked for twice")
    #expect(cancelledAndAskedAgain > 0, "rows cancelled and asked for again (InfiniteLayout #26)")
    #expect(split > 0, "a step's rows over several calls")
  }

  @Test func someRowsAreNeverAskedFor() {
    let (_, source) = scrolled(seed: 7, steps: 60)
    let asked = Set(source.prefetches.joined())
    // The rows scrolled through: from the first screen to about 60 × 97 points further.
    let through = (10..<130).map { IndexPath(indexes: [0, $0]) }
    #expect(through.contains { !asked.contains($0) })
  }

  @Test func aJumpCancelsTheRowsItPassed() {
    let (table, source) = makeTable(rows: 400, prefetchPattern: .deviceLike(seed: 3))
    table.scroll(by: 44)
    let before = Set(table.prefetchedIndexPaths)
    #expect(!before.isEmpty)
    table.contentOffset = CGPoint(x: 0, y: 100 * 44)
    #expect(table.prefetchedIndexPaths.allSatisfy { $0[1] >= 100 })
    let cancelled = Set(source.cancellations.joined())
    #expect(before.isSubset(of: cancelled.union(table.indexPathsForVisibleRows ?? [])))
  }

  @Test func afterABatchCancelsMayNameRowsByTheirOldPaths() {
    var staleCancels = 0
    var pastTheEnd = 0
    for seed in 0..<20 as Range<UInt64> {
      let (table, source) = makeTable(rows: 60, prefetchPattern: .deviceLike(seed: seed))
      table.scroll(by: 44)
      let asked = table.prefetchedIndexPaths
      let calls = source.prefetchCalls.count
      // Two rows go from the top: every prefetched row moves up two places.
      source.rows[0].removeFirst(2)
      table.deleteRows(at: [IndexPath(indexes: [0, 0]), IndexPath(indexes: [0, 1])], with: .none)
      #expect(table.violations.isEmpty)
      for call in source.prefetchCalls[calls...] {
        if call.cancel && call.paths.contains(where: asked.contains) { staleCancels += 1 }
        if !call.cancel && call.paths.contains(where: { $0[1] >= 58 }) { pastTheEnd += 1 }
      }
    }
    #expect(staleCancels > 0)
    #expect(pastTheEnd > 0, "a path past the section's new end")
  }

  @Test func aReloadCancelsByOldPathsOrSaysNothing() {
    var cancelled = 0
    var silent = 0
    for seed in 0..<12 as Range<UInt64> {
      let (table, source) = makeTable(rows: 60, prefetchPattern: .deviceLike(seed: seed))
      table.scroll(by: 44)
      let asked = Set(table.prefetchedIndexPaths)
      guard !asked.isEmpty else { continue }
      let calls = source.prefetchCalls.count
      table.reloadData()
      table.layoutIfNeeded()  // the reload's prefetch calls come with its layout
      let cancels = source.prefetchCalls[calls...].filter(\.cancel)
      if cancels.isEmpty { silent += 1 } else { cancelled += 1 }
      #expect(cancels.allSatisfy { Set($0.paths).isSubset(of: asked) })
    }
    #expect(cancelled > 0 && silent > 0)
  }
}
