import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A modifier given to a view it cannot work on says so, on `errors`, as a typed problem (and
/// in debug builds on the standard error), and the process goes on.
@Suite("Modifiers that do not apply", .mainActorTurns)
@MainActor
struct ModifierMisuseTests {
  /// The modifiers the binding reported as doing nothing, in order, once it has stopped.
  private func misuses(of binding: ListBinding<FlatSection, TestItem>) async -> [ModifierMisuse] {
    binding.cancel()
    var found: [ModifierMisuse] = []
    for await problem in binding.errors {
      if case .modifierDoesNotApply(let misuse) = problem { found.append(misuse) }
    }
    return found
  }

  // A table's modifier on a collection view, or one of either on a view of the app's own, does
  // not compile: `Tests/Diagnostics/TableModifierOnAGrid.swift`.

  /// A stopped binding's `errors` has finished: the modifier says so in debug builds only, on
  /// the standard error, and sets nothing up.
  @Test func aModifierOnAStoppedBindingSetsNothingUp() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    #expect(await binding.apply(items: [TestItem(id: 1)]))
    binding.cancel()
    _ = binding.keepsRowHeights()
      .onDelete { _, _ in }
      .anchor(.end)
      .itemsOnFirstScreen(12)
    #expect(table.delegate == nil, "no delegate of Bindery's was installed for the heights")
    #expect(binding.rememberedRowHeight(at: IndexPath(row: 0, section: 0)) == nil)
    #expect(table.visibleCells.count == 1, "the view keeps what it shows")
  }

  @Test func aFirstScreenOfNoItemsIsReported() async {
    let grid = makeGrid()
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeItem)
    _ = binding.itemsOnFirstScreen(0)
    #expect(binding.itemsPerScreen == 18, "the flow layout's own count: 3 columns, 6 lines")
    let found = await misuses(of: binding)
    #expect(found.map(\.modifier) == ["itemsOnFirstScreen(_:)"])
    #expect(found.first?.reason.contains("not 0") == true)
  }

  /// A hold waits for content that prefetching asked for: without prefetching it would hold
  /// nothing, so both holds say so, and the list shows at once.
  @Test func holdingWithoutPrefetchingIsReported() async {
    let table = makeTable()
    let avatars = ContentStore<Int, String> { "avatar \($0)" }
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(
        avatars, prefetching: .never, holdingFirstDisplay: .seconds(60),
        holdingNewRows: .seconds(60))
    ) { tableView, indexPath, _, _ in
      tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    }
    #expect(await binding.apply(items: [TestItem(id: 1)]), "shown at once, held by nothing")
    let found = await misuses(of: binding)
    #expect(
      found.map(\.modifier) == [
        "LateContent.store(_:holdingFirstDisplay:)", "LateContent.store(_:holdingNewRows:)",
      ])
  }

  @Test func aModifierThatAppliesReportsNothing() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .headerTitles { _ in "Mates" }
    .keepsRowHeights()
    .animation(.fade)
    #expect(await binding.apply(items: [TestItem(id: 1)]))
    #expect(await misuses(of: binding).isEmpty)
  }
}
