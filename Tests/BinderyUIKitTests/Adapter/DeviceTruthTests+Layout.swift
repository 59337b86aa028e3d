import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

// Device truth for layout: where the scroll position and the first screen come from.

extension DeviceTruthTests {
  @Test func theScrollPositionCountsTheInsetsAndTheAxis() async throws {
    let table = makeTable()
    table.contentInset = UIEdgeInsets(top: 40, left: 0, bottom: 20, right: 0)
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    #expect(await binding.apply(items: (0..<100).map { TestItem(id: $0) }))
    let view = try #require(binding.view)
    #expect(view.scrollPosition.offset == 0, "at the very top, under the inset")
    let bottom: Double = 100 * 44 + 40 + 20 - 12 * 44  // the rows and both insets, less a screen
    #expect(view.scrollPosition.maximumOffset == bottom)
    #expect(view.itemPositions(atOffset: 0).first == ItemPosition(section: 0, item: 0))
    #expect(view.itemPositions(atOffset: 440).first == ItemPosition(section: 0, item: 9))

    let layout = UICollectionViewFlowLayout()
    layout.scrollDirection = .horizontal
    layout.itemSize = CGSize(width: 100, height: 100)
    layout.minimumLineSpacing = 10
    layout.minimumInteritemSpacing = 0
    let grid = makeGrid()
    grid.collectionViewLayout = layout  // 6 items a column in a 320 × 600 view
    let gridBinding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeItem)
    #expect(await gridBinding.apply(items: (0..<120).map { TestItem(id: $0) }))
    grid.contentOffset = CGPoint(x: 550, y: 0)
    let gridView = try #require(gridBinding.view)
    #expect(gridView.scrollPosition.offset == 550)
    #expect(gridView.itemPositions(atOffset: 1_100).first == ItemPosition(section: 0, item: 60))
    #expect(gridView.itemsPerScreen == 6 * 3)
  }

  @Test func aFlowLayoutsScreenCountsInsetsEstimatesAndTheDelegatesSize() async {
    final class Sizes: NSObject, UICollectionViewDelegateFlowLayout {
      func collectionView(
        _ collectionView: UICollectionView, layout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
      ) -> CGSize { CGSize(width: 150, height: 150) }
    }
    let grid = makeGrid()  // 320 × 600, 100-point items 10 apart: 3 × 6
    let binding = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeItem)
    let layout = grid.collectionViewLayout as? UICollectionViewFlowLayout
    #expect(binding.itemsPerScreen == 18)
    layout?.sectionInset = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
    #expect(binding.itemsPerScreen == 12, "two columns fit in 280 points")
    layout?.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
    #expect(binding.itemsPerScreen == 12, "automaticSize is a marker, not a size")
    let sizes = Sizes()
    grid.delegate = sizes
    #expect(await binding.apply(items: (0..<30).map { TestItem(id: $0) }))
    #expect(binding.itemsPerScreen == 4, "one 150-point column of four lines")
  }

  @Test func aGridsIndexLeadsOnlyToSectionsWithItems() async throws {
    let grid = makeGrid()
    let binding = grid.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      cellProvider: describeItem
    )
    .sectionIndexTitles { "\($0.id)" }
    #expect(
      await binding.apply([
        ListSection(TestSection(id: 0), items: []),
        ListSection(TestSection(id: 1), items: [TestItem(id: 1)]),
      ]))
    let dataSource = try #require(grid.dataSource)
    #expect(dataSource.indexTitles(for: grid) == ["1"])
    #expect(
      dataSource.collectionView(grid, indexPathForIndexTitle: "1", at: 0)
        == IndexPath(item: 0, section: 1))
    #expect(grid.userTapsIndexTitle(at: 0) == IndexPath(item: 0, section: 1))
    // Titles UIKit read before section 1 emptied and section 0 filled lead to items still.
    #expect(
      await binding.apply([
        ListSection(TestSection(id: 0), items: [TestItem(id: 0)]),
        ListSection(TestSection(id: 1), items: []),
      ]))
    #expect(
      dataSource.collectionView(grid, indexPathForIndexTitle: "1", at: 0)
        == IndexPath(item: 0, section: 0))
    #expect(grid.violations.isEmpty, "\(grid.violations)")
  }
}
