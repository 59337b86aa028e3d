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

// Binding with cell registrations (iOS 14), the way Apple's modern collection view samples
// write cells: make the registration once, up front, and bind with it. A registration is a
// form of cell provider: each `bind(to:using:)` is `bind(to:cellProvider:)` with the
// registration's dequeue as its provider.

extension UICollectionView {
  /// Shows every list `source` sends, each cell dequeued and configured with `registration`
  /// (made once, before binding: UIKit raises for one made while it asks for a cell).
  ///
  /// ```swift
  /// let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Mate> {
  ///   cell, _, mate in …
  /// }
  /// collectionView.bind(to: .publisher(viewModel.$mates), using: cell)
  /// ```
  @inlinable
  public func bind<Section, Item, Cell>(
    to source: ListSource<Section, Item>,
    using registration: UICollectionView.CellRegistration<Cell, Item>
  ) -> CollectionBinding<Section, Item> {
    bind(to: source, cellProvider: Self.cells(registration))
  }

  /// Shows every list `source` sends, with late per-item content and a cell registration:
  /// the registration receives each item with its content's state (``ItemWithContent``).
  @inlinable
  public func bind<Section, Item, Key, Content, Cell>(
    to source: ListSource<Section, Item>, content: LateContent<Item, Key, Content>,
    using registration: UICollectionView.CellRegistration<Cell, ItemWithContent<Item, Content>>
  ) -> CollectionBinding<Section, Item> {
    bind(to: source, content: content, cellProvider: Self.cells(registration))
  }

  /// Shows every list `source` sends, with two kinds of late content per item, each from its
  /// own store, and a cell registration: the registration receives each item with both
  /// states (``ItemWithTwoContents``). Each kind is keyed, prefetched and held as it is alone.
  ///
  /// ```swift
  /// let cell = UICollectionView.CellRegistration<
  ///   AppCell, ItemWithTwoContents<StoreApp, UIImage, UIImage>
  /// > { cell, _, app in
  ///   cell.iconView.image = app.content.content
  ///   cell.screenshotView.image = app.secondContent.content
  /// }
  /// collectionView.bind(
  ///   to: .publisher(viewModel.$apps),
  ///   content: .store(icons, keyedBy: \.iconURL), .store(screenshots, keyedBy: \.screenshotURL),
  ///   using: cell)
  /// ```
  @inlinable
  public func bind<Section, Item, Key, Content, SecondKey, SecondContent, Cell>(
    to source: ListSource<Section, Item>, content: LateContent<Item, Key, Content>,
    _ second: LateContent<Item, SecondKey, SecondContent>,
    using registration: UICollectionView.CellRegistration<
      Cell, ItemWithTwoContents<Item, Content, SecondContent>
    >
  ) -> CollectionBinding<Section, Item> {
    bind(to: source, content: content, second, cellProvider: Self.cells(registration))
  }
}

extension UICollectionView {
  /// The cell provider that dequeues and configures with a registration.
  @inlinable
  static func cells<Cell, Item>(_ registration: UICollectionView.CellRegistration<Cell, Item>)
    -> @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  {
    { collectionView, indexPath, item in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
  }

  /// The cell provider that hands a registration each item with both its contents' states.
  @inlinable
  static func cells<Cell, Item, Content, SecondContent>(
    _ registration: UICollectionView.CellRegistration<
      Cell, ItemWithTwoContents<Item, Content, SecondContent>
    >
  )
    -> @MainActor (
      UICollectionView, IndexPath, Item, ContentState<Content>, ContentState<SecondContent>
    ) -> UICollectionViewCell
  {
    { collectionView, indexPath, item, content, second in
      collectionView.dequeueConfiguredReusableCell(
        using: registration, for: indexPath,
        item: ItemWithTwoContents(item: item, content: content, secondContent: second))
    }
  }

  /// The cell provider that hands a registration each item with its content's state.
  @inlinable
  static func cells<Cell, Item, Content>(
    _ registration: UICollectionView.CellRegistration<Cell, ItemWithContent<Item, Content>>
  ) -> @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) -> UICollectionViewCell
  {
    { collectionView, indexPath, item, content in
      collectionView.dequeueConfiguredReusableCell(
        using: registration, for: indexPath, item: ItemWithContent(item: item, content: content))
    }
  }
}
