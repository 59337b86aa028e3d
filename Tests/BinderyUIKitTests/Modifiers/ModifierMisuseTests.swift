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

  @Test func keepingRowHeightsOnACollectionViewIsReported() async {
    let grid = makeGrid()
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeItem)
    _ = binding.keepsRowHeights()
    let found = await misuses(of: binding)
    #expect(found.map(\.modifier) == ["keepsRowHeights()"])
    #expect(found.first?.reason.contains("collection view") == true)
    #expect(grid.delegate == nil, "nothing was installed")
  }

  @Test func supplementaryViewsOnATableAreReported() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    _ = binding.supplementaryViews(ofKind: "header", UICollectionReusableView.self) { _, _, _ in }
    #expect(await binding.apply(items: [TestItem(id: 1)]))
    let found = await misuses(of: binding)
    #expect(found.map(\.modifier) == ["supplementaryViews(ofKind:_:configure:)"])
    #expect(
      found.first?.description.hasPrefix(
        "supplementaryViews(ofKind:_:configure:) does nothing here")
        == true)
  }

  @Test func everyModifierOnAViewOfTheAppsOwnIsReported() async {
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    _ = binding.animation(.fade)
      .headerTitles { _ in "title" }
      .footerTitles { _ in "footer" }
      .sectionIndexTitles { _ in "T" }
      .onDelete { _, _ in }
      .onMove { _, _, _ in }
      .replacesCells(when: { _, _ in true })
      .onSectionChange { _, _ in }
      .anchor(.end)
      .keepsRowHeights()
      .emptyState { _ in nil }
      .loadMore(hasMore: { true }) {}
      .itemsOnFirstScreen(12)
    #expect(await binding.apply(items: [TestItem(id: 1)]), "the list is still shown")
    let found = await misuses(of: binding).map(\.modifier)
    #expect(
      found == [
        "animation(_:)", "headerTitles(_:)", "footerTitles(_:)", "sectionIndexTitles(_:)",
        "onDelete(canDelete:_:)", "onMove(canMove:_:)", "replacesCells(when:)",
        "onSectionChange(_:)", "anchor(_:)", "keepsRowHeights()", "emptyState(_:)",
        "loadMore(edge:threshold:hasMore:footer:load:)", "itemsOnFirstScreen(_:)",
      ])
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
