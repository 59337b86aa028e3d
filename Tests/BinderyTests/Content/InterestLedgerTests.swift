import BinderyTesting
import Foundation
import Testing

@testable import Bindery

/// One holder's requests of a store (`InterestLedger.swift`): each request is a unit of the
/// store's interest, a cancel gives back only a unit this holder holds, and every unit goes back
/// when the holder stops or is released — from any thread.
@Suite("A holder's interest in a store", .mainActorTurns)
@MainActor
struct InterestLedgerTests {
  @Test func eachRequestIsAUnitAndACancelGivesBackOnlyItsOwn() {
    let store = ContentStore<Int, String>(loader: GatedLoader().load)
    let ledger = InterestLedger(store: store)
    store.request(1)  // another holder's unit
    ledger.request(1, priority: .visible)
    ledger.request(1, priority: .prefetch)
    #expect(store.interest(in: 1) == 3)
    ledger.cancelRequest(1)
    ledger.cancelRequest(1)
    #expect(store.interest(in: 1) == 1)
    // The ledger holds no unit of key 1 any more, nor ever held one of key 2: the other
    // holder's unit stays.
    ledger.cancelRequest(1)
    ledger.cancelRequest(2)
    #expect(store.interest(in: 1) == 1)
    withExtendedLifetime(ledger) {}
  }

  @Test func stoppingGivesBackEveryUnit() {
    let store = ContentStore<Int, String>(loader: GatedLoader().load)
    let ledger = InterestLedger(store: store)
    for key in 0..<10 {
      for _ in 0...key { ledger.request(key, priority: .prefetch) }
    }
    #expect(store.interest(in: 9) == 10)
    ledger.cancelAllRequests()
    #expect((0..<10).allSatisfy { store.interest(in: $0) == 0 })
    // Nothing left to give back: a second stop changes nothing.
    store.request(3)
    ledger.cancelAllRequests()
    #expect(store.interest(in: 3) == 1)
    withExtendedLifetime(ledger) {}
  }

  @Test func aLedgerReleasedOnAnotherThreadGivesBackItsUnitsOnTheMainActor() async {
    let store = ContentStore<Int, String>(loader: GatedLoader().load)
    var ledger: InterestLedger<Int, String>? = InterestLedger(store: store)
    ledger?.request(1, priority: .visible)
    ledger?.request(2, priority: .prefetch)
    ledger?.request(2, priority: .prefetch)
    #expect(store.interest(in: 2) == 2)
    // The last reference goes with a task off the main actor.
    await Task.detached { [ledger = ledger.take()] in withExtendedLifetime(ledger) {} }.value
    await eventually("the units given back") {
      store.interest(in: 1) == 0 && store.interest(in: 2) == 0
    }
    #expect(ledger == nil)
  }
}
