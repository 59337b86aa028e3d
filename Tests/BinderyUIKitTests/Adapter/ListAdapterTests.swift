import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// The adapter's answers about the screen (`ListAdapter.swift`): a read of the visible rows is
/// answered from the last one only while nothing that moves rows has happened since.
@Suite("The adapter's reads of the screen", .mainActorTurns)
@MainActor
struct ListAdapterTests {
  /// The rows the table itself says are visible.
  func tablesOwn(_ table: UITableView) -> [ItemPosition] {
    (table.indexPathsForVisibleRows ?? []).map { ItemPosition(section: $0.section, item: $0.row) }
  }

  @Test func theVisibleRowsReadAfterEachChangeAreTheViewsOwn() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    #expect(await binding.apply(items: (0..<100).map { TestItem(id: $0) }))
    let first = binding.visiblePositions
    #expect(first == tablesOwn(table) && !first.isEmpty)
    #expect(binding.visiblePositions == first, "read again, nothing changed")

    table.contentOffset.y += 300
    table.layoutIfNeeded()
    #expect(binding.visiblePositions == tablesOwn(table), "after a scroll")
    #expect(binding.visiblePositions != first)

    // Rows inserted above, with the anchor keeping the reader's rows where they were.
    #expect(await binding.apply(items: (-5..<100).map { TestItem(id: $0) }))
    #expect(binding.visiblePositions == tablesOwn(table), "after an update")

    table.frame.size.height = 200
    table.layoutIfNeeded()
    #expect(binding.visiblePositions == tablesOwn(table), "after the viewport shrank")

    // A row that grows moves the rows below it without a scroll.
    var items = (-5..<100).map { TestItem(id: $0) }
    let shown = binding.visiblePositions.compactMap { binding.item(at: $0)?.id }
    if let firstShown = shown.first, let index = items.firstIndex(where: { $0.id == firstShown }) {
      items[index].content = 1
    }
    #expect(await binding.apply(items: items))
    #expect(binding.visiblePositions == tablesOwn(table), "after a reconfigure")
    #expect(table.violations.isEmpty)
  }
}
