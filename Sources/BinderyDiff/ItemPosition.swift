/// The place of an item in a snapshot: a section index and an item index inside that section.
///
/// `BinderyDiff` has no Foundation dependency, so it uses this instead of `IndexPath`; the UIKit
/// adapter converts with `IndexPath(item: position.item, section: position.section)`.
/// Positions order by section, then by item.
public struct ItemPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The index of the section.
  public var section: Int
  /// The index of the item inside its section.
  public var item: Int

  /// Creates a position from a section index and an item index.
  @inlinable
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Orders positions by section, then by item.
  @inlinable
  public static func < (lhs: ItemPosition, rhs: ItemPosition) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }

  /// The position as `[section, item]`, the way `IndexPath` prints.
  public var description: String { "[\(section), \(item)]" }
}
