import BinderyTesting
import Testing

@testable import Bindery

/// The store's cache on its own: which entry the clock evicts first, the second chance an entry
/// whose interest just ended gets, the cost and count limits, purging, and replacing.
@Suite("The content cache")
struct ContentCacheTests {
  /// A cache holding `keys`, inserted in order, each costing 1.
  func cache(_ keys: [String], countLimit: Int, costLimit: Int = 100) -> ContentCache<
    String, String
  > {
    var cache = ContentCache<String, String>(costLimit: costLimit, countLimit: countLimit)
    for key in keys { cache.insert("value \(key)", for: key, cost: 1) }
    return cache
  }

  /// The keys cached, sorted.
  func contents(_ cache: ContentCache<String, String>) -> [String] {
    cache._values.keys.sorted()
  }

  @Test func withNoSecondChancesTheOldestEntryGoesFirst() {
    var cache = cache(["a", "b", "c"], countLimit: 3)
    var evicted = cache.insert("value d", for: "d", cost: 1)
    #expect(evicted.map(\.key) == ["a"])
    evicted = cache.insert("value e", for: "e", cost: 1)
    #expect(evicted.map(\.key) == ["b"])
    #expect(contents(cache) == ["c", "d", "e"])
    #expect(cache.value(for: "a") == nil && cache.value(for: "e") == "value e")
    cache._checkInvariants()
  }

  /// An entry whose interest just ended is passed over once — its bit cleared — and goes on the
  /// hand's next turn like any other.
  @Test func aRecentlyWantedEntryGetsOneSecondChance() {
    var cache = cache(["a", "b", "c"], countLimit: 3)
    cache.markRecentlyWanted("a")
    var evicted = cache.insert("value d", for: "d", cost: 1)
    #expect(evicted.map(\.key) == ["b"], "a is spared, b goes in its place")
    #expect(cache.contains("a"))
    evicted = cache.insert("value e", for: "e", cost: 1)
    #expect(evicted.map(\.key) == ["c"])
    evicted = cache.insert("value f", for: "f", cost: 1)
    #expect(evicted.map(\.key) == ["a"], "its second chance was used up")
    cache._checkInvariants()
  }

  /// When every entry was recently wanted, the hand clears every bit on its first turn and takes
  /// the first entry on its second.
  @Test func whenEveryEntryWasRecentlyWantedTheHandGoesRoundOnce() {
    var cache = cache(["a", "b", "c"], countLimit: 3)
    for key in ["a", "b", "c"] { cache.markRecentlyWanted(key) }
    let evicted = cache.insert("value d", for: "d", cost: 1)
    #expect(evicted.map(\.key) == ["a"])
    #expect(cache._slots.values.allSatisfy { !$0._recentlyWanted }, "every bit was cleared")
  }

  /// Recency comes from interest, not from reads: reading an entry does not spare it.
  @Test func readingAnEntryDoesNotSpareIt() {
    var cache = cache(["a", "b"], countLimit: 2)
    #expect(cache.value(for: "a") == "value a")
    #expect(cache.contains("a"))
    let evicted = cache.insert("value c", for: "c", cost: 1)
    #expect(evicted.map(\.key) == ["a"])
  }

  /// Marking a key that is not cached changes nothing.
  @Test func markingAnAbsentKeyChangesNothing() {
    var cache = cache(["a", "b"], countLimit: 2)
    cache.markRecentlyWanted("z")
    #expect(cache.count == 2 && !cache.contains("z"))
    let evicted = cache.insert("value c", for: "c", cost: 1)
    #expect(evicted.map(\.key) == ["a"])
  }

  @Test func pinnedEntriesAreSparedWhileAnyOtherCanGo() {
    var cache = cache(["a", "b", "c"], countLimit: 3)
    let evicted = cache.insert("value d", for: "d", cost: 1) { $0 == "a" || $0 == "b" }
    #expect(evicted.map(\.key) == ["c"])
    #expect(contents(cache) == ["a", "b", "d"])
  }

  /// Only when everything is pinned does a pinned entry go: the first the hand passed.
  @Test func whenEverythingIsPinnedTheFirstPinnedEntryGoes() {
    var cache = cache(["a", "b", "c"], countLimit: 3)
    let evicted = cache.insert("value d", for: "d", cost: 1) { _ in true }
    #expect(evicted.map(\.key) == ["a"])
    #expect(cache.count == 3)
    cache._checkInvariants()
  }

  @Test func entriesAreEvictedUntilTheCostFits() {
    var cache = ContentCache<String, String>(costLimit: 10, countLimit: 100)
    cache.insert("a", for: "a", cost: 3)
    cache.insert("b", for: "b", cost: 3)
    cache.insert("c", for: "c", cost: 3)
    #expect(cache._totalCost == 9)
    let evicted = cache.insert("d", for: "d", cost: 8)
    #expect(evicted.map(\.key) == ["a", "b", "c"])
    #expect(evicted.map(\.cost) == [3, 3, 3])
    #expect(cache._totalCost == 8 && cache.count == 1)
    cache._checkInvariants()
  }

  /// Content costlier than the whole limit is not kept, and evicts nothing; a negative cost
  /// counts as none; a count limit of zero keeps nothing.
  @Test func whatTheLimitsCannotHoldIsNotKept() {
    var cache = cache(["a", "b"], countLimit: 5, costLimit: 10)
    #expect(cache.accepts(cost: 10) && !cache.accepts(cost: 11))
    let evicted = cache.insert("big", for: "big", cost: 11)
    #expect(evicted.isEmpty)
    #expect(!cache.contains("big") && contents(cache) == ["a", "b"])
    #expect(cache._totalCost == 2)
    cache.insert("free", for: "free", cost: -5)
    #expect(cache.contains("free") && cache._totalCost == 2)
    var none = ContentCache<String, String>(costLimit: 10, countLimit: 0)
    #expect(!none.accepts(cost: 0))
    none.insert("a", for: "a", cost: 0)
    #expect(none.count == 0)
    let negative = ContentCache<String, String>(costLimit: -3, countLimit: -1)
    #expect(negative._costLimit == 0 && negative._countLimit == 0)
  }

  /// Purging removes unpinned entries in clock order, sparing recently wanted ones once, until
  /// the cost fits; it never removes a pinned one.
  @Test func purgeDownToACost() {
    var cache = ContentCache<String, String>(costLimit: 100, countLimit: 100)
    for key in ["a", "b", "c", "d", "e"] { cache.insert(key, for: key, cost: 2) }
    cache.markRecentlyWanted("a")
    let purged = cache.purge(downToCost: 4) { $0 == "c" }
    #expect(purged == 3)
    #expect(contents(cache) == ["a", "c"], "b, d and e went; a had its second chance")
    #expect(cache._totalCost == 4)
    cache._checkInvariants()
    #expect(cache.purge(downToCost: 0) { $0 == "c" } == 1, "a, its bit cleared, goes now")
    #expect(contents(cache) == ["c"] && cache._totalCost == 2)
    #expect(cache.purge(downToCost: 0) { _ in true } == 0, "a pinned entry is never purged")
    #expect(contents(cache) == ["c"])
    #expect(cache.purge(downToCost: 5) { _ in false } == 0, "nothing to do under the cost")
  }

  @Test func replacingAnEntryTakesItsNewValueAndCost() {
    var cache = cache(["a", "b"], countLimit: 2, costLimit: 10)
    let evicted = cache.insert("new a", for: "a", cost: 7)
    #expect(evicted.isEmpty, "replacing at the count limit evicts nothing")
    #expect(cache.value(for: "a") == "new a")
    #expect(cache.count == 2 && cache._totalCost == 8)
    cache._checkInvariants()
    // Replacing with a value too costly to keep drops the old one too.
    cache.insert("huge a", for: "a", cost: 11)
    #expect(!cache.contains("a") && cache._totalCost == 1)
    cache._checkInvariants()
  }

  /// A replaced entry starts afresh: the second chance of its old value is gone.
  @Test func replacingAnEntryResetsItsSecondChance() {
    var cache = cache(["a", "b", "c"], countLimit: 3)
    cache.markRecentlyWanted("a")
    cache.insert("new a", for: "a", cost: 1)
    let evicted = cache.insert("value d", for: "d", cost: 1)
    #expect(evicted.map(\.key) == ["a"])
  }

  @Test func removingDropsTheValueAndItsCost() {
    var cache = cache(["a", "b", "c"], countLimit: 3)
    cache.remove("b")
    cache.remove("z")
    #expect(contents(cache) == ["a", "c"] && cache._totalCost == 2)
    cache._checkInvariants()
    cache.insert("value d", for: "d", cost: 1)
    #expect(contents(cache) == ["a", "c", "d"], "the freed room is reused without an eviction")
  }

  /// Random inserts, removals, marks and purges against a dictionary that applies what the
  /// cache reports: the contents agree, the limits hold, and a pinned entry goes only when
  /// every entry is pinned.
  @Test(arguments: [1 as UInt64, 2, 3])
  func agreesWithADictionaryUnderRandomOperations(seed: UInt64) {
    var random = SeededGenerator(seed: 0xCAC4E + seed)
    var cache = ContentCache<Int, Int>(costLimit: 60, countLimit: 12)
    var model: [Int: (value: Int, cost: Int)] = [:]
    for step in 0..<5_000 {
      let key = Int.random(in: 0..<30, using: &random)
      let pinned = Set((0..<4).map { _ in Int.random(in: 0..<30, using: &random) })
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<5:
        let cost = Int.random(in: -2...14, using: &random)
        let value = step
        model[key] = nil
        let evicted = cache.insert(value, for: key, cost: cost) { pinned.contains($0) }
        for (victim, victimCost) in evicted {
          #expect(model[victim]?.cost == victimCost, "step \(step)")
          if pinned.contains(victim) {
            let allPinned = model.keys.allSatisfy { pinned.contains($0) }
            #expect(allPinned, "step \(step): a pinned entry went while another could")
          }
          model[victim] = nil
        }
        if cost <= 60 { model[key] = (value, max(0, cost)) }
      case 5..<7:
        cache.remove(key)
        model[key] = nil
      case 7..<9:
        cache.markRecentlyWanted(key)
      default:
        let target = Int.random(in: 0...60, using: &random)
        let before = cache.count
        let purged = cache.purge(downToCost: target) { pinned.contains($0) }
        #expect(cache.count == before - purged, "step \(step)")
        let unpinnedLeft = cache._values.keys.contains { !pinned.contains($0) }
        #expect(cache._totalCost <= target || !unpinnedLeft, "step \(step)")
        for gone in Array(model.keys) where !cache.contains(gone) {
          #expect(!pinned.contains(gone), "step \(step): a pinned entry was purged")
          model[gone] = nil
        }
      }
      cache._checkInvariants()
      #expect(cache.count == model.count, "step \(step)")
      #expect(cache._totalCost == model.values.reduce(0) { $0 + $1.cost }, "step \(step)")
      #expect(cache.value(for: key) == model[key]?.value, "step \(step)")
      #expect(cache.count <= 12 && cache._totalCost <= 60, "step \(step)")
    }
    for (key, entry) in model { #expect(cache.value(for: key) == entry.value) }
  }
}
