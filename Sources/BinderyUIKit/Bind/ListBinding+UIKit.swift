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
}

extension ViewBinding {
  /// Tells prefetching where a fling will come to rest. Call it from your scroll view
  /// delegate's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` with the
  /// target after your own changes (paging, snapping), and the screen there loads first.
  /// Optional: without it, Bindery works the landing out from the view's speed.
  public func flingWillComeToRest(at targetContentOffset: CGPoint) {
    let offset = adapter?.scrollOffset(atContentOffset: targetContentOffset)
    flingWillComeToRest(atOffset: offset ?? Double(targetContentOffset.y))
  }

  /// The adapter while the binding runs; `nil` once it stopped. For what is not a modifier (a
  /// swipe's delete, BinderySwiftUI's calls), which has nothing to report.
  var runningAdapter: ListAdapter<Section, Item>? { isCancelled ? nil : adapter }

  /// How many cells' kinds the binding remembers (``replacesCells(byKind:)``): at most one
  /// per cell the view made. For tests.
  package var rememberedCellKinds: Int { adapter?.cellKinds.count ?? 0 }

  /// How many cells' observation trackings are registered: at most one per cell the view
  /// made. For tests.
  package var cellTrackingCount: Int { adapter?.cellTrackingCount ?? 0 }

  /// Makes `change` — one the binding does not make itself, to the view it binds (a new
  /// layout) — and keeps the reader's place across it, as the anchor keeps it across an
  /// update. Once stopped, only makes it.
  package func keepingPlace(_ change: () -> Void) {
    guard let runningAdapter else { return change() }
    runningAdapter.keepingPlace(change)
  }
}
