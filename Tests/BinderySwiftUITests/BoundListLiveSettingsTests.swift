import Bindery
import BinderySwiftUI
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// What a SwiftUI update may change on a list already bound: the anchor, the list's
/// appearance, whether it has section headers, whether it has an empty state. Each takes effect
/// at once, on the same binding.
@MainActor
@Suite("A SwiftUI list's settings follow every update", .mainActorTurns)
struct BoundListLiveSettingsTests {
  @Test func theAnchorChangesOnTheSameBinding() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    coordinator.update(anchor: .firstVisibleItem)
    #expect(await binding.apply(items: items(0..<60)))
    binding.scrollToEnd()
    let gap = { view.contentSize.height - (view.contentOffset.y + view.bounds.height) }
    #expect(abs(gap()) < 0.5)
    // A feed's anchor: rows appended below leave the reader where they were.
    #expect(await binding.apply(items: items(0..<62)))
    #expect(gap() > 50, "a feed does not follow its end")
    binding.scrollToEnd()
    // SwiftUI's update makes it a chat: the same binding follows its end from now on.
    coordinator.update(anchor: .end)
    #expect(coordinator.binding === binding)
    for count in 63...66 {
      #expect(await binding.apply(items: items(0..<count)))
      #expect(abs(gap()) < 0.5, "at the end after message \(count): \(gap()) points short")
    }
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  @Test func theAppearanceAndTheHeadersLayTheListOutAnew() async throws {
    let view = makeOnScreenList()
    let coordinator = BoundListCoordinator<TestSection, TestItem, Never>(collectionView: view) {
      item in HostedRow(item: item, content: .notRequested, height: 44)
    }
    coordinator.update(listAppearance: .plain)
    coordinator.update(
      source: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      sourceID: 1)
    let binding = try #require(coordinator.binding)
    #expect(
      await binding.apply([
        ListSection(TestSection(id: 0, title: 1), items: items(0..<3)),
        ListSection(TestSection(id: 1, title: 2), items: items(10..<13)),
      ]))
    view.layoutIfNeeded()
    func header(_ section: Int) -> String? {
      view.supplementaryView(
        forElementKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: section))?.shownText
    }
    #expect(header(0) == nil, "no headers yet")
    let layout = view.collectionViewLayout
    coordinator.update(listAppearance: .plain)
    #expect(view.collectionViewLayout === layout, "the same settings keep the layout")
    // SwiftUI's update brings headers: the list is laid out anew with them.
    coordinator.update(header: { section in
      var content = UIListContentConfiguration.header()
      content.text = "team \(section.id)"
      return content
    })
    view.layoutIfNeeded()
    #expect(view.collectionViewLayout !== layout)
    #expect(header(0) == "team 0")
    #expect(header(1) == "team 1")
    // Another appearance, then no headers.
    let withHeaders = view.collectionViewLayout
    coordinator.update(listAppearance: .insetGrouped)
    view.layoutIfNeeded()
    #expect(view.collectionViewLayout !== withHeaders, "laid out anew")
    #expect(header(1) == "team 1")
    // Separators hidden: laid out anew; the same again keeps the layout.
    let withSeparators = view.collectionViewLayout
    coordinator.update(listAppearance: .insetGrouped, showsSeparators: false)
    #expect(view.collectionViewLayout !== withSeparators)
    let withoutSeparators = view.collectionViewLayout
    coordinator.update(listAppearance: .insetGrouped, showsSeparators: false)
    #expect(view.collectionViewLayout === withoutSeparators)
    coordinator.update(header: nil)
    view.layoutIfNeeded()
    #expect(header(0) == nil, "headers gone")
    #expect(view.collectionViewLayout !== withoutSeparators)
    #expect(coordinator.binding === binding)
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  @Test func anEmptyStateComesAndGoesWithAnUpdate() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    #expect(await binding.apply(items: []))
    #expect(emptyStateShown(in: view) == nil)
    coordinator.update(emptyState: { _ in StateMessage(text: "No messages") })
    #expect(emptyStateShown(in: view) == "No messages", "shown at once")
    coordinator.update(emptyState: nil)
    #expect(view.backgroundView == nil, "gone at once")
    coordinator.update(emptyState: { _ in StateMessage(text: "Nothing here") })
    #expect(emptyStateShown(in: view) == "Nothing here")
    #expect(await binding.apply(items: items(0..<3)))
    #expect(view.backgroundView == nil, "rows shown, the state gone")
    #expect(coordinator.binding === binding)
  }

  @Test func loadMoreComesAndChangesEdgeWithAnUpdate() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    #expect(await binding.apply(items: items(0..<100)))
    var asked: [String] = []
    func pages(at edge: PageLoader<FlatSection, TestItem>.Edge)
      -> BoundListCoordinator<
        FlatSection, TestItem, Never
      >.LoadMore
    {
      .init(edge: edge, threshold: 5, hasMore: { true }, load: { asked.append("\(edge)") })
    }
    binding.scrollToEnd()
    for _ in 0..<4 { await Task.yield() }
    #expect(asked.isEmpty, "no pages asked for yet")
    // SwiftUI's update brings pages at the end: the same binding asks at once.
    coordinator.update(loadMore: pages(at: .end))
    view.scroll(by: -10)
    await eventually("a page at the end") { asked == ["end"] }
    // Then history above instead: the end asks for nothing more.
    coordinator.update(loadMore: pages(at: .start))
    view.scroll(by: -100_000)
    await eventually("a page at the start") { asked.last == "start" }
    let count = asked.count
    binding.scrollToEnd()
    view.scroll(by: -10)
    for _ in 0..<6 { await Task.yield() }
    #expect(asked.count == count, "the end asks no more: \(asked)")
    #expect(coordinator.binding === binding)
    #expect(view.violations.isEmpty, "\(view.violations)")
  }

  /// A new list layout (headers that come, another appearance) lays the rows out anew: the
  /// row the reader reads stays where it is on screen.
  @Test func aNewListLayoutKeepsTheReadersRow() async throws {
    let view = makeOnScreenList()
    let coordinator = BoundListCoordinator<TestSection, TestItem, Never>(collectionView: view) {
      item in HostedRow(item: item, content: .notRequested, height: rowHeight(item.id))
    }
    coordinator.update(listAppearance: .plain)
    coordinator.update(
      source: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      sourceID: 1)
    let binding = try #require(coordinator.binding)
    #expect(
      await binding.apply(
        (0..<6).map { section in
          ListSection(
            TestSection(id: section, title: section), items: items(section * 20..<section * 20 + 20)
          )
        }))
    view.layoutIfNeeded()
    view.scroll(by: 2_000)
    view.layoutIfNeeded()
    func screenY(_ id: Int) -> CGFloat? {
      binding.indexPath(for: id).flatMap { view.layoutAttributesForItem(at: $0)?.frame.minY }
        .map { $0 - view.contentOffset.y }
    }
    let top = view.contentOffset.y
    let reading = try #require(
      view.indexPathsForVisibleItems.sorted().first { path in
        (view.layoutAttributesForItem(at: path)?.frame.minY ?? -1) >= top
      }.flatMap { binding.item(at: $0)?.id })
    let before = try #require(screenY(reading))
    // Headers come with an update: every section above the reader grows by one.
    coordinator.update(header: { section in
      var content = UIListContentConfiguration.header()
      content.text = "team \(section.id)"
      return content
    })
    view.layoutIfNeeded()
    #expect(try #require(screenY(reading)) == before, "the reader's row stays")
    coordinator.update(listAppearance: .insetGrouped)
    view.layoutIfNeeded()
    #expect(try #require(screenY(reading)) == before, "and through another appearance")
    #expect(view.violations.isEmpty, "\(view.violations)")
  }
}
