import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// How a flow layout's items get their sizes: the delegate's (heights and widths), or their
// cells' with an estimate (UIKit rules §4b), and the delegate's sizes UIKit logs.

extension HeadlessCollectionView {
  /// An item the flow delegate sizes wider than the content (the section and content insets
  /// taken off) is logged, as UIKit does, with its note on the delegate; once an item here.
  private func checkDelegateItemSize(
    _ size: CGSize, at path: IndexPath, flow: HeadlessCollectionViewFlowLayout
  ) {
    let horizontal = flow.scrollDirection == .horizontal
    let across = horizontal ? size.height : size.width
    let insets = flow.sectionInsets.across
    let content =
      horizontal ? contentInset.top + contentInset.bottom : contentInset.left + contentInset.right
    guard engine.viewport.breadth > 0,
      across > engine.viewport.breadth - insets.0 - insets.1 - content,
      tooWideItemsReported.insert(path).inserted
    else { return }
    engine.report(UIKitMessages.itemTooWide(horizontal, fromDelegate: true))
  }

  /// What decides each item's length along the scroll, for a flow layout of one item per line.
  struct ItemSizing: Equatable {
    var selfSizing: Bool
    var estimate: CGFloat
    var spacing: CGFloat
    var interitemSpacing: CGFloat
    var horizontal: Bool
    var delegate: ObjectIdentifier?
  }

  /// Gives items lengths of their own — the flow delegate's sizes, or their cells' once shown
  /// with an `estimatedItemSize`. The delegate's sizes give widths too: its lines break by
  /// width and hold as many items as fit (``FlowLines``); self-sizing cells keep `itemSize`'s
  /// columns. The heights measured are kept until this changes.
  func updateItemSizing() {
    // A compositional layout's sections size their items themselves, section by section.
    let flowDelegate = delegate as? any HeadlessCollectionViewDelegateFlowLayout
    guard let flow = collectionViewLayout as? HeadlessCollectionViewFlowLayout,
      flow.estimatedItemSize != .zero || flowDelegate != nil
    else {
      if itemSizing != nil {
        itemSizing = nil
        engine.rowGeometry.sizing = nil
      }
      return
    }
    let horizontal = flow.scrollDirection == .horizontal
    let automatic = flow.estimatedItemSize == HeadlessCollectionViewFlowLayout.automaticSize
    // Cells measure their height for a width: self-sizing works in vertical layouts here.
    let selfSizing = flow.estimatedItemSize != .zero && !horizontal
    let sizing = ItemSizing(
      selfSizing: selfSizing,
      estimate: automatic ? flow.itemSize.height : flow.estimatedItemSize.height,
      spacing: max(0, flow.minimumLineSpacing),
      interitemSpacing: max(0, flow.minimumInteritemSpacing), horizontal: horizontal,
      delegate: flowDelegate.map { ObjectIdentifier($0) })
    guard sizing != itemSizing else { return }
    itemSizing = sizing
    engine.rowGeometry.sizing = RowSizing(
      height: { [weak self, weak flow] path in
        guard let self, let flow, !sizing.selfSizing else { return nil }
        let size = self.delegateSize(at: path, flow: flow)
        self.checkDelegateItemSize(size, at: path, flow: flow)
        return sizing.horizontal ? size.width : size.height
      },
      estimate: sizing.selfSizing ? { _ in sizing.estimate } : nil, spacing: sizing.spacing,
      lengths: sizing.selfSizing || sizing.delegate == nil
        ? nil
        : { [weak self, weak flow] path in
          guard let self, let flow else { return (0, 0) }
          let size = self.delegateSize(at: path, flow: flow)
          self.checkDelegateItemSize(size, at: path, flow: flow)
          return sizing.horizontal ? (size.width, size.height) : (size.height, size.width)
        },
      interitemSpacing: sizing.interitemSpacing)
  }

  /// The flow delegate's size for an item, or the layout's `itemSize` without a delegate.
  private func delegateSize(at path: IndexPath, flow: HeadlessCollectionViewFlowLayout) -> CGSize {
    (delegate as? any HeadlessCollectionViewDelegateFlowLayout)?.collectionView(
      self, layout: flow, sizeForItemAt: path) ?? flow.itemSize
  }
}
