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

extension UITableView {
  /// Shows every array an `AsyncSequence` sends, with diffed batch updates.
  ///
  /// Installs the table's data source; `cellProvider` is called with the current value of the
  /// item for each row UIKit asks for. Keep the returned binding for as long as the table shows
  /// the list: the table holds its data source weakly, as UIKit's do.
  ///
  /// ```swift
  /// let binding = tableView.bind(to: mateUpdates) { tableView, indexPath, mate in
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
  ///   cell.textLabel?.text = mate.name
  ///   return cell
  /// }
  /// ```
  @inlinable @discardableResult
  public func bind<Source, Item>(
    to source: Source,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  ) -> ListBinding<FlatSection, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    installBinding(titles: nil, cellProvider: cellProvider) {
      ListBinding(view: $0, items: source, pipeline: DiffPipeline())
    }
  }

  /// Shows every list of sections an `AsyncSequence` sends; `titleForSection` gives the section
  /// header titles.
  @inlinable @discardableResult
  public func bind<Source, Section, Item>(
    to source: Source,
    titleForSection: (@MainActor (Section) -> String?)? = nil,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  ) -> ListBinding<Section, Item>
  where
    Source: AsyncSequence & Sendable, Source.Element == [ListSection<Section, Item>],
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    installBinding(titles: titleForSection, cellProvider: cellProvider) {
      ListBinding(view: $0, source: source, pipeline: DiffPipeline())
    }
  }

  /// Shows every array a Combine publisher sends, in one line:
  ///
  /// ```swift
  /// tableView.bind(to: viewModel.$mates) { tableView, indexPath, mate in … }
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// Values may arrive on any thread; they are diffed off the main actor. Cancelling (or
  /// releasing) the returned cancellable ends the subscription and the binding.
  @inlinable
  public func bind<P, Item>(
    to publisher: P,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  ) -> AnyCancellable
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    let binding: ListBinding<FlatSection, Item> = installBinding(
      titles: nil, cellProvider: cellProvider,
      make: { ListBinding(view: $0, pipeline: DiffPipeline()) })
    return binding.cancellable(publisher.sink { binding.submit(items: $0) })
  }

  /// Shows every list of sections a Combine publisher sends; see ``bind(to:cellProvider:)``.
  @inlinable
  public func bind<P, Section, Item>(
    to publisher: P,
    titleForSection: (@MainActor (Section) -> String?)? = nil,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  ) -> AnyCancellable
  where
    P: Publisher, P.Output == [ListSection<Section, Item>], P.Failure == Never,
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    let binding: ListBinding<Section, Item> = installBinding(
      titles: titleForSection, cellProvider: cellProvider,
      make: { ListBinding(view: $0, pipeline: DiffPipeline()) })
    return binding.cancellable(publisher.sink { binding.submit($0) })
  }

  @usableFromInline
  func installBinding<Section, Item>(
    titles: (@MainActor (Section) -> String?)?,
    cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell,
    make: (any ListView) -> ListBinding<Section, Item>
  ) -> ListBinding<Section, Item> {
    let adapter = TableViewAdapter<Section, Item>(
      tableView: self, cellProvider: cellProvider, titleProvider: titles)
    let binding = make(adapter)
    adapter.binding = binding
    dataSource = adapter
    return binding
  }
}

extension ListBinding {
  /// A cancellable that ends a publisher subscription and this binding together, and keeps the
  /// binding alive until then.
  @usableFromInline
  nonisolated func cancellable(_ subscription: AnyCancellable) -> AnyCancellable {
    AnyCancellable {
      subscription.cancel()
      self.cancel()
    }
  }
}
