import BinderyTesting
import Testing

@testable import Bindery

/// What the main actor does with a diffed list (`ListBinding+Showing.swift`).
@Suite("Showing a diffed list", .mainActorTurns)
@MainActor
struct ListBindingShowingTests {
  /// The race the device-truth test of a reorder met under load: the worker took a list sent
  /// before the user's move, and read the snapshot after it. Diffed from the moved snapshot,
  /// that list would move the row back, and the app's newer list, sent for the move, would move
  /// it again.
  @Test func aListSentBeforeTheUsersMoveIsNotShownOverANewerOne() async throws {
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    var model = (0..<5).map { TestItem(id: $0) }
    #expect(await binding.apply(items: model))
    let operations = binding.statistics.operations

    var sentBefore = model
    sentBefore[4].content = 1
    binding.submit(items: sentBefore)
    let before = binding.inbox.newestSequence
    // The user moves row 0 to the end; the app's model follows and is sent.
    binding.recordUserMove(
      from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 4))
    model.append(model.removeFirst())
    model[3].content = 1
    binding.submit(items: model)

    // As the worker would hand it over: diffed from the moved snapshot, at its version.
    let diffed = ListBinding<FlatSection, TestItem>.Diffed(
      changeset: nil, from: binding.snapshot,
      to: try Snapshot(items: sentBefore), sequence: before,
      animated: true, isFirst: false, baseVersion: binding.snapshotVersion, diffTime: .zero)
    #expect(binding.show(diffed) == .stale)
    #expect(binding.snapshot.items.map(\.id) == [1, 2, 3, 4, 0], "the move stays")

    // The newer list is shown, from where the user left the row: a reconfigure, no move.
    #expect(await binding.waitUntilShown())
    #expect(binding.snapshot.items == model)
    #expect(binding.statistics.operations == operations + 1)
  }

  @Test func aListSentBeforeTheUsersMoveIsShownWhenNoNewerOneCame() async {
    let binding = ListBinding<FlatSection, TestItem>(view: BlankListView())
    let model = (0..<5).map { TestItem(id: $0) }
    #expect(await binding.apply(items: model))
    binding.recordUserMove(
      from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 4))
    // The app ignores the move and sends its own order again: its model is the truth.
    #expect(await binding.apply(items: model))
    #expect(binding.snapshot.items == model)
  }
}
