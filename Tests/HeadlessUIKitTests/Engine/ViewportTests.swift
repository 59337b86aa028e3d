import Foundation
import Testing

@testable import HeadlessUIKit

/// Where a list view looks at its content (`Viewport.swift`): lengths never negative, offsets
/// brought within the content and its insets, and the direction of the last step that moved.
@Suite("A list view's viewport")
struct EngineViewportTests {
  /// A mutating step's answer, for an expectation (which cannot mutate what it reads).
  func step(_ body: () -> Int) -> Int { body() }

  @Test func aNegativeSizeReadsAsEmpty() {
    var viewport = Viewport(length: -10, breadth: -1)
    #expect(viewport.length == 0 && viewport.breadth == 0)
    viewport.length = 300
    viewport.length = -5
    #expect(viewport.length == 0)
  }

  @Test func anOffsetIsClampedBetweenTheStartInsetAndTheContentsEnd() {
    var viewport = Viewport(length: 500, breadth: 320)
    viewport.insets = (start: 20, end: 30)
    #expect(viewport.minimumOffset == -20)
    #expect(viewport.maximumOffset(contentLength: 1_000) == 530)
    #expect(viewport.clamped(-100, contentLength: 1_000) == -20)
    #expect(viewport.clamped(900, contentLength: 1_000) == 530)
    #expect(viewport.clamped(200, contentLength: 1_000) == 200)
    // Content shorter than the viewport: its only offset shows the start inset.
    #expect(viewport.maximumOffset(contentLength: 100) == -20)
    #expect(viewport.clamped(50, contentLength: 100) == -20)
  }

  @Test func theScrollDirectionIsTheLastStepsThatMoved() {
    var viewport = Viewport(length: 500, breadth: 320)
    #expect(viewport.scrollDirection == 0)
    #expect(step { viewport.scroll(to: 100) } == 1)
    #expect(step { viewport.scroll(to: 100) } == 0)
    #expect(viewport.scrollDirection == 1, "a step that did not move keeps the direction")
    #expect(step { viewport.scroll(to: 40) } == -1)
    #expect(viewport.scrollDirection == -1 && viewport.offset == 40)
    // Not clamped here: an offset set by code may stand past either end.
    #expect(step { viewport.scroll(to: -300) } == -1 && viewport.offset == -300)
  }

  @Test func aFlingGoesOnFromWhereTheOffsetWasMoved() {
    var viewport = Viewport(length: 500, breadth: 320)
    viewport.shiftDeceleration(by: 50)  // none under way: nothing to move
    #expect(viewport.deceleration == nil && !viewport.isMovedByUser)
    viewport.deceleration = Deceleration(start: 100, target: 900, rate: 0.998)
    #expect(viewport.isMovedByUser)
    viewport.shiftDeceleration(by: 50)
    #expect(viewport.deceleration?.start == 150 && viewport.deceleration?.target == 950)
    viewport.deceleration = nil
    viewport.isDragging = true
    #expect(viewport.isMovedByUser)
  }
}
