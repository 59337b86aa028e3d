import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The collection view as its engine's host: its data source, delegate, prefetch data source
/// and layout in the collection view's own terms.
extension HeadlessCollectionView: ListEngineHost {
  var hasDataSource: Bool { dataSource != nil }

  func dataSourceSectionCount() -> Int {
    dataSource?.numberOfSections(in: self) ?? 0
  }

  func dataSourceItemCount(inSection section: Int) -> Int {
    dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
  }

  func dataSourceCell(at path: IndexPath) -> HeadlessReusableView? {
    dataSource?.collectionView(self, cellForItemAt: path)
  }

  func supplementaryView(_ kind: SupplementaryKind, section: Int) -> HeadlessReusableView? {
    dataSource?.collectionView(
      self, viewForSupplementaryElementOfKind: Self.elementKind(kind),
      at: IndexPath(section: section, index: 0))
  }

  func supplementaryLength(_ kind: SupplementaryKind, section: Int) -> CGFloat {
    collectionViewLayout.supplementaryHeight(kind, section: section)
  }

  func pinsSupplementary(_ kind: SupplementaryKind, section: Int) -> Bool {
    collectionViewLayout.pinsSupplementary(kind, section: section)
  }

  /// A collection view's layout leaves no room above its headers of its own.
  func headerPadding(section: Int) -> CGFloat { 0 }

  func elementKindName(_ kind: SupplementaryKind) -> String { Self.elementKind(kind) }

  func sectionLayout(_ section: Int) -> SectionLayout? {
    collectionViewLayout.sectionLayout(section, breadth: engine.viewport.breadth)
  }

  var scrollEventDelegate: (any HeadlessScrollViewDelegate)? { delegate }

  func prefetchData(at paths: [IndexPath]) {
    prefetchDataSource?.collectionView(self, prefetchItemsAt: paths)
  }

  func cancelPrefetchingData(at paths: [IndexPath]) {
    prefetchDataSource?.collectionView(self, cancelPrefetchingForItemsAt: paths)
  }

  func willDisplay(_ cell: HeadlessReusableView, at path: IndexPath) {
    guard let cell = cell as? HeadlessCollectionViewCell else { return }
    // UIKit updates a cell's configuration for its state before it shows it.
    cell.setNeedsUpdateConfiguration()
    delegate?.collectionView(self, willDisplay: cell, forItemAt: path)
  }

  func didEndDisplaying(_ cell: HeadlessReusableView, at path: IndexPath) {
    guard let cell = cell as? HeadlessCollectionViewCell else { return }
    delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
  }

  func prepareLayout() { collectionViewLayout.prepare() }

  func didLayOut() { checkCustomLayoutAttributes() }
}
