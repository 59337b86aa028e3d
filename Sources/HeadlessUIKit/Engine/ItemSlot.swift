import Foundation

/// A row's or item's place as the engine and the validator keep it: two plain integers. They
/// hash, compare and go away for less than an `IndexPath`, whose storage may hold an array and
/// whose code lives in another library; batches convert at the public surface, once per path.
struct ItemSlot: Hashable, Comparable, Sendable {
  var section: Int
  var item: Int

  init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// The slot of an index path; a missing component reads as 0, as `sectionIndex` does.
  init(_ path: IndexPath) {
    self.init(section: path.sectionIndex, item: path.itemIndex)
  }

  var indexPath: IndexPath { IndexPath(section: section, index: item) }

  /// How UIKit prints an `NSIndexPath` in its messages, minus the object address.
  var uikitDescription: String { "{length = 2, path = \(section) - \(item)}" }

  static func < (lhs: ItemSlot, rhs: ItemSlot) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }
}
