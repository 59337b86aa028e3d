import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A list layout as Apple's modern samples make one, with supplementary headers.
@MainActor
func makeListView(
  headers: Bool = true, configure: (inout UICollectionLayoutListConfiguration) -> Void = { _ in }
) -> UICollectionView {
  var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
  if headers { configuration.headerMode = .supplementary }
  configure(&configuration)
  let list = UICollectionView(
    frame: CGRect(x: 0, y: 0, width: 390, height: 700),
    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
  list.isStrict = true
  UIWindow.show(list)
  return list
}

@MainActor
@Suite("Binding with registrations, list layouts and swipe actions", .mainActorTurns)
struct ModernListBindingTests {
  let cell = UICollectionView.CellRegistration<UICollectionViewListCell, TestItem> {
    cell, _, item in
    var content = cell.defaultContentConfiguration()
    content.text = "\(item)"
    cell.contentConfiguration = content
  }

  func texts(_ list: UICollectionView) -> [String?] {
    list.indexPathsForVisibleItems.sorted().map { list.cellForItem(at: $0)?.shownText }
  }

  @Test func aRegistrationConfiguresEveryCellAndAChangeReconfiguresTheSameOne() async {
    let list = makeListView(headers: false)
    let binding = list.bind(to: .sequence(AsyncStream<[TestItem]> { _ in }), using: cell)
    #expect(await binding.apply(items: (0..<3).map { TestItem(id: $0) }))
    #expect(texts(list) == ["0:0", "1:0", "2:0"])
    let second = list.cellForItem(at: IndexPath(item: 1, section: 0))
    #expect(
      await binding.apply(items: [TestItem(id: 0), TestItem(id: 1, content: 5), TestItem(id: 2)]))
    #expect(texts(list) == ["0:0", "1:5", "2:0"])
    #expect(list.cellForItem(at: IndexPath(item: 1, section: 0)) === second)
    #expect(list.violations.isEmpty, "\(list.violations)")
  }

  @Test func aRegistrationReceivesItsItemsContent() async {
    let list = makeListView(headers: false)
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    let withAvatar = UICollectionView.CellRegistration<
      UICollectionViewListCell, ItemWithContent<TestItem, String>
    > { cell, _, mate in
      var content = cell.defaultContentConfiguration()
      content.text = "\(mate.id) \(mate.content.content ?? "placeholder")"
      cell.contentConfiguration = content
    }
    let binding = list.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(avatars, prefetching: .never), using: withAvatar)
    #expect(await binding.apply(items: (0..<2).map { TestItem(id: $0) }))
    #expect(texts(list) == ["0 placeholder", "1 placeholder"])
    await eventually("the loads") { loader.startedKeys.count == 2 }
    loader.openAll()
    await eventually("the avatars") { texts(list) == ["0 content 0", "1 content 1"] }
    #expect(list.violations.isEmpty, "\(list.violations)")
  }

  /// Two kinds of content per row through a registration (issue 67, item 4): each kind loads
  /// from its own store, and the registration receives both states.
  @Test func aRegistrationReceivesBothKindsOfContent() async {
    let list = makeListView(headers: false)
    let icons = GatedLoader()
    let previews = GatedLoader()
    let iconStore = ContentStore<Int, String>(loader: icons.load)
    let previewStore = ContentStore<Int, String>(loader: previews.load)
    let cell = UICollectionView.CellRegistration<
      UICollectionViewListCell, ItemWithTwoContents<TestItem, String, String>
    > { cell, _, row in
      var content = cell.defaultContentConfiguration()
      content.text =
        "\(row.id) \(row.content.content ?? "-") \(row.secondContent.content ?? "-")"
      cell.contentConfiguration = content
    }
    let binding = list.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(iconStore, prefetching: .never),
      .store(previewStore, keyedBy: { $0.id + 100 }, prefetching: .never), using: cell)
    #expect(await binding.apply(items: (0..<2).map { TestItem(id: $0) }))
    #expect(texts(list) == ["0 - -", "1 - -"])
    await eventually("both kinds asked for") {
      Set(icons.startedKeys) == [0, 1] && Set(previews.startedKeys) == [100, 101]
    }
    previews.openAll()
    await eventually("the previews") {
      texts(list) == ["0 - content 100", "1 - content 101"]
    }
    icons.openAll()
    await eventually("the icons too") {
      texts(list) == ["0 content 0 content 100", "1 content 1 content 101"]
    }
    #expect(list.violations.isEmpty, "\(list.violations)")
  }

  @Test func headerTitlesServeAListLayoutsSupplementaryHeaders() async {
    let list = makeListView()
    let binding = list.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      using: cell
    )
    .headerTitles { "team \($0.id) · \($0.title)" }
    let sections = [
      ListSection(TestSection(id: 0, title: 2), items: (0..<2).map { TestItem(id: $0) }),
      ListSection(TestSection(id: 1, title: 1), items: [TestItem(id: 9)]),
    ]
    #expect(await binding.apply(sections))
    func header(_ section: Int) -> String? {
      list.supplementaryView(
        forElementKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: section))?.shownText
    }
    #expect(header(0) == "team 0 · 2")
    #expect(header(1) == "team 1 · 1")
    let before = list.cellRequestCount
    var changed = sections
    changed[0].section.title = 3
    #expect(await binding.apply(changed))
    #expect(header(0) == "team 0 · 3")
    #expect(list.cellRequestCount == before, "no cell replaced for a section's new title")
    #expect(list.violations.isEmpty, "\(list.violations)")
  }

  @Test func supplementaryRegistrationsMakeHeaders() async {
    let list = makeListView()
    let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
      elementKind: UICollectionView.elementKindSectionHeader
    ) { view, _, indexPath in
      var content = UIListContentConfiguration.header()
      content.text = "header \(indexPath.section)"
      view.contentConfiguration = content
    }
    let binding = list.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      using: cell
    )
    .supplementaryViews(ofKind: UICollectionView.elementKindSectionHeader, using: header)
    #expect(await binding.apply([ListSection(TestSection(id: 0), items: [TestItem(id: 0)])]))
    #expect(
      list.supplementaryView(
        forElementKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: 0)
      )?.shownText == "header 0")
    #expect(list.violations.isEmpty, "\(list.violations)")
  }

  @Test func swipeToDeleteThroughTheListConfiguration() async {
    var binding: ViewBinding<FlatSection, TestItem>?
    let list = makeListView(headers: false) { configuration in
      configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
        binding?.deleteSwipeActions(at: indexPath)
      }
    }
    var deleted: [Int] = []
    binding = list.bind(to: .sequence(AsyncStream<[TestItem]> { _ in }), using: cell)
      .onDelete(canDelete: { $0.id != 0 }) { item, _ in deleted.append(item.id) }
    #expect(await binding?.apply(items: (0..<3).map { TestItem(id: $0) }) == true)
    #expect(list.userSwipes(itemAt: IndexPath(item: 0, section: 0), from: .trailing) == nil)
    let actions = list.userSwipes(itemAt: IndexPath(item: 2, section: 0), from: .trailing)
    #expect(actions?.actions.map(\.title) == ["Delete"])
    #expect(actions?.actions.first?.style == .destructive)
    // The app's own title, in its own language, where it wants another than UIKit's.
    let titled = binding?.deleteSwipeActions(at: IndexPath(item: 2, section: 0), title: "Löschen")
    #expect(titled?.actions.map(\.title) == ["Löschen"])
    var performed: Bool?
    if let delete = actions?.actions.first {
      list.userTaps(delete, onItemAt: IndexPath(item: 2, section: 0)) { performed = $0 }
    }
    #expect(deleted == [2])
    #expect(performed == true)
    // The button shows while a list arrives that puts another item at that row: the tap deletes
    // the item that was swiped, wherever it is now.
    let swiped = list.userSwipes(itemAt: IndexPath(item: 1, section: 0), from: .trailing)
    #expect(
      await binding?.apply(items: [TestItem(id: 9)] + (0..<3).map { TestItem(id: $0) }) == true)
    if let delete = swiped?.actions.first {
      list.userTaps(delete, onItemAt: IndexPath(item: 1, section: 0))
    }
    #expect(deleted == [2, 1])
  }
}
