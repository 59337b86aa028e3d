import Foundation

/// The classes registered with a list view and the views it recycled, for cells and
/// supplementary views alike: both are keyed by element kind and reuse identifier, cells under
/// no kind, as UIKit registers a supplementary view for a kind and an identifier together.
///
/// It only stores: the engine creates, prepares and reports, outside any access to the pool,
/// so that a registered class's initializer or a `prepareForReuse()` may call back into the
/// view.
struct ReusePool {
  /// A registration: the element kind (`nil` for a cell) and the reuse identifier.
  struct Key: Hashable {
    var elementKind: String?
    var identifier: String

    /// A cell's key.
    static func cell(_ identifier: String) -> Key {
      Key(elementKind: nil, identifier: identifier)
    }

    /// A supplementary view's key.
    static func supplementary(kind: String, _ identifier: String) -> Key {
      Key(elementKind: kind, identifier: identifier)
    }
  }

  /// Makes a view of the registered class, given the reuse identifier.
  typealias Maker = (String) -> HeadlessReusableView

  private var makers: [Key: Maker] = [:]
  private var recycled: [Key: [HeadlessReusableView]] = [:]

  /// Registers (or replaces) the class for a key.
  mutating func register(_ key: Key, make: @escaping Maker) {
    makers[key] = make
  }

  /// What makes a view for a key; `nil` when nothing is registered for it.
  func maker(for key: Key) -> Maker? { makers[key] }

  /// Keeps a view that left the screen, for the next dequeue with its key.
  mutating func recycle(_ view: HeadlessReusableView, as key: Key) {
    recycled[key, default: []].append(view)
  }

  /// The view recycled last with a key, taken out of the pool; `nil` when there is none.
  mutating func takeRecycled(_ key: Key) -> HeadlessReusableView? {
    recycled[key]?.popLast()
  }
}
