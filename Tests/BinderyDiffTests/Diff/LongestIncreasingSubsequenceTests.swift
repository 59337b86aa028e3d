import BinderyTesting
import Testing

@testable import BinderyDiff

/// The patience-sorting pieces the diff decides moves with, against straightforward references:
/// an O(n²) dynamic program for the longest strictly increasing subsequence, and a linear scan
/// for the binary search.
@Suite("The longest increasing subsequence")
struct LongestIncreasingSubsequenceTests {
  /// The length of a longest strictly increasing subsequence of `values`, by the O(n²) dynamic
  /// program: `best[i]` is the longest run ending at `i`.
  func referenceLength(_ values: ArraySlice<Int>) -> Int {
    let values = Array(values)
    var best = [Int](repeating: 1, count: values.count)
    for end in values.indices {
      for start in 0..<end where values[start] < values[end] {
        best[end] = max(best[end], best[start] + 1)
      }
    }
    return best.max() ?? 0
  }

  /// The inputs: fixed shapes, then seeded random arrays of many lengths, from value ranges
  /// narrow enough to repeat values often to wide enough to repeat them rarely.
  func inputs() -> [[Int]] {
    var inputs: [[Int]] = [
      [], [7], [1, 1], [2, 1], [1, 2], Array(0..<50), Array((0..<50).reversed()),
      [Int](repeating: 3, count: 20), [3, 1, 2, 1, 2, 3, 1], [5, 1, 5, 2, 5, 3, 5, 4, 5],
      (0..<60).map { $0 % 6 }, (0..<60).map { $0 / 6 }, [Int.min, -1, Int.max, 0, Int.max],
    ]
    var random = SeededGenerator(seed: 0x115)
    for _ in 0..<400 {
      let count = Int.random(in: 0...120, using: &random)
      let range = [2, 10, count + 1, 1_000][Int.random(in: 0..<4, using: &random)]
      inputs.append((0..<count).map { _ in Int.random(in: 0..<range, using: &random) })
    }
    return inputs
  }

  /// The mask marks a strictly increasing subsequence, and one as long as any.
  @Test func theMaskMarksALongestStrictlyIncreasingSubsequence() {
    for values in inputs() {
      let mask = longestIncreasingSubsequenceMask(values)
      #expect(mask.count == values.count, "\(values)")
      let marked = values.indices.filter { mask[$0] }.map { values[$0] }
      #expect(zip(marked, marked.dropFirst()).allSatisfy { $0 < $1 }, "\(values) → \(marked)")
      #expect(marked.count == referenceLength(values[...]), "\(values) → \(marked)")
    }
  }

  @Test func sortedAndReversedInputs() {
    let sorted = Array(0..<100)
    #expect(longestIncreasingSubsequenceMask(sorted).allSatisfy { $0 }, "everything stays")
    let reversed = longestIncreasingSubsequenceMask(Array(sorted.reversed()))
    #expect(reversed.filter { $0 }.count == 1, "one stays, the rest move")
    #expect(longestIncreasingSubsequenceMask([]).isEmpty)
    let repeated = longestIncreasingSubsequenceMask([4, 4, 4, 4])
    #expect(repeated.filter { $0 }.count == 1, "strictly increasing: a repeat is not a run")
  }

  /// Taken in random chunks (empty ones included), the running length matches the reference
  /// for the prefix taken so far.
  @Test func theRunningLengthMatchesTheReferenceForEveryPrefix() {
    var random = SeededGenerator(seed: 0x1A5)
    for values in inputs() {
      var run = IncreasingRunLength()
      var taken = 0
      #expect(run.length == 0)
      while taken < values.count {
        taken = min(values.count, taken + Int.random(in: 0...5, using: &random))
        run.extend(with: Array(values[..<taken]))
        #expect(run._consumed == taken)
        #expect(run.length == referenceLength(values[..<taken]), "\(values[..<taken])")
      }
      run.extend(with: values)
      #expect(run.length == referenceLength(values[...]), "extending again changes nothing")
    }
  }

  /// Value by value, every prefix.
  @Test func theRunningLengthOneValueAtATime() {
    var random = SeededGenerator(seed: 0x0E1)
    for _ in 0..<50 {
      let values = (0..<80).map { _ in Int.random(in: 0..<20, using: &random) }
      var run = IncreasingRunLength()
      for end in 1...values.count {
        run.extend(with: Array(values[..<end]))
        #expect(run.length == referenceLength(values[..<end]), "\(values[..<end])")
      }
    }
  }

  /// The first index where the predicate turns false, for every split of every small count,
  /// and for random sorted piles searched for random values; it asks only about indices in
  /// range.
  @Test func partitionPointMatchesALinearScan() {
    for count in 0...70 {
      for split in 0...count {
        var asked: [Int] = []
        let found = partitionPoint(count) { index in
          asked.append(index)
          return index < split
        }
        #expect(found == split, "count \(count), split \(split)")
        #expect(asked.allSatisfy { (0..<count).contains($0) }, "count \(count)")
      }
    }
    var random = SeededGenerator(seed: 0x9A7)
    for _ in 0..<500 {
      let piles = (0..<Int.random(in: 0...40, using: &random))
        .map { _ in Int.random(in: 0..<30, using: &random) }.sorted()
      let value = Int.random(in: -1...31, using: &random)
      let linear = piles.firstIndex { !($0 < value) } ?? piles.count
      #expect(partitionPoint(piles.count) { piles[$0] < value } == linear, "\(piles), \(value)")
    }
  }
}
