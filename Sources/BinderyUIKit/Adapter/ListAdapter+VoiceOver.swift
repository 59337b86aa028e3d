import Bindery

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// VoiceOver's cursor kept on its item. VoiceOver holds its cursor on an object: a cell
/// reconfigured in place or moved by a batch keeps it, but a row given a new cell — a reload of
/// the list, a reload of rows (`replacesCells(when:)`), a cell of another kind
/// (`replacesCells(byKind:)`) — drops the cell it was on or hands it to another row, and the
/// cursor goes to the top of the screen (UIKit rules §7.10). The remedy UIKit's users give is
/// the adapter's: note the item before the change, then post `.layoutChanged` with the cell that
/// shows it now.
extension ListAdapter {
  /// Before a change that gives rows new cells: notes the item whose cell (or a view in it)
  /// has VoiceOver's cursor, for the turn's job. Does nothing while VoiceOver is off.
  ///
  /// - Complexity: O(1) while VoiceOver is off; otherwise O(*v*), the views in the visible
  ///   cells.
  func noteVoiceOverFocus() {
    guard voiceOverFocus == nil, UIAccessibility.isVoiceOverRunning, let view,
      let path = view.visibleIndexPaths.first(where: { path in
        view.liveCell(at: path).map(Self.hasVoiceOverCursor) ?? false
      }),
      let id = shown.item(at: ItemPosition(path))?.id
    else { return }
    voiceOverFocus = id
    schedule(.voiceOverFocus)
  }

  /// The turn's part: once the view has laid the change out, the cursor goes to the cell that
  /// shows the noted item, if it is not on it already. Nothing when the item left the list or
  /// the screen (VoiceOver's own choice then), or the screen is covered.
  func keepVoiceOverFocus() {
    guard let id = voiceOverFocus else { return }
    voiceOverFocus = nil
    guard isLive, isInWindow, UIAccessibility.isVoiceOverRunning, let view,
      let position = shown.position(of: id), view.has(position)
    else { return }
    view.layoutIfNeeded()
    guard let cell = view.liveCell(at: IndexPath(position)), !Self.hasVoiceOverCursor(cell)
    else { return }
    UIAccessibility.post(notification: .layoutChanged, argument: cell)
  }

  /// Whether VoiceOver's cursor is on `view` or on a view in it (a cell that is no element
  /// itself, whose labels are). Each view is asked, not `UIAccessibility.focusedElement(using:)`:
  /// the cursor may be in another scene's window, and a view knows whether it is its own.
  private static func hasVoiceOverCursor(_ view: UIView) -> Bool {
    view.accessibilityElementIsFocused() || view.subviews.contains(where: hasVoiceOverCursor)
  }
}
