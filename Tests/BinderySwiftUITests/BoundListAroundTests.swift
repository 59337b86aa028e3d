import Bindery
import BinderySwiftUI
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// The stand-in for an empty state's SwiftUI view: it carries the text it shows.
typealias StateMessage = StandInHostedRow<String>

extension StandInHostedRow where Value == String {
  init(text: String) { self.init(text, height: 100) }
}

/// The text of the empty state's view behind the rows, if any.
@MainActor
func emptyStateShown(in view: UICollectionView) -> String? {
  ((view.backgroundView as? any HeadlessContentView)?.configuration as? StateMessage)?.value
}

@MainActor
@Suite(
  "A SwiftUI list's coordinator around its rows: swipe actions, refresh, empty states",
  .mainActorTurns)
struct BoundListAroundTests {
  /// A hosted list whose layout is the coordinator's list configuration.
  func swipeableList() throws -> (
    UICollectionView, BoundListCoordinator<FlatSection, TestItem, Never>,
    CollectionBinding<FlatSection, TestItem>
  ) {
    let (view, coordinator, binding) = try boundHostedList()
    view.collectionViewLayout = UICollectionViewCompositionalLayout.list(
      using: coordinator.listConfiguration(appearance: .plain))
    return (view, coordinator, binding)
  }

  // MARK: Swipe actions

  @Test func aSwipeRevealsTheDeleteThenTheAppsActionsEachToldItsItem() async throws {
    let (view, coordinator, binding) = try swipeableList()
    var archived: [Int] = []
    var deleted: [Int] = []
    var list = items(0..<20)
    coordinator.update(
      swipeActions: { item in
        [ListSwipeAction("Archive") { archived.append($0.id) }]
          + (item.id.isMultiple(of: 2) ? [ListSwipeAction("Pin") { _ in }] : [])
      }, edge: .trailing)
    coordinator.update(onDelete: { item in
      deleted.append(item.id)
      list.removeAll { $0.id == item.id }
      binding.submit(items: list)
    })
    #expect(await binding.apply(items: list))
    let path = IndexPath(item: 2, section: 0)
    let trailing = try #require(view.userSwipes(itemAt: path, from: .trailing))
    #expect(trailing.actions.map(\.title) == ["Delete", "Archive", "Pin"])
    #expect(trailing.actions.first?.style == .destructive)
    #expect(trailing.performsFirstActionWithFullSwipe)
    #expect(view.userSwipes(itemAt: path, from: .leading) == nil, "no leading actions")
    var performed: [Bool] = []
    view.userTaps(trailing.actions[1], onItemAt: path) { performed.append($0) }
    #expect(archived == [2])
    // The delete: the row leaves at once, and the app hears which item.
    view.userTaps(trailing.actions[0], onItemAt: path) { performed.append($0) }
    #expect(deleted == [2])
    #expect(performed == [true, true])
    #expect(binding.indexPath(for: 2) == nil)
    await eventually("the app's list shown") { binding.snapshot.numberOfItems == 19 }
    #expect(view.alerts.isEmpty, "a deleted row does not slide back: \(view.alerts)")
    #expect(view.violations.isEmpty)
  }

  @Test func anActionRunsWithTheItemAsShownWhenTapped() async throws {
    let (view, coordinator, binding) = try swipeableList()
    var flagged: [TestItem] = []
    coordinator.update(
      swipeActions: { _ in [ListSwipeAction("Flag") { flagged.append($0) }] }, edge: .leading,
      allowsFullSwipe: false)
    #expect(await binding.apply(items: items(0..<20)))
    let actions = try #require(
      view.userSwipes(itemAt: IndexPath(item: 5, section: 0), from: .leading))
    #expect(!actions.performsFirstActionWithFullSwipe)
    #expect(
      coordinator.swipeActionsConfiguration(at: IndexPath(item: 5, section: 0), edge: .trailing)
        == nil)
    // A list arrives while the action shows: item 5 moves up and changes.
    var next = items(0..<20)
    next.remove(at: 0)
    next[4].content = 9
    #expect(await binding.apply(items: next))
    var performed: [Bool] = []
    view.userTaps(actions.actions[0], onItemAt: IndexPath(item: 4, section: 0)) {
      performed.append($0)
    }
    #expect(flagged == [TestItem(id: 5, content: 9)])
    // Gone by the tap: nothing runs, and the swipe says so.
    #expect(await binding.apply(items: items(6..<20)))
    view.userTaps(actions.actions[0], onItemAt: IndexPath(item: 0, section: 0)) {
      performed.append($0)
    }
    #expect(flagged.count == 1)
    #expect(performed == [true, false])
  }

  /// An action that takes its row out (an archive): the row leaves at once, before the swipe
  /// ends, and the app hears the item; its own list follows.
  @Test func aDestructiveActionTakesItsRowOutAtOnce() async throws {
    let (view, coordinator, binding) = try swipeableList()
    var list = items(0..<10)
    var archived: [Int] = []
    coordinator.update(
      swipeActions: { _ in
        [
          ListSwipeAction("Archive", role: .destructive) { item in
            archived.append(item.id)
            list.removeAll { $0.id == item.id }
            binding.submit(items: list)
          }
        ]
      }, edge: .trailing)
    #expect(await binding.apply(items: list))
    let path = IndexPath(item: 3, section: 0)
    let actions = try #require(view.userSwipes(itemAt: path, from: .trailing))
    #expect(actions.actions.map(\.style) == [.destructive])
    var performed: [Bool] = []
    view.userTaps(actions.actions[0], onItemAt: path) { performed.append($0) }
    #expect(performed == [true])
    #expect(archived == [3])
    #expect(binding.indexPath(for: 3) == nil, "gone before the swipe ends")
    await eventually("the app's list shown") { binding.snapshot.numberOfItems == 9 }
    #expect(view.alerts.isEmpty, "no row slid back: \(view.alerts)")
    #expect(view.violations.isEmpty)
  }

  /// The delete taken back while its button shows (SwiftUI's view lost `listOnDelete`): the
  /// tap performs nothing, and says so, and the row stays.
  @Test func aDeleteTakenBackWhileItShowsPerformsNothing() async throws {
    let (view, coordinator, binding) = try swipeableList()
    var deleted: [Int] = []
    coordinator.update(onDelete: { deleted.append($0.id) })
    #expect(await binding.apply(items: items(0..<5)))
    let path = IndexPath(item: 1, section: 0)
    let actions = try #require(view.userSwipes(itemAt: path, from: .trailing))
    coordinator.update(onDelete: nil)
    var performed: [Bool] = []
    view.userTaps(actions.actions[0], onItemAt: path) { performed.append($0) }
    #expect(performed == [false])
    #expect(deleted.isEmpty)
    #expect(binding.indexPath(for: 1) == path)
    #expect(view.alerts.isEmpty)
  }

  @Test func withoutActionsOrADeleteNoRowOffersAnything() async throws {
    let (view, coordinator, binding) = try swipeableList()
    #expect(await binding.apply(items: items(0..<5)))
    let path = IndexPath(item: 1, section: 0)
    #expect(view.userSwipes(itemAt: path, from: .trailing) == nil)
    coordinator.update(onDelete: { _ in })
    #expect(view.userSwipes(itemAt: path, from: .trailing)?.actions.map(\.title) == ["Delete"])
    coordinator.update(onDelete: nil)
    #expect(view.userSwipes(itemAt: path, from: .trailing) == nil, "the delete taken back")
  }

  // MARK: Refresh

  @Test func aPullRunsTheRefreshOnceAndTheControlShowsUntilItReturns() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    #expect(await binding.apply(items: items(0..<5)))
    #expect(view.refreshControl == nil, "no control without a refresh")
    #expect(!view.userPullsToRefresh())
    var refreshes: [String] = []
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    func refresh(_ name: String) -> @MainActor () async -> Void {
      {
        refreshes.append(name)
        for await _ in gate { break }
        binding.submit(items: items(0..<8))
      }
    }
    coordinator.update(refresh: refresh("first"))
    let control = try #require(view.refreshControl)
    #expect(view.userPullsToRefresh())
    await eventually("the refresh started") { refreshes == ["first"] }
    #expect(control.isRefreshing)
    #expect(!view.userPullsToRefresh(), "a pull while it refreshes starts nothing")
    // SwiftUI's next update: the same control, the new closure for the next pull.
    coordinator.update(refresh: refresh("second"))
    #expect(view.refreshControl === control)
    open.yield()
    await eventually("the refresh over") { !control.isRefreshing }
    #expect(refreshes == ["first"])
    #expect(view.userPullsToRefresh())
    await eventually("the second refresh") { refreshes == ["first", "second"] }
    open.yield()
    await eventually("its list shown") {
      binding.snapshot.numberOfItems == 8 && !control.isRefreshing
    }
    coordinator.update(refresh: nil)
    #expect(view.refreshControl == nil)
  }

  /// An empty list can be pulled too: the coordinator lets its short content be dragged while
  /// the control is there, and puts the view's own setting back after.
  @Test func anEmptyListCanBePulledToRefresh() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    #expect(await binding.apply(items: []))
    var refreshed = false
    coordinator.update(refresh: { refreshed = true })
    #expect(view.alwaysBounceVertical)
    #expect(view.userPullsToRefresh())
    await eventually("refreshed") { refreshed }
    coordinator.update(refresh: nil)
    #expect(!view.alwaysBounceVertical, "the view's own setting back")
  }

  /// A refresh taken back while it runs (SwiftUI's view lost its `refreshable`), then a new
  /// one pulled: the old one's end ends nothing of the new one, which the view's going
  /// cancels.
  @Test func aRefreshTakenBackEndsNothingOfTheNextOne() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    #expect(await binding.apply(items: items(0..<30)))
    // The first refresh does not stop when cancelled: it ends when the test lets it.
    var endFirst: CheckedContinuation<Void, Never>?
    coordinator.update(refresh: { await withCheckedContinuation { endFirst = $0 } })
    #expect(view.userPullsToRefresh())
    await eventually("the first refresh running") { endFirst != nil }
    coordinator.update(refresh: nil)
    var runs = 0
    var secondCancelled = false
    let (second, _) = AsyncStream.makeStream(of: Void.self)
    coordinator.update(refresh: {
      runs += 1
      for await _ in second { break }
      secondCancelled = Task.isCancelled
    })
    let control = try #require(view.refreshControl)
    #expect(view.userPullsToRefresh())
    await eventually("the second refresh running") { runs == 1 }
    endFirst?.resume()  // the first ends now, cancelled long ago
    for _ in 0..<10 { await Task.yield() }
    #expect(control.isRefreshing, "the second still shows")
    #expect(!view.userPullsToRefresh(), "and still counts as running")
    // The view goes: the refresh running is the second, and it is the one cancelled.
    coordinator.stop()
    await eventually("the second cancelled") { secondCancelled }
    #expect(runs == 1)
  }

  @Test func aRefreshThatHangsIsCancelledWhenTheViewGoes() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    #expect(await binding.apply(items: items(0..<5)))
    var cancelled = false
    coordinator.update(refresh: {
      do { try await Task.sleep(for: .seconds(3_600)) } catch { cancelled = true }
    })
    #expect(view.userPullsToRefresh())
    await Task.yield()
    coordinator.stop()
    await eventually("the refresh cancelled") { cancelled }
  }

  // MARK: Load more

  /// A chat's history loads above, behind a loading view as tall as its content; the reader
  /// stays where they are; SwiftUI's next closures are the ones asked from then.
  @Test func historyLoadsAboveBehindItsViewAndTheReaderStays() async throws {
    let view = makeOnScreenList()
    let coordinator = hostedCoordinator(view)
    var list = items(100..<140)
    var requests = 0
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    coordinator.update(
      loadMore: .init(
        edge: .start, threshold: 5, hasMore: { true },
        footer: { state in
          guard case .loading = state else { return nil }
          return StandInHostedRow("Loading older", height: 60)
        },
        load: {
          requests += 1
          for await _ in gate { break }
        }))
    coordinator.update(source: handSource(), sourceID: 1) { $0.anchor(.end) }
    let binding = try #require(coordinator.binding)
    #expect(await binding.apply(items: list))
    #expect(requests == 0, "a chat opens at its end")
    view.scroll(by: -100_000)
    await eventually("the older page asked for") { requests == 1 }
    func loading() -> UIView? {
      view.subviews.first { view in
        ((view as? any HeadlessContentView)?.configuration as? StandInHostedRow<String>)?.value
          == "Loading older"
      }
    }
    await eventually("the loading view") { loading() != nil }
    #expect(loading()?.frame.height == 60)
    #expect(loading()?.frame.width == view.bounds.width)
    func screenY(_ id: Int) -> CGFloat? {
      binding.indexPath(for: id).flatMap { view.layoutAttributesForItem(at: $0)?.frame.minY }
        .map { $0 - view.contentOffset.y }
    }
    let reading = try #require(view.indexPathsForVisibleItems.sorted().first)
    let readingID = try #require(binding.item(at: reading)?.id)
    let before = try #require(screenY(readingID))
    // SwiftUI's next update: no more history after this page.
    coordinator.update(loadMore: .init(edge: .start, hasMore: { false }, load: { requests += 1 }))
    list = items(80..<100) + list
    binding.submit(items: list)
    open.yield()
    await eventually("the page, and the view gone") {
      binding.snapshot.numberOfItems == 60 && loading() == nil
    }
    #expect(screenY(readingID) == before, "the message read is where it was")
    view.scroll(by: -100_000)
    for _ in 0..<5 { await Task.yield() }
    #expect(requests == 1, "the new hasMore says there is no more")
    #expect(
      binding.pageLoader.map { if case .exhausted = $0.state { true } else { false } } == true)
    #expect(view.violations.isEmpty)
  }

  // MARK: New rows held for their content

  /// A chat's new message waits for its photo before it shows, then shows with it on its first
  /// frame: the hold of the UIKit binding, through the coordinator's late content.
  @Test func aNewMessageWaitsForItsPhotoAndShowsWithIt() async throws {
    let loader = GatedLoader()
    let photos = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 40), loader: loader.load)
    let view = makeOnScreenList()
    var firstFrames: [Int: ContentState<String>] = [:]
    let coordinator = BoundListCoordinator<FlatSection, TestItem, String>(
      collectionView: view, content: .store(photos, holdingNewRows: .seconds(30))
    ) { item, photo in
      if firstFrames[item.id] == nil { firstFrames[item.id] = photo }
      return HostedRow(item: item, content: photo, height: 60)
    }
    coordinator.update(source: handSource(), sourceID: 1) { $0.anchor(.end) }
    let binding = try #require(coordinator.binding)
    #expect(await binding.apply(items: items(0..<20)))
    await eventually("the first screen's photos asked for") { loader.startedKeys.contains(19) }
    loader.openAll()
    await eventually("the first screen's photos in") { photos.state(for: 19).content != nil }
    binding.submit(items: items(0..<21))  // a new message, its photo not loaded
    await eventually("its photo asked for") { loader.startedKeys.contains(20) }
    for _ in 0..<20 { await Task.yield() }
    #expect(binding.snapshot.numberOfItems == 20, "held for its photo")
    loader.open(20)
    await eventually("shown") { binding.snapshot.numberOfItems == 21 }
    #expect(firstFrames[20]?.content == "content 20", "its first frame has its photo")
    let bottom = view.contentOffset.y + view.bounds.height
    #expect(abs(bottom - view.contentSize.height) < 0.5, "the chat at its end shows it")
    loader.openAll()
  }

  // MARK: Empty states

  @Test func emptyStatesShowTheirViewsBehindTheRowsAndTakeSwiftUIsUpdates() async throws {
    let view = makeOnScreenList()
    let coordinator = hostedCoordinator(view)
    coordinator.update(emptyState: { state in
      switch state {
      case .loading: StateMessage(text: "Loading")
      case .empty: StateMessage(text: "No messages")
      case .failed: nil
      }
    })
    coordinator.update(source: handSource(), sourceID: 1)
    let binding = try #require(coordinator.binding)
    func shown() -> String? { emptyStateShown(in: view) }
    await eventually("the loading state") { shown() == "Loading" }
    #expect(await binding.apply(items: []))
    #expect(shown() == "No messages")
    // SwiftUI's next update (another language, say): the view showing takes it at once.
    coordinator.update(emptyState: { _ in StateMessage(text: "Aucun message") })
    #expect(shown() == "Aucun message")
    #expect(await binding.apply(items: items(0..<3)))
    #expect(view.backgroundView == nil, "rows shown, the state gone")
    coordinator.update(emptyState: { _ in StateMessage(text: "later") })
    #expect(view.backgroundView == nil, "a state not showing is not put back")
  }

  @Test func aFailedSourceShowsItsState() async throws {
    struct Offline: Error {}
    let view = makeOnScreenList()
    let coordinator = hostedCoordinator(view)
    coordinator.update(emptyState: { state in
      if case .failed = state { return StateMessage(text: "Offline") }
      return nil
    })
    let failing = AsyncThrowingStream<[TestItem], any Error> { $0.finish(throwing: Offline()) }
    coordinator.update(source: .sequence(failing), sourceID: 1)
    await eventually("the failed state") { emptyStateShown(in: view) == "Offline" }
  }
}
