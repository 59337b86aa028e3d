import Foundation
import HeadlessUIKit
import Testing

/// Layout at UIKit's moments (UIKit rules §7.7): `setNeedsLayout()` coalesced into one pass at
/// the end of the turn for views in a window, `layoutIfNeeded()` only when a layout is due, a new
/// size or a new subview asking for one, superviews before subviews, and a controller told
/// around its view's layout.
@MainActor
@Suite("Layout at UIKit's moments")
struct LayoutMomentsTests {
  /// A view that records its layouts in a shared log.
  final class Logged: UIView {
    var name = ""
    var log: Log?
    override func layoutSubviews() { log?.entries.append("\(name) layout") }
  }

  final class Log {
    var entries: [String] = []
    func take() -> [String] {
      defer { entries = [] }
      return entries
    }
  }

  func logged(_ name: String, _ log: Log) -> Logged {
    let view = Logged(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    view.name = name
    view.log = log
    return view
  }

  @Test func setNeedsLayoutIsOneLayoutAtTheEndOfTheTurn() async {
    let log = Log()
    let view = logged("view", log)
    let window = UIWindow.show(view)
    await Task.yield()
    _ = log.take()
    view.setNeedsLayout()
    view.setNeedsLayout()
    view.setNeedsLayout()
    #expect(log.entries.isEmpty, "not at once")
    await Task.yield()
    #expect(log.take() == ["view layout"], "once, however often it was asked")
    view.layoutIfNeeded()
    #expect(log.entries.isEmpty, "nothing due: no layout")
    view.setNeedsLayout()
    view.layoutIfNeeded()
    #expect(log.take() == ["view layout"], "due: now")
    await Task.yield()
    #expect(log.entries.isEmpty, "made already")
    window.resignVisible()
  }

  @Test func aNewSizeOrANewSubviewAsksForALayoutSuperviewsFirst() async {
    let log = Log()
    let outer = logged("outer", log)
    let inner = logged("inner", log)
    let window = UIWindow.show(outer)
    outer.addSubview(inner)
    await Task.yield()
    _ = log.take()
    inner.frame.size.width = 50
    outer.frame.size.height = 80
    await Task.yield()
    #expect(log.take() == ["outer layout", "inner layout"])
    inner.frame.origin.x = 10  // a move, not a new size
    await Task.yield()
    #expect(log.entries.isEmpty)
    window.resignVisible()
  }

  @Test func aViewOffScreenLaysOutWhenItComesIntoAWindow() async {
    let log = Log()
    let view = logged("view", log)
    view.setNeedsLayout()
    await Task.yield()
    #expect(log.entries.isEmpty, "no window: no layout pass")
    let window = UIWindow.show(view)
    await Task.yield()
    #expect(log.take() == ["view layout"])
    window.resignVisible()
  }

  @Test func aControllerHearsAroundItsViewsLayout() async {
    final class Screen: UIViewController {
      let log = Log()
      override func viewWillLayoutSubviews() { log.entries.append("will layout") }
      override func viewDidLayoutSubviews() { log.entries.append("did layout") }
    }
    let screen = Screen()
    let window = UIWindow.show(screen)
    await Task.yield()
    _ = screen.log.take()
    screen.view.setNeedsLayout()
    await Task.yield()
    #expect(screen.log.take() == ["will layout", "did layout"])
    window.resignVisible()
  }
}

/// A list's own layout at UIKit's moments (UIKit rules §7.7): the delegate hears a scroll before
/// the rows it reveals are asked for, and a table subclass's `layoutSubviews()` is where the
/// cells are placed, by its call to `super`.
@MainActor
@Suite("A list's layout at UIKit's moments")
struct ListLayoutMomentsTests {
  final class Events: HeadlessTableViewDelegate {
    var log: [String] = []
    var readsDuringScroll = false
    func scrollViewDidScroll(_ scrollView: HeadlessScrollView) {
      log.append("did scroll")
      guard readsDuringScroll, let table = scrollView as? HeadlessTableView else { return }
      let last = table.indexPathsForVisibleRows?.last?[1] ?? -1
      log.append("sees row \(last)")
    }
  }

  final class LoggingTable: HeadlessTableView {
    var log: [String] = []
    override func layoutSubviews() {
      log.append("before: \(visibleCellCount)")
      super.layoutSubviews()
      log.append("after: \(visibleCellCount)")
    }
    private var visibleCellCount: Int { indexPathsForVisibleRows?.count ?? 0 }
  }

  @Test func theDelegateHearsAScrollBeforeTheRowsItRevealsAreAskedFor() {
    let (table, source) = makeTable(rows: 100)
    let events = Events()
    table.delegate = events
    source.duringCellRequest = { _, path in events.log.append("cell \(path[1])") }
    table.contentOffset.y += 44
    // The row revealed, and those UIKit prepares beyond it, come after the delegate heard.
    #expect(events.log.first == "did scroll" && events.log.contains("cell 10"), "\(events.log)")

    events.log = []
    events.readsDuringScroll = true
    table.contentOffset.y += 44
    #expect(events.log.first == "did scroll" && events.log.last == "sees row 11")
    #expect(
      events.log.dropFirst().dropLast().allSatisfy { $0.hasPrefix("cell") },
      "a read from the delegate lays the new rows out first: \(events.log)")
    #expect(table.violations.isEmpty)
  }

  @Test func aTableSubclassPlacesItsCellsInItsLayoutSubviews() {
    let table = LoggingTable(frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: .plain)
    table.rowHeight = 44
    table.register(LabelCell.self, forCellReuseIdentifier: "row")
    let source = RowsDataSource([(0..<100).map { "r\($0)" }])
    table.dataSource = source
    let window = HeadlessWindow.show(table)
    table.layoutIfNeeded()
    #expect(table.log.contains("after: 10"), "\(table.log)")
    table.log = []
    table.contentOffset.y += 440
    #expect(table.log.first?.hasPrefix("before") == true && table.log.contains("after: 10"))
    #expect(table.indexPathsForVisibleRows?.first == IndexPath(indexes: [0, 10]))
    withExtendedLifetime((source, window)) {}
  }
}
