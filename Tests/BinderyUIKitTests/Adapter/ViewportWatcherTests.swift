import Bindery
import BinderyTesting
import Foundation
import HeadlessUIKit
import Testing

@testable import BinderyUIKit

/// The adapter's watch on the viewport between updates (`ViewportWatcher.swift`): a move of
/// the offset is a scroll, a new size or inset is a change of shape told with the viewport
/// before it, and changes Bindery makes itself pass untold.
@Suite("The viewport's watcher", .mainActorTurns)
@MainActor
struct ViewportWatcherTests {
  /// A plain data source of `count` rows.
  @MainActor
  final class Rows: NSObject, UITableViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    { tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) }
  }

  /// What the watcher told, in order; it keeps the table's rows.
  @MainActor
  final class Heard {
    var events: [String] = []
    var suspended = false
    let rows = Rows(count: 100)
  }

  /// A table of 100 rows in a window, watched.
  func watched(horizontal: Bool = false) -> (UITableView, ViewportWatcher, Heard) {
    let table = makeTable()
    let heard = Heard()
    table.dataSource = heard.rows
    table.layoutIfNeeded()
    let watcher = ViewportWatcher(
      view: table, horizontal: horizontal, isSuspended: { heard.suspended },
      changed: { before in
        heard.events.append("changed from \(Int(before.size.height)) at \(Int(before.offset))")
      },
      scrolled: { now in heard.events.append("scrolled to \(Int(now.offset))") })
    return (table, watcher, heard)
  }

  @Test func aScrollIsToldAsAScrollAndAReadOfTheSameOffsetTellsNothing() {
    let (table, watcher, heard) = watched()
    table.contentOffset.y = 120
    table.contentOffset.y = 120
    watcher.check()
    #expect(heard.events == ["scrolled to 120"])
    withExtendedLifetime(watcher) {}
  }

  /// A table that counts the reads of its adjusted inset, which a look at the viewport makes
  /// once.
  final class InsetCountingTable: UITableView {
    var insetReads = 0
    override var adjustedContentInset: UIEdgeInsets {
      insetReads += 1
      return super.adjustedContentInset
    }
  }

  /// A scroll tells of its offset and of the bounds it moves, one after the other: the watcher
  /// looks at the viewport once, not again for what the first look saw. Counted against a twin
  /// table whose same four values are observed by no one in particular (the view reads what
  /// it tells of).
  @Test func aScrollIsLookedAtOnce() {
    func counting() -> InsetCountingTable {
      let table = InsetCountingTable(
        frame: CGRect(x: 0, y: 0, width: 320, height: 12 * 44), style: .plain)
      table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
      UIWindow.show(table)
      return table
    }
    let heard = Heard()
    let twin = counting()
    twin.dataSource = heard.rows
    twin.layoutIfNeeded()
    let observations: [AnyObject] = [
      twin.observe(\.bounds) { _, _ in }, twin.observe(\.contentOffset) { _, _ in },
      twin.observe(\.contentInset) { _, _ in }, twin.observe(\.adjustedContentInset) { _, _ in },
    ]
    let table = counting()
    table.dataSource = heard.rows
    table.layoutIfNeeded()
    let watcher = ViewportWatcher(
      view: table, horizontal: false, isSuspended: { false }, changed: { _ in },
      scrolled: { now in heard.events.append("scrolled to \(Int(now.offset))") })
    let (twinBefore, before) = (twin.insetReads, table.insetReads)
    for _ in 0..<5 {
      twin.contentOffset.y += 16
      table.contentOffset.y += 16
    }
    #expect(heard.events == [16, 32, 48, 64, 80].map { "scrolled to \($0)" })
    #expect((table.insetReads - before) - (twin.insetReads - twinBefore) == 5)
    withExtendedLifetime((watcher, observations)) {}
  }

  @Test func aNewSizeIsToldWithTheViewportBeforeIt() {
    let (table, watcher, heard) = watched()
    table.contentOffset.y = 200
    table.frame.size.height = 300  // the keyboard came up
    #expect(heard.events == ["scrolled to 200", "changed from 528 at 200"])
    // The next change starts from the viewport after the last.
    table.contentInset.bottom = 40
    #expect(heard.events.last == "changed from 300 at 200")
    withExtendedLifetime(watcher) {}
  }

  @Test func whatBinderyDoesItselfPassesUntoldAndIsNotTheNextChangesStart() {
    let (table, watcher, heard) = watched()
    heard.suspended = true
    table.contentOffset.y = 400
    table.frame.size.height = 300
    #expect(heard.events.isEmpty)
    heard.suspended = false
    table.contentOffset.y = 410
    #expect(heard.events == ["scrolled to 410"])
    withExtendedLifetime(watcher) {}
  }

  @Test func aResyncTakesTheViewportAsItIsForTheNextChange() {
    let (table, watcher, heard) = watched()
    heard.suspended = true
    table.contentOffset.y = 400
    heard.suspended = false
    watcher.resync()
    watcher.check()
    #expect(heard.events.isEmpty)
    table.frame.size.height = 300
    #expect(heard.events == ["changed from 528 at 400"])
    withExtendedLifetime(watcher) {}
  }

  @Test func theViewportKnowsItsEndsAlongTheScroll() {
    let (table, _, heard) = watched()
    table.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
    table.contentOffset.y = -20
    let atStart = ViewportWatcher.Viewport(table, horizontal: false)
    #expect(atStart.isAtStart && !atStart.isAtEnd)
    let axis = ScrollAxis(table, horizontal: false)
    #expect(axis.minimumOffset == -20)
    #expect(axis.maximumOffset == table.contentSize.height + 30 - table.bounds.height)
    ScrollAxis.setOffset(axis.maximumOffset, of: table, horizontal: false)
    let atEnd = ViewportWatcher.Viewport(table, horizontal: false)
    #expect(atEnd.isAtEnd && !atEnd.isAtStart)
    #expect(table.contentOffset.x == 0, "the other coordinate is kept")
    // A content shorter than the viewport: its start is its end too.
    let short = makeTable()
    let rows = Rows(count: 2)
    short.dataSource = rows
    short.layoutIfNeeded()
    #expect(ScrollAxis(short, horizontal: false).maximumOffset == 0)
    #expect(ViewportWatcher.Viewport(short, horizontal: false).isAtEnd)
    withExtendedLifetime((rows, heard)) {}
  }
}
