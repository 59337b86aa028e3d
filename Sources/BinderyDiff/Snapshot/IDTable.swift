/// An id → position table: what a snapshot looks items up by, and what the diff probes.
///
/// It is a `Dictionary` cut to this one job, for memory and for cache misses: open addressing
/// with linear probing, at most two thirds full, over exactly as many slots as that needs — a
/// `Dictionary` rounds its slots up to a power of two, which can leave a table of 100,000 ids
/// little more than a third full (262,144 slots). Each slot holds an 8-byte position and its
/// key side by side, so a probe that finds its id reads one cache line, not one for the key and
/// another for the position; slots are found from the key's hash by multiplication rather than
/// masking.
///
/// A table is built once, by a ``Builder``, and never changes after: snapshots build their
/// table while validating, and the diff builds one for an old snapshot that has none.
///
/// - Complexity: O(1) expected per lookup and insertion.
@usableFromInline
struct IDTable<Key: Hashable> {
  @usableFromInline let _storage: IDTableStorage<Key>
  /// The number of ids in the table.
  @usableFromInline let _count: Int

  /// An empty table.
  @inlinable
  init() {
    _storage = IDTableStorage(slots: IDTableStorage<Key>.slots(forCount: 0))
    _count = 0
  }

  @inlinable
  init(storage: IDTableStorage<Key>, count: Int) {
    self._storage = storage
    self._count = count
  }

  /// The position of an id, or `nil`.
  @inlinable
  subscript(key: Key) -> PackedItemPosition? {
    guard let bits = _storage.bits(of: key) else { return nil }
    return PackedItemPosition(bits: bits)
  }

  /// Calls `body` with every id and its position, in no particular order.
  @inlinable
  func forEach(_ body: (Key, PackedItemPosition) -> Void) {
    for slot in 0..<_storage._slots where _storage.bits(at: slot) != IDTableStorage<Key>.empty {
      body(_storage.key(at: slot), PackedItemPosition(bits: _storage.bits(at: slot)))
    }
  }

  /// Fills a table, then hands it over. It cannot be copied, so its storage is its own and an
  /// insertion never has to ask whether it is shared.
  @usableFromInline
  struct Builder: ~Copyable {
    @usableFromInline var _storage: IDTableStorage<Key>
    @usableFromInline var _count = 0

    /// An empty table with room for `minimumCapacity` ids before it grows.
    @inlinable
    init(minimumCapacity: Int) {
      _storage = IDTableStorage(slots: IDTableStorage<Key>.slots(forCount: minimumCapacity))
    }

    /// Adds an id at a position unless it is there already; returns the position it already
    /// had (and leaves it), or `nil` when it was added. One probe: what validation does per id.
    @inlinable @inline(__always)
    mutating func insertIfAbsent(_ value: PackedItemPosition, forKey key: Key)
      -> PackedItemPosition?
    {
      if (_count + 1) * 3 > _storage._slots * 2 {
        _storage = _storage.copy(slots: IDTableStorage<Key>.slots(forCount: _storage._slots))
      }
      guard let existing = _storage.insertIfAbsent(key, value._bits) else {
        _count += 1
        return nil
      }
      return PackedItemPosition(bits: existing)
    }

    /// The table built.
    @inlinable
    consuming func build() -> IDTable {
      IDTable(storage: _storage, count: _count)
    }
  }
}

/// The slots of an ``IDTable``, in one allocation: each slot is the position's bits (`empty`
/// where there is none) followed by the key, initialized only where a position is set.
@usableFromInline
final class IDTableStorage<Key: Hashable> {
  @usableFromInline let _slots: Int
  @usableFromInline let _memory: UnsafeMutableRawPointer
  /// Mixed into `Int` ids before hashing (see ``home(of:)``).
  @usableFromInline let _seed: UInt64

  /// The position bits of an empty slot: no real position has every bit set.
  @inlinable static var empty: UInt64 { .max }

  /// Where a slot's key starts: after its 8 bytes of position, aligned for the key.
  @inlinable static var keyOffset: Int {
    let alignment = MemoryLayout<Key>.alignment
    return (8 + alignment - 1) / alignment * alignment
  }

  /// The alignment of a slot: its position's and its key's, whichever is stricter.
  @inlinable static var slotAlignment: Int { max(8, MemoryLayout<Key>.alignment) }

  /// The bytes from one slot to the next.
  @inlinable static var slotStride: Int {
    (keyOffset + MemoryLayout<Key>.size + slotAlignment - 1) / slotAlignment * slotAlignment
  }

  /// Slots enough for `count` ids at most two thirds full: fuller, linear probing gets slower
  /// than the memory it saves is worth.
  @inlinable
  static func slots(forCount count: Int) -> Int { max(8, count + count / 2 + 1) }

  @inlinable
  init(slots: Int) {
    self._slots = slots
    _seed = _idTableSeed
    _memory = .allocate(byteCount: slots * Self.slotStride, alignment: Self.slotAlignment)
    for slot in 0..<slots {
      (_memory + slot * Self.slotStride).initializeMemory(as: UInt64.self, to: Self.empty)
    }
  }

  deinit {
    // Keys such as `Int` hold no references: nothing to release, so no pass over the slots.
    if !_isPOD(Key.self) {
      for slot in 0..<_slots where bits(at: slot) != Self.empty {
        keyPointer(at: slot).deinitialize(count: 1)
      }
    }
    _memory.deallocate()
  }

  @inlinable @inline(__always)
  func bits(at slot: Int) -> UInt64 {
    _memory.load(fromByteOffset: slot * Self.slotStride, as: UInt64.self)
  }

  @inlinable @inline(__always)
  func keyPointer(at slot: Int) -> UnsafeMutablePointer<Key> {
    (_memory + slot * Self.slotStride + Self.keyOffset).assumingMemoryBound(to: Key.self)
  }

  @inlinable @inline(__always)
  func key(at slot: Int) -> Key { keyPointer(at: slot).pointee }

  /// Fills an empty slot.
  @inlinable @inline(__always)
  func fill(_ slot: Int, key: Key, bits: UInt64) {
    (_memory + slot * Self.slotStride + Self.keyOffset).initializeMemory(as: Key.self, to: key)
    _memory.storeBytes(of: bits, toByteOffset: slot * Self.slotStride, as: UInt64.self)
  }

  /// Where probing for `key` starts: its hash scaled to the slots (Lemire's multiply-shift).
  ///
  /// A 64-bit integer id — the most common kind — is hashed here rather than by `Hasher`:
  /// XORed with a per-process random seed, then mixed by MurmurHash3's 64-bit finalizer, a
  /// bijection whose every output bit depends on every input bit. It is a few instructions where
  /// `Hasher` is a call of several dozen. Other ids use their `hashValue`.
  @inlinable @inline(__always)
  func home(of key: Key) -> Int {
    let hash: UInt64
    if let bits = Self.integerBits(of: key) {
      var mixed = bits ^ _seed
      mixed = (mixed ^ (mixed >> 33)) &* 0xff51_afd7_ed55_8ccd
      mixed = (mixed ^ (mixed >> 33)) &* 0xc4ce_b9fe_1a85_ec53
      hash = mixed ^ (mixed >> 33)
    } else {
      hash = UInt64(UInt(bitPattern: key.hashValue))
    }
    return Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(_slots)).high)
  }

  /// The bits of a key that is a 64-bit integer, or `nil`. Specialized for a key type, the
  /// checks fold away.
  @inlinable @inline(__always)
  static func integerBits(of key: Key) -> UInt64? {
    if Key.self == Int.self { return UInt64(UInt(bitPattern: unsafeBitCast(key, to: Int.self))) }
    if Key.self == UInt.self { return UInt64(unsafeBitCast(key, to: UInt.self)) }
    if Key.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(key, to: Int64.self)) }
    if Key.self == UInt64.self { return unsafeBitCast(key, to: UInt64.self) }
    return nil
  }

  /// The position bits stored for `key`, or `nil`.
  @inlinable @inline(__always)
  func bits(of key: Key) -> UInt64? {
    var slot = home(of: key)
    while true {
      let bits = bits(at: slot)
      if bits == Self.empty { return nil }
      if self.key(at: slot) == key { return bits }
      slot += 1
      if slot == _slots { slot = 0 }
    }
  }

  /// Puts `key` into the first empty slot from its home unless it is met on the way: then
  /// returns its bits and changes nothing.
  @inlinable @inline(__always)
  func insertIfAbsent(_ key: Key, _ bits: UInt64) -> UInt64? {
    var slot = home(of: key)
    while true {
      let existing = self.bits(at: slot)
      if existing == Self.empty { break }
      if self.key(at: slot) == key { return existing }
      slot += 1
      if slot == _slots { slot = 0 }
    }
    fill(slot, key: key, bits: bits)
    return nil
  }

  /// Puts a key that is not in the table into the first empty slot from its home.
  @inlinable @inline(__always)
  func insertNew(_ key: Key, _ bits: UInt64) {
    var slot = home(of: key)
    while self.bits(at: slot) != Self.empty {
      slot += 1
      if slot == _slots { slot = 0 }
    }
    fill(slot, key: key, bits: bits)
  }

  /// A copy over `slots` slots (at least as many as this one's ids need).
  @inlinable
  func copy(slots: Int) -> IDTableStorage {
    let copy = IDTableStorage(slots: slots)
    for slot in 0..<self._slots where bits(at: slot) != Self.empty {
      copy.insertNew(key(at: slot), bits(at: slot))
    }
    return copy
  }
}

/// The seed of every ``IDTableStorage``'s `Int` hashing, random per process as `Hasher`'s is, so
/// that which ids collide cannot be known ahead.
@usableFromInline let _idTableSeed = UInt64.random(in: .min ... .max)
