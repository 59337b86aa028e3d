import Testing

@testable import HeadlessUIKit

/// The small table and set a batch looks its paths up in: scanned while small, hashed past
/// ``linearLookupLimit``; either way they answer as a `Dictionary` and a `Set` would.
@Suite("Small lookups")
struct SmallLookupTests {
  @Test func anEmptyTableHasNothing() {
    let table = SmallTable<Int, String>()
    #expect(table.isEmpty)
    #expect(table[0] == nil)
  }

  @Test func setAddsThenReplaces() {
    var table = SmallTable<Int, String>()
    table.set("a", for: 1)
    table.set("b", for: 2)
    #expect(!table.isEmpty)
    #expect(table[1] == "a" && table[2] == "b" && table[3] == nil)
    table.set("c", for: 1)
    #expect(table[1] == "c" && table[2] == "b")
  }

  /// Across the switch from scanning to hashing every entry stays, and replacing and adding
  /// keep working on either side of it.
  @Test func entriesSurviveTheSwitchToHashing() {
    var table = SmallTable<Int, Int>()
    for key in 0..<(linearLookupLimit + 5) {
      table.set(key * 10, for: key)
      for earlier in 0...key { #expect(table[earlier] == earlier * 10, "after \(key)") }
      #expect(table[key + 1] == nil)
    }
    table.set(-1, for: 0)
    table.set(-2, for: linearLookupLimit + 4)
    #expect(table[0] == -1 && table[linearLookupLimit + 4] == -2 && table[1] == 10)
    #expect(!table.isEmpty)
  }

  /// Random sets and reads against a dictionary, with few enough keys that the table often
  /// stays small and many enough that it often grows past the limit.
  @Test(arguments: [1 as UInt64, 2, 3, 4, 5, 6])
  func agreesWithADictionaryUnderRandomOperations(seed: UInt64) {
    var random = SplitMix(seed: 0x5_7AB1E + seed)
    for round in 0..<100 {
      let keyRange = Int.random(in: 1...(3 * linearLookupLimit), using: &random)
      var table = SmallTable<Int, Int>()
      var model: [Int: Int] = [:]
      for step in 0..<Int.random(in: 0...60, using: &random) {
        let key = Int.random(in: 0..<keyRange, using: &random)
        if Bool.random(using: &random) {
          table.set(step, for: key)
          model[key] = step
        }
        #expect(table[key] == model[key], "round \(round), step \(step)")
        #expect(table.isEmpty == model.isEmpty, "round \(round), step \(step)")
      }
      for key in -1...keyRange { #expect(table[key] == model[key], "round \(round), key \(key)") }
    }
  }

  /// Membership as a `Set` answers it, for sizes on both sides of the limit, repeats included.
  @Test(arguments: [1 as UInt64, 2, 3])
  func theSetAgreesWithASet(seed: UInt64) {
    var random = SplitMix(seed: 0x5E7 + seed)
    for size in 0...(2 * linearLookupLimit + 2) {
      let elements = (0..<size).map { _ in Int.random(in: 0..<40, using: &random) }
      let small = SmallSet(elements)
      let model = Set(elements)
      for candidate in -1...41 {
        #expect(small.contains(candidate) == model.contains(candidate), "\(elements)")
      }
    }
  }
}
