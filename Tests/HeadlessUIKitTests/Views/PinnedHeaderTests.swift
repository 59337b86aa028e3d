import Foundation
import HeadlessUIKit
import Testing

/// Sections of items in a one-column grid with 30-point headers and footers.
@MainActor
private final class GridSections: HeadlessCollectionViewDataSource {
  let items: [Int]
  init(items: [Int]) { self.items = items }

  func numberOfSections(in collectionView: HeadlessCollectionView) -> Int { items.count }
  func collectionView(_ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int)
    -> Int
  { items[section] }
  func collectionView(_ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath)
    -> HeadlessCollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
  }
  func collectionView(
    _ collectionView: HeadlessCollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> HeadlessCollectionReusableView {
    collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", for: indexPath)
  }

  func makeGrid(layout: HeadlessCollectionViewLayout) -> HeadlessCollectionView {
    let grid = HeadlessCollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: layout)
    grid.register(HeadlessCollectionViewCell.self, forCellWithReuseIdentifier: "item")
    for kind in [
      HeadlessCollectionView.elementKindSectionHeader,
      HeadlessCollectionView.elementKindSectionFooter,
    ] {
      grid.register(
        HeadlessCollectionReusableView.self, forSupplementaryViewOfKind: kind,
        withReuseIdentifier: "header")
    }
    grid.dataSource = self
    KeepAlive.objects.append(self)
    return grid
  }
}

/// Headers as a device shows them (UIKit rules §4c): a plain table's float, a flow layout's or
/// a compositional section's pin when asked, a grouped table leaves room between untitled
/// sections.
@MainActor
@Suite("Floating and pinned headers, grouped spacing")
struct PinnedHeaderTests {
  private let header = HeadlessCollectionView.elementKindSectionHeader

  @Test func aPlainTablesHeaderFloatsAtTheTopWhileItsSectionScrollsBy() throws {
    let source = TitledSections(rows: [20, 20])
    let table = source.makeTable()
    HeadlessWindow.show(table)
    let top = table.adjustedContentInset.top
    // Section 0: its header at 0, 20 rows, then section 1's header at 28 + 880 = 908.
    table.contentOffset.y = 500 - top
    let view = try #require(table.headerView(forSection: 0), "the top section's header floats")
    #expect(view.frame.minY == 500, "at the top of the visible area, below the inset")
    #expect(table.rectForHeader(inSection: 0).minY == 0, "its place in the content is unchanged")
    #expect(
      table.indexPathsForVisibleRows?.first == IndexPath(row: 10, section: 0),
      "rows under it are still visible")
    // Scrolled near the section's end, the next section pushes it up.
    table.contentOffset.y = 900 - top
    let pushed = try #require(table.headerView(forSection: 0))
    #expect(pushed.frame.maxY == 908, "pushed off by its section's end")
    #expect(table.headerView(forSection: 1)?.frame.minY == 908)
    // Back at the start, every header is where it lies.
    table.contentOffset.y = -top
    #expect(table.headerView(forSection: 0)?.frame.minY == 0)
  }

  @Test func aPlainTablesFooterFloatsAtTheBottom() throws {
    let source = TitledSections(rows: [30, 5])
    source.footerTitles = true
    let table = source.makeTable()
    HeadlessWindow.show(table)
    let visibleBottom =
      table.contentOffset.y + table.frame.height - table.adjustedContentInset.bottom
    let footer = try #require(table.footerView(forSection: 0), "section 0 runs past the screen")
    #expect(footer.frame.maxY == visibleBottom)
    #expect(
      table.rectForFooter(inSection: 0).minY == CGFloat(28 + 30 * 44), "its place is unchanged")
  }

  @Test func aGroupedTablesHeadersDoNotFloatAndUntitledSectionsKeepTheirRoom() {
    let source = TitledSections(rows: [3, 3, 3])
    source.headerTitles = false
    let table = source.makeTable(style: .grouped)
    HeadlessWindow.show(table)
    // 35 points above the first section, 17.5 below each and 17.5 above the next.
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 35)
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == CGFloat(35 + 132 + 35))
    #expect(table.rectForHeader(inSection: 1).height == 17.5)
    table.contentOffset.y = 100 - table.adjustedContentInset.top
    #expect(table.headerView(forSection: 0) == nil, "room, not a view, and nothing floats")
    // A height the app sets takes the room's place.
    table.sectionHeaderHeight = 0
    table.sectionFooterHeight = 0
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 132)
  }

  @Test func aGroupedTablesTitledHeaderStaysWhereItLies() {
    let source = TitledSections(rows: [30, 3])
    let table = source.makeTable(style: .grouped)
    HeadlessWindow.show(table)
    table.contentOffset.y = 200
    #expect(table.headerView(forSection: 0) == nil, "scrolled away with its section")
  }

  @Test func aFlowLayoutPinsItsHeadersWhenAsked() throws {
    let layout = HeadlessCollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 320, height: 50)
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = CGSize(width: 320, height: 30)
    layout.sectionHeadersPinToVisibleBounds = true
    let grid = GridSections(items: [20, 20]).makeGrid(layout: layout)
    HeadlessWindow.show(grid)
    grid.contentOffset.y = 400
    let path = IndexPath(item: 0, section: 0)
    let attributes = try #require(
      grid.layoutAttributesForSupplementaryElement(ofKind: header, at: path))
    #expect(
      attributes.frame.minY == 400 && attributes.representedElementCategory == .supplementaryView)
    #expect(grid.supplementaryView(forElementKind: header, at: path)?.frame.minY == 400)
    // Pushed off by the end of its section: 30 + 20 × 50.
    grid.contentOffset.y = 1_020
    #expect(grid.supplementaryView(forElementKind: header, at: path)?.frame.maxY == 1_030)
    // Without the setting, a header scrolls away.
    layout.sectionHeadersPinToVisibleBounds = false
    grid.contentOffset.y = 400
    #expect(grid.supplementaryView(forElementKind: header, at: path) == nil)
    #expect(grid.layoutAttributesForSupplementaryElement(ofKind: header, at: path)?.frame.minY == 0)
  }

  @Test func aCompositionalHeaderPinnedToTheVisibleBoundsStaysAndIsAView() throws {
    let item = HeadlessLayoutItem(
      layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)))
    let section = HeadlessLayoutSection(
      group: .vertical(layoutSize: item.layoutSize, subitems: [item]))
    let pinned = HeadlessLayoutBoundarySupplementaryItem(
      layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
      elementKind: header, alignment: .top)
    pinned.pinToVisibleBounds = true
    section.boundarySupplementaryItems = [pinned]
    let grid = GridSections(items: [20, 20]).makeGrid(
      layout: HeadlessCompositionalLayout(section: section))
    HeadlessWindow.show(grid)
    grid.contentOffset.y = 600
    let path = IndexPath(item: 0, section: 0)
    let view = try #require(grid.supplementaryView(forElementKind: header, at: path))
    #expect(view.frame.minY == 600)
    // Section 0 runs to 30 + 20 × 50 = 1,030: the next header shows below it.
    #expect(
      grid.indexPathsForVisibleSupplementaryElements(ofKind: header)
        == [path, IndexPath(item: 0, section: 1)])
  }

  @Test func aPlainListsSupplementaryHeadersArePinnedAnInsetGroupedListsAreNot() {
    func headerAfterScrolling(_ appearance: HeadlessListConfiguration.Appearance) -> CGFloat? {
      var configuration = HeadlessListConfiguration(appearance: appearance)
      configuration.headerMode = .supplementary
      let grid = GridSections(items: [30, 30]).makeGrid(
        layout: HeadlessCompositionalLayout.list(using: configuration))
      HeadlessWindow.show(grid)
      grid.contentOffset.y = 500
      return grid.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 0))?
        .frame.minY
    }
    #expect(headerAfterScrolling(.plain) == 500)
    #expect(headerAfterScrolling(.insetGrouped) == nil)
  }
}
