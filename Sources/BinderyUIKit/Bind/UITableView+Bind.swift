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

// One declaration per shape, so that a mistake in a cell provider is reported as that mistake:
// with one `bind` per kind of source, the compiler blamed a typo in the closure on the source
// (it picked another overload to explain it). The kind of source is a `ListSource` value
// instead; flat or sectioned is its element type. `DiffPipeline()` is created here, in
// inlinable code, so that the diff is specialized for the caller's item types.

extension UITableView {
  /// Shows every list `source` sends, with diffed batch updates.
  ///
  /// Installs the table's data source (detaching a binding it had); `cellProvider` is called
  /// with the current value of the item for each row UIKit asks for. The result is the
  /// binding: keep it for as long as the table shows the list — releasing or cancelling it
  /// stops it, and the table holds its data source weakly, as UIKit's do. It is a Combine
  /// `Cancellable`, so it stores like any subscription. Features around the rows — titles, an
  /// index, deletion, reordering, the animation, load more, an empty state — are its modifiers.
  ///
  /// ```swift
  /// tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
  ///   cell.textLabel?.text = mate.name
  ///   return cell
  /// }
  /// .store(in: &cancellables)
  /// ```
  ///
  /// - Parameters:
  ///   - source: where the lists come from: ``ListSource/publisher(_:)-(P)``,
  ///     ``ListSource/sequence(_:)-(S)``, flat or in sections.
  ///   - cellProvider: the cell for an item, dequeued from this table.
  /// - Complexity: each list is diffed off the main actor in O(n + d log d) for n items and d
  ///   changes; the main actor applies the batch.
  @inlinable
  public func bind<Section, Item>(
    to source: ListSource<Section, Item>,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  ) -> TableBinding<Section, Item> {
    BindingCore._bind(self, cells: .table(cellProvider), source: source, pipeline: DiffPipeline())
  }

  /// Shows every list `source` sends, with late per-row content: each item's content comes
  /// from `content`'s store, and the cell provider receives its state.
  ///
  /// Each cell holds interest in the content it shows; when content arrives or fails, the
  /// rows showing its key are reconfigured with the current item: no diff runs and the list is
  /// not touched. Unless prefetching is ``Prefetching/never``, the first screen is requested
  /// before UIKit asks for a cell, then a window ahead of the scroll.
  ///
  /// ```swift
  /// let avatars = ContentStore<Mate.ID, UIImage>(
  ///   configuration: .init(costLimit: 64 << 20, cost: bitmapBytes)  // an image's decoded bytes
  /// ) { id in try await api.avatar(id) }
  /// tableView.bind(to: .publisher(viewModel.$mates), content: .store(avatars)) {
  ///   tableView, indexPath, mate, avatar in
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
  ///   cell.imageView?.image = avatar.content ?? placeholder
  ///   return cell
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - source: where the lists come from.
  ///   - content: the store, the key, the prefetching and the holds:
  ///     ``LateContent/store(_:prefetching:holdingFirstDisplay:holdingNewRows:)``.
  ///   - cellProvider: the cell for an item and the state of its content.
  @inlinable
  public func bind<Section, Item, Key, Content>(
    to source: ListSource<Section, Item>, content: LateContent<Item, Key, Content>,
    cellProvider:
      @escaping @MainActor (UITableView, IndexPath, Item, ContentState<Content>) ->
      UITableViewCell
  ) -> TableBinding<Section, Item> {
    BindingCore._bind(
      self, content: content, cells: cellProvider, source: source, pipeline: DiffPipeline())
  }

  /// Shows every list `source` sends, with two kinds of late content per row — an app's icon
  /// and its screenshots, a mate's avatar and a preview — each from its own store: the cell
  /// provider receives both states.
  ///
  /// Each kind is what it would be alone (see ``bind(to:content:cellProvider:)``): its cells
  /// hold interest in it, it is prefetched ahead of the scroll by its own prefetching, and a
  /// row is reconfigured when either arrives or fails. Holds wait for both kinds, at once, each
  /// up to its own deadline.
  ///
  /// ```swift
  /// tableView.bind(
  ///   to: .publisher(viewModel.$apps),
  ///   content: .store(icons, keyedBy: \.iconURL), .store(screenshots, keyedBy: \.screenshotURL)
  /// ) { tableView, indexPath, app, icon, screenshot in … }
  /// ```
  ///
  /// - Parameters:
  ///   - source: where the lists come from.
  ///   - content: the first kind of content: its store, key, prefetching and holds.
  ///   - second: the second kind, the same way.
  ///   - cellProvider: the cell for an item and the states of both kinds of content.
  @inlinable
  public func bind<Section, Item, Key, Content, SecondKey, SecondContent>(
    to source: ListSource<Section, Item>, content: LateContent<Item, Key, Content>,
    _ second: LateContent<Item, SecondKey, SecondContent>,
    cellProvider:
      @escaping @MainActor (
        UITableView, IndexPath, Item, ContentState<Content>, ContentState<SecondContent>
      ) -> UITableViewCell
  ) -> TableBinding<Section, Item> {
    BindingCore._bind(
      self, content: content, second, cells: cellProvider, source: source,
      pipeline: DiffPipeline())
  }
}
