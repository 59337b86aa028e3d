import BinderyTesting
import Foundation
import Testing

@testable import Bindery

/// The tie between a store's interest and cells (`ContentCells.swift`): a cell holds one unit
/// of the key it shows, hands it over when configured for another key, gives it back when
/// released and asks again when shown again; a cell that is gone is forgotten.
@Suite("Cells' interest in their content", .mainActorTurns)
@MainActor
struct ContentCellsTests {
  final class Cell {}

  func configure(_ cells: ContentCells<Int, String>, _ cell: Cell, _ key: Int) -> Cell {
    cells.cell(for: key) { _ in cell }
  }

  @Test func aCellHoldsOneUnitOfTheKeyItShowsAndHandsItOver() {
    let store = ContentStore<Int, String>(loader: GatedLoader().load)
    let cells = ContentCells(store: store)
    let cell = Cell()
    _ = configure(cells, cell, 1)
    _ = configure(cells, cell, 1)  // reconfigured in place: still one unit
    #expect(store.interest(in: 1) == 1)
    _ = configure(cells, cell, 2)  // reused for another key
    #expect(store.interest(in: 1) == 0 && store.interest(in: 2) == 1)
    #expect(cells.key(of: cell) == 2)
    #expect(cells.hasCell(showing: 2) && !cells.hasCell(showing: 1))
  }

  @Test func aConfigurationSaysWhetherItWasInPlace() {
    let store = ContentStore<Int, String>(loader: GatedLoader().load)
    let cells = ContentCells(store: store)
    let cell = Cell()
    #expect(!cells.configuredCell(for: 1, isVisible: true) { _ in cell }.inPlace)
    #expect(cells.configuredCell(for: 1, isVisible: true) { _ in cell }.inPlace)
    #expect(!cells.configuredCell(for: 2, isVisible: true) { _ in cell }.inPlace)
    // A cell that gave its interest back is not configured in place: it asks again.
    cells.cancelRequests { _, _ in true }
    #expect(store.interest(in: 2) == 0)
    #expect(!cells.configuredCell(for: 2, isVisible: true) { _ in cell }.inPlace)
    #expect(store.interest(in: 2) == 1)
  }

  @Test func releasedCellsGiveBackTheirUnitAndAskAgainWhenShownAgain() {
    let store = ContentStore<Int, String>(loader: GatedLoader().load)
    let cells = ContentCells(store: store)
    let shown = (0..<4).map { _ in Cell() }
    for (key, cell) in shown.enumerated() { _ = configure(cells, cell, key) }
    cells.cancelRequests { key, _ in key >= 2 }
    #expect((0..<4).map { store.interest(in: $0) } == [1, 1, 0, 0])
    // Still known by the key they show, for content arriving for them.
    #expect(cells.hasCell(showing: 3) && cells.key(of: shown[3]) == 3)
    cells.requestAgain(for: [shown[3], shown[0]])
    #expect((0..<4).map { store.interest(in: $0) } == [1, 1, 0, 1], "no second unit for 0")
    cells.cancelAllRequests()
    #expect((0..<4).allSatisfy { store.interest(in: $0) == 0 })
    #expect(!cells.hasCell(showing: 0))
  }

  @Test func aCellThatIsGoneIsForgottenAndItsUnitGivenBack() {
    let store = ContentStore<Int, String>(loader: GatedLoader().load)
    let cells = ContentCells(store: store)
    do {
      let cell = Cell()
      _ = configure(cells, cell, 7)
    }  // the view let the cell go
    #expect(store.interest(in: 7) == 1)
    cells.cancelRequests { _, _ in false }
    #expect(store.interest(in: 7) == 0)
    #expect(!cells.hasCell(showing: 7))
  }
}
