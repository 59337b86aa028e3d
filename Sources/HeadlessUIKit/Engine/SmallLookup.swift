/// How many keys a batch lookup scans before it hashes. A batch names a handful of paths, and
/// comparing that many pairs of integers costs less than hashing one of them and allocating a
/// table; past this, a hash table keeps large batches linear.
let linearLookupLimit = 16

/// A table from the paths a batch names to values: scanned while small, hashed past
/// ``linearLookupLimit`` entries.
struct SmallTable<Key: Hashable, Value> {
  fileprivate struct Entry {
    var key: Key
    var value: Value
  }

  private var entries: [Entry] = []
  private var hashed: [Key: Value]?

  var isEmpty: Bool { hashed?.isEmpty ?? entries.isEmpty }

  /// The value for `key`, or `nil`.
  ///
  /// - Complexity: O(1) past ``linearLookupLimit`` entries, a scan of at most that many below.
  subscript(key: Key) -> Value? {
    if let hashed { return hashed[key] }
    return entries.first { $0.key == key }?.value
  }

  /// Adds `value` for `key`, or replaces the one it had.
  ///
  /// - Complexity: amortized O(1) past ``linearLookupLimit`` entries, a scan below.
  mutating func set(_ value: Value, for key: Key) {
    if hashed != nil {
      hashed?[key] = value
    } else if let index = entries.firstIndex(where: { $0.key == key }) {
      entries[index].value = value
    } else if entries.count < linearLookupLimit {
      entries.append(Entry(key: key, value: value))
    } else {
      var table = [Key: Value](minimumCapacity: entries.count * 2)
      for entry in entries { table[entry.key] = entry.value }
      table[key] = value
      hashed = table
      entries = []
    }
  }
}

extension SmallTable: Sendable where Key: Sendable, Value: Sendable {}
extension SmallTable.Entry: Sendable where Key: Sendable, Value: Sendable {}

/// Membership among the paths a batch names: scanned while small, hashed past
/// ``linearLookupLimit`` elements.
struct SmallSet<Element: Hashable> {
  private let elements: [Element]
  private let hashed: Set<Element>?

  init(_ elements: [Element]) {
    self.elements = elements
    hashed = elements.count > linearLookupLimit ? Set(elements) : nil
  }

  /// - Complexity: O(1) past ``linearLookupLimit`` elements, a scan of at most that many below.
  func contains(_ element: Element) -> Bool {
    if let hashed { return hashed.contains(element) }
    return elements.contains(element)
  }
}
