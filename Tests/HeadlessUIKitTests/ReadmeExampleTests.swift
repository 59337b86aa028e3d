import Foundation
import HeadlessUIKit
import Testing

/// The data source of the README's example.
@MainActor
final class MateListDataSource: HeadlessTableViewDataSource {
  var mates: [String]

  init(mates: [String]) { self.mates = mates }

  func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int {
    mates.count
  }

  func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
    -> HeadlessTableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
    cell.textLabel?.text = mates[indexPath[1]]
    return cell
  }
}

@Suite("The README's HeadlessUIKit example")
@MainActor
struct ReadmeExampleTests {
  @Test func insertingAMateIsAccepted() {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    let source = MateListDataSource(mates: ["Ari", "Bo"])  // your UITableViewDataSource
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "mate")
    table.dataSource = source  // held weakly, as by UIKit
    HeadlessWindow.show(table)  // on screen: cells are requested
    table.isStrict = true  // also reject what UIKit may mishandle

    table.performBatchUpdates {
      source.mates.insert("Cleo", at: 0)
      table.insertRows(at: [IndexPath(indexes: [0, 0])], with: .automatic)
    }

    #expect(table.violations.isEmpty, "\(table.violations)")
    #expect(table.cellForRow(at: IndexPath(indexes: [0, 0]))?.textLabel?.text == "Cleo")
  }

  @Test func forgettingTheDataSourceFailsWithUIKitsMessage() {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    let source = MateListDataSource(mates: ["Ari", "Bo"])
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "mate")
    table.dataSource = source
    HeadlessWindow.show(table)
    table.performBatchUpdates {
      table.insertRows(at: [IndexPath(indexes: [0, 0])], with: .automatic)
    }
    #expect(
      table.violations.map(\.message) == [
        "Invalid update: invalid number of rows in section 0.  The number of rows contained in an "
          + "existing section after the update (2) must be equal to the number of rows contained "
          + "in that section before the update (2), plus or minus the number of rows inserted or "
          + "deleted from that section (1 inserted, 0 deleted) and plus or minus the number of "
          + "rows moved into or out of that section (0 moved in, 0 moved out)."
      ])
    withExtendedLifetime(source) {}
  }
}
