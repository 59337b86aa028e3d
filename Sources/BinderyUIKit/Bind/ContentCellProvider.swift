import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// The cell providers that also receive the item's content state, one per view.
@usableFromInline
enum ContentCellProvider<Item, Content: Sendable> {
  @usableFromInline
  typealias Table =
    @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
    UITableViewCell
  @usableFromInline
  typealias Collection =
    @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
    UICollectionViewCell
}

/// The cell providers that receive two kinds of content for the item, one per view.
@usableFromInline
enum TwoContentCellProvider<Item, First: Sendable, Second: Sendable> {
  @usableFromInline
  typealias Table =
    @MainActor (UITableView, IndexPath, Item, ContentState<First>, ContentState<Second>) ->
    UITableViewCell
  @usableFromInline
  typealias Collection =
    @MainActor (UICollectionView, IndexPath, Item, ContentState<First>, ContentState<Second>) ->
    UICollectionViewCell
}

/// Lets the cell provider reach the content binding made after it. Once the binding is gone
/// (its view still asks for cells, from the last list it showed) cells read the store's state,
/// asking it for nothing.
@MainActor
final class ContentBox<Section, Item, Key: Hashable & Sendable, Content: Sendable>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  weak var content: ContentBinding<Section, Item, Key, Content>?
  private weak var store: ContentStore<Key, Content>?
  private let contentKey: (Item) -> Key

  init(store: ContentStore<Key, Content>, contentKey: @escaping (Item) -> Key) {
    self.store = store
    self.contentKey = contentKey
  }

  /// The state a cell configured now would be handed for `item`, recording nothing.
  func stateForCell(of item: Item) -> ContentState<Content> {
    guard let content else { return store?.currentState(for: contentKey(item)) ?? .notRequested }
    return content.stateForCell(of: item)
  }

  func cell<Cell: AnyObject>(
    for item: Item, at path: IndexPath, configure: (ContentState<Content>) -> Cell
  ) -> Cell {
    guard let content else {
      return configure(store?.currentState(for: contentKey(item)) ?? .notRequested)
    }
    return content.cell(for: item, at: ItemPosition(path), configure: configure)
  }
}
