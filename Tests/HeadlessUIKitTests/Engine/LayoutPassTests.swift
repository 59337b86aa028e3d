import Testing

@testable import HeadlessUIKit

/// Where a layout is (`LayoutPass.swift`): one layout at a time, a first pass always, more
/// only when a row measured off its estimate or the layout was invalidated mid-pass — and a
/// layout that invalidates itself every pass given up on, as UIKit gives up.
@Suite("A layout's passes")
struct LayoutPassTests {
  /// A mutating step's answer, for an expectation (which cannot mutate what it reads).
  func step(_ body: () -> Bool) -> Bool { body() }

  @Test func aLayoutRunsOnePassWhenNothingAsksForAnother() {
    var pass = LayoutPass()
    pass.isPending = true
    #expect(pass.phase == .idle)
    #expect(step { pass.begin() })
    #expect(!pass.isPending, "beginning a layout clears the pending one")
    #expect(pass.phase == .placing)
    #expect(step { pass.startsPass() })
    #expect(!step { pass.startsPass() })
    #expect(!step { pass.end() }, "nothing given up")
    #expect(pass.phase == .idle)
  }

  @Test func aLayoutDoesNotStartInsideAnother() {
    var pass = LayoutPass()
    #expect(step { pass.begin() })
    pass.enter(.preparing)
    #expect(!step { pass.begin() })
    #expect(pass.phase == .preparing, "the layout under way is untouched")
  }

  @Test func anInvalidationOutsideALayoutAsksForOneAndInsideOneForAnotherPass() {
    var pass = LayoutPass()
    #expect(step { pass.invalidate() }, "no layout under way: lay out now")
    #expect(step { pass.begin() })
    #expect(step { pass.startsPass() })
    #expect(!step { pass.invalidate() }, "mid-pass: another pass follows")
    #expect(step { pass.startsPass() })
    #expect(!step { pass.startsPass() })
    #expect(!step { pass.end() })
  }

  @Test func aLayoutThatInvalidatesItselfEveryPassIsGivenUpOn() {
    var pass = LayoutPass()
    #expect(step { pass.begin() })
    var passes = 0
    while pass.startsPass() {
      passes += 1
      _ = pass.invalidate()
    }
    // As many passes as the limit allows, the first among them.
    #expect(passes == LayoutPass.passLimit)
    #expect(step { pass.end() }, "given up, with another pass still asked for")
    // The next layout starts afresh.
    #expect(step { pass.begin() })
    #expect(step { pass.startsPass() })
    #expect(!step { pass.startsPass() })
    #expect(!step { pass.end() })
  }

  @Test func measuringPassesAreCountedApartFromInvalidations() {
    var pass = LayoutPass()
    #expect(step { pass.begin() })
    #expect(step { pass.startsPass() })
    // Every row measured off its estimate: a pass each, well past the invalidations' limit.
    var measured = 0
    while measured < 2 * LayoutPass.passLimit {
      pass.needsMeasuring()
      guard pass.startsPass() else { break }
      measured += 1
    }
    #expect(measured == 2 * LayoutPass.passLimit)
    #expect(!step { pass.startsPass() })
    #expect(!step { pass.end() })
  }
}
