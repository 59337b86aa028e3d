import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A collection view cell styled as a row of a list (`UICollectionViewListCell` where UIKit
/// does not exist): a list content configuration, accessories, an indentation level.
@MainActor
open class HeadlessCollectionViewListCell: HeadlessCollectionViewCell {
  override var isAccessibilityElementByDefault: Bool { true }
  override var defaultAccessibilityLabel: String? { readText }
  override var defaultAccessibilityTraits: HeadlessAccessibilityTraits {
    isSelected ? .selected : .none
  }

  /// The accessories at the cell's sides.
  open var accessories: [HeadlessCellAccessory] = []
  /// How deep the cell is indented (an outline's level).
  open var indentationLevel = 0

  /// A list content configuration styled for a list cell.
  public func defaultContentConfiguration() -> HeadlessListContentConfiguration { .cell() }

  /// Whether the cell's outline disclosure triangle shows its item expanded (turned down):
  /// `nil` without one (HeadlessUIKit only). It follows the cell's
  /// ``HeadlessCollectionViewCell/configurationState``'s `isExpanded`, which UIKit fills in only
  /// for a diffable data source's section snapshots — never, in HeadlessUIKit — so a cell of any
  /// other data source shows collapsed unless its class says otherwise (UIKit rules §7.3).
  public var showsOutlineExpanded: Bool? {
    guard accessories.contains(where: { $0.kind == .outlineDisclosure }) else { return nil }
    return configurationState.isExpanded
  }
}

extension HeadlessCollectionView {
  /// The user taps an accessory of a visible list cell: its action runs, as on a device
  /// (HeadlessUIKit only). Returns `false` when the item is not visible, its cell is not a list
  /// cell, or it has no such accessory with an action.
  @discardableResult
  public func userTapsAccessory(
    _ kind: HeadlessCellAccessory.Kind, ofItemAt indexPath: IndexPath
  ) -> Bool {
    guard let cell = cellForItem(at: indexPath) as? HeadlessCollectionViewListCell,
      let handler = cell.accessories.first(where: { $0.kind == kind })?.actionHandler
    else { return false }
    handler()
    return true
  }

  /// The user drags a visible row by its reorder handle to `destination`, as an interactive
  /// movement (HeadlessUIKit only). Only while the list is editing, on a list cell that shows a
  /// reorder handle then: returns `false` otherwise, or when the data source says the row
  /// cannot move.
  @discardableResult
  public func userDragsReorderHandle(ofItemAt indexPath: IndexPath, to destination: IndexPath)
    -> Bool
  {
    guard isEditing, let cell = cellForItem(at: indexPath) as? HeadlessCollectionViewListCell,
      cell.accessories.contains(where: { $0.kind == .reorder && $0.displayed != .whenNotEditing })
    else { return false }
    return userMovesItem(at: indexPath, to: destination)
  }
}
