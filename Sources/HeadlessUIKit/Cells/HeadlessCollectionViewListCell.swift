import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A collection view cell styled as a row of a list (`UICollectionViewListCell` where UIKit
/// does not exist): a list content configuration, accessories, an indentation level.
@MainActor
open class HeadlessCollectionViewListCell: HeadlessCollectionViewCell {
  /// The accessories at the cell's sides.
  open var accessories: [HeadlessCellAccessory] = []
  /// How deep the cell is indented (an outline's level).
  open var indentationLevel = 0

  /// A list content configuration styled for a list cell.
  public func defaultContentConfiguration() -> HeadlessListContentConfiguration { .cell() }
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
}
