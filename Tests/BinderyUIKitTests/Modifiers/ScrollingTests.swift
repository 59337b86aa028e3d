import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// The app's scrolls win over the place Bindery keeps, and the binding scrolls by id: to an
/// item, or to the end, now or once a list that has it is shown.
@Suite("Scrolling by id, and the app's scrolls", .mainActorTurns)
@MainActor
struct ScrollingTests {
  /// The row whose top is at the top of the viewport, within half a point; `nil` for none.
  func rowAtTop(_ table: UITableView) -> Int? {
    let top = table.contentOffset.y + table.adjustedContentInset.top
    return table.indexPathsForVisibleRows?.first { abs(table.rectForRow(at: $0).minY - top) < 0.5 }?
      .row
  }

  func isAtEnd(_ table: UITableView) -> Bool {
    let end = table.contentSize.height + table.adjustedContentInset.bottom
    return abs(table.contentOffset.y + table.bounds.height - end) < 0.5
  }

  /// Turns of the main actor: whatever Bindery scheduled for after the list (a chat's pin to
  /// its end once its rows are laid out) has run.
  func letScheduledWorkRun() async {
    for _ in 0..<8 { await Task.yield() }
  }

  func chat() -> (UITableView, ViewBinding<FlatSection, TestItem>) {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    return (table, binding)
  }

  /// A scroll asked for before the first list: the chat opens there, not at its end, and stays
  /// there after the pin a first list schedules would have run.
  @Test func aScrollAskedForBeforeTheFirstListWinsOverAChatsEnd() async {
    let (table, binding) = chat()
    binding.scroll(toItemWithID: 150)
    #expect(await binding.apply(items: posts(0..<300)))
    #expect(rowAtTop(table) == 150)
    await letScheduledWorkRun()
    #expect(rowAtTop(table) == 150, "the first list's pin did not take the reader to the end")
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// The app's own `scrollToRow` as the first list is shown: the same.
  @Test func theAppsOwnScrollAsTheFirstListShowsWinsOverAChatsEnd() async {
    let (table, binding) = chat()
    var scrolled = false
    binding.onShow {
      guard !scrolled, table.numberOfSections > 0 else { return }
      scrolled = true
      table.scrollToRow(at: IndexPath(row: 150, section: 0), at: .top, animated: false)
    }
    #expect(await binding.apply(items: posts(0..<300)))
    #expect(rowAtTop(table) == 150)
    await letScheduledWorkRun()
    #expect(rowAtTop(table) == 150)
    // Away from the end, a new message leaves the reader where they are.
    #expect(await binding.apply(items: posts(0..<301)))
    #expect(rowAtTop(table) == 150)
  }

  /// Without a scroll of the app's, the chat still opens at its end.
  @Test func aChatWithoutTheAppsScrollStillOpensAtItsEnd() async {
    let (table, binding) = chat()
    #expect(await binding.apply(items: posts(0..<300)))
    await letScheduledWorkRun()
    #expect(isAtEnd(table))
    #expect(table.indexPathsForVisibleRows?.last?.row == 299)
  }

  @Test func aScrollToAnItemNotYetShownIsMadeWhenItIs() async {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    #expect(await binding.apply(items: posts(0..<20)))
    binding.scroll(toItemWithID: 40)
    #expect(table.contentOffset.y == 0, "no item 40 yet")
    #expect(await binding.apply(items: posts(0..<60)))
    #expect(rowAtTop(table) == 40)
    // Shown once: a later list does not scroll back to it.
    table.setContentOffset(.zero, animated: false)
    #expect(await binding.apply(items: posts(0..<61)))
    #expect(table.contentOffset.y == 0)
  }

  @Test(arguments: [ListScrollPosition.start, .center, .end])
  func aScrollPutsTheItemWhereAsked(position: ListScrollPosition) async {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    #expect(await binding.apply(items: posts(0..<200)))
    binding.scroll(toItemWithID: 100, at: position)
    let frame = table.rectForRow(at: IndexPath(row: 100, section: 0))
    let insets = table.adjustedContentInset
    let viewport = CGRect(
      x: 0, y: table.contentOffset.y + insets.top, width: table.bounds.width,
      height: table.bounds.height - insets.top - insets.bottom)
    switch position {
    case .start: #expect(abs(frame.minY - viewport.minY) < 0.5)
    case .center: #expect(abs(frame.midY - viewport.midY) < 0.5)
    case .end: #expect(abs(frame.maxY - viewport.maxY) < 0.5)
    }
  }

  /// Asked for while another screen covers this one: made as the screen comes back, with the
  /// list it already shows — not at the next list, after the user has read on (found by the
  /// binding fuzzer).
  @Test func aScrollAskedForWhileCoveredIsMadeAsTheScreenComesBack() async {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    #expect(await binding.apply(items: posts(0..<200)))
    let screen = table.superview  // where the screen shows it
    let other = UIView(frame: table.frame)
    screen?.addSubview(other)
    table.removeFromSuperview()  // another screen pushed over this one
    binding.scroll(toItemWithID: 120)
    #expect(table.contentOffset.y == 0, "nothing scrolls off screen")
    screen?.addSubview(table)
    other.removeFromSuperview()  // popped: back
    #expect(rowAtTop(table) == 120)
    // Made once: the next list leaves the reader where they scrolled to since.
    table.setContentOffset(CGPoint(x: 0, y: 300), animated: false)
    #expect(await binding.apply(items: posts(0..<201)))
    #expect(abs(table.contentOffset.y - 300) < 0.5)
    #expect(table.violations.isEmpty && table.alerts.isEmpty, "\(table.violations) \(table.alerts)")
    withExtendedLifetime(screen) {}
  }

  /// The user's finger on the list before the item arrives: their scroll, not the app's.
  @Test func theUsersDragCancelsAScrollThatWaits() async {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    #expect(await binding.apply(items: posts(0..<40)))
    binding.scroll(toItemWithID: 60)
    table.userBeginsDragging()
    table.userDrags(by: 300)
    table.userEndsDragging(velocity: 0)
    let offset = table.contentOffset.y
    #expect(await binding.apply(items: posts(0..<80)))
    #expect(abs(table.contentOffset.y - offset) < 0.5)
  }

  /// To the end, from anywhere: the last row above the bottom inset; a chat then follows
  /// messages as they come.
  @Test func aScrollToTheEndShowsTheLastRowAndAChatStaysThere() async {
    let (table, binding) = chat()
    table.contentInset.bottom = 50  // a composer over the bottom of the list
    #expect(await binding.apply(items: posts(0..<200)))
    table.setContentOffset(.zero, animated: false)
    #expect(await binding.apply(items: posts(0..<201)))
    #expect(table.contentOffset.y == 0, "the reader at the top stays there")
    binding.scrollToEnd()
    #expect(isAtEnd(table))
    #expect(await binding.apply(items: posts(0..<202)))
    #expect(isAtEnd(table) && table.indexPathsForVisibleRows?.last?.row == 201)
  }

  /// Rows at the end four times their estimate, none measured yet: each layout at the new
  /// offset measures the rows on screen, which pushes the ones below them down, still at their
  /// estimates — the scroll goes on until it holds (seen by the binding fuzzer as the last row
  /// left just below the screen after four rounds).
  @Test(arguments: [ScrollAnchor.none, .firstVisibleItem, .end])
  func aScrollToTheEndPastRowsFarTallerThanTheirEstimatesEndsThere(anchor: ScrollAnchor) async {
    let table = makeFeedTable()
    table.estimatedRowHeight = 30
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      cellProvider: { table, path, item in
        let cell = feedCell(table, path, item)
        (cell as? FeedCell)?.fittingHeight = item.id < 900 ? 30 : 140
        return cell
      }
    )
    .anchor(anchor)
    #expect(await binding.apply(items: posts(0..<1_000)))
    table.setContentOffset(.zero, animated: false)
    binding.scrollToEnd()
    #expect(isAtEnd(table))
    #expect(table.indexPathsForVisibleRows?.last?.row == 999)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// A feed's scroll to its end, with rows measured on the way (their estimates are short).
  @Test func aScrollToTheEndOfAFeedOfRowsOfEveryHeightEndsThere() async {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    binding.scrollToEnd()  // before the first list: once it is shown
    #expect(await binding.apply(items: posts(0..<500)))
    #expect(isAtEnd(table))
    #expect(table.indexPathsForVisibleRows?.last?.row == 499)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// What follows the last row can be longer than the viewport: empty sections' headers in a
  /// short viewport (a phone on its side, the keyboard up). The binding fuzzer's finding, seed
  /// 10369064283919782269: the scroll went to the content's end, and no row was on screen.
  @Test func aScrollToTheEndShowsTheLastRowWhenEmptySectionsFollowIt() async {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 160), style: .grouped)
    table.isStrict = true
    table.register(FeedCell.self, forCellReuseIdentifier: "post")
    table.rowHeight = UITableView.automaticDimension
    table.estimatedRowHeight = 60
    UIWindow.show(table)
    let binding = table.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      cellProvider: feedCell
    )
    .headerTitles { "Section \($0.id)" }
    let sections =
      [ListSection(TestSection(id: 0), items: posts(0..<40))]
      + (1...8).map { ListSection(TestSection(id: $0), items: []) }
    #expect(await binding.apply(sections))
    binding.scrollToEnd()
    table.layoutIfNeeded()
    #expect(
      table.indexPathsForVisibleRows?.contains(IndexPath(row: 39, section: 0)) == true,
      "the last row; on screen: \(table.indexPathsForVisibleRows ?? [])")
    #expect(table.violations.isEmpty, "\(table.violations)")
  }
}
