import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

// Prefetching's holds: the first display, and new rows on screen, wait for their content.

extension PrefetchingTests {
  @Test func holdingTheFirstDisplayUntilItsContentIsThere() async {
    let clock = VirtualClock()
    let table = makeTable()
    table.removeFromSuperview()
    let loader = GatedLoader()
    let avatars = avatarStore(loads: 24, clock: clock, loader: loader)
    let recorder = Recorder()
    let binding = bindMates(
      to: table, avatars: avatars, hold: .seconds(1),
      recorder: recorder)
    UIWindow.show(table)
    binding.submit(items: (0..<200).map { TestItem(id: $0) })
    await eventually("the first screen requested") {
      Set(loader.startedKeys).isSuperset(of: 0..<12)
    }
    #expect(rowCount(of: table) == 0)  // held
    for key in 0..<12 { loader.open(key) }
    // The reload's cells come with the layout at the turn's end, as on a device.
    await eventually("the first display") {
      rowCount(of: table) == 200 && !table.visibleCells.isEmpty
    }
    #expect(recorder.firstConfigurations.count == 12)
    #expect(recorder.firstConfigurations.values.allSatisfy { $0 })
    #expect(clock.now.offset == .zero)  // released by the content, not by the deadline
    loader.openAll()
  }

  @Test func aHoldEndsAtItsDeadline() async {
    let clock = VirtualClock()
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = avatarStore(loads: 24, clock: clock, loader: loader)
    let binding = bindMates(
      to: table, avatars: avatars, hold: .seconds(1),
      recorder: Recorder())
    binding.submit(items: (0..<50).map { TestItem(id: $0) })
    // The store's one watchdog (for the loads' timeouts) sleeps on the clock, and the hold's
    // deadline.
    await eventually("the hold to wait") {
      avatars.loadsInFlight > 0 && clock.sleeperCount == 2
    }
    #expect(rowCount(of: table) == 0)
    clock.advance(by: .seconds(1))
    await eventually("the first display") { rowCount(of: table) == 50 }
    loader.openAll()
  }

  @Test func newRowsOnScreenWaitForTheirContentUpToADeadline() async {
    let clock = VirtualClock()
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = avatarStore(loads: 50, clock: clock, loader: loader)
    let recorder = Recorder()
    let binding = bindMates(
      to: table, avatars: avatars, holdNewRows: .seconds(1), recorder: recorder)
    let mates = (0..<50).map { TestItem(id: $0) }
    await binding.apply(items: mates)
    for key in 0..<24 { loader.open(key) }
    // A mate joins at the top, where the user is looking: shown once the avatar is there.
    let joined = Outcome<Bool>()
    Task { joined.value = await binding.apply(items: [TestItem(id: 1_000)] + mates) }
    await eventually("its avatar asked for") { loader.startedKeys.contains(1_000) }
    #expect(rowCount(of: table) == 50, "held")
    loader.open(1_000)
    await eventually("the new row") { joined.value == true }
    #expect(rowCount(of: table) == 51)
    #expect(recorder.firstConfigurations[1_000] == true, "shown with its avatar")
    // One whose avatar does not come is shown at the deadline, with a placeholder.
    let late = Outcome<Bool>()
    Task {
      late.value = await binding.apply(items: [TestItem(id: 2_000), TestItem(id: 1_000)] + mates)
    }
    await eventually("its avatar asked for") { loader.startedKeys.contains(2_000) }
    #expect(rowCount(of: table) == 51)
    clock.advance(by: .seconds(1))
    await eventually("the deadline") { late.value == true }
    #expect(rowCount(of: table) == 52)
    #expect(recorder.firstConfigurations[2_000] == false)
    for _ in 0..<10 { await Task.yield() }
    #expect(
      loader.startedKeys.filter { $0 == 2_000 }.count == 1,
      "the load the deadline cut short goes on, not started again")
    #expect(avatars.interest(in: 2_000) > 0)
    // Rows inserted off screen hold nothing.
    let below = Outcome<Bool>()
    Task {
      below.value = await binding.apply(
        items: [TestItem(id: 2_000), TestItem(id: 1_000)] + mates + [TestItem(id: 3_000)])
    }
    await eventually("at once") { below.value == true }
    loader.openAll()
  }

  /// A hold on a virtual clock that never advances: only what the test does ends it.
  func heldBinding() -> (UITableView, GatedLoader, ListBinding<FlatSection, TestItem>) {
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 24, clock: VirtualClock()), loader: loader.load)
    let binding = bindMates(
      to: table, avatars: avatars, hold: .seconds(1),
      recorder: Recorder())
    return (table, loader, binding)
  }

  @Test func cancellingABindingEndsItsFirstDisplayHold() async {
    let (table, loader, binding) = heldBinding()
    binding.submit(items: (0..<50).map { TestItem(id: $0) })
    await eventually("the hold") { loader.startedKeys.count >= 12 }
    binding.cancel()
    let finished = Outcome<Bool>()
    Task {
      await binding.waitUntilFinished()
      finished.value = true
    }
    await eventually("the binding to finish without waiting out its hold") {
      finished.value == true
    }
    #expect(rowCount(of: table) == 0, "a cancelled binding shows nothing more")
    loader.openAll()
  }

  @Test func anApplyReplacedWhileTheFirstDisplayIsHeldReturnsFalseAtOnce() async {
    let (table, loader, binding) = heldBinding()
    let first = Outcome<Bool>()
    let second = Outcome<Bool>()
    Task { first.value = await binding.apply(items: (0..<50).map { TestItem(id: $0) }) }
    await eventually("the hold") { loader.startedKeys.count >= 12 }
    Task { second.value = await binding.apply(items: (0..<60).map { TestItem(id: $0) }) }
    await eventually("the replaced apply to return") { first.value != nil }
    #expect(first.value == false)
    #expect(rowCount(of: table) == 0, "still held")
    for key in 0..<12 { loader.open(key) }
    await eventually("the newest list") { second.value != nil }
    #expect(second.value == true)
    #expect(rowCount(of: table) == 60)
    loader.openAll()
  }
}
