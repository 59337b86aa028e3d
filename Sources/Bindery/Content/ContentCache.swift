/// The content a ``ContentStore`` keeps: a cache within a total cost and a count that evicts
/// what nobody wants, least recently wanted first, by a second-chance clock.
///
/// Recency comes from interest, not from reads: content someone wants (on screen, in the
/// prefetch window) is pinned, and content whose last interest just ended gets a "recently
/// wanted" bit. To make room, a hand sweeps the slots in a circle: a pinned entry is passed
/// over, an entry with the bit loses it and stays, and the first one with neither is evicted —
/// so content that left the screen long ago goes before content that just left it. Reading is
/// then one lookup in a table of values alone, which keeps ``ContentStore/state(for:)`` as cheap
/// as a `Dictionary` read. Only when every entry is pinned is a pinned one evicted. Removing an
/// entry drops its value at once.
///
/// - Complexity: reads, inserts and removals are O(1); making room is O(1) amortized (each
///   sweep step clears a bit that a release had to set), plus the pinned entries passed over.
@usableFromInline
struct ContentCache<Key: Hashable, Value> {
  /// Where an entry lives in the clock, what it costs, and whether it was wanted recently.
  @usableFromInline
  struct Slot {
    @usableFromInline var _index: Int
    @usableFromInline var _cost: Int
    @usableFromInline var _recentlyWanted: Bool

    @inlinable
    init(index: Int, cost: Int, recentlyWanted: Bool) {
      self._index = index
      self._cost = cost
      self._recentlyWanted = recentlyWanted
    }
  }

  @usableFromInline let _costLimit: Int
  @usableFromInline let _countLimit: Int
  /// The values, alone, so that a read is one lookup in a compact table.
  @usableFromInline var _values: [Key: Value] = [:]
  @usableFromInline var _slots: [Key: Slot] = [:]
  /// Per clock position: the key it holds, or nil for a free one; the hand goes round these.
  @usableFromInline var _keys: [Key?] = []
  @usableFromInline var _freeSlots: [Int] = []
  @usableFromInline var _hand = 0
  @usableFromInline private(set) var _totalCost = 0

  @usableFromInline
  init(costLimit: Int, countLimit: Int) {
    self._costLimit = max(0, costLimit)
    self._countLimit = max(0, countLimit)
  }

  /// The number of entries.
  @inlinable var count: Int { _values.count }

  /// The value for a key.
  @inlinable
  func value(for key: Key) -> Value? { _values[key] }

  /// Changes a cached key's value in place; nothing for a key that is not cached.
  @inlinable
  mutating func updateValue(for key: Key, _ change: (inout Value) -> Void) {
    guard var value = _values[key] else { return }
    change(&value)
    _values[key] = value
  }

  /// Whether a key is cached.
  @inlinable
  func contains(_ key: Key) -> Bool { _values[key] != nil }

  /// Gives an entry a second chance: interest in it just ended.
  @inlinable
  mutating func markRecentlyWanted(_ key: Key) {
    _slots[key]?._recentlyWanted = true
  }

  /// Whether content of `cost` can be kept at all: not costlier than the whole limit.
  @inlinable
  func accepts(cost: Int) -> Bool { _countLimit > 0 && max(0, cost) <= _costLimit }

  /// Inserts or replaces a value, then evicts until both limits hold, sparing the keys
  /// `isPinned` names (content someone shows) as long as any other can go. Returns the evicted
  /// keys with their costs; a value the limits cannot hold (see ``accepts(cost:)``) is not
  /// kept, and nothing is evicted for it.
  @inlinable @discardableResult
  mutating func insert(
    _ value: Value, for key: Key, cost: Int, isPinned: (Key) -> Bool = { _ in false }
  ) -> [(key: Key, cost: Int)] {
    if !_values.isEmpty { remove(key) }
    let cost = max(0, cost)
    guard accepts(cost: cost) else { return [] }
    var evicted: [(key: Key, cost: Int)] = []
    while _totalCost + cost > _costLimit || _values.count + 1 > _countLimit,
      let victim = nextVictim(isPinned: isPinned)
    {
      evicted.append((victim, _slots[victim]?._cost ?? 0))
      remove(victim)
    }
    let index = _freeSlots.popLast() ?? appendSlot()
    _keys[index] = key
    _values[key] = value
    _slots[key] = Slot(index: index, cost: cost, recentlyWanted: false)
    _totalCost += cost
    return evicted
  }

  /// Removes a key if present, dropping its value.
  @inlinable
  mutating func remove(_ key: Key) {
    guard let slot = _slots.removeValue(forKey: key) else { return }
    _values[key] = nil
    _keys[slot._index] = nil
    _freeSlots.append(slot._index)
    _totalCost -= slot._cost
  }

  @inlinable
  mutating func appendSlot() -> Int {
    _keys.append(nil)
    return _keys.count - 1
  }

  /// Removes entries `isPinned` does not name — least recently wanted first, by the clock —
  /// until the total cost is at most `cost`. Returns how many went.
  ///
  /// - Complexity: O(n) in the entries.
  @inlinable
  mutating func purge(downToCost cost: Int, isPinned: (Key) -> Bool) -> Int {
    var purged = 0
    while _totalCost > cost, let victim = nextVictim(isPinned: isPinned, sparingPinned: true) {
      remove(victim)
      purged += 1
    }
    return purged
  }

  /// The next key the hand finds neither pinned nor recently wanted, clearing bits on its way;
  /// when every entry is pinned, the first pinned one it passed (`nil` if `sparingPinned`).
  @inlinable
  mutating func nextVictim(isPinned: (Key) -> Bool, sparingPinned: Bool = false) -> Key? {
    guard !_values.isEmpty else { return nil }
    // Two turns at most: the first clears every bit it passes.
    var firstPinned: Key?
    for _ in 0..<(2 * _keys.count) {
      let index = _hand
      _hand = (_hand + 1) % _keys.count
      guard let key = _keys[index] else { continue }
      if isPinned(key) {
        firstPinned = firstPinned ?? key
      } else if _slots[key]?._recentlyWanted == true {
        _slots[key]?._recentlyWanted = false
      } else {
        return key
      }
    }
    if sparingPinned { return nil }
    return firstPinned ?? _keys.lazy.compactMap { $0 }.first
  }

  #if DEBUG
    /// Checks the bookkeeping: every entry's clock position holds its key, free positions hold
    /// none, values and slots agree, and the totals add up. Traps on a broken invariant; debug
    /// builds only.
    func _checkInvariants() {
      precondition(_values.count == _slots.count, "a slot for every value")
      var cost = 0
      for (key, slot) in _slots {
        precondition(_values[key] != nil, "a value for every slot")
        precondition(_keys[slot._index] == key, "an entry's position holds its key")
        cost += slot._cost
      }
      precondition(cost == _totalCost, "total cost adds up")
      precondition(_keys.compactMap { $0 }.count == _values.count, "no stray keys in the clock")
      precondition(Set(_freeSlots).count == _freeSlots.count, "no position freed twice")
      for index in _freeSlots { precondition(_keys[index] == nil, "free positions are empty") }
      precondition(_values.count <= _countLimit && _totalCost <= _costLimit, "within limits")
    }
  #endif
}
