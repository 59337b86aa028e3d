import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

// Device truth for late content: what a device does with cells the view keeps or shows again.

extension DeviceTruthTests {
  @Test func contentThatArrivesOffScreenShowsWhenTheViewIsBack() async {
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    let table = makeTable()
    let binding = bindAvatars(table, avatars)
    #expect(await binding.apply(items: (0..<3).map { TestItem(id: $0) }))
    let window = table.window
    table.removeFromSuperview()  // another screen is pushed over this one
    // Each key opened by name: a load that has not reached the loader yet finishes when it does.
    for key in 0..<3 { loader.open(key) }
    await eventually("the avatars") { (0..<3).allSatisfy { avatars.state(for: $0).content != nil } }
    await Task.yield()
    #expect(table.alerts.isEmpty, "no layout off screen: \(table.alerts)")
    window?.addSubview(table)
    #expect(
      table.visibleCells.map { $0.textLabel?.text } == [
        "0 content 0", "1 content 1", "2 content 2",
      ])
    #expect(table.violations.isEmpty, "\(table.violations)")
    withExtendedLifetime(window) {}
  }

  /// A covered screen keeps its cells, and UIKit shows them again without asking for them when
  /// it is back: content that arrives then must still reach them (found by the binding fuzzer).
  @Test func contentReachesCellsShownAgainAfterTheScreenWasCovered() async {
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 40), loader: loader.load)
    let table = makeTable()
    let binding = bindAvatars(table, avatars)
    #expect(await binding.apply(items: (0..<50).map { TestItem(id: $0) }))
    let window = table.window
    table.scroll(by: 44)  // a row comes in: its cell is configured
    table.removeFromSuperview()  // and another screen is pushed over this one at once
    for _ in 0..<5 { await Task.yield() }
    let requests = table.cellRequestCount
    window?.addSubview(table)
    #expect(table.cellRequestCount == requests, "the same cells, shown again")
    for key in 0..<50 { loader.open(key) }
    await eventually("every row's avatar") {
      table.visibleCells.allSatisfy { $0.textLabel?.text?.contains("content") == true }
    }
    #expect(table.violations.isEmpty && table.alerts.isEmpty)
    withExtendedLifetime(window) {}
  }

  /// UIKit keeps a cell that scrolled off just above the screen and shows it again with
  /// `willDisplay` and no cell request (UIKit rules §4a): content that arrived meanwhile must
  /// be on it, as it is when a loader started in the cell request and stopped when the cell
  /// ended displaying would leave it blank.
  @Test func aKeptCellScrolledBackShowsContentThatArrivedWhileItWasOff() async {
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 40), loader: loader.load)
    let table = makeTable()
    let binding = bindAvatars(table, avatars)
    #expect(await binding.apply(items: (0..<100).map { TestItem(id: $0) }))
    let top = table.cellForRow(at: IndexPath(row: 0, section: 0))
    table.scroll(by: 44)
    await Task.yield()
    loader.open(0)
    await eventually("row 0's avatar") { avatars.state(for: 0).content != nil }
    let requests = table.cellRequestCount
    table.scroll(by: -44)
    #expect(table.cellRequestCount == requests, "shown again without a cell request")
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === top)
    await eventually("row 0 to show its avatar") {
      table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "0 content 0"
    }
    #expect(table.violations.isEmpty, "\(table.violations)")
    loader.openAll()
  }
}
