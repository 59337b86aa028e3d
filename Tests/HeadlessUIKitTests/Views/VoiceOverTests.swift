import Foundation
import HeadlessUIKit
import Testing

/// VoiceOver over a list (UIKit rules §7.10): the elements a person swipes through, the cursor,
/// and what happens to it as the list changes under it.
@MainActor
@Suite("VoiceOver's elements and cursor")
struct VoiceOverTests {
  /// Records when the cursor comes to it and leaves.
  final class FocusCell: HeadlessTableViewCell {
    var events: [String] = []
    override func accessibilityElementDidBecomeFocused() { events.append("focused") }
    override func accessibilityElementDidLoseFocus() { events.append("lost") }
  }

  /// A title, a button and a table of 44-point rows in one window, VoiceOver on.
  private func screen(rows: Int = 100) -> (
    HeadlessWindow, HeadlessTableView, RowsDataSource, HeadlessLabel, HeadlessButton
  ) {
    let (table, source) = makeTable(rows: rows, onScreen: false)
    table.register(FocusCell.self, forCellReuseIdentifier: "row")
    table.frame.origin.y = 100
    let title = HeadlessLabel(frame: CGRect(x: 0, y: 0, width: 320, height: 40))
    title.text = "Mates"
    let button = HeadlessButton(type: .system)
    button.setTitle("Add", for: .normal)
    let window = HeadlessWindow.show(table)
    table.superview?.insertSubview(title, at: 0)
    table.superview?.insertSubview(button, at: 1)
    window.voiceOver.isRunning = true
    table.layoutIfNeeded()
    return (window, table, source, title, button)
  }

  private func cell(_ table: HeadlessTableView, _ row: Int) -> FocusCell? {
    table.cellForRow(at: IndexPath(indexes: [0, row])) as? FocusCell
  }

  @Test func theElementsAreReadInOrderWithWhatTheyShow() throws {
    let (window, table, _, title, button) = screen()
    let elements = window.voiceOver.elements
    #expect(elements.first === title && elements.dropFirst().first === button)
    let rows = elements.dropFirst(2).map { $0.accessibilityLabel }
    #expect(rows == (0..<10).map { "s0r\($0)" }, "the visible rows, in order")
    #expect(title.accessibilityTraits == .staticText && button.accessibilityTraits == .button)
    button.isEnabled = false
    #expect(button.accessibilityTraits == [.button, .notEnabled])
    title.accessibilityElementsHidden = true
    #expect(window.voiceOver.elements.first === button)
    let first = try #require(cell(table, 0))
    first.accessibilityLabel = "Ada, online"
    #expect(window.voiceOver.elements.dropFirst().first?.accessibilityLabel == "Ada, online")
  }

  @Test func aCellsLabelIsMadeOfTheLabelsItHolds() {
    let cell = HeadlessTableViewCell(style: .default, reuseIdentifier: nil)
    let name = HeadlessLabel()
    name.text = "Ada"
    let bio = HeadlessLabel()
    bio.text = "Keeps the build green."
    let avatar = HeadlessImageView()
    cell.contentView.addSubview(avatar)
    cell.contentView.addSubview(name)
    cell.contentView.addSubview(bio)
    #expect(cell.accessibilityLabel == "Ada, Keeps the build green.")
    var content = cell.defaultContentConfiguration()
    content.text = "Bo"
    content.secondaryText = "Ships on Fridays."
    cell.contentConfiguration = content
    #expect(cell.accessibilityLabel == "Bo, Ships on Fridays.")
  }

  @Test func thePersonMovesTheCursorAndTheElementsHear() throws {
    let (window, table, _, title, button) = screen()
    let voiceOver = window.voiceOver
    #expect(voiceOver.userMovesToNextElement() && voiceOver.focusedElement === title)
    #expect(voiceOver.userMovesToNextElement() && voiceOver.focusedElement === button)
    #expect(voiceOver.userMovesToNextElement())
    let first = try #require(cell(table, 0))
    #expect(voiceOver.focusedElement === first && first.accessibilityElementIsFocused())
    #expect(voiceOver.userFocuses(on: try #require(cell(table, 3))))
    #expect(first.events == ["focused", "lost"])
    #expect(!voiceOver.userFocuses(on: HeadlessLabel()), "not on screen: nothing moves")
    // What an app reads of it (`UIAccessibility.focusedElement(using:)`), in the key window.
    window.makeKeyAndVisible()
    let focused = HeadlessAccessibility.focusedElement(using: .notificationVoiceOver)
    #expect(focused as? HeadlessView === cell(table, 3))
    #expect(HeadlessAccessibility.focusedElement(using: nil) as? HeadlessView === cell(table, 3))
    #expect(HeadlessAccessibility.focusedElement(using: .notificationSwitchControl) == nil)
    voiceOver.isRunning = false
    #expect(voiceOver.focusedElement == nil && !voiceOver.userMovesToNextElement())
    #expect(HeadlessAccessibility.focusedElement(using: .notificationVoiceOver) == nil)
  }

  @Test func aCellReconfiguredOrMovedKeepsTheCursor() throws {
    let (window, table, source, _, _) = screen()
    let focused = try #require(cell(table, 4))
    window.voiceOver.userFocuses(on: focused)
    source.rows[0][4] = "renamed"
    table.reconfigureRows(at: [IndexPath(indexes: [0, 4])])
    #expect(window.voiceOver.focusedElement === focused && focused.accessibilityLabel == "renamed")
    table.performBatchUpdates {
      source.rows[0].insert(source.rows[0].remove(at: 4), at: 1)
      table.moveRow(at: IndexPath(indexes: [0, 4]), to: IndexPath(indexes: [0, 1]))
    }
    table.layoutIfNeeded()
    #expect(window.voiceOver.focusedElement === focused && cell(table, 1) === focused)
    #expect(window.voiceOver.focusLossCount == 0)
  }

  @Test func aCellScrolledAwayLosesTheCursorToTheFirstElement() async throws {
    let (window, table, _, title, _) = screen()
    let focused = try #require(cell(table, 2))
    window.voiceOver.userFocuses(on: focused)
    table.contentOffset.y += 44 * 20
    #expect(window.voiceOver.focusedElement == nil && focused.events == ["focused", "lost"])
    #expect(await yieldUntil { window.voiceOver.focusedElement != nil })
    #expect(window.voiceOver.focusedElement === title && window.voiceOver.focusLossCount == 1)
  }

  @Test func aReloadTakesTheCursorUnlessTheAppSaysWhereItGoes() async throws {
    let (window, table, _, title, _) = screen()
    window.voiceOver.userFocuses(on: try #require(cell(table, 5)))
    table.reloadData()
    table.layoutIfNeeded()
    #expect(await yieldUntil { window.voiceOver.focusedElement != nil })
    #expect(window.voiceOver.focusedElement === title, "a reload reuses the focused cell")

    window.voiceOver.userFocuses(on: try #require(cell(table, 5)))
    table.reloadData()
    table.layoutIfNeeded()
    let sameRow = try #require(cell(table, 5))
    UIAccessibility.post(notification: .layoutChanged, argument: sameRow)
    for _ in 0..<4 { await Task.yield() }
    #expect(window.voiceOver.focusedElement === sameRow, "the app put it back on its row")
    #expect(window.voiceOver.postedNotifications == [.layoutChanged])
  }

  @Test func notificationsMoveTheCursorAndAnnouncementsAreRead() throws {
    let (window, table, _, title, button) = screen()
    let voiceOver = window.voiceOver
    // Any window's VoiceOver, on a device one setting for every window. (Whether it is off
    // cannot be asserted here: other tests' windows may run theirs.)
    #expect(UIAccessibility.isVoiceOverRunning)
    voiceOver.userFocuses(on: button)
    UIAccessibility.post(notification: .layoutChanged, argument: nil)
    #expect(voiceOver.focusedElement === button, "still on screen: it stays")
    UIAccessibility.post(notification: .screenChanged, argument: nil)
    #expect(voiceOver.focusedElement === title, "a new screen: its first element")
    let second = try #require(cell(table, 1))
    UIAccessibility.post(notification: .screenChanged, argument: second)
    #expect(voiceOver.focusedElement === second)
    UIAccessibility.post(notification: .announcement, argument: "3 new messages")
    #expect(voiceOver.announcements == ["3 new messages"])
    voiceOver.isRunning = false
    UIAccessibility.post(notification: .announcement, argument: "unheard")
    #expect(voiceOver.announcements == ["3 new messages"])
  }
}
