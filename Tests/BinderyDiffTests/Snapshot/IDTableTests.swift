import BinderyTesting
import Testing

@testable import BinderyDiff

/// The id → position table snapshots look items up by and the diff probes: what it keeps, what
/// it refuses, how it grows, and that it releases the ids it holds.
@Suite("The id table")
struct IDTableTests {
  /// Builds a table of `ids` at positions (0, index), reporting which inserts found a repeat.
  func build<Key: Hashable>(_ ids: [Key], minimumCapacity: Int = 0)
    -> (table: IDTable<Key>, repeats: [Int: PackedItemPosition])
  {
    var builder = IDTable<Key>.Builder(minimumCapacity: minimumCapacity)
    var repeats: [Int: PackedItemPosition] = [:]
    for (index, id) in ids.enumerated() {
      if let existing = builder.insertIfAbsent(
        PackedItemPosition(section: 0, item: index), forKey: id)
      {
        repeats[index] = existing
      }
    }
    return (builder.build(), repeats)
  }

  @Test func findsEveryIntIDAndNothingElse() {
    var random = SeededGenerator(seed: 0x1D_7AB1E)
    let ids = (0..<5_000).map { _ in Int.random(in: .min ... .max, using: &random) }
    let (table, repeats) = build(ids)
    #expect(repeats.isEmpty)
    #expect(table._count == ids.count)
    for (index, id) in ids.enumerated() {
      #expect(table[id]?.position == ItemPosition(section: 0, item: index))
    }
    let present = Set(ids)
    let absent = (0..<5_000).map { _ in Int.random(in: .min ... .max, using: &random) }
      .filter { !present.contains($0) }
    #expect(absent.allSatisfy { table[$0] == nil })
  }

  /// Ids that share their low or high bits (sequences, multiples of a power of two, negative
  /// numbers) are what a weak integer hash clusters; all of them must still be found.
  @Test func findsIntIDsWithSharedBits() {
    let patterns: [[Int]] = [
      Array(0..<10_000),
      (0..<10_000).map { $0 << 32 },
      (0..<10_000).map { $0 << 20 },
      (0..<10_000).map { -$0 - 1 },
      (0..<10_000).map { Int.max - $0 },
    ]
    for ids in patterns {
      let (table, repeats) = build(ids)
      #expect(repeats.isEmpty)
      #expect(table._count == ids.count)
      #expect(ids.indices.allSatisfy { table[ids[$0]]?.item == $0 })
    }
  }

  @Test func otherIntegerAndStringIDs() {
    let unsigned: [UInt64] = (0..<2_000).map { UInt64($0) << 40 | 7 }
    let (unsignedTable, _) = build(unsigned)
    #expect(unsigned.indices.allSatisfy { unsignedTable[unsigned[$0]]?.item == $0 })
    let strings = (0..<2_000).map { "item-\($0)" }
    let (stringTable, _) = build(strings)
    #expect(strings.indices.allSatisfy { stringTable[strings[$0]]?.item == $0 })
    #expect(stringTable["item-2000"] == nil)
  }

  /// A repeated id keeps its first position, and the insert reports that position.
  @Test func aRepeatKeepsTheFirstPosition() {
    let (table, repeats) = build(["a", "b", "a", "c", "b"])
    #expect(table._count == 3)
    #expect(table["a"]?.item == 0)
    #expect(table["b"]?.item == 1)
    #expect(
      repeats == [
        2: PackedItemPosition(section: 0, item: 0), 4: PackedItemPosition(section: 0, item: 1),
      ])
  }

  /// Built with no room reserved, the table grows as it fills and loses nothing on the way.
  @Test func growsPastItsCapacity() {
    let ids = (0..<3_000).map { "id \($0 * 7_919)" }
    let (table, repeats) = build(ids, minimumCapacity: 0)
    #expect(repeats.isEmpty)
    #expect(table._count == ids.count)
    #expect(table._storage._slots * 2 >= table._count * 3, "at most two thirds full")
    #expect(ids.indices.allSatisfy { table[ids[$0]]?.item == $0 })
    var visited: [String: Int] = [:]
    table.forEach { visited[$0] = $1.item }
    #expect(visited == Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) }))
  }

  @Test func anEmptyTableFindsNothing() {
    #expect(IDTable<Int>()[0] == nil)
    #expect(IDTable<String>()[""] == nil)
    #expect(IDTable<Int>()._count == 0)
  }

  /// Ids that hold references are released with the table, including the copies left behind
  /// when it grows; ids that hold none skip that pass.
  @Test func releasesTheIDsItHolds() {
    let alive = Counter()
    do {
      let ids = (0..<500).map { TrackedID(value: $0, alive: alive) }
      #expect(alive.value == 500)
      let (table, _) = build(ids, minimumCapacity: 0)
      #expect(table[TrackedID(value: 499, alive: alive)]?.item == 499)
    }
    #expect(alive.value == 0)
  }
}

/// A count shared by the ids of one test.
final class Counter {
  var value = 0
}

/// An id that counts how many of its kind are alive.
final class TrackedID: Hashable {
  let value: Int
  let alive: Counter

  init(value: Int, alive: Counter) {
    self.value = value
    self.alive = alive
    alive.value += 1
  }

  deinit { alive.value -= 1 }

  static func == (lhs: TrackedID, rhs: TrackedID) -> Bool { lhs.value == rhs.value }
  func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
