/// The keys waiting for a load to start, in the order they will start: by priority, highest
/// first, then in the order they were queued at that priority. Raising a waiting key counts as
/// a new request at its new priority: it goes behind the keys already waiting there.
///
/// Each priority has a first-in first-out queue of entries, a key and the order number it was
/// queued with; a table holds each waiting key's priority and order. Taking a key out
/// (``remove(_:)``) or raising it only updates the table: the entry left behind goes stale and
/// is skipped when it comes up. So queueing, raising, removing and taking the next key are all
/// O(1) amortized.
///
/// Invariants (``_checkInvariants()`` checks them in debug builds):
/// - every waiting key has an entry in its priority's queue with the order the table holds,
///   and at most one such live entry;
/// - order numbers are handed out once, increasing: every order is below ``_nextOrder``, and
///   within each queue entries are in increasing order;
/// - a queue's entries that are not live are stale, and are skipped by ``popFirst()``.
@usableFromInline
struct LoadWaitQueue<Key: Hashable> {
  /// A waiting key's priority, and the order it was queued with at that priority.
  @usableFromInline
  struct Waiting {
    @usableFromInline var _priority: ContentPriority
    @usableFromInline var _order: Int

    @inlinable
    init(priority: ContentPriority, order: Int) {
      self._priority = priority
      self._order = order
    }
  }

  /// A key in its priority's queue, and when it was queued there.
  @usableFromInline typealias Entry = (key: Key, order: Int)

  /// The waiting keys, each with its priority and order: the live entries.
  @usableFromInline var _waiting: [Key: Waiting] = [:]
  /// Per priority (by raw value), its entries in the order they were queued, stale ones
  /// included.
  @usableFromInline var _queues = ContentPriority.allCases.map { _ in FIFOQueue<Entry>() }
  /// The order the next queued key gets.
  @usableFromInline var _nextOrder = 0

  @inlinable init() {}

  /// Whether no key waits.
  @inlinable var isEmpty: Bool { _waiting.isEmpty }

  /// The number of waiting keys.
  @inlinable var count: Int { _waiting.count }

  /// The priority a key waits at; `nil` if it does not wait.
  @inlinable
  func priority(of key: Key) -> ContentPriority? { _waiting[key]?._priority }

  /// Whether a key waits.
  @inlinable
  func contains(_ key: Key) -> Bool { _waiting[key] != nil }

  /// The waiting keys, in no particular order.
  var keys: Dictionary<Key, Waiting>.Keys { _waiting.keys }

  /// The waiting keys in the order they will start.
  ///
  /// - Complexity: O(n log n) in the waiting keys.
  var orderedKeys: [Key] {
    _waiting.sorted { lhs, rhs in
      lhs.value._priority != rhs.value._priority
        ? lhs.value._priority > rhs.value._priority : lhs.value._order < rhs.value._order
    }.map { $0.key }
  }

  /// Queues a key that does not wait (unless `onlyIfWaiting`), or raises a waiting one to a
  /// higher priority, behind the keys waiting there. Returns whether anything changed: `false`
  /// for a key that already waits at `priority` or higher, or that does not wait when
  /// `onlyIfWaiting`. One lookup of the key either way.
  @inlinable @discardableResult
  mutating func enqueue(_ key: Key, priority: ContentPriority, onlyIfWaiting: Bool = false)
    -> Bool
  {
    if let current = _waiting[key] {
      if current._priority >= priority { return false }
    } else if onlyIfWaiting {
      return false
    }
    let order = _nextOrder
    _nextOrder += 1
    _waiting[key] = Waiting(priority: priority, order: order)
    _queues[priority.rawValue].append((key, order))
    return true
  }

  /// Takes a key out; returns the priority it waited at, `nil` if it did not wait.
  @inlinable @discardableResult
  mutating func remove(_ key: Key) -> ContentPriority? {
    _waiting.removeValue(forKey: key)?._priority
  }

  /// Takes out the key that starts next, with its priority, skipping stale entries; `nil` when
  /// nothing waits.
  @inlinable
  mutating func popFirst() -> (key: Key, priority: ContentPriority)? {
    guard !_waiting.isEmpty else { return nil }
    for level in stride(from: _queues.count - 1, through: 0, by: -1) {
      while let entry = _queues[level].popFirst() {
        if let current = _waiting[entry.key], current._priority.rawValue == level,
          current._order == entry.order
        {
          _waiting[entry.key] = nil
          return (entry.key, current._priority)
        }
      }
    }
    return nil
  }

  /// Takes every key out, stale entries included.
  @inlinable
  mutating func removeAll() {
    _waiting = [:]
    for level in _queues.indices { _queues[level] = FIFOQueue() }
  }

  /// Checks the invariants listed on the type; traps on a broken one. Does nothing in release
  /// builds.
  func _checkInvariants() {
    #if DEBUG
      for queue in _queues {
        var previous = -1
        for entry in queue.elements {
          precondition(entry.order > previous, "a queue's entries are in increasing order")
          precondition(entry.order < _nextOrder, "orders are handed out below nextOrder")
          previous = entry.order
        }
      }
      for (key, current) in _waiting {
        precondition(current._order < _nextOrder, "orders are handed out below nextOrder")
        let live = _queues[current._priority.rawValue].elements.filter {
          $0.key == key && $0.order == current._order
        }
        precondition(live.count == 1, "a waiting key has one entry in its priority's queue")
      }
    #endif
  }
}
