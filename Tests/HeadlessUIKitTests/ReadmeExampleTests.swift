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
        "Invalid batch updates detected: the number of sections and/or rows returned by the data "
          + "source before and after performing the batch updates are inconsistent with the "
          + "updates.\nData source before updates = { 1 section with row counts: [2] }\nData "
          + "source after updates = { 1 section with row counts: [2] }\nUpdates = [\n\tInsert "
          + "row (0 - 0)\n]\nTable view: <HeadlessTableView>"
      ])
    withExtendedLifetime(source) {}
  }
}
