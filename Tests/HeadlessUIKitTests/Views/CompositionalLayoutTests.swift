import Foundation
import HeadlessUIKit
import Testing

/// Compositional layouts beyond lists and plain grids: carousels (orthogonal sections), the
/// space between sections, groups of several subitems and estimated groups (UIKit rules §7.9).
@MainActor
@Suite("Compositional layouts: carousels, section spacing, groups")
struct CompositionalLayoutTests {
  /// Items numbered by section, dequeued from one registered class.
  final class Numbers: UICollectionViewDataSource, UICollectionViewDataSourcePrefetching {
    let counts: [Int]
    var prefetched: [IndexPath] = []
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
      -> Int
    { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
      -> UICollectionViewCell
    { collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) }
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
    { prefetched += indexPaths }
  }

  /// A carousel section of 40% wide, 120-point groups, then grid sections of three 100-point
  /// columns.
  func carouselAndGrids(_ source: Numbers, spacing: CGFloat = 0) -> UICollectionView {
    let configuration = UICollectionViewCompositionalLayoutConfiguration()
    configuration.interSectionSpacing = spacing
    let layout = UICollectionViewCompositionalLayout(
      sectionProvider: { index, _ in
        let item = NSCollectionLayoutItem(
          layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(index == 0 ? 1 : 1.0 / 3),
            heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
          layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(index == 0 ? 0.4 : 1),
            heightDimension: .absolute(index == 0 ? 120 : 100)),
          subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        if index == 0 {
          section.orthogonalScrollingBehavior = .continuous
          section.interGroupSpacing = 10
        }
        return section
      }, configuration: configuration)
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "item")
    view.dataSource = source
    view.prefetchDataSource = source
    KeepAlive.objects.append(source)
    UIWindow.show(view)
    return view
  }

  @Test func aCarouselIsOneLineAndShowsWhatItsWidthHolds() {
    let source = Numbers([20, 30])
    let view = carouselAndGrids(source)
    // Groups of 156 points, 10 apart: three meet 390 points.
    let carousel = view.indexPathsForVisibleItems.filter { $0.section == 0 }
    #expect(carousel == (0..<3).map { IndexPath(item: $0, section: 0) })
    #expect(
      view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
        == CGRect(x: 332, y: 0, width: 156, height: 120))
    // One line of 120, then ten lines of 100.
    #expect(view.contentSize.height == CGFloat(120 + 10 * 100))
    #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 120)
    view.userScrollsSection(0, by: 400)
    #expect(view.orthogonalOffset(ofSection: 0) == 400)
    let scrolled = view.indexPathsForVisibleItems.filter { $0.section == 0 }
    #expect(scrolled == (2..<5).map { IndexPath(item: $0, section: 0) })
    #expect(view.contentOffset.y == 0, "the main scroll did not move")
    view.userScrollsSection(0, by: 10_000)
    #expect(view.orthogonalOffset(ofSection: 0) == CGFloat(20 * 166 - 10 - 390), "to its end")
    #expect(view.violations.isEmpty && view.alerts.isEmpty)
  }

  @Test func scrollingDownPrefetchesNoCarouselItemOutOfItsWidth() {
    let source = Numbers([20, 300])
    let view = carouselAndGrids(source)
    view.contentOffset = CGPoint(x: 0, y: 0)
    for _ in 0..<10 { view.scroll(by: 50) }
    view.scroll(by: -500)
    #expect(!source.prefetched.isEmpty)
    #expect(source.prefetched.allSatisfy { $0.section == 1 || $0.item < 3 })
  }

  @Test func sectionsAreSpacedByTheConfiguration() {
    let view = carouselAndGrids(Numbers([5, 3, 3]), spacing: 24)
    #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 144)
    #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))?.frame.minY == 268)
    #expect(view.contentSize.height == CGFloat(120 + 24 + 100 + 24 + 100), "none after the last")
  }

  @Test func aGroupRepeatsItsSubitemsAsTheyFit() {
    let narrow = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
    let wide = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(80)))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .estimated(60)),
      subitems: [narrow, wide])
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 400, height: 600),
      collectionViewLayout: UICollectionViewCompositionalLayout(
        section: NSCollectionLayoutSection(group: group)))
    view.register(NeedsCell.self, forCellWithReuseIdentifier: "item")
    // The wide items need 80 points, the narrow ones 30.
    let source = Needs([[30, 80, 30, 30, 80, 30, 30, 80, 30]])
    view.dataSource = source
    KeepAlive.objects.append(source)
    UIWindow.show(view)
    // A quarter, a half, a quarter: three items a line; the group is as tall as its tallest.
    #expect(view.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame.minY == 80)
    #expect(view.contentSize.height == CGFloat(3 * 80))
  }

  /// An estimated grid sizes each line to its tallest item once their cells are measured, each
  /// item keeping its own height at the line's top (UIKit rules §7.9).
  @Test func anEstimatedGridsLinesAreAsTallAsTheirTallestItem() {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .estimated(50)))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .estimated(50)),
      subitems: [item])
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 600),
      collectionViewLayout: UICollectionViewCompositionalLayout(
        section: NSCollectionLayoutSection(group: group)))
    view.register(NeedsCell.self, forCellWithReuseIdentifier: "item")
    let source = Needs([[40, 120, 60, 30, 30, 90, 200]])
    view.dataSource = source
    KeepAlive.objects.append(source)
    UIWindow.show(view)
    func frame(_ item: Int) -> CGRect? {
      view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
    }
    #expect(frame(1) == CGRect(x: 100, y: 0, width: 100, height: 120))
    #expect(frame(2) == CGRect(x: 200, y: 0, width: 100, height: 60), "at the line's top")
    #expect(frame(3)?.minY == 120 && frame(5)?.height == 90)
    #expect(frame(6)?.minY == 210)
    #expect(view.contentSize.height == 410)
  }

  /// A section provider's list sections size their rows by their cells, beside a grid of
  /// fixed lines.
  @Test func aProvidersListSectionsSizeTheirRowsBesideAFixedGrid() {
    let layout = UICollectionViewCompositionalLayout { index, environment in
      guard index == 1 else {
        return .list(
          using: UICollectionLayoutListConfiguration(appearance: .plain),
          layoutEnvironment: environment)
      }
      let item = NSCollectionLayoutItem(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
      return NSCollectionLayoutSection(
        group: .horizontal(
          layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
          subitems: [item]))
    }
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 800), collectionViewLayout: layout)
    view.register(NeedsCell.self, forCellWithReuseIdentifier: "item")
    let source = Needs([[70, 90], [10, 10, 10], [55]])
    view.dataSource = source
    KeepAlive.objects.append(source)
    UIWindow.show(view)
    func minY(_ item: Int, _ section: Int) -> CGFloat? {
      view.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame.minY
    }
    #expect(minY(1, 0) == 70, "the list's rows are as tall as their cells need")
    #expect(minY(0, 1) == 160 && minY(2, 1) == 260, "the grid keeps its 100-point lines")
    #expect(
      view.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))?.frame
        == CGRect(x: 0, y: 360, width: 300, height: 55))
  }
}

/// A cell that needs the height its item says.
final class NeedsCell: UICollectionViewCell {
  var needed: CGFloat = 44
  override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    CGSize(width: targetSize.width, height: needed)
  }
}

/// Sections of items, each needing a height.
@MainActor
final class Needs: UICollectionViewDataSource {
  let heights: [[CGFloat]]
  init(_ heights: [[CGFloat]]) { self.heights = heights }
  func numberOfSections(in collectionView: UICollectionView) -> Int { heights.count }
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  { heights[section].count }
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    (cell as? NeedsCell)?.needed = heights[indexPath.section][indexPath.item]
    return cell
  }
}
