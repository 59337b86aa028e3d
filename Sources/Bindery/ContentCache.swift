/// The content a ``ContentStore`` keeps: a cache within a total cost and a count, that evicts
/// what was read least recently, by the second-chance clock.
///
/// Every entry has a "read" bit. Reading sets it — one write beside one hash lookup, which is
/// what keeps ``ContentStore/state(for:)`` close to a plain `Dictionary` read. To make room, a
/// hand sweeps the slots in a circle: an entry read since the hand last passed loses its bit and
/// stays; the first one not read is evicted. So an entry read since the last sweep is never
/// evicted before one that was not: the least recently read go first, to within one sweep.
/// Entries the caller pins (content on screen) are passed over while anything else can go.
/// Removing an entry drops its value at once.
///
/// - Complexity: reads, inserts and removals are O(1); making room is O(1) amortized (each
///   sweep step clears a bit that a read had to set).
@usableFromInline
struct ContentCache<Key: Hashable, Value> {
  @usableFromInline
  struct Entry {
    @usableFromInline var value: Value
    @usableFromInline var slot: Int
    @usableFromInline var cost: Int
  }

  let costLimit: Int
  let countLimit: Int
  @usableFromInline var entries: [Key: Entry] = [:]
  /// Per slot: the key it holds (nil: free), and whether it was read since the hand passed.
  @usableFromInline var read: [Bool] = []
  var keys: [Key?] = []
  private var freeSlots: [Int] = []
  private var hand = 0
  private(set) var totalCost = 0

  @usableFromInline
  init(costLimit: Int, countLimit: Int) {
    self.costLimit = max(0, costLimit)
    self.countLimit = max(0, countLimit)
  }

  /// The number of entries.
  var count: Int { entries.count }

  /// The value for a key, marking it read.
  @inlinable
  mutating func value(for key: Key) -> Value? {
    guard let entry = entries[key] else { return nil }
    if !read[entry.slot] { read[entry.slot] = true }
    return entry.value
  }

  /// Whether a key is cached, without marking it read.
  @inlinable
  func contains(_ key: Key) -> Bool { entries[key] != nil }

  /// Whether content of `cost` can be kept at all: not costlier than the whole limit.
  func accepts(cost: Int) -> Bool { countLimit > 0 && max(0, cost) <= costLimit }

  /// Inserts or replaces a value, then evicts until both limits hold, sparing the keys
  /// `isPinned` names (content someone shows) as long as any other can go. Returns the evicted
  /// keys; a value the limits cannot hold (see ``accepts(cost:)``) is not kept, and nothing is
  /// evicted for it.
  @discardableResult
  mutating func insert(
    _ value: Value, for key: Key, cost: Int, isPinned: (Key) -> Bool = { _ in false }
  ) -> [Key] {
    remove(key)
    let cost = max(0, cost)
    guard accepts(cost: cost) else { return [] }
    var evicted: [Key] = []
    while totalCost + cost > costLimit || entries.count + 1 > countLimit,
      let victim = nextVictim(isPinned: isPinned)
    {
      remove(victim)
      evicted.append(victim)
    }
    let slot = freeSlots.popLast() ?? appendSlot()
    keys[slot] = key
    read[slot] = false
    entries[key] = Entry(value: value, slot: slot, cost: cost)
    totalCost += cost
    return evicted
  }

  /// Removes a key if present, dropping its value.
  mutating func remove(_ key: Key) {
    guard let entry = entries.removeValue(forKey: key) else { return }
    keys[entry.slot] = nil
    read[entry.slot] = false
    freeSlots.append(entry.slot)
    totalCost -= entry.cost
  }

  private mutating func appendSlot() -> Int {
    keys.append(nil)
    read.append(false)
    return keys.count - 1
  }

  /// The next key the hand finds not read since it last passed and not pinned, clearing bits
  /// on its way; when every entry is pinned, the next one not read.
  private mutating func nextVictim(isPinned: (Key) -> Bool) -> Key? {
    guard !entries.isEmpty else { return nil }
    // Two turns at most: the first clears every bit it passes.
    var firstPinned: Key?
    for _ in 0..<(2 * keys.count) {
      let slot = hand
      hand = (hand + 1) % keys.count
      guard let key = keys[slot] else { continue }
      if read[slot] {
        read[slot] = false
      } else if isPinned(key) {
        firstPinned = firstPinned ?? key
      } else {
        return key
      }
    }
    return firstPinned ?? keys.lazy.compactMap { $0 }.first
  }

  #if DEBUG
    /// Checks the bookkeeping: every entry's slot holds its key, free slots hold none, and the
    /// totals add up. Traps on a broken invariant; debug builds only.
    func _checkInvariants() {
      precondition(keys.count == read.count, "one read bit per slot")
      var cost = 0
      for (key, entry) in entries {
        precondition(keys[entry.slot] == key, "entry's slot holds its key")
        cost += entry.cost
      }
      precondition(cost == totalCost, "total cost adds up")
      precondition(keys.compactMap { $0 }.count == entries.count, "no stray keys in slots")
      precondition(Set(freeSlots).count == freeSlots.count, "no slot freed twice")
      for slot in freeSlots { precondition(keys[slot] == nil, "free slots are empty") }
      precondition(entries.count <= countLimit && totalCost <= costLimit, "within limits")
    }
  #endif
}
