import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

extension HeadlessCollectionView {
  /// Where a scroll to an item leaves it on screen (UIKit's
  /// `UICollectionView.ScrollPosition`); the empty set scrolls as little as it takes.
  public struct ScrollPosition: OptionSet, Sendable {
    /// The option's bits.
    public let rawValue: UInt
    /// An option.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// At the top of the visible area.
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// In the middle, vertically.
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// At the bottom.
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// At the left of the visible area.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// In the middle, horizontally.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// At the right.
    public static let right = ScrollPosition(rawValue: 1 << 5)

    /// The alignment along a scroll axis.
    func alignment(horizontal: Bool) -> ScrollAlignment {
      let (start, center, end): (ScrollPosition, ScrollPosition, ScrollPosition) =
        horizontal ? (.left, .centeredHorizontally, .right) : (.top, .centeredVertically, .bottom)
      if contains(start) { return .start }
      if contains(center) { return .center }
      if contains(end) { return .end }
      return .nearest
    }
  }

  /// Scrolls so that an item is at `scrollPosition`. UIKit raises for an item or section the
  /// collection view does not have; this reports it and does not scroll. Animated, the content
  /// moves as ``HeadlessScrollView/setContentOffset(_:animated:)`` moves it.
  public func scrollToItem(
    at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool
  ) {
    guard isItemInBounds(indexPath), let attributes = layoutAttributesForItem(at: indexPath)
    else { return }
    engine.scroll(
      toShow: engine.transposed(attributes.frame),
      alignment: scrollPosition.alignment(horizontal: engine.viewport.isHorizontal),
      animated: animated)
  }

  /// Whether the view has an item at `indexPath`; reports it when not, as UIKit raises for an
  /// item it does not have (scrolling to it, selecting it).
  func isItemInBounds(_ indexPath: IndexPath) -> Bool {
    guard checkIndexPath(indexPath) else { return false }
    guard !engine.contains(indexPath) else { return true }
    engine.report(
      UIKitMessages.scrollOutOfBounds(
        section: indexPath.sectionIndex, item: indexPath.itemIndex, counts: engine.counts(),
        kind: .collectionView))
    return false
  }

  /// The user taps an entry of the index along the side (HeadlessUIKit only): the data source
  /// says which item it leads to, and the view scrolls it to the top (UIKit raises for an item
  /// it does not have, which is reported). Returns that index path, or `nil` for an entry the
  /// index does not show.
  @discardableResult
  public func userTapsIndexTitle(at index: Int) -> IndexPath? {
    guard let dataSource, let titles = dataSource.indexTitles(for: self),
      titles.indices.contains(index)
    else { return nil }
    let path = dataSource.collectionView(self, indexPathForIndexTitle: titles[index], at: index)
    scrollToItem(at: path, at: engine.viewport.isHorizontal ? .left : .top, animated: true)
    return path
  }
}

extension HeadlessCollectionView {
  /// How far a section that scrolls across the main scroll (a compositional layout's
  /// orthogonal section) is scrolled across; 0 for any other (HeadlessUIKit only).
  public func orthogonalOffset(ofSection section: Int) -> CGFloat {
    engine.viewport.orthogonalOffsets[section] ?? 0
  }

  /// The user scrolls a section that scrolls across the main scroll (a carousel) by `distance`
  /// points, within its content: its items come and go as the main scroll's do, and the
  /// delegate hears no `scrollViewDidScroll(_:)` — the section has a scroll view of its own
  /// (UIKit rules §7.9). Does nothing for another section (HeadlessUIKit only).
  public func userScrollsSection(_ section: Int, by distance: CGFloat) {
    let frames = engine.sectionFrames()
    guard frames.indices.contains(section), let row = frames[section].layout.orthogonal else {
      return
    }
    let insets = frames[section].layout.crossInsets
    let content = row.length(ofItems: engine.counts()[section]) + insets.start + insets.end
    let maximum = max(0, content - engine.viewport.breadth)
    let offset = min(max(0, orthogonalOffset(ofSection: section) + distance), maximum)
    engine.viewport.orthogonalOffsets[section] = offset
    engine.layout()
  }
}
