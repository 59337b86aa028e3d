import BinderyTesting
import Testing

@testable import Bindery

/// A binding's phase as one value (`BindingPhase.swift`): each transition says what to do next,
/// and none leaves it where two facts disagree.
@Suite("A binding's phase")
struct BindingPhaseTests {
  typealias Phase = BindingPhase<FlatSection, TestItem>

  /// A stage per list of `ids`, each installing its own snapshot.
  func stages(_ ids: [[Int]]) throws -> [StagedChangeset<FlatSection, TestItem>.Stage] {
    try ids.map { .init(snapshot: try Snapshot(items: $0.map { TestItem(id: $0) })) }
  }

  @Test func aListIsShownWhenItsLastStageCompletes() throws {
    var phase = Phase()
    let stages = try stages([[1, 2], [2, 3]])
    try #require(stages.count >= 2)
    phase.apply(stages, sequence: 4)
    #expect(!phase.isIdle)
    // The view installs them in order, and no more than it was given.
    var installed: [[Int]] = []
    while let snapshot = phase.installNextStage() { installed.append(snapshot.items.map(\.id)) }
    #expect(installed.count == stages.count)
    #expect(installed.last == [2, 3])
    // A completion of another list changes nothing; the last of this one's shows it.
    let another = phase.completeStage(of: 3)
    #expect(!another)
    for _ in 1..<stages.count {
      let shown = phase.completeStage(of: 4)
      #expect(!shown)
    }
    let last = phase.completeStage(of: 4)
    #expect(last)
    phase.finishApplying(4)
    #expect(phase.isIdle)
  }

  /// A list does not wait for the one before to finish animating: both are in flight, and UIKit
  /// completes them in order.
  @Test func aListAppliedWhileTheOneBeforeAnimatesJoinsIt() throws {
    var phase = Phase()
    phase.apply(try stages([[1]]), sequence: 4)
    phase.apply(try stages([[1, 2]]), sequence: 5)
    #expect(phase.installNextStage()?.items.map(\.id) == [1, 2], "the newest list's stage")
    let fourShown = phase.completeStage(of: 4)
    #expect(fourShown && !phase.isIdle, "list 4 is shown; list 5 still animates")
    let fiveShown = phase.completeStage(of: 5)
    #expect(fiveShown && phase.isIdle)
    // A list counted as shown without its completion (the deadline) ends those before it too.
    phase.apply(try stages([[3]]), sequence: 6)
    phase.apply(try stages([[3, 4]]), sequence: 7)
    phase.finishApplying(7)
    #expect(phase.isIdle)
    let late = phase.completeStage(of: 6)
    #expect(!late, "a completion that comes after is no news")
  }

  @Test func aHoldIsForTheFirstListAndEndsOnce() {
    var phase = Phase()
    phase.holdFirstDisplay(1)
    #expect(phase.heldFirstList == 1 && !phase.isIdle)
    phase.endHold()
    #expect(phase.heldFirstList == nil && phase.isIdle)
    phase.endHold()
    #expect(phase.isIdle)
  }

  @Test func theSourceFailsThenEndsAndEachIsNewsOnce() {
    struct Broken: Error {}
    var phase = Phase()
    #expect(phase.sourceFailure == nil && !phase.hasEnded)
    let failed = phase.sourceFailed(Broken())
    let again = phase.sourceFailed(Broken())
    #expect(failed && !again, "a second failure is no news")
    #expect(phase.sourceFailure is Broken && !phase.hasEnded, "failed, the last list on its way")
    let ended = phase.sourceEnded()
    let endedAgain = phase.sourceEnded()
    #expect(ended && !endedAgain)
    #expect(phase.hasEnded && phase.sourceFailure is Broken, "ended, with the error kept")
  }

  @Test func stoppingDropsWhatWasUnderWayForGood() throws {
    var phase = Phase()
    phase.apply(try stages([[1]]), sequence: 1)
    let stopped = phase.stop()
    let stoppedAgain = phase.stop()
    #expect(stopped && !stoppedAgain, "once")
    #expect(phase.isStopped && phase.isIdle)
    let installed = phase.installNextStage()
    let shown = phase.completeStage(of: 1)
    #expect(installed == nil && !shown)
    // Nothing starts again, and a source's failure is no longer news.
    phase.apply(try stages([[2]]), sequence: 2)
    phase.holdFirstDisplay(3)
    #expect(phase.isIdle)
    struct Broken: Error {}
    let failed = phase.sourceFailed(Broken())
    let ended = phase.sourceEnded()
    #expect(!failed)
    #expect(ended, "the worker still says the source ended")
  }
}
