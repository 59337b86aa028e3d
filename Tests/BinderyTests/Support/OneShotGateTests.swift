import Testing

@testable import Bindery

/// The gate the prefetcher's holds wait at (`OneShotGate.swift`): it opens once, for every
/// waiter, and an open gate keeps no one waiting.
@Suite("A gate that opens once", .mainActorTurns)
@MainActor
struct OneShotGateTests {
  @Test func openingLetsEveryWaiterThrough() async {
    let gate = OneShotGate()
    var through = 0
    let waiters = (0..<3).map { _ in
      Task { @MainActor in
        await gate.wait()
        through += 1
      }
    }
    while !gate.isWaiting { await Task.yield() }
    #expect(through == 0)
    gate.open()
    for waiter in waiters { await waiter.value }
    #expect(through == 3)
    #expect(!gate.isWaiting)
  }

  @Test func anOpenGateKeepsNoOneWaitingAndOpensOnce() async {
    let gate = OneShotGate()
    gate.open()
    gate.open()  // later calls do nothing
    await gate.wait()
    #expect(!gate.isWaiting)
  }
}
