import BinderyTesting
import Testing

@testable import Bindery

/// The first-in first-out queue under the scheduler's priorities and the store's forgotten
/// failures: order, dropping the popped prefix as it grows, and an array model.
@Suite("The first-in first-out queue")
struct FIFOQueueTests {
  @Test func elementsComeOutInTheOrderTheyWentIn() {
    var queue = FIFOQueue<Int>()
    #expect(queue.count == 0 && queue.elements.isEmpty)
    #expect(queue.popFirst() == nil)
    for value in [5, 3, 8] { queue.append(value) }
    #expect(queue.count == 3)
    #expect(Array(queue.elements) == [5, 3, 8])
    let first = queue.popFirst()
    #expect(first == 5)
    queue.append(1)
    #expect(Array(queue.elements) == [3, 8, 1])
    var rest: [Int] = []
    while let value = queue.popFirst() { rest.append(value) }
    #expect(rest == [3, 8, 1])
    #expect(queue.count == 0)
    let fromEmpty = queue.popFirst()
    #expect(fromEmpty == nil, "an emptied queue stays empty")
    queue.append(9)
    #expect(Array(queue.elements) == [9], "and takes new elements")
  }

  /// Once more than a thousand popped elements make up more than half the storage, they are
  /// dropped; the elements still queued keep their order across that.
  @Test func thePoppedPrefixIsDroppedAndTheOrderKept() {
    var queue = FIFOQueue<Int>()
    for value in 0..<3_000 { queue.append(value) }
    var popped: [Int] = []
    for _ in 0..<1_600 {
      if let value = queue.popFirst() { popped.append(value) }
    }
    #expect(popped == Array(0..<1_600))
    #expect(queue._storage.count < 3_000, "the popped prefix was dropped")
    #expect(queue.count == 1_400)
    #expect(Array(queue.elements) == Array(1_600..<3_000))
    for value in 3_000..<3_500 { queue.append(value) }
    var rest: [Int] = []
    while let value = queue.popFirst() { rest.append(value) }
    #expect(rest == Array(1_600..<3_500))
  }

  /// A short queue that is filled and emptied forever never holds more than a thousand-odd
  /// popped elements.
  @Test func aQueueThatKeepsTurningOverStaysSmall() {
    var queue = FIFOQueue<Int>()
    var next = 0
    var expected = 0
    for _ in 0..<20_000 {
      for _ in 0..<3 {
        queue.append(next)
        next += 1
      }
      for _ in 0..<3 {
        let value = queue.popFirst()
        #expect(value == expected)
        expected += 1
      }
      #expect(queue._storage.count <= 1_024)
    }
    #expect(queue.count == 0)
  }

  /// Random appends and pops, in bursts so that the queue grows, drains and turns over, against
  /// an array: the same elements in the same order, and storage bounded by what is queued.
  @Test(arguments: [1 as UInt64, 2, 3])
  func matchesAnArrayUnderRandomOperations(seed: UInt64) {
    var random = SeededGenerator(seed: 0xF1F0 + seed)
    var queue = FIFOQueue<Int>()
    var model: [Int] = []
    var next = 0
    for step in 0..<3_000 {
      let burst = Int.random(in: 0..<40, using: &random)
      // Appending a little more often than popping, so that the queue grows long, then
      // draining it now and then.
      let appendWeight = step % 500 < 400 ? 6 : 2
      for _ in 0..<burst {
        if Int.random(in: 0..<10, using: &random) < appendWeight {
          queue.append(next)
          model.append(next)
          next += 1
        } else {
          let value = queue.popFirst()
          let expected = model.isEmpty ? nil : model.removeFirst()
          #expect(value == expected, "step \(step)")
        }
      }
      #expect(queue.count == model.count, "step \(step)")
      #expect(queue.elements.first == model.first, "step \(step)")
      #expect(queue._storage.count <= max(model.count + 1_024, 2 * model.count), "step \(step)")
      if step % 100 == 0 { #expect(Array(queue.elements) == model, "step \(step)") }
    }
    #expect(Array(queue.elements) == model)
  }
}
