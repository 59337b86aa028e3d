/// An id → position table: what a snapshot looks items up by, and what the diff probes.
///
/// It is a `Dictionary` cut to this one job, for memory: open addressing with linear probing, at
/// most two thirds full, over exactly as many slots as that needs — a `Dictionary` rounds its
/// slots up to a power of two, which can leave a table of 100,000 ids little more than a third
/// full (262,144 slots). Keys and 8-byte positions are kept in two arrays, slots are found from
/// the key's hash by multiplication rather than masking, and the table never shrinks (snapshots
/// build it once).
///
/// - Complexity: O(1) expected per lookup and insertion.
@usableFromInline
struct IDTable<Key: Hashable> {
  @usableFromInline var storage: IDTableStorage<Key>
  /// The number of ids in the table. Kept here, not in the storage: a class's stored `var` is
  /// checked for exclusive access at run time, on every insertion.
  @usableFromInline private(set) var count = 0

  /// An empty table with room for `minimumCapacity` ids before it grows.
  @inlinable
  init(minimumCapacity: Int = 0) {
    storage = IDTableStorage(slots: IDTableStorage<Key>.slots(forCount: minimumCapacity))
  }

  /// The position of an id, or `nil`.
  @inlinable
  subscript(key: Key) -> PackedItemPosition? {
    guard let slot = storage.slot(of: key) else { return nil }
    return PackedItemPosition(bits: storage.values[slot])
  }

  /// Calls `body` with every id and its position, in no particular order.
  @inlinable
  func forEach(_ body: (Key, PackedItemPosition) -> Void) {
    for slot in 0..<storage.slots where storage.values[slot] != IDTableStorage<Key>.empty {
      body(storage.keys[slot], PackedItemPosition(bits: storage.values[slot]))
    }
  }

  /// Adds an id at a position unless it is there already; returns the position it already had
  /// (and leaves it), or `nil` when it was added. One probe: what validation does per id.
  @inlinable @inline(__always)
  mutating func insertIfAbsent(_ value: PackedItemPosition, forKey key: Key)
    -> PackedItemPosition?
  {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(slots: storage.slots) }
    if (count + 1) * 3 > storage.slots * 2 {
      storage = storage.copy(slots: IDTableStorage<Key>.slots(forCount: storage.slots))
    }
    guard let existing = storage.insertIfAbsent(key, value.bits) else {
      count += 1
      return nil
    }
    return PackedItemPosition(bits: existing)
  }
}

/// The slots of an ``IDTable``: keys, initialized only where a position is set, and positions,
/// `empty` where there is none.
@usableFromInline
final class IDTableStorage<Key: Hashable> {
  @usableFromInline let slots: Int
  @usableFromInline let keys: UnsafeMutablePointer<Key>
  @usableFromInline let values: UnsafeMutablePointer<UInt64>

  /// The position bits of an empty slot: no real position has every bit set.
  @inlinable static var empty: UInt64 { .max }

  /// Slots enough for `count` ids at most two thirds full: fuller, linear probing gets slower
  /// than the memory it saves is worth.
  @inlinable
  static func slots(forCount count: Int) -> Int { max(8, count + count / 2 + 1) }

  @inlinable
  init(slots: Int) {
    self.slots = slots
    keys = .allocate(capacity: slots)
    values = .allocate(capacity: slots)
    values.initialize(repeating: Self.empty, count: slots)
  }

  deinit {
    for slot in 0..<slots where values[slot] != Self.empty {
      (keys + slot).deinitialize(count: 1)
    }
    keys.deallocate()
    values.deallocate()
  }

  /// Where probing for `key` starts: its hash scaled to the slots (Lemire's multiply-shift).
  @inlinable @inline(__always)
  func home(of key: Key) -> Int {
    let hash = UInt64(UInt(bitPattern: key.hashValue))
    return Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(slots)).high)
  }

  /// The slot holding `key`, or `nil`.
  @inlinable @inline(__always)
  func slot(of key: Key) -> Int? {
    var slot = home(of: key)
    while values[slot] != Self.empty {
      if keys[slot] == key { return slot }
      slot += 1
      if slot == slots { slot = 0 }
    }
    return nil
  }

  /// Puts `key` into the first empty slot from its home unless it is met on the way: then
  /// returns its bits and changes nothing.
  @inlinable @inline(__always)
  func insertIfAbsent(_ key: Key, _ bits: UInt64) -> UInt64? {
    var slot = home(of: key)
    while values[slot] != Self.empty {
      if keys[slot] == key { return values[slot] }
      slot += 1
      if slot == slots { slot = 0 }
    }
    (keys + slot).initialize(to: key)
    values[slot] = bits
    return nil
  }

  /// Puts a key that is not in the table into the first empty slot from its home.
  @inlinable @inline(__always)
  func insertNew(_ key: Key, _ bits: UInt64) {
    var slot = home(of: key)
    while values[slot] != Self.empty {
      slot += 1
      if slot == slots { slot = 0 }
    }
    (keys + slot).initialize(to: key)
    values[slot] = bits
  }

  /// A copy over `slots` slots (at least as many as this one's ids need).
  @inlinable
  func copy(slots: Int) -> IDTableStorage {
    let copy = IDTableStorage(slots: slots)
    for slot in 0..<self.slots where values[slot] != Self.empty {
      copy.insertNew(keys[slot], values[slot])
    }
    return copy
  }
}
