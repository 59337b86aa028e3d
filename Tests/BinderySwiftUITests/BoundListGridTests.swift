import Bindery
import BinderySwiftUI
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A compositional grid on screen, 390 × 700: `columns` items of `height` points to a line.
@MainActor
func makeOnScreenGrid(columns: Int = 3, height: CGFloat = 120) -> UICollectionView {
  let item = NSCollectionLayoutItem(
    layoutSize: NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .fractionalHeight(1))
  )
  let line = NSCollectionLayoutGroup.horizontal(
    layoutSize: NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
    subitems: [item])
  let view = UICollectionView(
    frame: CGRect(x: 0, y: 0, width: 390, height: 700),
    collectionViewLayout: UICollectionViewCompositionalLayout(
      section: NSCollectionLayoutSection(group: line)))
  view.isStrict = true
  UIWindow.show(view)
  return view
}

@MainActor
@Suite("A SwiftUI grid's coordinator, on HeadlessUIKit", .mainActorTurns)
struct BoundListGridTests {
  /// A photo grid: cached photos on every cell's first frame, by the line as it scrolls.
  @Test func aGridsCachedPhotosAreOnEveryCellsFirstFrame() async throws {
    let cached = 0..<300
    let (store, loader) = await photosCached(cached)
    let view = makeOnScreenGrid()
    var configured = 0
    var withoutPhoto: [Int] = []
    let coordinator = BoundListCoordinator<FlatSection, TestItem, String>(
      collectionView: view, content: .store(store)
    ) { item, photo in
      configured += 1
      if photo.content == nil { withoutPhoto.append(item.id) }
      return HostedRow(item: item, content: photo, height: 120)
    }
    coordinator.update(source: handSource(), sourceID: 1)
    let binding = try #require(coordinator.binding)
    #expect(await binding.apply(items: items(cached)))
    for _ in 0..<40 { view.scroll(by: 240) }
    for _ in 0..<40 { view.scroll(by: -240) }
    #expect(configured > 100)
    #expect(withoutPhoto.isEmpty, "first shown without their photo: \(withoutPhoto)")
    #expect(loader.total == cached.count, "no photo loaded again")
    #expect(view.violations.isEmpty)
  }

  /// Lines prepended above keep the items on screen where they are; selection and the scroll
  /// position work by id as in a list.
  @Test func aGridKeepsItsPlaceItsSelectionAndItsScrollPositionByID() async throws {
    let view = makeOnScreenGrid()
    let coordinator = hostedCoordinator(view)
    var reported: [Int?] = []
    coordinator.onScrollPositionChange = { reported.append($0) }
    coordinator.update(source: handSource(), sourceID: 1) { $0.anchor(.firstVisibleItem) }
    coordinator.update(selection: [1_031], mode: .multiple)
    let binding = try #require(coordinator.binding)
    #expect(await binding.apply(items: items(1_000..<1_300)))
    view.scroll(by: 1_200)  // ten lines down: item 1,030 starts the first line
    #expect(coordinator.scrollPosition == 1_030)
    func screenY(_ id: Int) -> CGFloat? {
      binding.indexPath(for: id).flatMap { view.layoutAttributesForItem(at: $0)?.frame.minY }
        .map { $0 - view.contentOffset.y }
    }
    let before = try #require(screenY(1_031))
    // Sixty items — twenty lines — arrive above the screen.
    #expect(await binding.apply(items: items(940..<1_300)))
    #expect(screenY(1_031) == before, "the items on screen stay where they are")
    #expect(coordinator.scrollPosition == 1_030)
    let selected = view.indexPathsForSelectedItems?.compactMap { binding.item(at: $0)?.id }
    #expect(selected == [1_031])
    // The app's position: the item's line at the top.
    coordinator.update(scrollPosition: 1_151)
    #expect(screenY(1_150) == 0 && screenY(1_151) == 0, "1,151 shares its line with 1,150")
    #expect(reported.last == 1_150, "the first visible item is the line's first")
    #expect(view.violations.isEmpty)
  }
}
