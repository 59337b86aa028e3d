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

// The same shapes as `UITableView`'s, through the same `BindingCore`. Section headers and
// footers are supplementary views: see `ListBinding.supplementaryViews(ofKind:using:)`.

extension UICollectionView {
  /// Shows every list `source` sends, with diffed batch updates.
  ///
  /// Installs the collection view's data source (detaching a binding it had); `cellProvider`
  /// is called with the current value of the item for each item UIKit asks for. Keep the
  /// returned binding for as long as the view shows the list: releasing or cancelling it stops
  /// it. See `UITableView.bind(to:cellProvider:)`; with cell registrations, see
  /// ``bind(to:using:)``.
  ///
  /// ```swift
  /// collectionView.bind(to: .sequence(feed.updates)) { collectionView, indexPath, post in
  ///   collectionView.dequeueReusableCell(withReuseIdentifier: "post", for: indexPath)
  /// }
  /// ```
  ///
  /// - Complexity: each list is diffed off the main actor in O(n + d log d) for n items and d
  ///   changes; the main actor applies the batch.
  @inlinable
  public func bind<Section, Item>(
    to source: ListSource<Section, Item>,
    cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  ) -> CollectionBinding<Section, Item> {
    BindingCore._bind(
      self, cells: .collection(cellProvider), source: source, pipeline: DiffPipeline())
  }

  /// Shows every list `source` sends, with late per-item content: each item's content comes
  /// from `content`'s store, and the cell provider receives its state. See
  /// `UITableView.bind(to:content:cellProvider:)`.
  @inlinable
  public func bind<Section, Item, Key, Content>(
    to source: ListSource<Section, Item>, content: LateContent<Item, Key, Content>,
    cellProvider:
      @escaping @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) ->
      UICollectionViewCell
  ) -> CollectionBinding<Section, Item> {
    BindingCore._bind(
      self, content: content, cells: cellProvider, source: source, pipeline: DiffPipeline())
  }

  /// Shows every list `source` sends, with two kinds of late content per item, each from its
  /// own store: the cell provider receives both states. See
  /// `UITableView.bind(to:content:_:cellProvider:)`.
  @inlinable
  public func bind<Section, Item, Key, Content, SecondKey, SecondContent>(
    to source: ListSource<Section, Item>, content: LateContent<Item, Key, Content>,
    _ second: LateContent<Item, SecondKey, SecondContent>,
    cellProvider:
      @escaping @MainActor (
        UICollectionView, IndexPath, Item, ContentState<Content>, ContentState<SecondContent>
      ) -> UICollectionViewCell
  ) -> CollectionBinding<Section, Item> {
    BindingCore._bind(
      self, content: content, second, cells: cellProvider, source: source,
      pipeline: DiffPipeline())
  }
}
