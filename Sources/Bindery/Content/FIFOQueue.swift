/// A first-in first-out queue over an array and a head index: appends and pops are O(1)
/// amortized — the array drops the popped prefix once it is more than half of it, and more
/// than a thousand entries. The load scheduler's wait queue (`LoadWaitQueue` keeps one per
/// priority) and the store's record of failures nobody wants use it.
@usableFromInline
struct FIFOQueue<Element> {
  @usableFromInline var storage: [Element] = []
  @usableFromInline var head = 0

  @inlinable init() {}

  /// The number of elements queued.
  @inlinable var count: Int { storage.count - head }

  /// The elements queued, oldest first.
  @inlinable var elements: ArraySlice<Element> { storage[head...] }

  @inlinable
  mutating func append(_ element: Element) { storage.append(element) }

  /// The oldest element, removed; `nil` when the queue is empty.
  @inlinable
  mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head]
    head += 1
    if head > 1_024, head * 2 > storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }
}
