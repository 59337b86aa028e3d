import Bindery
import BinderySwiftUI
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// What `List` users expect besides swipes (BoundListCoordinator+Editing.swift): edit mode with
/// its delete buttons and reorder handles, reordering, and a context menu on a long press.
@MainActor
@Suite("A SwiftUI list's coordinator: edit mode, reordering, context menus", .mainActorTurns)
struct BoundListEditingTests {
  /// The kinds of accessories the cell of the item at `path` has.
  func accessories(_ view: UICollectionView, at path: IndexPath) -> [UICellAccessory.Kind]? {
    (view.cellForItem(at: path) as? UICollectionViewListCell)?.accessories.map(\.kind)
  }

  @Test func editModeShowsADeleteButtonAndAHandleOnlyForWhatTheAppHandles() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    #expect(await binding.apply(items: items(0..<20)))
    let path = IndexPath(item: 1, section: 0)
    #expect(accessories(view, at: path) == [], "nothing the app does not handle")

    coordinator.update(onDelete: { _ in })
    #expect(accessories(view, at: path) == [.delete], "the rows on screen take it at once")
    coordinator.update(onMove: { _, _, _ in })
    #expect(accessories(view, at: path) == [.delete, .reorder])
    let shown = try #require((view.cellForItem(at: path) as? UICollectionViewListCell)?.accessories)
    #expect(shown.allSatisfy { $0.displayed == .whenEditing }, "only while editing")

    coordinator.update(isEditing: true)
    #expect(view.isEditing)
    coordinator.update(onDelete: nil)
    #expect(accessories(view, at: path) == [.reorder])
    // Rows configured later, scrolled to, have them too.
    view.userDrags(by: 2_000)
    let last = try #require(view.indexPathsForVisibleItems.max())
    #expect(last.item > 12, "scrolled to rows configured later")
    #expect(accessories(view, at: last) == [.reorder])
    coordinator.update(isEditing: false)
    #expect(!view.isEditing)
    #expect(view.violations.isEmpty)
  }

  @Test func aRowMovedByItsHandleTellsTheAppAndStaysWhereTheUserPutIt() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    var list = items(0..<10)
    var moves: [(id: Int, from: Int, to: Int)] = []
    coordinator.update(onMove: { item, from, to in
      moves.append((item.id, from.item, to.item))
      list.insert(list.remove(at: from.item), at: to.item)
      binding.submit(items: list)
    })
    #expect(await binding.apply(items: list))
    let from = IndexPath(item: 1, section: 0)
    let to = IndexPath(item: 4, section: 0)
    #expect(!view.userDragsReorderHandle(ofItemAt: from, to: to), "no handle outside edit mode")

    coordinator.update(isEditing: true)
    #expect(view.userDragsReorderHandle(ofItemAt: from, to: to))
    #expect(moves.map(\.id) == [1] && moves.first?.from == 1 && moves.first?.to == 4)
    #expect(binding.snapshot.items.map(\.id) == [0, 2, 3, 4, 1, 5, 6, 7, 8, 9])
    #expect(await binding.waitUntilShown())
    #expect(binding.snapshot.items == list, "the app's list, diffed from the move: no move back")
    #expect(view.violations.isEmpty, "\(view.violations)")

    // Taken back: no row moves, and none shows a handle.
    coordinator.update(onMove: nil)
    #expect(accessories(view, at: from) == [])
    #expect(!view.userMovesItem(at: from, to: to), "the data source says no row moves")
    #expect(moves.count == 1)
  }

  @Test func aLongPressShowsTheMenuForTheItemItPressed() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    var list = items(0..<10)
    #expect(await binding.apply(items: list))
    let path = IndexPath(item: 2, section: 0)
    #expect(view.userLongPressesItem(at: path) == nil, "no menu without one")

    var pinned: [Int] = []
    coordinator.update(contextMenu: { item in
      guard item.id != 5 else { return nil }
      return UIMenu(
        title: "Row \(item.id)", children: [UIAction(title: "Pin") { _ in pinned.append(item.id) }])
    })
    let menu = try #require(view.userLongPressesItem(at: path))
    #expect(menu.title == "Row 2")
    menu.children.first.map { $0.handler($0) }
    #expect(pinned == [2])

    // The item the row shows when pressed, after the list changed under it.
    list.insert(TestItem(id: 99), at: 0)
    #expect(await binding.apply(items: list))
    #expect(view.userLongPressesItem(at: path)?.title == "Row 1")
    #expect(view.userLongPressesItem(at: IndexPath(item: 6, section: 0)) == nil, "item 5: none")
    coordinator.update(contextMenu: nil)
    #expect(view.userLongPressesItem(at: path) == nil)
  }
}
