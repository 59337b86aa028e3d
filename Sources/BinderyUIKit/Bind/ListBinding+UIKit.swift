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
    let offset = adapter?.scrollOffset(atContentOffset: targetContentOffset)
    flingWillComeToRest(atOffset: offset ?? Double(targetContentOffset.y))
  }

  // MARK: Features, as modifiers

  /// The adapter `bind(to:)` installed, if this binding was made by it.
  private var adapter: ListAdapter<Section, Item>? { view as? ListAdapter<Section, Item> }

  /// The adapter `bind(to:)` installed, for a modifier to set up; `nil`, with the modifier
  /// reported on ``errors`` as doing nothing, for a binding on a view of the app's own
  /// (``ListView``) or one that has stopped.
  func adapter(for modifier: String) -> ListAdapter<Section, Item>? {
    if let adapter { return adapter }
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

  /// How batches animate: a table's row animation, or ``UpdateAnimation/none`` for none at all
  /// (`UIView.performWithoutAnimation(_:)`). `.automatic` by default.
  @discardableResult
  public func animation(_ animation: UpdateAnimation) -> Self {
    adapter(for: "animation(_:)")?.features.animation = animation
    return self
  }

  /// The title of each section's header: a table's title header, or, in a collection view
  /// whose layout asks for headers (a list layout's supplementary header mode, a flow layout's
  /// header size) and that has no other header, a list cell showing it. An existing header's
  /// title is updated in place when its section's value changes; no row is replaced.
  @discardableResult
  public func headerTitles(_ title: @escaping @MainActor (Section) -> String?) -> Self {
    adapter(for: "headerTitles(_:)")?.features.headerTitle = title
    return self
  }

  /// The title of each section's footer, in tables and collection views as header titles are,
  /// and updated in place as they are.
  @discardableResult
  public func footerTitles(_ title: @escaping @MainActor (Section) -> String?) -> Self {
    adapter(for: "footerTitles(_:)")?.features.footerTitle = title
    return self
  }

  /// The section index along the side of the view: each section's entry, or `nil` for none. A
  /// tap on an entry scrolls to its section.
  @discardableResult
  public func sectionIndexTitles(_ title: @escaping @MainActor (Section) -> String?) -> Self {
    adapter(for: "sectionIndexTitles(_:)")?.features.indexTitle = title
    return self
  }

  /// Lets the user delete rows by swiping (tables, and list layouts through
  /// ``deleteSwipeActions(at:title:)``): `canDelete` decides which (all by default), and
  /// `handler` is told the item the user deleted and where it was. The row leaves at once, with
  /// UIKit's own animation — UIKit needs it gone when the swipe ends, or it slides back into
  /// place — and the next list is diffed from there: remove the item from your source; a list
  /// that still has it shows it again. Without this modifier no row offers a delete.
  ///
  /// UIKit asks one question, `tableView(_:canEditRowAt:)`, for deleting and for reordering: a
  /// row that may move (``onMove(canMove:_:)``) but not be deleted still shows a Delete control
  /// unless your table view delegate returns `.none` from
  /// `tableView(_:editingStyleForRowAt:)`; Bindery ignores a delete of it.
  @discardableResult
  public func onDelete(
    canDelete: (@MainActor (Item) -> Bool)? = nil,
    _ handler: @escaping @MainActor (_ item: Item, _ indexPath: IndexPath) -> Void
  ) -> Self {
    adapter(for: "onDelete(canDelete:_:)")?.features.deletion = .init(
      canDelete: canDelete, delete: handler)
    return self
  }

  /// Lets the user reorder rows or items: `canMove` decides which (all by default), and
  /// `handler` is told the item, where it was and where the user put it. The binding's
  /// snapshot follows the move at once, so the next list is diffed from what the user sees;
  /// update your source to match.
  @discardableResult
  public func onMove(
    canMove: (@MainActor (Item) -> Bool)? = nil,
    _ handler: @escaping @MainActor (_ item: Item, _ from: IndexPath, _ to: IndexPath) -> Void
  ) -> Self {
    adapter(for: "onMove(canMove:_:)")?.features.reordering = .init(
      canMove: canMove, moved: handler)
    return self
  }

  /// Chooses, for each content change (same id, new value), between a reconfigure — the same
  /// cell, configured again, which UIKit requires be dequeued with the same reuse identifier —
  /// and a reload, which replaces the cell. Return `true` when the change needs another cell:
  /// a cell provider that picks its cell class from the item (an away mate in a cell of its
  /// own) must reload, or UIKit raises at the first change. Reloads go in a batch of their own,
  /// before the reconfigures. Without this modifier every content change is a reconfigure.
  ///
  /// ```swift
  /// binding.reloadItems(when: { old, new in old.isAway != new.isAway })
  /// ```
  @discardableResult
  public func reloadItems(
    when needsNewCell: @escaping @MainActor (_ old: Item, _ new: Item) -> Bool
  )
    -> Self
  {
    adapter(for: "reloadItems(when:)")?.features.reloadWhen = needsNewCell
    return self
  }

  /// Calls `handler` with each section whose value changed in place (same id, new value),
  /// with its index, once the view shows it: update the header and footer views your table
  /// view delegate makes (`tableView.headerView(forSection:)`). Title headers and footers and
  /// supplementary views set with modifiers are updated by Bindery itself; a table then
  /// measures its headers and footers again.
  @discardableResult
  public func onSectionChange(
    _ handler: @escaping @MainActor (_ section: Section, _ index: Int) -> Void
  ) -> Self {
    adapter(for: "onSectionChange(_:)")?.features.sectionChanged = handler
    return self
  }

  /// A collection view's supplementary view of a kind — a section header or footer — made from
  /// `viewClass` (registered here) and configured with its section. When a section's value
  /// changes, its existing views are configured again in place; no item is replaced.
  ///
  /// ```swift
  /// collectionView.bind(to: viewModel.$teams) { … }
  ///   .supplementaryView(ofKind: UICollectionView.elementKindSectionHeader, TeamHeader.self) {
  ///     header, team, indexPath in header.title = team.name
  ///   }
  ///   .store(in: &cancellables)
  /// ```
  @discardableResult
  public func supplementaryView<View: UICollectionReusableView>(
    ofKind kind: String, _ viewClass: View.Type,
    configure: @escaping @MainActor (View, Section, IndexPath) -> Void
  ) -> Self {
    guard let adapter = collectionAdapter(for: "supplementaryView(ofKind:_:configure:)"),
      let collectionView = adapter.collectionView
    else { return self }
    let identifier = "Bindery.\(kind).\(String(describing: viewClass))"
    collectionView.register(
      viewClass, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
    adapter.features.supplementaryViews[kind] = .init(reuseIdentifier: identifier) {
      view, section, indexPath in
      if let view = view as? View { configure(view, section, indexPath) }
    }
    return self
  }
}
