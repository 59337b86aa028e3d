import Bindery
import BinderyTesting
import Testing

@Suite("PrefetchPlanner")
struct PrefetchPlannerTests {
  let planner = PrefetchPlanner()

  @Test func randomSituationsKeepTheInvariants() {
    var random = SeededGenerator(seed: UInt64.random(in: 0...UInt64.max))
    for _ in 0..<5_000 {
      let count = Int.random(in: 0...300, using: &random)
      let screen = Int.random(in: 1...20, using: &random)
      let first = Int.random(in: 0...max(0, count), using: &random)
      let visible = first..<min(count, first + Int.random(in: 0...screen, using: &random))
      let velocity = Double.random(in: -100_000...100_000, using: &random)
      let landingStart = Int.random(in: 0...max(0, count), using: &random)
      let landing = Bool.random(using: &random) ? landingStart..<(landingStart + screen) : nil
      let situation = PrefetchPlanner.Situation(
        itemCount: count, visible: visible, itemsPerScreen: screen, velocity: velocity,
        landing: landing)
      let plan = planner.plan(for: situation)
      let indices = plan.map(\.index)
      // Nothing beyond the list, nothing twice.
      #expect(indices.allSatisfy { (0..<count).contains($0) }, "\(situation)")
      #expect(Set(indices).count == indices.count, "\(situation)")
      // However fast, a bounded window.
      #expect(plan.count <= planner.maximumWindow(itemsPerScreen: screen), "\(situation)")
      guard landing.map({ $0.clamped(to: 0..<count).isEmpty }) ?? true else { continue }
      // The visible rows come first, all of them, and only they are visible.
      let expectedVisible = visible.isEmpty ? Array(0..<min(screen, count)) : Array(visible)
      #expect(Array(indices.prefix(expectedVisible.count)) == expectedVisible, "\(situation)")
      #expect(plan.filter { $0.priority == .visible }.count == expectedVisible.count)
    }
  }

  @Test func aFlingWantsItsLandingScreenFirstThenAroundItThenTheScreenItLeaves() {
    let plan = planner.plan(
      for: .init(
        itemCount: 1_000, visible: 10..<22, itemsPerScreen: 12, velocity: 600,
        landing: 300..<312))
    #expect(plan.prefix(12).map(\.index) == Array(300..<312))
    #expect(plan.prefix(12).allSatisfy { $0.priority == .visible })
    // Ahead of the travel first (below, going down), then behind, then what is on screen now.
    #expect(plan.dropFirst(12).prefix(12).map(\.index) == Array(312..<324))
    #expect(plan.dropFirst(24).prefix(12).map(\.index) == Array((288..<300).reversed()))
    #expect(plan.dropFirst(36).map(\.index) == Array(10..<22))
    #expect(plan.dropFirst(12).allSatisfy { $0.priority == .prefetch })
    // Going up, above the landing screen comes first; a landing past the end is clamped.
    let up = planner.plan(
      for: .init(
        itemCount: 100, visible: 80..<92, itemsPerScreen: 12, velocity: -600, landing: 2..<14))
    #expect(up.dropFirst(12).prefix(2).map(\.index) == [1, 0])
    let clamped = planner.plan(
      for: .init(
        itemCount: 100, visible: 0..<12, itemsPerScreen: 12, velocity: 600, landing: 95..<107))
    #expect(clamped.prefix(5).map(\.index) == Array(95..<100))
    #expect(Set(clamped.map(\.index)).count == clamped.count)
  }

  @Test func atBindTimeTheFirstScreenAndOneMore() {
    let plan = planner.plan(
      for: .init(itemCount: 1_000, visible: 0..<0, itemsPerScreen: 12, velocity: 0))
    #expect(plan.prefix(12).map(\.index) == Array(0..<12))
    #expect(plan.dropFirst(12).map(\.index) == Array(12..<24))
    #expect(plan.prefix(12).allSatisfy { $0.priority == .visible })
    #expect(plan.dropFirst(12).allSatisfy { $0.priority == .prefetch })
  }

  @Test func aheadNearestFirstThenBehind() {
    let plan = planner.plan(
      for: .init(itemCount: 1_000, visible: 100..<112, itemsPerScreen: 12, velocity: 20))
    let ahead = plan.dropFirst(12).prefix(24 + 10).map(\.index)
    #expect(ahead == Array(112..<146))  // two screens plus half a second at 20 rows/s
    #expect(plan.suffix(6).map(\.index) == [99, 98, 97, 96, 95, 94])  // half a screen behind
  }

  @Test func reversingTurnsTheWindowsAround() {
    let plan = planner.plan(
      for: .init(itemCount: 1_000, visible: 100..<112, itemsPerScreen: 12, velocity: -20))
    #expect(plan.dropFirst(12).prefix(3).map(\.index) == [99, 98, 97])
    #expect(plan.suffix(6).map(\.index) == Array(112..<118))
  }

  @Test func speedWidensTheWindowAhead() {
    let slow = planner.plan(
      for: .init(itemCount: 10_000, visible: 100..<112, itemsPerScreen: 12, velocity: 20))
    let fast = planner.plan(
      for: .init(itemCount: 10_000, visible: 100..<112, itemsPerScreen: 12, velocity: 60))
    #expect(fast.count - slow.count == 30)  // three quarters of a second of 40 rows/s more
  }

  @Test func noSpeedWantsMoreThanTheMaximumWindow() {
    let plan = planner.plan(
      for: .init(itemCount: 20_000, visible: 100..<112, itemsPerScreen: 12, velocity: 100_000))
    #expect(plan.count == 12 + 72 + 6)  // the screen, six screens ahead, half a screen behind
    #expect(plan.count <= planner.maximumWindow(itemsPerScreen: 12))
  }
}
