import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// The device turns (issue 66, item 3): rows whose height follows the width are measured
/// again, and the reader keeps the row they read — through the turn and back.
@Suite("A rotation keeps the reader's row", .mainActorTurns)
@MainActor
struct RotationTests {
  /// A table filling a view controller's view, in a window, whose rows wrap their text.
  func makeScreen() -> (window: UIWindow, table: UITableView) {
    let controller = UIViewController()
    let table = UITableView(frame: .zero)
    table.isStrict = true
    table.register(UITableViewCell.self, forCellReuseIdentifier: "message")
    table.rowHeight = UITableView.automaticDimension
    table.estimatedRowHeight = 60
    table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    controller.view.addSubview(table)
    let window = UIWindow.show(controller)
    table.frame = controller.view.bounds
    return (window, table)
  }

  /// `by`: how far the user then scrolled on, cutting the row at the top off.
  @Test(arguments: [ScrollAnchor.firstVisibleItem, .end], [0, 25] as [CGFloat])
  func theReadersRowStaysThroughATurnAndBack(_ anchor: ScrollAnchor, by: CGFloat) async throws {
    let (window, table) = makeScreen()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: wrappingMessage
    )
    .anchor(anchor)
    #expect(await binding.apply(items: posts(0..<300)))
    table.scrollToRow(at: IndexPath(row: 120, section: 0), at: .top, animated: false)
    table.layoutIfNeeded()
    table.scroll(by: by)
    await Task.yield()  // the reader reads a while
    let before = try #require(readersRow(table))
    window.userRotates(to: .landscapeLeft)
    for _ in 0..<3 { await Task.yield() }
    table.layoutIfNeeded()
    let turned = try #require(readersRow(table))
    #expect(turned.row == before.row, "on its side: row \(turned.row), was \(before.row)")
    window.userRotates(to: .portrait)
    for _ in 0..<3 { await Task.yield() }
    table.layoutIfNeeded()
    let back = try #require(readersRow(table))
    #expect(back.row == before.row, "upright again: row \(back.row), was \(before.row)")
    #expect(abs(back.screenStart - before.screenStart) < 1)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }
}
