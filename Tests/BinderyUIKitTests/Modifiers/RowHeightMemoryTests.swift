import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A cell whose height its item's id and content decide.
@MainActor
func postCell(_ table: UITableView, _ path: IndexPath, _ item: TestItem) -> UITableViewCell {
  let cell = table.dequeueReusableCell(withIdentifier: "post", for: path)
  cell.textLabel?.text = "\(item)"
  (cell as? FeedCell)?.fittingHeight = feedHeight(item.id) + CGFloat(item.content * 25)
  return cell
}

/// An app's own delegate, recording what it hears; its estimates are `estimate`'s, else the
/// table's.
@MainActor
final class AppTableDelegate: UITableViewDelegate {
  var displayed = 0
  var selected: [IndexPath] = []
  var estimate: ((IndexPath) -> CGFloat?)?
  func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) { displayed += 1 }
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    selected.append(indexPath)
  }
  func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> CGFloat
  { estimate?(indexPath) ?? tableView.estimatedRowHeight }
}

/// An app's own prefetch data source, recording the rows it was told of.
@MainActor
final class AppPrefetcher: UITableViewDataSourcePrefetching {
  var prefetched: Set<IndexPath> = []
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
    prefetched.formUnion(indexPaths)
  }
  func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

/// One frame of the user's scroll: the offset moves, the table lays out, and the turn ends, as
/// each frame is a turn of the main run loop on a device (where the binding measures the rows
/// the frame showed).
@MainActor
func scrollFrame(_ table: UITableView, by distance: CGFloat) async {
  table.scroll(by: distance)
  await Task.yield()
}

@MainActor
@Suite("Row heights kept by identity", .mainActorTurns)
struct RowHeightMemoryTests {
  /// The user reads a feed, another screen covers it, posts arrive, and the user comes back and
  /// scrolls to the top. Returns the corrections UIKit made for rows measured before the trip,
  /// and how far the post being read moved on screen.
  ///
  /// With `appDelegate`, the table has the app's delegate, which answers estimates from the
  /// binding's heights.
  ///
  /// The user reads `frames` frames of `step` points each (by default 6,000 points in frames of
  /// 100); with `staysOnScreen`, the posts arrive with a change too large to animate (a reload
  /// on screen) instead of while the screen is covered.
  func readLeaveAndComeBack(
    keepingHeights: Bool, changing changedID: Int? = nil, appDelegate: AppTableDelegate? = nil,
    step: CGFloat = 100, frames: Int = 60, framesPerTurn: Int = 1, staysOnScreen: Bool = false
  ) async throws -> (corrections: [CGFloat], moved: CGFloat, changedRowCorrected: Bool) {
    let table = makeFeedTable()
    table.delegate = appDelegate
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: postCell)
    appDelegate?.estimate = { [weak binding] in binding?.rememberedRowHeight(at: $0) }
    if keepingHeights { _ = binding.keepsRowHeights() }
    let feed = posts(1_000..<1_400)
    #expect(await binding.apply(items: feed))
    for frame in 1...frames {  // read, all measured
      table.scroll(by: step)
      if frame % framesPerTurn == 0 { await Task.yield() }
    }
    await Task.yield()
    let readID = try #require(
      table.indexPathsForVisibleRows?.first.flatMap { binding.item(at: $0)?.id })
    let start =
      table.rectForRow(at: try #require(binding.indexPath(for: readID))).minY
      - table.contentOffset.y
    let window = table.window
    if !staysOnScreen { table.removeFromSuperview() }  // a detail screen is pushed
    var next = posts(1...5) + feed
    if let changedID, let index = next.firstIndex(where: { $0.id == changedID }) {
      next[index].content = 2  // 50 points taller
    }
    if staysOnScreen {
      // More posts than the list had arrive at once: a change too large to animate, shown
      // with a reload on screen.
      next += posts(5_000..<5_500)
    }
    #expect(await binding.apply(items: next))  // a reload
    if !staysOnScreen { window?.addSubview(table) }
    let now =
      table.rectForRow(at: try #require(binding.indexPath(for: readID))).minY
      - table.contentOffset.y
    let measuredBefore = Set(feed.map(\.id))
    let before = table.offsetCorrections.count
    while table.contentOffset.y > 0 { await scrollFrame(table, by: -50) }
    let corrections = table.offsetCorrections.dropFirst(before)
    var ofMeasured: [CGFloat] = []
    var changedRowCorrected = false
    for correction in corrections {
      guard let id = binding.item(at: correction.indexPath)?.id else { continue }
      if id == changedID { changedRowCorrected = true }
      if measuredBefore.contains(id) && id != changedID { ofMeasured.append(correction.distance) }
    }
    #expect(table.violations.isEmpty)
    if let appDelegate { #expect(table.delegate === appDelegate) }
    withExtendedLifetime(window) {}
    return (ofMeasured, now - start, changedRowCorrected)
  }

  @Test func rowsMeasuredBeforeComeBackAtTheirHeights() async throws {
    let kept = try await readLeaveAndComeBack(keepingHeights: true)
    #expect(kept.corrections.isEmpty, "\(kept.corrections.count) corrections")
    #expect(kept.moved == 0)
    // Without: every row above comes back as an estimate, and jumps when it is measured.
    let estimated = try await readLeaveAndComeBack(keepingHeights: false)
    #expect(estimated.corrections.count > 50)
    #expect(estimated.corrections.map(abs).reduce(0, +) > 1_000)
  }

  /// The README's promise at a scroll's own pace: 200 posts read at 16 points a frame (a slow
  /// scroll at 60 frames a second), then a reload — while covered, or on screen with a change
  /// too large to animate — and back to the top: no row measured on the way down moves.
  @Test(arguments: [false, true])
  func rowsReadFrameByFrameComeBackAtTheirHeightsAfterAReload(staysOnScreen: Bool) async throws {
    let kept = try await readLeaveAndComeBack(
      keepingHeights: true, step: 16, frames: 1_100, staysOnScreen: staysOnScreen)
    #expect(kept.corrections.isEmpty, "\(kept.corrections.count) corrections: \(kept.corrections)")
    #expect(kept.moved == 0)
    let app = AppTableDelegate()
    let asked = try await readLeaveAndComeBack(
      keepingHeights: true, appDelegate: app, step: 16, frames: 1_100,
      staysOnScreen: staysOnScreen)
    #expect(
      asked.corrections.isEmpty, "\(asked.corrections.count) corrections: \(asked.corrections)")
    #expect(asked.moved == 0)
  }

  /// Offsets set several times in one turn, the table laying out at each (as `layoutIfNeeded()`
  /// between offsets set by code does): rows that came and went within the turn were sized by
  /// the table, and come back at those heights. Measured only at the turn's end, they were not:
  /// `bindery-bench heights` counted 591 corrections after the reload (its reading scrolls in
  /// one turn), where its documentation says 0.
  @Test func rowsSizedAndGoneWithinATurnComeBackAtTheirHeights() async throws {
    let kept = try await readLeaveAndComeBack(keepingHeights: true, framesPerTurn: 6)
    #expect(kept.corrections.isEmpty, "\(kept.corrections.count) corrections: \(kept.corrections)")
    #expect(kept.moved == 0)
  }

  @Test func aRowWhoseContentChangedIsMeasuredAgain() async throws {
    let result = try await readLeaveAndComeBack(keepingHeights: true, changing: 1_010)
    #expect(result.corrections.isEmpty)
    #expect(result.changedRowCorrected)  // its old height was forgotten, not given as estimate
  }

  /// The app's delegate stays the table's, before and after the binding, and gets the kept
  /// heights by asking for them: the trip out and back costs no correction.
  @Test func anAppsDelegateThatAsksForTheHeightsGetsThem() async throws {
    let app = AppTableDelegate()
    let kept = try await readLeaveAndComeBack(keepingHeights: true, appDelegate: app)
    #expect(kept.corrections.isEmpty, "\(kept.corrections.count) corrections")
    #expect(kept.moved == 0)
    #expect(app.displayed > 0)
  }

  @Test func theAppsDelegateIsNeverReplaced() async throws {
    let table = makeFeedTable()
    let early = AppTableDelegate()
    table.delegate = early
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: postCell
    )
    .keepsRowHeights()
    #expect(await binding.apply(items: posts(0..<50)))
    #expect(table.delegate as? AppTableDelegate === early)
    #expect(early.displayed > 0)
    // A delegate set later stays, through updates and scrolls.
    let late = AppTableDelegate()
    table.delegate = late
    #expect(await binding.apply(items: posts(0..<51)))
    table.scroll(by: 600)
    #expect(table.delegate as? AppTableDelegate === late)
    #expect(late.displayed > 0)
    // Cleared, the table gets Bindery's, which answers the estimates; bound anew, none.
    table.delegate = nil
    #expect(await binding.apply(items: posts(0..<52)))
    #expect(table.delegate != nil)
    _ = table.bind(to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: postCell)
    #expect(table.delegate == nil)
  }

  /// A delegate of the app's that never asks for a height gets none: that is said, once.
  @Test func anAppsDelegateThatAsksForNoHeightIsReported() async throws {
    let table = makeFeedTable()
    let app = AppTableDelegate()
    table.delegate = app
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: postCell
    )
    .keepsRowHeights()
    #expect(await binding.apply(items: posts(0..<50)))
    table.scroll(by: 300)
    #expect(await binding.apply(items: posts(0..<51)))
    #expect(await binding.apply(items: posts(0..<52)))
    binding.cancel()
    var found: [ModifierMisuse] = []
    for await problem in binding.errors {
      if case .modifierDoesNotApply(let misuse) = problem { found.append(misuse) }
    }
    #expect(found.map(\.modifier) == ["keepsRowHeights()"])
    #expect(found.first?.reason.contains("AppTableDelegate") == true)
    #expect(found.first?.reason.contains("rememberedRowHeight(at:)") == true)
  }

  /// Rows measured by scrolling alone, without any delegate call reaching Bindery, come back
  /// at their heights after a reload.
  @Test func rowsAreMeasuredAsTheTableScrolls() async throws {
    let table = makeFeedTable()
    let app = AppTableDelegate()
    table.delegate = app
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: postCell
    )
    .keepsRowHeights()
    #expect(await binding.apply(items: posts(0..<100)))
    #expect(binding.rememberedRowHeight(at: IndexPath(row: 40, section: 0)) == nil)
    for _ in 0..<30 { await scrollFrame(table, by: 100) }
    let row40 = table.rectForRow(at: IndexPath(row: 40, section: 0)).height
    #expect(binding.rememberedRowHeight(at: IndexPath(row: 40, section: 0)) == row40)
    #expect(row40 != table.estimatedRowHeight)
  }

  /// A table whose rows are never estimated has nothing for the memory to do, and says so.
  @Test func aTableOfExactHeightsIsReported() async {
    let table = makeFeedTable()
    table.estimatedRowHeight = 0
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: postCell
    )
    .keepsRowHeights()
    binding.cancel()
    var found: [ModifierMisuse] = []
    for await problem in binding.errors {
      if case .modifierDoesNotApply(let misuse) = problem { found.append(misuse) }
    }
    #expect(found.first?.reason.contains("estimatedRowHeight is 0") == true)
    #expect(table.delegate == nil)
  }

  @Test func aNewWidthForgetsEveryHeight() async throws {
    final class WrappingCell: UITableViewCell {
      override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        CGSize(width: targetSize.width, height: 25_600 / targetSize.width)
      }
    }
    let table = makeFeedTable()
    table.register(WrappingCell.self, forCellReuseIdentifier: "post")
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: postCell
    )
    .keepsRowHeights()
    #expect(await binding.apply(items: posts(0..<40)))
    for _ in 0..<40 { await scrollFrame(table, by: 100) }  // all measured at 320 points: 80 tall
    table.scroll(by: -10_000)
    #expect(table.rectForRow(at: IndexPath(row: 30, section: 0)).height == 80)
    table.frame = CGRect(x: 0, y: 0, width: 640, height: 528)  // rotated
    #expect(await binding.apply(items: posts(0..<40).reversed()))  // a reload: too many moves
    // Id 20, at row 19 now and off screen, was measured at 320 points only: an estimate again.
    #expect(binding.item(at: IndexPath(row: 19, section: 0))?.id == 20)
    #expect(table.rectForRow(at: IndexPath(row: 19, section: 0)).height == 60)
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 40)
  }
}
