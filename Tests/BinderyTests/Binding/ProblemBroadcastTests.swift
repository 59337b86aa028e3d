import Bindery
import Foundation
import Testing

@Suite("Problems told to every reader")
struct ProblemBroadcastTests {
  /// Everything a stream holds once its broadcast has finished.
  func drain(_ stream: AsyncStream<Int>) async -> [Int] {
    var seen: [Int] = []
    for await problem in stream { seen.append(problem) }
    return seen
  }

  @Test func everyReaderIsToldEveryProblem() async {
    let broadcast = ProblemBroadcast<Int>(limit: 8)
    let first = broadcast.stream()
    let second = broadcast.stream()
    broadcast.yield(1)
    broadcast.yield(2)
    broadcast.finish()
    #expect(await drain(first) == [1, 2])
    #expect(await drain(second) == [1, 2], "not split between the readers")
  }

  @Test func aLateReaderHearsTheNewestProblemsFirst() async {
    let broadcast = ProblemBroadcast<Int>(limit: 4)
    for problem in 0..<10 { broadcast.yield(problem) }
    var late = broadcast.stream().makeAsyncIterator()
    var seen: [Int] = []
    for _ in 0..<4 { if let problem = await late.next() { seen.append(problem) } }
    #expect(seen == [6, 7, 8, 9], "the newest four from before it began")
    broadcast.yield(10)
    broadcast.finish()
    #expect(await late.next() == 10)
    #expect(await late.next() == nil)
    #expect(await drain(broadcast.stream()) == [7, 8, 9, 10], "after the end: what was kept")
  }

  @Test func aReaderThatFallsBehindKeepsTheNewest() async {
    let broadcast = ProblemBroadcast<Int>(limit: 3)
    let slow = broadcast.stream()
    for problem in 0..<7 { broadcast.yield(problem) }
    broadcast.finish()
    #expect(await drain(slow) == [4, 5, 6])
  }

  @Test func nothingIsToldAfterTheEnd() async {
    let broadcast = ProblemBroadcast<Int>(limit: 8)
    let reader = broadcast.stream()
    broadcast.yield(1)
    broadcast.finish()
    broadcast.finish()
    broadcast.yield(2)
    #expect(await drain(reader) == [1])
  }

  @Test func aReaderThatStopsIsForgotten() async {
    let broadcast = ProblemBroadcast<Int>(limit: 8)
    let (started, starts) = AsyncStream.makeStream(of: Void.self)
    let reader = Task {
      var iterator = broadcast.stream().makeAsyncIterator()
      starts.yield()
      while await iterator.next() != nil {}
    }
    var waiting = started.makeAsyncIterator()
    await waiting.next()
    #expect(broadcast.readerCount == 1)
    reader.cancel()
    await reader.value
    #expect(broadcast.readerCount == 0, "a cancelled reader holds nothing")
    broadcast.finish()
  }

  @Test func readersOnOtherThreadsSeeOneOrder() async {
    let broadcast = ProblemBroadcast<Int>(limit: 1_000)
    let readers = (0..<4).map { _ in broadcast.stream() }
    await withTaskGroup(of: Void.self) { group in
      for thread in 0..<4 {
        group.addTask {
          for problem in 0..<100 { broadcast.yield(thread * 100 + problem) }
        }
      }
    }
    broadcast.finish()
    var orders: [[Int]] = []
    for reader in readers { orders.append(await drain(reader)) }
    #expect(orders[0].count == 400)
    #expect(Set(orders[0]) == Set(0..<400))
    #expect(orders.allSatisfy { $0 == orders[0] }, "every reader in the order they were told")
  }
}
