import BinderyDiff
import BinderyTesting
import Foundation
import HeadlessUIKit
import Testing

/// The README's hand-written adapter: a data source over the snapshot on screen, and each
/// stage applied in its own batch with the stage's snapshot installed inside the updates.
@MainActor
final class SnapshotTableAdapter: NSObject, UITableViewDataSource {
  var shown: TestSnapshot
  let tableView: UITableView

  init(_ tableView: UITableView, showing snapshot: TestSnapshot) {
    self.tableView = tableView
    self.shown = snapshot
    super.init()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    tableView.dataSource = self
  }

  func apply(_ next: TestSnapshot) {
    let indexPath = { (position: ItemPosition) in
      IndexPath(row: position.item, section: position.section)
    }
    for stage in StagedChangeset(from: shown, to: next).stages {
      tableView.performBatchUpdates { [self] in
        shown = stage.snapshot
        tableView.deleteSections(IndexSet(stage.sectionDeletes), with: .fade)
        tableView.insertSections(IndexSet(stage.sectionInserts), with: .fade)
        for move in stage.sectionMoves { tableView.moveSection(move.from, toSection: move.to) }
        tableView.deleteRows(at: stage.itemDeletes.map(indexPath), with: .fade)
        tableView.insertRows(at: stage.itemInserts.map(indexPath), with: .fade)
        for move in stage.itemMoves {
          tableView.moveRow(at: indexPath(move.from), to: indexPath(move.to))
        }
        tableView.reconfigureRows(at: stage.itemReconfigures.map(indexPath))
        tableView.reloadSections(IndexSet(stage.sectionReconfigures), with: .fade)
      }
    }
  }

  func numberOfSections(in tableView: UITableView) -> Int { shown.numberOfSections }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    shown.numberOfItems(inSection: section)
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    let item = shown.item(at: ItemPosition(section: indexPath.section, item: indexPath.row))
    cell.textLabel?.text = item.map { "\($0)" }
    return cell
  }
}

@Suite("Changesets through a HeadlessTableView")
@MainActor
struct TableViewReplayTests {
  @Test func randomChangesLeaveEveryVisibleCellCurrent() async {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 12 * 44))
    tableView.isStrict = true
    UIWindow.show(tableView)
    var snapshot = SnapshotGenerator.snapshot(using: &random)
    let adapter = SnapshotTableAdapter(tableView, showing: snapshot)
    for step in 0..<500 {
      if step % 25 == 0 { await Task.yield() }  // the main actor serves other tests too
      snapshot = SnapshotGenerator.successor(of: snapshot, using: &random)
      adapter.apply(snapshot)
      tableView.scroll(by: CGFloat(Int.random(in: -200...200, using: &random)))
      let context = "seed \(seed), step \(step)"
      guard tableView.violations.isEmpty else {
        Issue.record("\(tableView.violations) (\(context))")
        return
      }
      for path in tableView.indexPathsForVisibleRows ?? [] {
        let expected = snapshot.item(at: ItemPosition(section: path.section, item: path.row))
        guard tableView.cellForRow(at: path)?.textLabel?.text == expected.map({ "\($0)" }) else {
          Issue.record("row \(path) shows a stale value (\(context))")
          return
        }
      }
    }
  }
}
