/// A cache that evicts the least recently used entries beyond a total cost and a count.
///
/// Entries live in an array linked into a recency list by index, so reading (which refreshes
/// recency), inserting and evicting are all O(1); removed slots are reused.
@usableFromInline
struct LRUCache<Key: Hashable, Value> {
  @usableFromInline
  struct Entry {
    @usableFromInline var key: Key
    @usableFromInline var value: Value
    @usableFromInline var cost: Int
    @usableFromInline var newer: Int  // toward the most recent; -1 at the head
    @usableFromInline var older: Int  // toward the least recent; -1 at the tail
  }

  let costLimit: Int
  let countLimit: Int
  @usableFromInline var slots: [Key: Int] = [:]
  @usableFromInline var entries: [Entry] = []
  private var free: [Int] = []
  @usableFromInline var newest = -1
  @usableFromInline var oldest = -1
  private(set) var totalCost = 0

  @usableFromInline
  init(costLimit: Int, countLimit: Int) {
    self.costLimit = max(0, costLimit)
    self.countLimit = max(0, countLimit)
  }

  var count: Int { slots.count }

  /// The value for a key, refreshing its recency.
  @inlinable
  mutating func value(for key: Key) -> Value? {
    guard let slot = slots[key] else { return nil }
    moveToFront(slot)
    return entries[slot].value
  }

  /// Whether a key is cached, without refreshing it.
  @inlinable
  func contains(_ key: Key) -> Bool { slots[key] != nil }

  /// Inserts or replaces a value, then evicts from the least recent end until both limits
  /// hold. Returns the evicted keys. A value costlier than the whole limit is not kept.
  @discardableResult
  mutating func insert(_ value: Value, for key: Key, cost: Int) -> [Key] {
    remove(key)
    let cost = max(0, cost)
    guard cost <= costLimit, countLimit > 0 else { return [key] }
    let entry = Entry(key: key, value: value, cost: cost, newer: -1, older: newest)
    let slot: Int
    if let reused = free.popLast() {
      entries[reused] = entry
      slot = reused
    } else {
      entries.append(entry)
      slot = entries.count - 1
    }
    if newest >= 0 { entries[newest].newer = slot }
    newest = slot
    if oldest < 0 { oldest = slot }
    slots[key] = slot
    totalCost += cost
    var evicted: [Key] = []
    while totalCost > costLimit || slots.count > countLimit, oldest >= 0 {
      let victim = entries[oldest].key
      remove(victim)
      evicted.append(victim)
    }
    return evicted
  }

  /// Removes a key if present.
  mutating func remove(_ key: Key) {
    guard let slot = slots.removeValue(forKey: key) else { return }
    unlink(slot)
    totalCost -= entries[slot].cost
    free.append(slot)
  }

  @inlinable
  mutating func unlink(_ slot: Int) {
    let (newer, older) = (entries[slot].newer, entries[slot].older)
    if newer >= 0 { entries[newer].older = older } else { newest = older }
    if older >= 0 { entries[older].newer = newer } else { oldest = newer }
  }

  @inlinable
  mutating func moveToFront(_ slot: Int) {
    guard slot != newest else { return }
    unlink(slot)
    entries[slot].older = newest
    entries[slot].newer = -1
    if newest >= 0 { entries[newest].newer = slot }
    newest = slot
    if oldest < 0 { oldest = slot }
  }
}
