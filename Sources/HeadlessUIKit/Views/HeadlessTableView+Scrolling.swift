import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension HeadlessTableView {
  /// Where a scroll to a row leaves it on screen (UIKit's `UITableView.ScrollPosition`).
  public enum ScrollPosition: Int, Sendable {
    /// As little as it takes to show the row.
    case none
    /// At the top of the visible area.
    case top
    /// In the middle.
    case middle
    /// At the bottom.
    case bottom

    var alignment: ScrollAlignment {
      switch self {
      case .none: .nearest
      case .top: .start
      case .middle: .center
      case .bottom: .end
      }
    }
  }

  /// Scrolls so that a row is at `scrollPosition`; a row of `NSNotFound` scrolls to the
  /// section (even one with no rows), as in UIKit. UIKit raises for a row or section the table
  /// does not have; this reports it and does not scroll. HeadlessUIKit does not animate.
  public func scrollToRow(
    at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool
  ) {
    guard checkIndexPath(indexPath) else { return }
    let counts = engine.counts()
    if indexPath.itemIndex == NSNotFound, counts.indices.contains(indexPath.sectionIndex) {
      engine.scroll(
        toShow: rect(forSection: indexPath.sectionIndex), alignment: scrollPosition.alignment,
        animated: animated)
      return
    }
    guard engine.contains(indexPath) else {
      engine.report(
        UIKitMessages.scrollOutOfBounds(
          section: indexPath.sectionIndex, item: indexPath.itemIndex, counts: counts,
          kind: .tableView))
      return
    }
    engine.scroll(
      toShow: engine.frame(of: indexPath), alignment: scrollPosition.alignment, animated: animated)
  }

  /// The user taps an entry of the section index (HeadlessUIKit only): the data source says
  /// which section it leads to, and the table scrolls to that section's top. A section the
  /// table does not have is reported as UIKit raises for it. Returns the section, or `nil` for
  /// an entry the index does not show.
  @discardableResult
  public func userTapsSectionIndexTitle(at index: Int) -> Int? {
    guard let titles = displayedSectionIndexTitles, titles.indices.contains(index),
      let dataSource
    else { return nil }
    let section = dataSource.tableView(self, sectionForSectionIndexTitle: titles[index], at: index)
    let counts = engine.counts()
    guard counts.indices.contains(section) else {
      engine.report(
        UIKitMessages.scrollOutOfBounds(
          section: section, item: nil, counts: counts, kind: .tableView))
      return section
    }
    engine.scroll(toShow: rect(forSection: section), alignment: .start)
    return section
  }
}
