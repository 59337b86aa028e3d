import Foundation
import Testing

@testable import HeadlessUIKit

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A section's item heights answer where an item lies and which items a band meets, read in
/// place, as the engine reads them for every frame.
@Suite("A section's item heights") @MainActor
struct SectionHeightsTests {
  /// Seven items in lines of three: heights 10, 30, 20 | 5, 5, 5 | 40.
  let grid = SectionHeights(
    heights: [10, 30, 20, 5, 5, 5, 40], isMeasured: [Bool](repeating: false, count: 7), columns: 3)

  @Test func anItemLiesOnItsLineInItsColumnWithItsOwnHeight() throws {
    let item = try #require(grid.placement(ofItem: 4))
    #expect(item.lineOffset == 30)  // the first line is as tall as its tallest item
    #expect(item.lineHeight == 5)
    #expect(item.height == 5)
    #expect(item.column == 1)
    let last = try #require(grid.placement(ofItem: 6))
    #expect((last.lineOffset, last.lineHeight, last.height, last.column) == (35, 40, 40, 0))
    let first = try #require(grid.placement(ofItem: 0))
    #expect((first.lineOffset, first.lineHeight, first.height) == (0, 30, 10))
  }

  @Test func anItemTheSectionDoesNotHaveHasNoPlace() {
    #expect(grid.placement(ofItem: 7) == nil)
    #expect(grid.placement(ofItem: -1) == nil)
  }

  @Test func aBandHoldsTheItemsOfTheLinesItMeets() {
    #expect(grid.items(from: 0, to: 31, tolerance: 1e-6, below: 7) == [0, 1, 2, 3, 4, 5])
    // A line that starts where the band ends is not in it, nor one that ends where it starts.
    #expect(grid.items(from: 0, to: 30, tolerance: 1e-6, below: 7) == [0, 1, 2])
    #expect(grid.items(from: 35, to: 100, tolerance: 1e-6, below: 7) == [6])
    // Nor one that meets it by a rounding error.
    #expect(grid.items(from: 0, to: 30 + 1e-9, tolerance: 1e-6, below: 7) == [0, 1, 2])
    // Only the items below a count the view has (counts that changed since).
    #expect(grid.items(from: 0, to: 100, tolerance: 1e-6, below: 5) == [0, 1, 2, 3, 4])
    #expect(grid.items(from: 100, to: 200, tolerance: 1e-6, below: 7).isEmpty)
  }

  @Test func aLineOfNoHeightAtABandsEdgeIsNotInIt() {
    let rows = SectionHeights(
      heights: [0, 10, 0, 10], isMeasured: [true, true, true, true], columns: 1)
    #expect(rows.items(from: 0, to: 20, tolerance: 1e-6, below: 4) == [1, 2, 3])
    #expect(rows.items(from: 10, to: 20, tolerance: 1e-6, below: 4) == [3])
  }

  @Test func theSectionsAreReadWhereTheyLieAndOnlyThoseThatSizeTheirItems() {
    let sections: [SectionHeights?] = [nil, grid]
    #expect(sections.columns(ofSection: 1) == 3)
    #expect(sections.columns(ofSection: 0) == nil)
    #expect(sections.columns(ofSection: 2) == nil)
    #expect(sections.placement(ofItem: 4, inSection: 1)?.lineOffset == 30)
    #expect(sections.placement(ofItem: 4, inSection: 0) == nil)
    #expect(sections.placement(ofItem: 0, inSection: -1) == nil)
    #expect(sections.items(inSection: 1, from: 35, to: 36, tolerance: 1e-6, below: 7) == [6])
    #expect(sections.items(inSection: 0, from: 0, to: 100, tolerance: 1e-6, below: 7) == nil)
  }
}
