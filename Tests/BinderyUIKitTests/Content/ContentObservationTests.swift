import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// How often a cell provider configured each item.
@MainActor
final class ConfigureCounter {
  var counts: [Int: Int] = [:]
  func count(_ id: Int) { counts[id, default: 0] += 1 }
}

/// A store's state read by a cell provider is tracked like any observable state: the cell that
/// read a key is configured again when that key's content arrives, and no other.
@Suite("Late content under Observation", .mainActorTurns)
@MainActor
struct ContentObservationTests {
  @Test func aCellThatReadsTheStoreIsConfiguredAgainWhenItsKeyArrives() async {
    let table = makeTable()
    let loader = GatedLoader()
    // The loads wait at their gates for the test, on a clock that never runs out: a busy
    // machine's minute must not time them out (the store's timeout is 30 s of its clock).
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 40, clock: VirtualClock()), loader: loader.load)
    for id in 0..<40 { avatars.request(id) }  // the app's model wants them, not the cells
    let binding = table.bind(
      to: .sequence(AsyncStream { $0.yield((0..<40).map { TestItem(id: $0) }) })
    ) {
      tableView, indexPath, item in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = avatars.state(for: item.id).content ?? "placeholder"
      return cell
    }
    #expect(await binding.waitUntilShown())
    await eventually("row 2 on screen") {
      table.cellForRow(at: IndexPath(row: 2, section: 0)) != nil
    }
    let cell = table.cellForRow(at: IndexPath(row: 2, section: 0))
    #expect(cell?.textLabel?.text == "placeholder")
    loader.open(2)
    #expect(await eventually("row 2 shows its content") { cell?.textLabel?.text == "content 2" })
    #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cell, "in place")
    #expect(binding.statistics.contentReconfigures == 1)
    #expect(binding.statistics.updates == 1, "no list was diffed")

    // Row 39 was never configured: its arrival reaches no cell.
    loader.open(39)
    await eventually("key 39 loaded") { avatars.state(for: 39).content != nil }
    loader.open(3)
    #expect(
      await eventually("row 3 shows its content") {
        table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "content 3"
      })
    #expect(binding.statistics.contentReconfigures == 2, "rows 2 and 3, not 39")
    #expect(table.violations.isEmpty, "\(table.violations)")
    binding.cancel()
    loader.openAll()
  }

  /// A binding with late content reconfigures a cell on its key's arrival itself; that the
  /// store is observable too does not configure it a second time.
  @Test func aContentCellIsConfiguredOncePerArrival() async {
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    let counter = ConfigureCounter()
    let binding = table.bind(
      to: .sequence(AsyncStream { $0.yield([TestItem(id: 1), TestItem(id: 2)]) }),
      content: .store(avatars)
    ) { tableView, indexPath, item, avatar in
      counter.count(item.id)
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = avatar.content ?? "placeholder"
      return cell
    }
    #expect(await binding.waitUntilShown())
    await eventually("row 0 on screen") {
      table.cellForRow(at: IndexPath(row: 0, section: 0)) != nil
    }
    let configuredFirst = counter.counts[1] ?? 0
    loader.open(1)
    #expect(
      await eventually("row 0 shows its content") {
        table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "content 1"
      })
    loader.open(2)
    #expect(
      await eventually("row 1 shows its content") {
        table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text == "content 2"
      })
    #expect(counter.counts[1] == configuredFirst + 1, "one configuration for its one arrival")
    binding.cancel()
  }
}
