import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// The reader's place as a value (issue 66, ★7): read from one screen, kept as the app keeps
/// its scene's state, and restored on another — a next launch — over self-sizing rows, even
/// when its item comes only in a later list.
@Suite("The reader's place, saved and restored", .mainActorTurns)
@MainActor
struct ReadingPlaceTests {
  /// A feed of self-sizing rows on a new screen, as at a launch.
  func launch() -> (UITableView, TableBinding<FlatSection, TestItem>) {
    let table = makeFeedTable()  // estimates 60, rows 30 to 146 points
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell)
    return (table, binding)
  }

  /// Where the row under the top edge is, and how far the edge is into it.
  func underTheTop(_ table: UITableView) -> (row: Int, into: CGFloat)? {
    let top = table.contentOffset.y + table.adjustedContentInset.top
    guard
      let path = table.indexPathsForVisibleRows?.first(where: {
        table.rectForRow(at: $0).maxY > top + 0.5
      })
    else { return nil }
    return (path.row, top - table.rectForRow(at: path).minY)
  }

  /// A place read mid-feed, `into` points into its row, on the screen the user left.
  func placeMidFeed() async throws -> (ReadingPlace<Int>, row: Int, into: CGFloat) {
    let (table, binding) = launch()
    #expect(await binding.apply(items: posts(0..<400), animatingDifferences: false))
    table.scroll(by: 6_000)
    table.scroll(by: 17)  // into a row, not at its start
    let place = try #require(binding.readingPlace)
    let seen = try #require(underTheTop(table))
    guard case .item(let id, let points) = place else {
      Issue.record("a place mid-feed is an item's: \(place)")
      throw CancellationError()
    }
    #expect(id == seen.row && abs(CGFloat(points) - seen.into) < 0.5)
    return (place, seen.row, seen.into)
  }

  @Test func aPlaceRestoredOnTheNextLaunchShowsTheSameRowWhereItWas() async throws {
    let (place, row, into) = try await placeMidFeed()
    // Saved with the scene, as an app would.
    let saved = try JSONEncoder().encode(place)
    let restored = try JSONDecoder().decode(ReadingPlace<Int>.self, from: saved)
    #expect(restored == place)
    let (table, binding) = launch()
    binding.restore(restored)  // before the first list: kept until it shows
    #expect(await binding.apply(items: posts(0..<400), animatingDifferences: false))
    let now = try #require(underTheTop(table))
    #expect(now.row == row)
    #expect(abs(now.into - into) < 0.5, "\(now.into) points into the row, not \(into)")
    #expect(binding.readingPlace == place)
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  /// The cache's list has only the newest posts; the server's, later, has the reader's.
  @Test func aPlaceWhoseItemComesInALaterListIsRestoredThen() async throws {
    let (place, row, into) = try await placeMidFeed()
    let (table, binding) = launch()
    binding.restore(place)
    #expect(await binding.apply(items: posts(300..<400), animatingDifferences: false))
    #expect(
      table.contentOffset.y == -table.adjustedContentInset.top, "the cache's list at its start")
    #expect(await binding.apply(items: posts(0..<400)))
    let now = try #require(underTheTop(table))
    #expect(now.row == row && abs(now.into - into) < 0.5)
  }

  @Test func aChatAtItsEndIsRestoredAtItsEnd() async throws {
    let (table, launched) = launch()
    let binding = launched.anchor(.end)
    #expect(await binding.apply(items: posts(0..<200), animatingDifferences: false))
    #expect(binding.readingPlace == .end)
    let (next, restored) = launch()
    restored.restore(.end)
    #expect(await restored.apply(items: posts(0..<230), animatingDifferences: false))
    #expect(shortOfTheEnd(next) < 0.5)
    #expect(next.indexPathsForVisibleRows?.last?.row == 229)
    withExtendedLifetime(table) {}
  }

  /// The user scrolls before the reader's item arrives: their scroll wins.
  @Test func theUsersScrollCancelsARestoreStillWaiting() async throws {
    let (place, _, _) = try await placeMidFeed()
    let (table, binding) = launch()
    binding.restore(place)
    #expect(await binding.apply(items: posts(300..<400), animatingDifferences: false))
    table.userBeginsDragging()
    table.userDrags(by: 200)
    table.userEndsDragging(velocity: 0)
    #expect(await binding.apply(items: posts(0..<400), animatingDifferences: false))
    #expect(underTheTop(table)?.row != place.itemID)
  }

  @Test func noPlaceBeforeAListShows() {
    let (_, binding) = launch()
    #expect(binding.readingPlace == nil)
  }
}

extension ReadingPlace {
  var itemID: ID? {
    if case .item(let id, _) = self { return id }
    return nil
  }
}
