import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif
#if canImport(Combine)
  import Combine
#endif

// A binding is Combine's `Cancellable`, so the publisher variant of `bind(to:)` returns it and
// it still stores in one line: `.store(in: &cancellables)` (which keeps it alive, and cancels it
// when the set lets it go).
extension ListBinding: Cancellable {}

extension ListBinding {
  // MARK: Reading what the view shows

  /// The item the view shows at an index path — what the user tapped — or `nil` out of range.
  ///
  /// Read it here, not from the view model: while a diff or the first-display hold is under
  /// way, the view model's newest list is not yet what the view shows.
  public func item(at indexPath: IndexPath) -> Item? {
    guard indexPath.count == 2 else { return nil }
    return item(at: ItemPosition(section: indexPath[0], item: indexPath[1]))
  }

  /// The index path at which the view shows the item with an id, or `nil`.
  public func indexPath(for id: Item.ID) -> IndexPath? {
    position(of: id).map { IndexPath(indexes: [$0.section, $0.item]) }
  }

  /// The section the view shows at an index, or `nil` out of range.
  public func section(at index: Int) -> Section? { snapshot.section(at: index) }

  /// Tells prefetching where a fling will come to rest. Call it from your scroll view
  /// delegate's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` with the
  /// target after your own changes (paging, snapping), and the screen there loads first.
  /// Optional: without it, Bindery works the landing out from the view's speed.
  public func flingWillComeToRest(at targetContentOffset: CGPoint) {
    let offset = installedAdapter?.scrollOffset(atContentOffset: targetContentOffset)
    flingWillComeToRest(atOffset: offset ?? Double(targetContentOffset.y))
  }

  // MARK: Features, as modifiers

  /// The adapter `bind(to:)` installed, if this binding was made by it.
  var installedAdapter: ListAdapter<Section, Item>? { view as? ListAdapter<Section, Item> }

  /// How many cells' kinds the binding remembers (``replacesCells(byKind:)``): at most one
  /// per cell the view made. For tests.
  package var rememberedCellKinds: Int { installedAdapter?.cellKinds.count ?? 0 }

  /// How many cells' observation trackings are registered: at most one per cell the view
  /// made. For tests.
  package var cellTrackingCount: Int { installedAdapter?.cellTrackingCount ?? 0 }

  /// Makes `change` — one the binding does not make itself, to the view it binds (a new
  /// layout) — and keeps the reader's place across it, as the anchor keeps it across an
  /// update. Without a view of `bind(to:)`'s, or once stopped, only makes it.
  package func keepingPlace(_ change: () -> Void) {
    guard let installedAdapter, !isCancelled else { return change() }
    installedAdapter.keepingPlace(change)
  }

  /// The adapter `bind(to:)` installed, for a modifier to set up; `nil`, with the modifier
  /// reported on ``errors`` as doing nothing, for a binding on a view of the app's own
  /// (``ListView``) or one that has stopped.
  func adapter(for modifier: String) -> ListAdapter<Section, Item>? {
    if let installedAdapter { return installedAdapter }
    reportMisuse(
      modifier,
      isCancelled
        ? "the binding has stopped"
        : "the binding's view is the app's own ListView, and modifiers set up the tables and "
          + "collection views that bind(to:) binds")
    return nil
  }

  /// The collection view `bind(to:)` bound, for a modifier only collection views have; `nil`,
  /// reported, otherwise.
  func collectionAdapter(for modifier: String) -> ListAdapter<Section, Item>? {
    guard let adapter = adapter(for: modifier) else { return nil }
    guard adapter.collectionView == nil else { return adapter }
    reportMisuse(
      modifier,
      "tables have no supplementary views; use headerTitles(_:) and "
        + "footerTitles(_:), or your table view delegate's header and footer views")
    return nil
  }

}
