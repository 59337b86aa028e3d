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
    #expect(phase.apply(stages, sequence: 4).isEmpty)
    #expect(!phase.isIdle)
    // The view installs them in order, and no more than it was given.
    var installed: [[Int]] = []
    while let snapshot = phase.installNextStage() { installed.append(snapshot.items.map(\.id)) }
    #expect(installed.count == stages.count)
    #expect(installed.last == [2, 3])
    // A completion of another list changes nothing; the last of this one's shows it.
    let another = phase.completeStage(of: 3)
    #expect(another.isEmpty)
    for _ in 1..<stages.count {
      let shown = phase.completeStage(of: 4)
      #expect(shown.isEmpty)
    }
    let last = phase.completeStage(of: 4)
    #expect(last == [4])
    #expect(phase.isIdle)
  }

  /// A list does not wait for the one before to finish animating: both are in flight, and each
  /// counts as shown once every list before it does, whatever order UIKit completes them in.
  @Test func aListAppliedWhileTheOneBeforeAnimatesJoinsIt() throws {
    var phase = Phase()
    #expect(phase.apply(try stages([[1]]), sequence: 4).isEmpty)
    #expect(phase.apply(try stages([[1, 2]]), sequence: 5).isEmpty)
    #expect(phase.installNextStage()?.items.map(\.id) == [1, 2], "the newest list's stage")
    let fourShown = phase.completeStage(of: 4)
    #expect(fourShown == [4] && !phase.isIdle, "list 4 is shown; list 5 still animates")
    let fiveShown = phase.completeStage(of: 5)
    #expect(fiveShown == [5] && phase.isIdle)
    // An unanimated batch that ends before an animated one made before it waits for it.
    #expect(phase.apply(try stages([[3]]), sequence: 6).isEmpty)
    #expect(phase.apply(try stages([[3, 4]]), sequence: 7).isEmpty)
    #expect(phase.completeStage(of: 7).isEmpty, "list 6 still animates")
    #expect(phase.apply([], sequence: 8).isEmpty, "no stages, behind list 6")
    #expect(phase.completeStage(of: 6) == [6, 7, 8])
    #expect(phase.isIdle)
    // A list with no stage and none before it is shown at once.
    #expect(phase.apply([], sequence: 9) == [9])
    // A list counted as shown without its completion (the deadline) ends those before it, and
    // lets those without stages after it go.
    _ = phase.apply(try stages([[5]]), sequence: 10)
    _ = phase.apply(try stages([[5, 6]]), sequence: 11)
    _ = phase.apply([], sequence: 12)
    #expect(phase.finishApplying(10).isEmpty, "list 11 still animates")
    #expect(phase.completeStage(of: 11) == [11, 12])
    #expect(phase.isIdle)
    #expect(phase.completeStage(of: 10).isEmpty, "a completion that comes after is no news")
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
    _ = phase.apply(try stages([[1]]), sequence: 1)
    let stopped = phase.stop()
    let stoppedAgain = phase.stop()
    #expect(stopped && !stoppedAgain, "once")
    #expect(phase.isStopped && !phase.isIdle, "stopped: waiting for no list")
    let installed = phase.installNextStage()
    let shown = phase.completeStage(of: 1)
    #expect(installed == nil && shown.isEmpty)
    // Nothing starts again, and a source's failure is no longer news.
    _ = phase.apply(try stages([[2]]), sequence: 2)
    phase.holdFirstDisplay(3)
    #expect(phase.isStopped && phase.heldFirstList == nil)
    struct Broken: Error {}
    let failed = phase.sourceFailed(Broken())
    let ended = phase.sourceEnded()
    #expect(!failed)
    #expect(ended, "the worker still says the source ended")
  }
}
