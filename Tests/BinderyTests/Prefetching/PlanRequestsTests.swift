import BinderyTesting
import Testing

@testable import Bindery

/// A prefetcher's record of what its last plan asked for: moved on from plan to plan, it wants
/// each key at the most urgent priority any planned row wants it, as a record made afresh for
/// the last plan does — rows sharing keys included.
@Suite("What a plan asked for")
struct PlanRequestsTests {
  typealias Want = PrefetchPlanner.Want

  /// A record made afresh for `plan`, with `key(index)` as each row's key.
  func fresh(_ plan: [Want], key: (Int) -> Int) -> PlanRequests<Int> {
    var requests = PlanRequests<Int>(snapshotWrites: 1)
    _ = requests.move(to: plan, key: key)
    return requests
  }

  /// Moves `requests` on to `plan`; returns the rows whose keys it looked up.
  func move(_ requests: inout PlanRequests<Int>, to plan: [Want], key: (Int) -> Int) -> [Int] {
    var lookedUp: [Int] = []
    _ = requests.move(to: plan) { index in
      lookedUp.append(index)
      return key(index)
    }
    return lookedUp
  }

  @Test func aWindowThatMovesByARowLooksUpOneRow() {
    func window(at first: Int) -> [Want] {
      (first..<(first + 10)).map { Want(index: $0, priority: .visible) }
        + ((first + 10)..<(first + 30)).map { Want(index: $0, priority: .prefetch) }
    }
    var requests = fresh(window(at: 0)) { $0 }
    let lookedUp = move(&requests, to: window(at: 1)) { $0 }
    // Row 30 joined; row 10 went from prefetch to visible and kept its key.
    #expect(lookedUp == [30])
    #expect(requests.priority(of: 0) == nil)
    #expect(requests.priority(of: 10) == .visible)
    #expect(requests.priority(of: 30) == .prefetch)
    requests._checkInvariants()
  }

  @Test func aKeySharedByRowsIsWantedAsItsMostUrgentRowWantsIt() {
    // Rows 0 to 5 share key 0, 6 to 11 key 1 (avatars of one author).
    let key = { (index: Int) in index / 6 }
    var requests = fresh(
      [Want(index: 5, priority: .visible), Want(index: 6, priority: .prefetch)], key: key)
    #expect(requests.priority(of: 0) == .visible)
    #expect(requests.priority(of: 1) == .prefetch)
    // Row 5 leaves and row 4 joins at prefetch: key 0 is wanted less urgently, not let go.
    _ = move(
      &requests,
      to: [Want(index: 4, priority: .prefetch), Want(index: 6, priority: .visible)], key: key)
    #expect(requests.priority(of: 0) == .prefetch)
    #expect(requests.priority(of: 1) == .visible)
    // The last row of key 0 leaves: it is not wanted.
    _ = move(&requests, to: [Want(index: 6, priority: .visible)], key: key)
    #expect(requests.priority(of: 0) == nil)
    requests._checkInvariants()
  }

  @Test func aRowPlannedTwiceCountsOnceAtItsFirstWant() {
    let plan = [Want(index: 3, priority: .prefetch), Want(index: 3, priority: .visible)]
    let requests = fresh(plan) { $0 }
    #expect(requests.priority(of: 3) == .prefetch)
    #expect(requests.priorities == [3: .prefetch])
    requests._checkInvariants()
  }

  @Test(arguments: [1, 2, 7, 1_000])
  func movedOnFromPlanToPlanItWantsWhatAFreshRecordWants(rowsPerKey: Int) {
    var random = SeededGenerator(seed: UInt64(rowsPerKey))
    let key = { (index: Int) in index / rowsPerKey }
    func randomPlan() -> [Want] {
      let first = Int.random(in: 0..<200, using: &random)
      let visible = Int.random(in: 0..<15, using: &random)
      let ahead = Int.random(in: 0..<40, using: &random)
      let rows = Array(first..<(first + visible + ahead)).shuffled(using: &random)
      return rows.enumerated().map { offset, index in
        Want(index: index, priority: offset < visible ? .visible : .prefetch)
      }
    }
    var requests = fresh(randomPlan(), key: key)
    for _ in 0..<300 {
      let plan = randomPlan()
      _ = move(&requests, to: plan, key: key)
      let expected = fresh(plan, key: key)
      for index in 0..<300 {
        #expect(requests.priority(of: key(index)) == expected.priority(of: key(index)))
      }
      #expect(requests.priorities == expected.priorities)
      requests._checkInvariants()
    }
  }
}
