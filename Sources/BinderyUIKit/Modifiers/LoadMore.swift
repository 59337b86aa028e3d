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
  /// disturbed. UIKit sizes these views by their frames: one without a height gets 44 points. A
  /// collection view shows it just past the end of its content (before its start, for
  /// `.start`), in room added to its content inset while it is there.
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
    guard let adapter = adapter(for: "loadMore(edge:threshold:hasMore:footer:load:)") else {
      return self
    }
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
    } else if let footer, let collectionView = adapter.collectionView {
      let accessory = EdgeAccessory(
        collectionView: collectionView, atStart: edge == .start,
        horizontal: adapter.scrollsHorizontally)
      retain(accessory)
      loader.onStateChange { [weak accessory] state in accessory?.show(footer(state)) }
      onShow { [weak accessory] in accessory?.place() }
    }
    loader.setNeedsCheck()
    return self
  }

  /// The page loader ``loadMore(edge:threshold:hasMore:footer:load:)`` attached, if any.
  public var pageLoader: PageLoader<Section, Item>? {
    attachments(of: PageLoader<Section, Item>.self).first
  }
}

/// A view shown just past one end of a collection view's content — a load-more footer — in
/// room added to the content inset for as long as it is there: a collection view has no table
/// footer, and a supplementary view would be the layout's, not the binding's.
@MainActor
final class EdgeAccessory {
  private weak var collectionView: UICollectionView?
  private let atStart: Bool
  private let horizontal: Bool
  private var view: UIView?
  /// The inset added for the view, taken back when it goes.
  private var addedInset: CGFloat = 0

  init(collectionView: UICollectionView, atStart: Bool, horizontal: Bool) {
    self.collectionView = collectionView
    self.atStart = atStart
    self.horizontal = horizontal
  }

  /// Shows `view` (44 points long unless its frame says otherwise), or nothing.
  func show(_ next: UIView?) {
    guard let collectionView, next !== view else { return }
    view?.removeFromSuperview()
    setAddedInset(0, on: collectionView)
    view = next
    guard let next else { return }
    let length = horizontal ? next.frame.width : next.frame.height
    let size =
      horizontal
      ? CGSize(width: length > 0 ? length : 44, height: collectionView.bounds.height)
      : CGSize(width: collectionView.bounds.width, height: length > 0 ? length : 44)
    next.frame = CGRect(origin: .zero, size: size)
    collectionView.addSubview(next)
    setAddedInset(horizontal ? size.width : size.height, on: collectionView)
    place()
  }

  /// Puts the view against its end of the content, which moves as rows come and go.
  func place() {
    guard let collectionView, let view else { return }
    let content = collectionView.contentSize
    var origin = CGPoint.zero
    if horizontal {
      origin.x = atStart ? -view.frame.width : content.width
    } else {
      origin.y = atStart ? -view.frame.height : content.height
    }
    view.frame = CGRect(origin: origin, size: view.frame.size)
  }

  private func setAddedInset(_ length: CGFloat, on collectionView: UICollectionView) {
    let change = length - addedInset
    guard change != 0 else { return }
    addedInset = length
    var inset = collectionView.contentInset
    switch (horizontal, atStart) {
    case (false, false): inset.bottom += change
    case (false, true): inset.top += change
    case (true, false): inset.right += change
    case (true, true): inset.left += change
    }
    collectionView.contentInset = inset
  }
}
