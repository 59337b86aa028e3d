import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// An item of a group (`NSCollectionLayoutItem`): a cell.
@MainActor
public class HeadlessLayoutItem {
  /// The item's size.
  public let layoutSize: HeadlessLayoutSize
  /// Room inside the item's frame around its cell.
  public var contentInsets = HeadlessDirectionalEdgeInsets.zero

  /// An item of a size.
  public init(layoutSize: HeadlessLayoutSize) {
    self.layoutSize = layoutSize
  }
}
