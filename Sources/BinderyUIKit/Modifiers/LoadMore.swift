import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension ViewBinding {
  /// Asks for more when the user comes within `threshold` items of the end of the list (or, with
  /// `edge: .start`, of its start: a chat's history): `load` fetches the next page and sends the
  /// longer list to the binding's source. At most one request runs at a time, only while
  /// `hasMore()`, and never twice for one page: the next check waits until the page is shown.
  /// A failed request is retried when the user comes near the edge again, or with
  /// `PageLoader.retry()` (a "try again" button).
  ///
  /// `footer` gives the view a table shows below its rows (`tableFooterView`; above them,
  /// `tableHeaderView`, for `.start`) for each state — a spinner while loading, a retry button
  /// after a failure, `nil` for none — outside the data source, so the rows' diff is not
  /// disturbed. Its coming and going keeps the anchor's promise (``anchor(_:)``), as any
  /// change of geometry does: the rows read stay where they are, a chat at its end shows the
  /// view that came there (a feed at its very start shows the one above it, as it shows new
  /// posts there). A header or footer view of your own is put back whenever the state shows
  /// nothing. UIKit sizes these views by their frames: one without a height
  /// gets 44 points. A collection view shows it just past the end of its content (before its
  /// start, for `.start`), as wide as the view, following the content as cells resize, in
  /// room added to its content inset while it is there; an inset you set meanwhile (keyboard
  /// code) is yours, and is left as you set it.
  ///
  /// ```swift
  /// tableView.bind(to: .publisher(viewModel.$mates)) { … }
  ///   .loadMore(hasMore: { viewModel.hasMore }, footer: { state in … }) {
  ///     try await viewModel.loadNextPage()
  ///   }
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// The loader is ``pageLoader``, kept by the binding; the request is cancelled when the
  /// binding stops, and the loading view goes then (your own view, or inset, comes back).
  public func loadMore(
    edge: PageLoader<Section, Item>.Edge = .end, threshold: Int = 10,
    hasMore: @escaping @MainActor () -> Bool,
    footer: (@MainActor (PageLoader<Section, Item>.State) -> UIView?)? = nil,
    load: @escaping @MainActor () async throws -> Void
  ) -> Self {
    let loader = PageLoader(
      binding: self, edge: edge, threshold: threshold, hasMore: hasMore, load: load)
    // The loader follows the view's cells and scrolls as a part of the screen.
    guard let adapter = liveAdapter() else {
      return self
    }
    let keepingPlace: KeepingPlace = { [weak adapter] change in
      adapter?.keepingPlace(change) ?? change()
    }
    if let footer,
      let accessory = makeEdgeAccessory(atStart: edge == .start, keepingPlace: keepingPlace)
    {
      // The adapter keeps it, places it as lists are shown and cells configured (and, on iOS,
      // as the content size changes), and stops it with the binding.
      adapter.edgeAccessories.append(accessory)
      loader.onStateChange { [weak accessory] state in accessory?.show(footer(state)) }
    }
    loader.setNeedsCheck()
    return self
  }

  /// The page loader ``loadMore(edge:threshold:hasMore:footer:load:)`` attached, if any.
  public var pageLoader: PageLoader<Section, Item>? {
    screenParts.pageLoaders.first
  }
}

/// The view load more shows past one end of the content, as each kind of view shows it.
@MainActor
protocol LoadingEdgeAccessory: AnyObject {
  /// Shows `view` (44 points long unless its frame says otherwise), or nothing.
  func show(_ view: UIView?)
  /// Puts the view where the content ends now.
  func place()
  /// The binding stopped: nothing will load, so the view goes.
  func stop()
}

/// A view shown just past one end of a collection view's content — a load-more footer — in
/// room added to the content inset for as long as it is there: a collection view has no table
/// footer, and a supplementary view would be the layout's, not the binding's.
@MainActor
final class EdgeAccessory: LoadingEdgeAccessory {
  private weak var collectionView: UICollectionView?
  private let atStart: Bool
  private let horizontal: Bool
  private var view: UIView?
  /// The inset added for the view, taken back when it goes.
  private var addedInset: CGFloat = 0
  /// The inset's edge at this end as written here, to tell an edge the app set since.
  private var writtenEdge: CGFloat?

  #if canImport(UIKit)
    /// Watches the content size, which self-sizing cells change after they are shown.
    private var contentSizeObservation: NSKeyValueObservation?
  #endif

  /// Makes a change of geometry and keeps the anchor's promise across it.
  private let keepingPlace: KeepingPlace

  init(
    collectionView: UICollectionView, atStart: Bool, horizontal: Bool,
    keepingPlace: @escaping KeepingPlace
  ) {
    self.collectionView = collectionView
    self.atStart = atStart
    self.horizontal = horizontal
    self.keepingPlace = keepingPlace
    #if canImport(UIKit)
      contentSizeObservation = collectionView.observe(\.contentSize) { [weak self] _, _ in
        // UIKit changes the content size on the main thread, where it lays out.
        MainActor.assumeIsolated { self?.place() }
      }
    #endif
  }

  /// Shows `view` (44 points long unless its frame says otherwise), or nothing.
  func show(_ next: UIView?) {
    guard let collectionView, next !== view else { return }
    // The room comes and goes with the anchor kept: a chat at its end shows the view.
    keepingPlace { showKeepingNothing(next, in: collectionView) }
  }

  private func showKeepingNothing(_ next: UIView?, in collectionView: UICollectionView) {
    view?.removeFromSuperview()
    setAddedInset(0, on: collectionView)
    view = next
    guard let next else { return }
    let length = horizontal ? next.frame.width : next.frame.height
    let size =
      horizontal
      ? CGSize(
        width: length > 0 ? length : UIKitMetrics.standardRowHeight,
        height: collectionView.bounds.height)
      : CGSize(
        width: collectionView.bounds.width,
        height: length > 0 ? length : UIKitMetrics.standardRowHeight)
    next.frame = CGRect(origin: .zero, size: size)
    #if canImport(UIKit)
      // A rotation resizes it with the view at once, before any cell is shown again.
      next.autoresizingMask = horizontal ? .flexibleHeight : .flexibleWidth
    #endif
    collectionView.addSubview(next)
    setAddedInset(horizontal ? size.width : size.height, on: collectionView)
    place()
  }

  /// Puts the view against its end of the content, which moves as rows come and go, and as
  /// wide (or, scrolling sideways, as tall) as the view.
  func place() {
    guard let collectionView, let view else { return }
    let content = collectionView.contentSize
    var frame = view.frame
    if horizontal {
      frame.origin = CGPoint(x: atStart ? -frame.width : content.width, y: 0)
      frame.size.height = collectionView.bounds.height
    } else {
      frame.origin = CGPoint(x: 0, y: atStart ? -frame.height : content.height)
      frame.size.width = collectionView.bounds.width
    }
    if frame != view.frame { view.frame = frame }
  }

  private func setAddedInset(_ length: CGFloat, on collectionView: UICollectionView) {
    var inset = collectionView.contentInset
    // An edge that is not the one written here was set by the app since: it is the app's, and
    // already leaves out the room added here.
    if let written = writtenEdge, written != inset[keyPath: edge] { addedInset = 0 }
    let change = length - addedInset
    addedInset = length
    if change != 0 {
      inset[keyPath: edge] += change
      collectionView.contentInset = inset
    }
    writtenEdge = length > 0 ? inset[keyPath: edge] : nil
  }

  /// The inset's edge at this accessory's end.
  private var edge: WritableKeyPath<UIEdgeInsets, CGFloat> {
    switch (horizontal, atStart) {
    case (false, false): \.bottom
    case (false, true): \.top
    case (true, false): \.right
    case (true, true): \.left
    }
  }

  /// The binding stopped: nothing will load, so the view goes with the room made for it.
  func stop() { show(nil) }
}

/// Makes a change of a view's geometry, keeping the binding's anchor across it.
typealias KeepingPlace = @MainActor (_ change: () -> Void) -> Void

/// A table's load-more view, as its header (at the start) or footer (at the end). A header
/// that comes, goes or changes height moves every row by as much: the anchor puts the reader
/// back, as for any change of geometry. The app's own header or footer view is put back when
/// the loading view goes.
@MainActor
final class TableEdgeAccessory: LoadingEdgeAccessory {
  private weak var tableView: UITableView?
  private let atStart: Bool
  private var view: UIView?
  /// The app's own view in that place, kept while the loading view is there.
  private var appView: UIView?
  /// Makes a change of geometry and keeps the anchor's promise across it.
  private let keepingPlace: KeepingPlace

  init(tableView: UITableView, atStart: Bool, keepingPlace: @escaping KeepingPlace) {
    self.tableView = tableView
    self.atStart = atStart
    self.keepingPlace = keepingPlace
  }

  func show(_ next: UIView?) {
    guard let tableView, next !== view else { return }
    let current = atStart ? tableView.tableHeaderView : tableView.tableFooterView
    if current !== view { appView = current }
    view = next
    // UIKit sizes these views by their frames: one made without a height would not be seen.
    if let next, next.frame.height == 0 {
      next.frame = CGRect(
        x: 0, y: 0, width: tableView.bounds.width, height: UIKitMetrics.standardRowHeight)
    }
    let shown = next ?? appView
    // UIKit keeps the offset, so a header moves every row: the anchor puts the reader back (a
    // chat's end shows the footer that came), as for any other change of geometry.
    keepingPlace { [atStart] in
      if atStart {
        tableView.tableHeaderView = shown
      } else {
        tableView.tableFooterView = shown
      }
    }
  }

  /// Nothing: the table places its header and footer views itself.
  func place() {}

  /// The binding stopped: nothing will load, so the loading view goes and the app's comes back.
  func stop() { show(nil) }
}
