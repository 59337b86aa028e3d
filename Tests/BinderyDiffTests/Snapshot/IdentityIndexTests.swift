import BinderyTesting
import Dispatch
import Testing

@testable import BinderyDiff

/// A snapshot's id → position tables: built at most once, on the first lookup unless they came
/// with it, and shared by the snapshot's copies, even when the first lookups race.
@Suite("The identity index")
struct IdentityIndexTests {
  typealias Index = IdentityIndex<Int, Int>

  /// A table of `ids` at positions (0, offset).
  func table(_ ids: [Int]) -> IDTable<Int> {
    var builder = IDTable<Int>.Builder(minimumCapacity: ids.count)
    for (offset, id) in ids.enumerated() {
      _ = builder.insertIfAbsent(PackedItemPosition(section: 0, item: offset), forKey: id)
    }
    return builder.build()
  }

  @Test func theItemTableIsBuiltOnTheFirstLookupOnly() {
    let index = Index()
    #expect(index._existingItemTable() == nil, "nothing is built before a lookup")
    var builds = 0
    let first = index._itemTable {
      builds += 1
      return table([10, 20])
    }
    let second = index._itemTable {
      builds += 1
      return table([30])
    }
    #expect(builds == 1)
    #expect(second._storage === first._storage)
    #expect(second[20]?.item == 1 && second[30] == nil, "the first build's table")
    #expect(index._existingItemTable()?._storage === first._storage)
  }

  @Test func theSectionTableIsBuiltOnTheFirstLookupOnly() {
    let index = Index()
    var builds = 0
    let first = index._sectionTable {
      builds += 1
      return [7: 0]
    }
    let second = index._sectionTable {
      builds += 1
      return [8: 0]
    }
    #expect(builds == 1)
    #expect(first == [7: 0] && second == [7: 0])
  }

  /// Tables given at creation are used as they are; the build closures are never called.
  @Test func tablesGivenAtCreationAreNotBuiltAgain() {
    let items = table([4, 5, 6])
    let index = Index(sections: [1: 0, 2: 1], items: items)
    #expect(index._existingItemTable()?._storage === items._storage)
    var builds = 0
    let found = index._itemTable {
      builds += 1
      return table([])
    }
    let sections = index._sectionTable {
      builds += 1
      return [:]
    }
    #expect(builds == 0)
    #expect(found._storage === items._storage && found[6]?.item == 2)
    #expect(sections == [1: 0, 2: 1])
  }

  /// Only the tables given are taken as built: an index given a section table still builds
  /// its item table, and the other way round.
  @Test func eachTableIsGivenOrBuiltOnItsOwn() {
    let withSections = Index(sections: [1: 0])
    #expect(withSections._existingItemTable() == nil)
    var itemBuilds = 0
    _ = withSections._itemTable {
      itemBuilds += 1
      return table([1])
    }
    #expect(itemBuilds == 1)
    let withItems = Index(items: table([1]))
    var sectionBuilds = 0
    let sections = withItems._sectionTable {
      sectionBuilds += 1
      return [3: 0]
    }
    #expect(sectionBuilds == 1 && sections == [3: 0])
  }

  /// A validated snapshot comes with its item table; an assembled one (as the diff makes its
  /// stages) builds it on its first lookup, once, and its copies see the same table.
  @Test func snapshotCopiesShareTheTablesBuiltOnce() {
    let validated = flat([1, 2, 3])
    #expect(validated._identityIndex._existingItemTable() != nil, "validation built it")
    let assembled = ListSnapshot<TestItem>(
      uncheckedSections: [FlatSection()], items: [[3, 1, 2].map { TestItem(id: $0) }])
    let copy = assembled
    #expect(copy._identityIndex === assembled._identityIndex)
    #expect(assembled._identityIndex._existingItemTable() == nil, "not built before a lookup")
    #expect(copy.position(of: 2) == ItemPosition(section: 0, item: 2))
    let built = assembled._identityIndex._existingItemTable()
    #expect(built != nil, "a copy's lookup built the original's table")
    #expect(assembled.position(of: 3) == ItemPosition(section: 0, item: 0))
    #expect(
      assembled._identityIndex._existingItemTable()?._storage === built?._storage, "not built again"
    )
    #expect(copy.sectionIndex(of: FlatSection().id) == 0)
  }

  /// First lookups from many threads at once build each table once, and every thread gets
  /// that table. Repeated on fresh indexes, with builds that take some work, so that the
  /// lookups do race.
  @Test func concurrentFirstLookupsBuildOnce() {
    let threads = 8
    for round in 0..<200 {
      let index = Index()
      let itemBuilds = Locked(0)
      let sectionBuilds = Locked(0)
      let tables = Locked<[ObjectIdentifier]>([])
      let sectionTables = Locked<[[Int: Int]]>([])
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        let items = index._itemTable {
          itemBuilds.withLock { $0 += 1 }
          // Some work, so that a build which is not exclusive would overlap another.
          return table(Array(0..<2_000).map { $0 * threads + thread })
        }
        let sections = index._sectionTable {
          sectionBuilds.withLock { $0 += 1 }
          return [thread: round]
        }
        tables.withLock { $0.append(ObjectIdentifier(items._storage)) }
        sectionTables.withLock { $0.append(sections) }
      }
      // concurrentPerform returns once every iteration has.
      #expect(itemBuilds.withLock { $0 } == 1, "round \(round)")
      #expect(sectionBuilds.withLock { $0 } == 1, "round \(round)")
      let identities = tables.withLock { $0 }
      #expect(identities.count == threads && Set(identities).count == 1, "round \(round)")
      let sections = sectionTables.withLock { $0 }
      #expect(sections.count == threads && Set(sections.map(\.keys.first)).count == 1)
    }
  }
}
