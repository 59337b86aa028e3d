import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

@Suite("Prefetching (the third note)")
@MainActor
struct PrefetchingTests {
  /// Binds 200 mates to an off-screen table with avatars; records, for each row configured,
  /// whether its avatar was already loaded.
  final class Recorder {
    var firstConfigurations: [Int: Bool] = [:]
  }

  func bindMates(
    to table: UITableView, avatars: ContentStore<Int, String>, prefetching: PrefetchPlanner?,
    hold: Duration? = nil, recorder: Recorder
  ) -> ListBinding<FlatSection, TestItem> {
    table.bind(
      to: AsyncStream<[TestItem]> { _ in }, content: avatars, prefetching: prefetching,
      holdFirstDisplay: hold
    ) { tableView, indexPath, mate, avatar in
      if recorder.firstConfigurations[mate.id] == nil {
        recorder.firstConfigurations[mate.id] = avatar.content != nil
      }
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = avatar.content ?? "placeholder"
      return cell
    }
  }

  @Test func theFirstScreenIsLoadedBeforeTheScreenAppears() async {
    let table = makeTable()
    table.removeFromSuperview()  // a pushed screen: bound now, shown later
    let avatars = ContentStore<Int, String>(maximumConcurrentLoads: 24) { "avatar \($0)" }
    let recorder = Recorder()
    let binding = bindMates(
      to: table, avatars: avatars, prefetching: PrefetchPlanner(), recorder: recorder)
    await binding.apply(items: (0..<200).map { TestItem(id: $0) })
    await eventually("the first screen's avatars") { avatars.cachedCount >= 12 }
    UIWindow.show(table)  // UIKit asks for the first cells only now
    #expect(recorder.firstConfigurations.count == 12)
    #expect(
      recorder.firstConfigurations.values.allSatisfy { $0 }, "\(recorder.firstConfigurations)")
  }

  @Test func withoutPrefetchingTheFirstScreenWaits() async {
    let table = makeTable()
    table.removeFromSuperview()
    let avatars = ContentStore<Int, String>(maximumConcurrentLoads: 24) { "avatar \($0)" }
    let recorder = Recorder()
    let binding = bindMates(to: table, avatars: avatars, prefetching: nil, recorder: recorder)
    await binding.apply(items: (0..<200).map { TestItem(id: $0) })
    try? await Task.sleep(for: .milliseconds(20))
    #expect(avatars.statistics.started == 0)  // nobody asked yet
    UIWindow.show(table)
    #expect(recorder.firstConfigurations.values.allSatisfy { !$0 })  // the note's "before"
  }

  @Test func scrollingMovesTheWindow() async {
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(maximumConcurrentLoads: 100, loader: loader.load)
    let binding = bindMates(
      to: table, avatars: avatars, prefetching: PrefetchPlanner(), recorder: Recorder())
    await binding.apply(items: (0..<500).map { TestItem(id: $0) })
    // At rest: the first screen and one more.
    await eventually("the first two screens") { Set(loader.startedKeys) == Set(0..<24) }
    // Scrolling down a row at a time: the window runs ahead; what falls behind is cancelled.
    for _ in 0..<60 { table.scroll(by: 44) }
    // Visible 60..<72, and at least two screens ahead, are loading (the store's state is
    // synchronous; the loader's own record is not).
    let loading = (60..<96).filter {
      if case .loading = avatars.state(for: $0) { true } else { false }
    }
    #expect(loading == Array(60..<96))
    await eventually("rows far behind to be let go") { avatars.interest(in: 0) == 0 }
    #expect(loader.cancelledKeys.contains(0) || avatars.state(for: 0).content != nil)
    #expect(avatars.interest(in: 65) >= 1)
    loader.openAll()
  }

  @Test func holdingTheFirstDisplayUntilItsContentIsThere() async {
    let clock = VirtualClock()
    let table = makeTable()
    table.removeFromSuperview()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      maximumConcurrentLoads: 24, clock: clock, loader: loader.load)
    let recorder = Recorder()
    let binding = bindMates(
      to: table, avatars: avatars, prefetching: PrefetchPlanner(), hold: .seconds(1),
      recorder: recorder)
    UIWindow.show(table)
    binding.submit(items: (0..<200).map { TestItem(id: $0) })
    await eventually("the first screen requested") {
      Set(loader.startedKeys).isSuperset(of: 0..<12)
    }
    #expect(table.numberOfRows(inSection: 0) == 0)  // held
    for key in 0..<12 { loader.open(key) }
    await eventually("the first display") { table.numberOfRows(inSection: 0) == 200 }
    #expect(recorder.firstConfigurations.count == 12)
    #expect(recorder.firstConfigurations.values.allSatisfy { $0 })
    #expect(clock.now.offset == .zero)  // released by the content, not by the deadline
    loader.openAll()
  }

  @Test func aHoldEndsAtItsDeadline() async {
    let clock = VirtualClock()
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      maximumConcurrentLoads: 24, clock: clock, loader: loader.load)
    let binding = bindMates(
      to: table, avatars: avatars, prefetching: PrefetchPlanner(), hold: .seconds(1),
      recorder: Recorder())
    binding.submit(items: (0..<50).map { TestItem(id: $0) })
    // Each running load has a timeout timer on the clock; the hold's deadline is one more.
    await eventually("the hold to wait") {
      avatars.loadsInFlight > 0 && clock.sleeperCount == avatars.loadsInFlight + 1
    }
    #expect(table.numberOfRows(inSection: 0) == 0)
    clock.advance(by: .seconds(1))
    await eventually("the first display") { table.numberOfRows(inSection: 0) == 50 }
    loader.openAll()
  }
}
