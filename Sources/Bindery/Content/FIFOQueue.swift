/// A first-in first-out queue over an array and a head index: appends and pops are O(1)
/// amortized — the array drops the popped prefix once it is more than half of it, and more
/// than a thousand entries. The load scheduler's wait queue (`LoadWaitQueue` keeps one per
/// priority) and the store's record of failures nobody wants use it.
@usableFromInline
struct FIFOQueue<Element> {
  @usableFromInline var _storage: [Element] = []
  @usableFromInline var _head = 0

  @inlinable init() {}

  /// The number of elements queued.
  @inlinable var count: Int { _storage.count - _head }

  /// The elements queued, oldest first.
  @inlinable var elements: ArraySlice<Element> { _storage[_head...] }

  @inlinable
  mutating func append(_ element: Element) { _storage.append(element) }

  /// The oldest element, removed; `nil` when the queue is empty.
  @inlinable
  mutating func popFirst() -> Element? {
    guard _head < _storage.count else { return nil }
    let element = _storage[_head]
    _head += 1
    if _head > 1_024, _head * 2 > _storage.count {
      _storage.removeFirst(_head)
      _head = 0
    }
    return element
  }
}
