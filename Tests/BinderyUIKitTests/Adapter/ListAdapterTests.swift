import BinderyTesting
import Foundation
import HeadlessUIKit
import Testing

@testable import Bindery
@testable import BinderyUIKit

/// The adapter's answers about the screen (`ListAdapter.swift`): a read of the visible rows is
/// answered from the last one only while nothing that moves rows has happened since.
@Suite("The adapter's reads of the screen", .mainActorTurns)
@MainActor
struct ListAdapterTests {
  /// The rows the table itself says are visible.
  func tablesOwn(_ table: UITableView) -> [ItemPosition] {
    (table.indexPathsForVisibleRows ?? []).map { ItemPosition(section: $0.section, item: $0.row) }
  }

  @Test func theVisibleRowsReadAfterEachChangeAreTheViewsOwn() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    #expect(await binding.apply(items: (0..<100).map { TestItem(id: $0) }))
    let first = binding.visiblePositions
    #expect(first == tablesOwn(table) && !first.isEmpty)
    #expect(binding.visiblePositions == first, "read again, nothing changed")

    table.contentOffset.y += 300
    table.layoutIfNeeded()
    #expect(binding.visiblePositions == tablesOwn(table), "after a scroll")
    #expect(binding.visiblePositions != first)

    // Rows inserted above, with the anchor keeping the reader's rows where they were.
    #expect(await binding.apply(items: (-5..<100).map { TestItem(id: $0) }))
    #expect(binding.visiblePositions == tablesOwn(table), "after an update")

    table.frame.size.height = 200
    table.layoutIfNeeded()
    #expect(binding.visiblePositions == tablesOwn(table), "after the viewport shrank")

    // A row that grows moves the rows below it without a scroll.
    var items = (-5..<100).map { TestItem(id: $0) }
    let shown = binding.visiblePositions.compactMap { binding.item(at: $0)?.id }
    if let firstShown = shown.first, let index = items.firstIndex(where: { $0.id == firstShown }) {
      items[index].content = 1
    }
    #expect(await binding.apply(items: items))
    #expect(binding.visiblePositions == tablesOwn(table), "after a reconfigure")
    #expect(table.violations.isEmpty)
  }

  /// The rows on screen as flat indices, which the prefetcher, the content binding and page
  /// loaders read after each scroll, are worked out again for a new list, though the view shows
  /// the same positions: rows inserted in a section above the screen move every flat index.
  @Test func theVisibleFlatIndicesFollowTheListAtTheSamePositions() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      cellProvider: describeRow)
    func list(above: Int) -> [ListSection<TestSection, TestItem>] {
      [
        ListSection(TestSection(id: 0), items: (0..<above).map { TestItem(id: 1_000 + $0) }),
        ListSection(TestSection(id: 1), items: (0..<100).map { TestItem(id: $0) }),
      ]
    }
    #expect(await binding.apply(list(above: 3)))
    table.contentOffset.y += 600
    table.layoutIfNeeded()
    let positions = binding.visiblePositions
    #expect(!positions.isEmpty && positions.allSatisfy { $0.section == 1 })
    #expect(binding.visibleFlatIndices == positions.map { 3 + $0.item })
    #expect(binding.visibleFlatIndices == positions.map { 3 + $0.item }, "read again")
    // The anchor keeps the reader's rows where they were: the same positions, further down.
    #expect(await binding.apply(list(above: 5)))
    #expect(binding.visiblePositions == positions)
    #expect(binding.visibleFlatIndices == positions.map { 5 + $0.item })
    #expect(table.violations.isEmpty)
  }

  /// A part of the screen that follows the view, as late content does: it notes what it hears.
  final class ScrollListener: ScreenPart {
    typealias Section = FlatSection
    typealias Item = TestItem
    var heard: [Bool] = []
    func viewDidScroll(rowsMoved: Bool) { heard.append(rowsMoved) }
  }

  /// The parts that follow the scroll hear whether rows moved since they were last told: not
  /// when only the offset did, over the same rows (most frames), but whenever a row came or
  /// went, the viewport changed shape, or the list changed.
  @Test func theScrollsFollowersHearWhetherRowsMoved() async throws {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    var items = (0..<300).map { TestItem(id: $0) }
    #expect(await binding.apply(items: items))
    let listener = ScrollListener()
    binding.attach(lateContent: listener)
    func rows() -> [IndexPath] {
      let visible = table.indexPathsForVisibleRows ?? []
      return [visible.first, visible.last].compactMap { $0 }
    }
    func told() async -> Bool? {
      await eventually("the scroll's work") { !listener.heard.isEmpty }
      defer { listener.heard.removeAll() }
      return listener.heard.count == 1 ? listener.heard[0] : nil
    }
    var random = SeededGenerator(seed: 58)
    var before = rows()
    var moves = 0
    var stills = 0
    for _ in 0..<120 {
      table.contentOffset.y += CGFloat(Int.random(in: 1...30, using: &random))
      table.layoutIfNeeded()
      let now = rows()
      let rowsMoved = await told()
      #expect(rowsMoved == (now != before), "at \(table.contentOffset.y)")
      if now != before { moves += 1 } else { stills += 1 }
      before = now
    }
    #expect(moves > 10 && stills > 10)
    // The same rows, a viewport of another shape.
    table.frame.size.height -= 1
    table.layoutIfNeeded()
    if rows() == before {
      table.contentOffset.y += 0.5
      #expect(await told() == true, "the viewport changed shape")
    } else {
      _ = await told()
    }
    // The same rows, another list.
    before = rows()
    items[0].content = 1
    #expect(await binding.apply(items: items))
    table.contentOffset.y += 0.5
    table.layoutIfNeeded()
    if rows() == before { #expect(await told() == true, "the list changed") }
    binding.cancel()
  }

  /// A table that counts how often it is asked for its visible rows.
  final class CountingTable: UITableView {
    var visibleRowReads = 0
    override var indexPathsForVisibleRows: [IndexPath]? {
      visibleRowReads += 1
      return super.indexPathsForVisibleRows
    }
  }

  /// A scroll that brings no row on screen and takes none off is answered from the last read,
  /// by the first and last rows' frames; every read, at every offset — a row's edge at the
  /// screen's top or bottom, a point either side — is the view's own.
  @Test func aScrollWithinTheSameRowsIsAnsweredFromTheirFrames() async {
    let table = CountingTable(
      frame: CGRect(x: 0, y: 0, width: 320, height: 10 * 44 + 7), style: .plain)
    table.isStrict = true
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    table.tableHeaderView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 30))
    UIWindow.show(table)
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    #expect(await binding.apply(items: (0..<300).map { TestItem(id: $0) }))
    var offsets: [CGFloat] = []
    for row in 0..<60 {
      // A row's top at the screen's top, and a row's bottom at the screen's bottom (the screen
      // is 7 points over ten rows), each passed down and back up a point at a time.
      let edge = 30 + CGFloat(row) * 44
      offsets += [edge - 1, edge, edge + 1, edge, edge - 1, edge, edge + 1]
      offsets += [edge - 8, edge - 7, edge - 6, edge - 7, edge - 8, edge - 7, edge + 20]
    }
    var random = SeededGenerator(seed: 44)
    for _ in 0..<200 { offsets.append(CGFloat(Int.random(in: 0..<2_400, using: &random))) }
    var answeredFromFrames = 0
    for offset in offsets {
      table.contentOffset.y = offset
      table.layoutIfNeeded()
      let reads = table.visibleRowReads
      let positions = binding.visiblePositions
      if table.visibleRowReads == reads { answeredFromFrames += 1 }
      #expect(positions == tablesOwn(table), "at offset \(offset)")
    }
    // Of the fixed offsets, those a point below a row's edge bring nothing new.
    #expect(answeredFromFrames > 60)
    #expect(table.violations.isEmpty)
  }
}
