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

/// An ``ItemPosition`` in 8 bytes, as the id tables store it: half the size of two `Int`s, so
/// that the tables of large lists stay in cache. The section and the item index each keep 32
/// bits, whatever the width of `Int`: a list of more than 4,294,967,295 sections or items per
/// section cannot be indexed (nor held in an iOS device's memory).
@usableFromInline
struct PackedItemPosition: Hashable, Sendable {
  @usableFromInline let _bits: UInt64

  @inlinable @inline(__always)
  init(section: Int, item: Int) {
    _bits =
      UInt64(UInt32(truncatingIfNeeded: section)) << 32
      | UInt64(UInt32(truncatingIfNeeded: item))
  }

  @inlinable @inline(__always)
  init(_ position: ItemPosition) {
    self.init(section: position.section, item: position.item)
  }

  /// A position from its packed bits.
  @inlinable @inline(__always)
  init(bits: UInt64) {
    self._bits = bits
  }

  /// The section index.
  @inlinable var section: Int { Int(truncatingIfNeeded: _bits >> 32) }
  /// The item index within the section.
  @inlinable var item: Int { Int(truncatingIfNeeded: _bits & 0xFFFF_FFFF) }
  /// The position it packs.
  @inlinable var position: ItemPosition { ItemPosition(section: section, item: item) }
}
