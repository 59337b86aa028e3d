import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// The table's nested types, its titled headers and footers, its prefetch calls and how its rows are sized, and what
// HeadlessUIKit adds to UIKit's surface.

extension HeadlessTableView {
  /// The table's style, as UIKit's `UITableView.Style`.
  public enum Style: Int, Sendable {
    /// Rows in one plain list with floating headers.
    case plain
    /// Sections as separate groups.
    case grouped
    /// Groups inset from the edges.
    case insetGrouped
  }

  /// The animation of row changes, as UIKit's `UITableView.RowAnimation`; headless views do not
  /// animate, but the last one asked for is kept in ``lastRowAnimation``.
  public enum RowAnimation: Int, Sendable {
    /// Fade in or out.
    case fade
    /// Slide from or to the right.
    case right
    /// Slide from or to the left.
    case left
    /// Slide from or to the top.
    case top
    /// Slide from or to the bottom.
    case bottom
    /// No animation.
    case none
    /// Keep the row centred while it appears or disappears.
    case middle
    /// Whatever suits.
    case automatic = 100
  }
}

extension HeadlessTableView {
  /// The header title the data source gives for a section.
  public func headerTitle(forSection section: Int) -> String? { title(.header, section: section) }

  /// The footer title the data source gives for a section.
  public func footerTitle(forSection section: Int) -> String? { title(.footer, section: section) }
}

extension HeadlessTableView {
  static let headerFooterIdentifier = "UITableViewHeaderFooterView"

  func title(_ kind: SupplementaryKind, section: Int) -> String? {
    guard let dataSource else { return nil }
    switch kind {
    case .header: return dataSource.tableView(self, titleForHeaderInSection: section)
    case .footer: return dataSource.tableView(self, titleForFooterInSection: section)
    }
  }

  func makeHeaderFooterView(_ kind: SupplementaryKind, section: Int)
    -> HeadlessReusableView?
  {
    guard let title = title(kind, section: section) else { return nil }
    let view =
      engine.dequeueSupplementary(
        identifier: Self.headerFooterIdentifier, kindName: elementKindName(kind),
        for: IndexPath(section: section, index: 0)) as? HeadlessTableViewHeaderFooterView
    guard let view else { return nil }
    // A title shows in the view's label (apps still restyle it in `willDisplayHeaderView`);
    // a view given a content configuration shows that instead, and its label is `nil`.
    view.tableStyle = style
    view.isFooter = kind == .footer
    view.textLabel?.text = title
    return view
  }
}

extension HeadlessTableView {
  /// Whether rows have heights of their own: from the delegate, a closure, their cells or
  /// estimates. Without any, every row is ``rowHeight`` tall and the table lays out in O(1).
  /// Setting any of these makes the table forget the heights it measured, as UIKit does.
  func updateRowSizing() {
    guard heightForRow != nil || delegate != nil || automaticRowHeight || estimatedRowHeight != 0
    else {
      engine.rowGeometry.sizing = nil
      engine.layout()
      return
    }
    // With no delegate and no per-row heights, every row shares the table's estimate.
    let uniformEstimate: CGFloat? =
      delegate == nil && heightForRow == nil && automaticRowHeight
      ? (estimatedRowHeight == Self.automaticDimension
        ? engine.lineLayout.rowHeight : estimatedRowHeight > 0 ? estimatedRowHeight : nil)
      : nil
    engine.rowGeometry.sizing = RowSizing(
      height: { [weak self] path in
        guard let self else { return nil }
        let height =
          self.heightForRow?(path) ?? self.delegate?.tableView(self, heightForRowAt: path)
          ?? self.rowHeight
        return height == Self.automaticDimension ? nil : height
      },
      estimate: { [weak self] path in
        guard let self else { return 0 }
        let estimate =
          self.delegate?.tableView(self, estimatedHeightForRowAt: path)
          ?? self.estimatedRowHeight
        // UIKit's automatic estimate, short of heights it measured before: an explicit row
        // height, else a standard row (§4b).
        return estimate == Self.automaticDimension ? self.engine.lineLayout.rowHeight : estimate
      }, uniformEstimate: uniformEstimate)
    engine.layout()
  }
}
