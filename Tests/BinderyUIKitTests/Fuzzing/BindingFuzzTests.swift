import BinderyFuzzing
import BinderyTesting
import Foundation
import Testing

/// The binding fuzzer in the suite: a bounded run over fixed seeds and one new seed each run
/// (printed, and replayed with `swift run bindery-fuzz --seed S --worlds 1`). The long runs are
/// `bindery-fuzz`'s; CI also runs it for a bounded time in release.
@Suite("The binding fuzzer", .mainActorTurns)
@MainActor
struct BindingFuzzTests {
  // A few short worlds: the suite shares the main actor with every other test, under the
  // thread sanitizer too; the long runs are bindery-fuzz's.
  @Test(arguments: [0, 1, 2, 3] as [UInt64])
  func aWorldRunsWithNothingFound(seed: UInt64) async {
    let result = await BindingFuzzer(seed: seed).run(steps: 40)
    if case .failure(let finding) = result { Issue.record("\(finding)") }
  }

  @Test func aNewSeedRunsWithNothingFound() async {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("binding fuzzer seed \(seed)")
    let result = await BindingFuzzer(seed: seed).run(steps: 40)
    if case .failure(let finding) = result { Issue.record("\(finding)") }
  }

  /// Worlds in which the fuzzer found something, run to the step that found it.
  ///
  /// - 14124740046880380915, step 292: a chat in a grid under the status bar, covered while a
  ///   list arrived and uncovered; the app's scroll to an earlier item was taken for the safe
  ///   area coming back (which the view never told of), and the chat was pinned to its end
  ///   again.
  /// - 10168627954882932244, step 263: a table without an anchor loading pages at its start; the
  ///   app's scroll to an item went near the start, a page began to load, and its loading view
  ///   moved the rows down by its height, as UIKit keeps the offset. The fuzzer took it for a
  ///   scroll that missed its item (a finding of the fuzzer's check, not of Bindery's).
  /// - 7350255635841760001, step 11: a sectioned chat scrolled to its end, covered while two
  ///   lists arrived, came back 328 points short of its end: the end was worked out from
  ///   estimates off screen, and the view's first layout back was taken for a scroll away.
  /// - 10921421922632042587, step 170: a chat at its end, the keyboard gone: the taller view
  ///   was pinned to its end before the rows it revealed were measured, which then pushed the
  ///   end 36 points down.
  /// - 16274453796748716108, step 51: a short chat under the status bar, at its end (it fit
  ///   below the top inset) when covered; out of the window the safe area went, its offset no
  ///   longer looked like the end, and it came back 424 points short of it.
  /// - 15458071592540809301, step 11: a chat in a grouped table read just above its loading
  ///   view at the end, the keyboard coming up: the bottom edge fell past the last row (on the
  ///   loading view's inset), no row was kept by it, and the rows went under the keyboard.
  @Test(
    arguments: [
      (14_124_740_046_880_380_915, 300), (10_168_627_954_882_932_244, 270),
      (7_350_255_635_841_760_001, 20), (10_921_421_922_632_042_587, 180),
      (16_274_453_796_748_716_108, 60), (15_458_071_592_540_809_301, 20),
    ] as [(UInt64, Int)])
  func anEarlierFindingRunsClean(seed: UInt64, steps: Int) async {
    let result = await BindingFuzzer(seed: seed).run(steps: steps)
    if case .failure(let finding) = result { Issue.record("\(finding)") }
  }

  /// The checks can fail: a cell provider that shows the wrong item now and then is caught.
  @Test func aCellShowingAnotherItemIsFound() async {
    var found = 0
    for seed in 0..<6 as Range<UInt64> {
      let fuzzer = BindingFuzzer(seed: seed)
      guard fuzzer.world.initialCount >= 30 else { continue }
      fuzzer.breaksCells = true
      if case .failure(let finding) = await fuzzer.run(steps: 30) {
        #expect(finding.problem.contains("shows"), "\(finding)")
        #expect(finding.seed == seed)
        found += 1
      }
    }
    #expect(found > 0)
  }
}
