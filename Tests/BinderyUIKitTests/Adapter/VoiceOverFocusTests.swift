import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// VoiceOver's cursor stays on its item (issue 66, item 8). VoiceOver holds its cursor on a
/// cell object (UIKit rules §7.10): a change that gives the item's row a new cell — a reload
/// of the list, a row reloaded because its cell must change, a cell of another kind once its
/// photo arrives — would send a VoiceOver user back to the top of the screen. The binding puts
/// the cursor back on the cell that shows the item, and leaves it alone where the cell stays.
@Suite("VoiceOver's cursor kept on its item", .mainActorTurns)
@MainActor
struct VoiceOverFocusTests {
  /// 30 rows in a window with VoiceOver on, its cursor on item 5's row.
  private func tableWithTheCursorOnItem5(
    _ bind: (UITableView) -> ListBinding<FlatSection, TestItem> = {
      $0.bind(to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    }
  ) async throws -> (UITableView, ListBinding<FlatSection, TestItem>, HeadlessVoiceOver) {
    let table = makeTable()
    let binding = bind(table)
    #expect(await binding.apply(items: (0..<30).map { TestItem(id: $0) }))
    table.layoutIfNeeded()
    let voiceOver = try #require(table.window?.voiceOver)
    voiceOver.isRunning = true
    let cell = try #require(table.cellForRow(at: IndexPath(row: 5, section: 0)))
    #expect(voiceOver.userFocuses(on: cell))
    return (table, binding, voiceOver)
  }

  /// The text of the row VoiceOver's cursor is on, once the turn's work is done.
  private func focusedText(_ voiceOver: HeadlessVoiceOver) -> String? {
    (voiceOver.focusedElement as? UITableViewCell)?.textLabel?.text
  }

  @Test func aRowReloadedForANewCellKeepsTheCursor() async throws {
    let (table, binding, voiceOver) = try await tableWithTheCursorOnItem5 {
      $0.bind(to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
        .replacesCells(when: { old, new in old.content != new.content })
    }
    var items = (0..<30).map { TestItem(id: $0) }
    items[5].content = 1
    #expect(await binding.apply(items: items))
    await eventually("the cursor to be on item 5's new cell") { focusedText(voiceOver) == "5:1" }
    #expect(voiceOver.focusedElement === table.cellForRow(at: IndexPath(row: 5, section: 0)))
    #expect(voiceOver.postedNotifications == [.layoutChanged])
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  @Test func aListShownWithAReloadKeepsTheCursorWhereItsItemWent() async throws {
    let (table, binding, voiceOver) = try await tableWithTheCursorOnItem5()
    // Any change is too large to animate: the new list is shown with `reloadData()`, which
    // asks again for every visible row's cell.
    binding.reloadThreshold = 0
    binding.minimumOperationsForReload = 0
    let items = [TestItem(id: 100)] + (0..<30).map { TestItem(id: $0) }
    #expect(await binding.apply(items: items))
    #expect(binding.statistics.reloads >= 1, "the list was shown with a reload")
    await eventually("the cursor to be on item 5, a row down") {
      voiceOver.focusedElement === table.cellForRow(at: IndexPath(row: 6, section: 0))
    }
    #expect(focusedText(voiceOver) == "5:0")
  }

  @Test func aCellOfAnotherKindOnceItsPhotoArrivesKeepsTheCursor() async throws {
    let loader = GatedLoader()
    let photos = ContentStore<Int, String>(loader: loader.load)
    defer { loader.openAll() }
    let (table, binding, voiceOver) = try await tableWithTheCursorOnItem5 { table in
      table.register(UITableViewCell.self, forCellReuseIdentifier: "photo")
      return table.bind(
        to: .sequence(AsyncStream<[TestItem]> { _ in }),
        content: .store(photos, prefetching: .never)
      ) { tableView, indexPath, item, photo in
        let cell = tableView.dequeueReusableCell(
          withIdentifier: photo.content == nil ? "row" : "photo", for: indexPath)
        cell.textLabel?.text = "\(item.id) \(photo.content ?? "…")"
        return cell
      }
      .replacesCells(byKind: { _, photo in photo == .loaded ? "photo" : "row" })
    }
    await eventually("item 5's photo to be asked for") { loader.startedKeys.contains(5) }
    loader.open(5)
    await eventually("the cursor to be on item 5's photo cell") {
      focusedText(voiceOver) == "5 content 5"
    }
    #expect(voiceOver.focusedElement === table.cellForRow(at: IndexPath(row: 5, section: 0)))
    #expect(table.cellForRow(at: IndexPath(row: 5, section: 0))?.reuseIdentifier == "photo")
    #expect(table.violations.isEmpty, "\(table.violations)")
    binding.cancel()
  }

  @Test func aMoveAndAReconfigureLeaveTheCursorOnItsCell() async throws {
    let (table, binding, voiceOver) = try await tableWithTheCursorOnItem5()
    let cell = try #require(voiceOver.focusedElement)
    var items = (0..<30).map { TestItem(id: $0) }
    items.remove(at: 5)
    items.insert(TestItem(id: 5, content: 2), at: 1)
    #expect(await binding.apply(items: items))
    await eventually("the moved row to show its new content") { focusedText(voiceOver) == "5:2" }
    #expect(voiceOver.focusedElement === cell, "the same cell, moved and reconfigured")
    #expect(voiceOver.focusLossCount == 0)
    #expect(voiceOver.postedNotifications.isEmpty, "nothing to tell: the cursor never moved")
    #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === cell)
  }

  @Test func anItemThatLeavesLeavesTheCursorToVoiceOver() async throws {
    let (table, binding, voiceOver) = try await tableWithTheCursorOnItem5()
    binding.reloadThreshold = 0
    binding.minimumOperationsForReload = 0
    var items = (0..<30).map { TestItem(id: $0) }
    items.remove(at: 5)
    #expect(await binding.apply(items: items))
    await eventually("VoiceOver to put its cursor back on the screen") {
      voiceOver.focusedElement != nil
    }
    #expect(voiceOver.postedNotifications.isEmpty, "the binding has no item to point at")
    #expect(voiceOver.focusedElement === voiceOver.elements.first)
    #expect(rowCount(of: table) == 29)
  }

  /// A collection cell is no accessibility element by default: VoiceOver reads the labels it
  /// holds, one by one.
  final class NameAndStatusCell: UICollectionViewCell {
    let name = UILabel()
    let status = UILabel()
    override init(frame: CGRect) {
      super.init(frame: frame)
      contentView.addSubview(name)
      contentView.addSubview(status)
    }

    required init?(coder: NSCoder) {
      return nil
    }
  }

  @Test func aGridsReloadedItemKeepsTheCursorOnTheLabelItWasOn() async throws {
    let grid = makeGrid()
    grid.register(NameAndStatusCell.self, forCellWithReuseIdentifier: "mate")
    let binding = grid.bind(to: .sequence(AsyncStream<[TestItem]> { _ in })) {
      grid, indexPath, item in
      let cell = grid.dequeueReusableCell(withReuseIdentifier: "mate", for: indexPath)
      (cell as? NameAndStatusCell)?.name.text = "mate \(item.id)"
      (cell as? NameAndStatusCell)?.status.text = "status \(item.content)"
      return cell
    }
    .replacesCells(when: { old, new in old.content != new.content })
    var items = (0..<30).map { TestItem(id: $0) }
    #expect(await binding.apply(items: items))
    grid.layoutIfNeeded()
    let voiceOver = try #require(grid.window?.voiceOver)
    voiceOver.isRunning = true
    let cell = try #require(
      grid.cellForItem(at: IndexPath(item: 4, section: 0)) as? NameAndStatusCell)
    #expect(!cell.isAccessibilityElement, "a container, as UIKit's")
    #expect(voiceOver.userFocuses(on: cell.status))
    items[4].content = 3
    #expect(await binding.apply(items: items))
    await eventually("the cursor to be on item 4's new status") {
      voiceOver.focusedElement?.accessibilityLabel == "status 3"
    }
    let now = grid.cellForItem(at: IndexPath(item: 4, section: 0)) as? NameAndStatusCell
    #expect(voiceOver.focusedElement === now?.status)
    #expect(grid.violations.isEmpty, "\(grid.violations)")
  }
}
