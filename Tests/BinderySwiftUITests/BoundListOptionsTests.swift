import Bindery
import BinderySwiftUI
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// What `BoundList`'s update decides (BoundListCoordinator+Options.swift): the options of one
/// update against the last, as a value, and the coordinator doing only that.
@MainActor
@Suite("A SwiftUI list's options: what an update changes", .mainActorTurns)
struct BoundListOptionsTests {
  typealias Coordinator = BoundListCoordinator<FlatSection, TestItem, Never>
  typealias Options = Coordinator.Options<String>

  /// The options `BoundList` starts from: a plain list, feeds' anchoring.
  func listOptions() -> Options {
    var options = Options()
    options.layout = .list(.plain, showsSeparators: true)
    options.anchor = .firstVisibleItem
    return options
  }

  @Test func theFirstOptionsChangeWhatTheySetAndNothingElse() {
    #expect(Options().changes(since: nil) == [], "UIKit's own: nothing to do")
    #expect(listOptions().changes(since: nil) == [.layout, .anchor])
    var everything = listOptions()
    everything.onDelete = { _ in }
    everything.isEditing = true
    everything.refresh = {}
    everything.emptyState = { _ in "Nothing yet" }
    everything.loadMore = .init(hasMore: { true }) {}
    #expect(
      everything.changes(since: nil)
        == [.layout, .anchor, .rowAccessories, .editing, .refreshControl, .emptyStates, .pages])
  }

  @Test func newClosuresAloneChangeNothingThatTakesWork() {
    var last = listOptions()
    last.header = { "\($0.id)" }
    last.onDelete = { _ in }
    last.onMove = { _, _, _ in }
    last.contextMenu = { _ in nil }
    last.refresh = {}
    last.emptyState = { _ in "Empty" }
    last.loadMore = .init(hasMore: { true }) {}
    last.swipeActions[.trailing] = .init { _ in [] }
    // SwiftUI's next update: every closure new, holding new state; nothing else differs.
    var next = listOptions()
    next.header = { _ in "Team" }
    next.onDelete = { _ in }
    next.onMove = { _, _, _ in }
    next.contextMenu = { _ in nil }
    next.refresh = {}
    next.emptyState = { _ in "Still empty" }
    next.loadMore = .init(hasMore: { false }) {}
    next.swipeActions[.trailing] = .init(allowsFullSwipe: false) { _ in [] }
    #expect(next.changes(since: last) == [])
  }

  @Test func eachSettingThatTakesWorkIsTold() {
    let last = listOptions()
    var next = last
    next.layout = .list(.insetGrouped, showsSeparators: true)
    #expect(next.changes(since: last) == [.layout])
    next = last
    next.layout = .list(.plain, showsSeparators: false)
    #expect(next.changes(since: last) == [.layout])
    next = last
    next.header = { _ in "Team" }
    #expect(next.changes(since: last) == [.layout], "headers that come lay a list out anew")
    var appsOwn = Options()
    appsOwn.header = { _ in "Team" }
    #expect(appsOwn.changes(since: Options()) == [], "the app's layout is left alone")
    next = last
    next.anchor = .end
    #expect(next.changes(since: last) == [.anchor])
    next = last
    next.onMove = { _, _, _ in }
    #expect(next.changes(since: last) == [.rowAccessories])
    next = last
    next.isEditing = true
    #expect(next.changes(since: last) == [.editing])
    next = last
    next.refresh = {}
    #expect(next.changes(since: last) == [.refreshControl])
    #expect(last.changes(since: next) == [.refreshControl], "and as it goes")
    next = last
    next.emptyState = { _ in "Empty" }
    #expect(next.changes(since: last) == [.emptyStates])
    next = last
    next.loadMore = .init(edge: .start, hasMore: { true }) {}
    var later = next
    later.loadMore?.threshold = 20
    #expect(next.changes(since: last) == [.pages])
    #expect(later.changes(since: next) == [.pages], "another threshold")
  }

  @Test func mappingKeepsEverySettingAndRendersEachBuilder() {
    var options = listOptions()
    options.anchor = .end
    options.isEditing = true
    options.header = { "header \($0.id)" }
    options.emptyState = { state in
      if case .empty = state { "empty" } else { nil }
    }
    options.loadMore = .init(edge: .start, threshold: 4, hasMore: { true }, footer: { _ in "more" })
    {}
    let counted = options.map { $0.count }
    #expect(counted.layout == options.layout && counted.anchor == .end && counted.isEditing)
    #expect(counted.header?(FlatSection()) == options.header?(FlatSection()).count)
    #expect(counted.emptyState?(.empty) == 5 && counted.emptyState?(.loading) == nil)
    #expect(counted.loadMore?.edge == .start && counted.loadMore?.threshold == 4)
    #expect(counted.loadMore?.footer(.loading) == 4)
    #expect(counted.changes(since: nil) == options.changes(since: nil))
  }

  /// An update whose options differ only in their closures keeps the layout and takes the new
  /// closures: SwiftUI's state in a swipe action is the newest.
  @Test func theCoordinatorTakesNewClosuresWithoutLayingTheListOutAgain() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    var options = Coordinator.Options<any UIContentConfiguration>()
    options.layout = .list(.plain, showsSeparators: true)
    options.swipeActions[.trailing] = .init { _ in [ListSwipeAction("Archive") { _ in }] }
    coordinator.update(options: options)
    #expect(await binding.apply(items: items(0..<10)))
    let layout = view.collectionViewLayout
    let path = IndexPath(item: 1, section: 0)
    #expect(view.userSwipes(itemAt: path, from: .trailing)?.actions.map(\.title) == ["Archive"])

    options.swipeActions[.trailing] = .init { _ in [ListSwipeAction("Pin") { _ in }] }
    coordinator.update(options: options)
    #expect(view.collectionViewLayout === layout, "not laid out anew")
    #expect(view.userSwipes(itemAt: path, from: .trailing)?.actions.map(\.title) == ["Pin"])

    options.layout = .list(.insetGrouped, showsSeparators: true)
    coordinator.update(options: options)
    #expect(view.collectionViewLayout !== layout, "another appearance is")
    #expect(view.violations.isEmpty)
  }
}
