import Foundation
import HeadlessUIKit
import Testing

/// Key-value observation of a scroll view's geometry, under Foundation's names: an observer is
/// told of each change once, as UIKit's setters tell it.
@Suite("Key-value observation of a scroll view")
@MainActor
struct KeyValueObservationTests {
  /// A table whose observed property counts its reads.
  final class CountingTable: UITableView {
    var reads = 0
    var watchedOffset: CGFloat {
      reads += 1
      return contentOffset.y
    }
  }

  final class Rows: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 200 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    }
  }

  /// A table on screen showing `rows`.
  func makeTable(showing rows: Rows) -> CountingTable {
    let table = CountingTable(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = rows
    HeadlessWindow.show(table)
    return table
  }

  @Test func aScrollIsToldOnceWithWhereItCameFromAndWhereItWent() {
    let rows = Rows()
    let table = makeTable(showing: rows)
    let top = table.contentOffset.y
    var changes: [(old: CGPoint?, new: CGPoint?)] = []
    let observation = table.observe(\.contentOffset, options: [.old, .new]) { _, change in
      changes.append((change.oldValue, change.newValue))
    }
    table.contentOffset.y = top + 100
    table.contentOffset.y = top + 150
    #expect(changes.count == 2)
    #expect(changes.first?.old?.y == top && changes.first?.new?.y == top + 100)
    #expect(changes.last?.old?.y == top + 100 && changes.last?.new?.y == top + 150)
    observation.invalidate()
    table.contentOffset.y = top + 200
    #expect(changes.count == 2, "an invalidated observation is told nothing")
  }

  /// The layout a scroll runs tells the observers what changed; the scroll does not ask them
  /// again (each ask reads every observed value).
  @Test func aScrollReadsAnObservedValueOnce() {
    let rows = Rows()
    let table = makeTable(showing: rows)
    var told = 0
    let observation = table.observe(\.watchedOffset) { _, _ in told += 1 }
    let before = table.reads
    table.contentOffset.y += 16
    #expect(told == 1)
    #expect(table.reads - before == 1)
    withExtendedLifetime(observation) {}
  }
}
