import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension ListBinding {
  /// Asks for more when the user comes within `threshold` items of the end of the list (or, with
  /// `edge: .start`, of its start: a chat's history): `load` fetches the next page and sends the
  /// longer list to the binding's source. At most one request runs at a time, only while
  /// `hasMore()`, and never twice for one page: the next check waits until the page is shown.
  /// A failed request is retried when the user comes near the edge again, or with
  /// ``PageLoader/retry()`` (a "try again" button).
  ///
  /// `footer` gives the view a table shows below its rows (`tableFooterView`; above them,
  /// `tableHeaderView`, for `.start`) for each state — a spinner while loading, a retry button
  /// after a failure, `nil` for none — outside the data source, so the rows' diff is not
  /// disturbed. UIKit sizes these views by their frames: one without a height gets 44 points. Collection views show states through the returned loader's
  /// ``PageLoader/onStateChange(_:)``.
  ///
  /// ```swift
  /// tableView.bind(to: viewModel.$mates) { … }
  ///   .loadMore(hasMore: { viewModel.hasMore }, footer: { state in … }) {
  ///     try await viewModel.loadNextPage()
  ///   }
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// The loader is ``pageLoader``, kept by the binding; the request is cancelled when the
  /// binding stops.
  @discardableResult
  public func loadMore(
    edge: PageLoader<Section, Item>.Edge = .end, threshold: Int = 10,
    hasMore: @escaping @MainActor () -> Bool,
    footer: (@MainActor (PageLoader<Section, Item>.State) -> UIView?)? = nil,
    load: @escaping @MainActor () async throws -> Void
  ) -> Self {
    let loader = PageLoader(
      binding: self, edge: edge, threshold: threshold, hasMore: hasMore, load: load)
    guard let adapter = view as? ListAdapter<Section, Item> else { return self }
    adapter.cellObservers.append { [weak loader] indexPath in
      loader?.cellConfigured(at: ItemPosition(indexPath))
    }
    if let footer, let tableView = adapter.tableView {
      loader.onStateChange { [weak tableView] state in
        let view = footer(state)
        // UIKit sizes a table's header and footer views by their frames: one made without a
        // height would not be seen.
        if let view, let tableView, view.frame.height == 0 {
          view.frame = CGRect(x: 0, y: 0, width: tableView.bounds.width, height: 44)
        }
        if edge == .end {
          tableView?.tableFooterView = view
        } else {
          tableView?.tableHeaderView = view
        }
      }
    }
    loader.setNeedsCheck()
    return self
  }

  /// The page loader ``loadMore(edge:threshold:hasMore:footer:load:)`` attached, if any.
  public var pageLoader: PageLoader<Section, Item>? {
    attachments(of: PageLoader<Section, Item>.self).first
  }
}
