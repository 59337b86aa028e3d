import Bindery

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// Where VoiceOver's cursor was in a list: the item, and where in its cell.
struct VoiceOverPlace<ID: Hashable> {
  var id: ID
  var spot: VoiceOverSpot
}

/// Where VoiceOver's cursor is in a cell.
enum VoiceOverSpot: Equatable {
  /// On the cell, an element itself (a table cell, by default).
  case cell
  /// On one of the elements the cell holds (a collection cell's labels), by its index among
  /// them.
  case element(Int)
}

/// VoiceOver's cursor kept on its item. VoiceOver holds its cursor on an object: a cell
/// reconfigured in place or moved by a batch keeps it, but a row given a new cell — a reload of
/// the list, a reload of rows (`replacesCells(when:)`), a cell of another kind
/// (`replacesCells(byKind:)`) — drops the cell it was on or hands it to another row, and the
/// cursor goes elsewhere (UIKit rules §7.10). The remedy UIKit's users give is the adapter's:
/// note the item before the change, then post `.layoutChanged` with the cell that shows it now
/// — with the same element of it, where the cursor was on a label or a button in the cell.
extension ListAdapter {
  /// Before a change that gives the rows at `paths` (every row, for `nil`) new cells: notes
  /// where in them VoiceOver's cursor is, for the turn's job. Does nothing while VoiceOver is
  /// off, or when the cursor is on none of those rows.
  ///
  /// - Complexity: O(1) while VoiceOver is off; otherwise O(*v*), the views in the cells of
  ///   those rows.
  func noteVoiceOverFocus(amongRows paths: [IndexPath]? = nil) {
    guard voiceOverFocus == nil, UIAccessibility.isVoiceOverRunning, let view else { return }
    for path in paths ?? view.visibleIndexPaths {
      guard let cell = view.liveCell(at: path), let spot = Self.voiceOverCursor(in: cell)
      else { continue }
      guard let id = shown.item(at: ItemPosition(path))?.id else { return }
      voiceOverFocus = VoiceOverPlace(id: id, spot: spot)
      schedule(.voiceOverFocus)
      return
    }
  }

  /// The turn's part: once the view has laid the change out, the cursor goes to the cell that
  /// shows the noted item (to the element it was on), if it is not there already. Nothing when
  /// the item left the list or the screen (VoiceOver's own choice then), or the screen is
  /// covered.
  func keepVoiceOverFocus() {
    guard let place = voiceOverFocus else { return }
    voiceOverFocus = nil
    guard isLive, isInWindow, UIAccessibility.isVoiceOverRunning, let view,
      let position = shown.position(of: place.id), view.has(position)
    else { return }
    view.layoutIfNeeded()
    guard let cell = view.liveCell(at: IndexPath(position)), Self.voiceOverCursor(in: cell) == nil
    else { return }
    var target = cell
    if case .element(let index) = place.spot {
      // The same element of the new cell; the cell, if it has fewer.
      let elements = Self.accessibilityElements(in: cell)
      if index < elements.count { target = elements[index] }
    }
    UIAccessibility.post(notification: .layoutChanged, argument: target)
  }

  /// Where an assistive technology's cursor is in `cell`; `nil` when it is not in it. Each
  /// view is asked (`accessibilityElementIsFocused()`), where `UIAccessibility.focusedElement`
  /// would then have to be traced up to a cell of this list: only the cells that change are
  /// looked at, and Switch Control's cursor is kept as VoiceOver's. Elements that are not
  /// views (a cell's own `accessibilityElements`) are not seen.
  private static func voiceOverCursor(in cell: UIView) -> VoiceOverSpot? {
    if cell.accessibilityElementIsFocused() { return .cell }
    let elements = accessibilityElements(in: cell)
    return elements.firstIndex { $0.accessibilityElementIsFocused() }.map(VoiceOverSpot.element)
  }

  /// The accessibility elements a cell that is not one itself holds, in the order of its
  /// subviews: views that are elements (not what they hold), skipping hidden ones. O(*v*).
  private static func accessibilityElements(in view: UIView) -> [UIView] {
    view.subviews.flatMap { subview -> [UIView] in
      guard !subview.isHidden, !subview.accessibilityElementsHidden else { return [] }
      return subview.isAccessibilityElement ? [subview] : accessibilityElements(in: subview)
    }
  }
}
