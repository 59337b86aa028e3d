import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The table as its engine's host: its data source, delegate and prefetch data source in the
/// table's own terms, and header and footer views made from the data source's titles.
extension HeadlessTableView: ListEngineHost {
  var hasDataSource: Bool { dataSource != nil }

  func dataSourceSectionCount() -> Int {
    dataSource?.numberOfSections(in: self) ?? 0
  }

  func dataSourceItemCount(inSection section: Int) -> Int {
    dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
  }

  func dataSourceCell(at path: IndexPath) -> HeadlessReusableView? {
    dataSource?.tableView(self, cellForRowAt: path)
  }

  func supplementaryView(_ kind: SupplementaryKind, section: Int) -> HeadlessReusableView? {
    makeHeaderFooterView(kind, section: section)
  }

  func supplementaryLength(_ kind: SupplementaryKind, section: Int) -> CGFloat {
    supplementaryHeight(kind, section: section)
  }

  /// A plain table's headers and footers float (UIKit rules §4c).
  func pinsSupplementary(_ kind: SupplementaryKind, section: Int) -> Bool { style == .plain }

  func headerPadding(section: Int) -> CGFloat { resolvedHeaderPadding }

  func elementKindName(_ kind: SupplementaryKind) -> String {
    kind == .header ? "header" : "footer"
  }

  func sectionLayout(_ section: Int) -> SectionLayout? { nil }

  var scrollEventDelegate: (any HeadlessScrollViewDelegate)? { delegate }

  func prefetchData(at paths: [IndexPath]) {
    prefetchDataSource?.tableView(self, prefetchRowsAt: paths)
  }

  func cancelPrefetchingData(at paths: [IndexPath]) {
    prefetchDataSource?.tableView(self, cancelPrefetchingForRowsAt: paths)
  }

  func willDisplay(_ cell: HeadlessReusableView, at path: IndexPath) {
    guard let cell = cell as? HeadlessTableViewCell else { return }
    delegate?.tableView(self, willDisplay: cell, forRowAt: path)
  }

  func didEndDisplaying(_ cell: HeadlessReusableView, at path: IndexPath) {
    guard let cell = cell as? HeadlessTableViewCell else { return }
    delegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
  }

  /// A table has no layout object to ready.
  func prepareLayout() {}

  func didLayOut() { placeAccessories() }

  /// A table asks nothing more of a batch.
  func didApplyBatch(_ plan: BatchUpdatePlan) {}
}
