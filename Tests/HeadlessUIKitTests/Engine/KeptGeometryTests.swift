import Foundation
import Testing

@testable import HeadlessUIKit

/// What a list engine keeps between layouts goes with what it was worked out from, and every
/// change is counted.
@Suite("The geometry a list engine keeps") @MainActor
struct KeptGeometryTests {
  @Test func aChangeOfTheCellsKeepsTheFramesAndACountOfIt() {
    var kept = KeptGeometry()
    kept.sectionFrames = []
    kept.visibleItems = [IndexPath(indexes: [0, 1])]
    kept.visibleCells = [HeadlessReusableView(frame: .zero)]
    let before = kept.generation
    kept.cellsChanged()
    #expect(kept.sectionFrames != nil)
    #expect(kept.visibleItems == nil && kept.visibleCells == nil)
    #expect(kept.generation > before)
  }

  @Test func aChangeOfTheGeometryLetsEverythingGo() {
    var kept = KeptGeometry()
    kept.sectionFrames = []
    kept.visibleItems = []
    kept.visibleCells = []
    let before = kept.generation
    kept.geometryChanged()
    #expect(kept.sectionFrames == nil && kept.visibleItems == nil && kept.visibleCells == nil)
    #expect(kept.generation > before)
  }
}
