import Bindery
import BinderyUIKit
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// An action a swipe reveals on a row: what it shows, and what it does with the row's item.
public struct ListSwipeAction<Item> {
  /// What the action does to its row.
  public enum Role: Sendable, Hashable {
    /// The row stays (flag, pin, mark unread).
    case normal
    /// The action takes the row out of the list (archive, move to a folder): shown in red, the
    /// row leaves at once — UIKit needs it gone when the swipe ends, or it slides back — and
    /// the action hears its item; take it out of your model, or the next list shows it again.
    case destructive
  }

  /// The action's title.
  public var title: String?
  /// The action's image, shown above the title (or alone).
  public var image: UIImage?
  /// The action's background colour; the system's grey (red, destructive) when `nil`.
  public var tint: UIColor?
  /// What the action does to its row.
  public var role: Role
  /// What the action does with the item of the row it was revealed on.
  public var action: @MainActor (Item) -> Void

  /// An action titled `title` that runs `action` with the row's item when tapped (or performed
  /// by a full swipe).
  public init(
    _ title: String?, image: UIImage? = nil, tint: UIColor? = nil, role: Role = .normal,
    action: @escaping @MainActor (Item) -> Void
  ) {
    self.title = title
    self.image = image
    self.tint = tint
    self.role = role
    self.action = action
  }
}

extension BoundListCoordinator {
  /// Which side of a row a swipe starts from.
  public enum SwipeEdge: Sendable, Hashable {
    /// The side lines start on: leading swipe actions.
    case leading
    /// The side lines end on: trailing swipe actions, the delete among them.
    case trailing
  }

  /// The actions for an item's row.
  public typealias SwipeActions = @MainActor (Item) -> [ListSwipeAction<Item>]

  /// A content configuration for each state of an empty list (`nil`: nothing shown).
  public typealias EmptyState = @MainActor (EmptyListState) -> (any UIContentConfiguration)?

  /// Pages asked for at one edge of the list, with a content configuration for each state of
  /// the loader (``Options/LoadMore``).
  public typealias LoadMore = Options<any UIContentConfiguration>.LoadMore

  // MARK: Updates from SwiftUI

  /// Asks for pages at an edge (`nil`: none). A later call gives the binding the new closures
  /// (SwiftUI's state) for its next question, page and state; another edge or threshold, or
  /// pages where there were none, take effect at once, on the same binding (the loader of the
  /// old ones asks for nothing more).
  package func update(loadMore: LoadMore?) {
    updateOptions { $0.loadMore = loadMore }
  }

  /// Has `binding` ask for pages at `edge` within `threshold` items, once per binding for each
  /// pair: the loader asks only while they are the coordinator's settings.
  func askForPages(
    on binding: CollectionBinding<Section, Item>, at edge: PageLoader<Section, Item>.Edge,
    _ threshold: Int
  ) {
    guard !pageLoaders.contains(where: { $0.edge == edge && $0.threshold == threshold }) else {
      return
    }
    pageLoaders.append((edge, threshold))
    let isCurrent = { [weak self] in
      self?.options.loadMore.map { $0.edge == edge && $0.threshold == threshold } ?? false
    }
    _ = binding.loadMore(
      edge: edge, threshold: threshold,
      hasMore: { [weak self] in isCurrent() && (self?.options.loadMore?.hasMore() ?? false) },
      footer: { [weak self] state in isCurrent() ? self?.loadMoreView(for: state) : nil },
      load: { [weak self] in try await self?.options.loadMore?.load() })
  }

  /// The actions a swipe from `edge` reveals on each row (none when `actions` is `nil`, or
  /// returns none for an item); a full swipe performs the first when `allowsFullSwipe`. They
  /// show in a list layout whose configuration comes from ``listConfiguration(appearance:)``.
  /// An action runs with the item the row shows when it is tapped, found by id: lists that
  /// arrive while the actions show may move the row.
  package func update(
    swipeActions actions: SwipeActions?, edge: SwipeEdge, allowsFullSwipe: Bool = true
  ) {
    updateOptions {
      $0.swipeActions[edge] = actions.map { EdgeSwipeActions(allowsFullSwipe: allowsFullSwipe, $0) }
    }
  }

  /// Lets the user delete rows by a swipe from the trailing edge — a destructive "Delete"
  /// before the trailing actions — and tells `handler` the item deleted. The row leaves at
  /// once (UIKit needs it gone when the swipe ends); remove the item from your source, or the
  /// next list shows it again. `nil` offers no delete.
  package func update(onDelete handler: (@MainActor (Item) -> Void)?) {
    updateOptions { $0.onDelete = handler }
  }

  /// Runs `refresh` when the user pulls the list down, with a refresh control that shows until
  /// it returns, as SwiftUI's `refreshable` does; a pull while it runs starts nothing. `nil`
  /// removes the control (and cancels a refresh under way).
  package func update(refresh: (@MainActor () async -> Void)?) {
    updateOptions { $0.refresh = refresh }
  }

  /// Puts the refresh control on the list, or takes it away (cancelling a refresh under way).
  func showRefreshControl(_ shows: Bool) {
    guard shows else {
      refreshTask?.cancel()
      refreshTask = nil
      if collectionView.refreshControl != nil {
        collectionView.refreshControl = nil
        collectionView.alwaysBounceVertical = bouncedBeforeRefresh
      }
      return
    }
    guard collectionView.refreshControl == nil else { return }
    let control = UIRefreshControl()
    control.addAction(
      UIAction { [weak self] _ in self?.userPulledToRefresh() }, for: .valueChanged)
    collectionView.refreshControl = control
    // An empty or short list must be pullable too: the scroll view does not let content
    // shorter than itself be dragged unless told to (UIKit rules §4e).
    bouncedBeforeRefresh = collectionView.alwaysBounceVertical
    collectionView.alwaysBounceVertical = true
  }

  /// What the list shows behind its rows while it has none: a configuration for each
  /// `EmptyListState` — before the first list (`.loading`), for an empty list, when the
  /// source failed — or `nil` for a state that needs nothing. Set it before the first
  /// ``update(source:sourceID:modifiers:)``; a later call replaces the builder, and the view
  /// showing takes the new configuration at once (SwiftUI's state, its environment).
  package func update(emptyState: EmptyState?) {
    updateOptions { $0.emptyState = emptyState }
  }

  /// The empty state's view on screen takes the newest builder's configuration (SwiftUI's
  /// state, its environment). Only the view on screen: the binding takes it away without
  /// asking when a row shows.
  func refreshEmptyStateShown() {
    guard let (state, view) = emptyStateShown, collectionView.backgroundView === view else {
      return
    }
    if let configuration = options.emptyState?(state) { view.configuration = configuration }
  }

  // MARK: The list layout

  /// A list layout's configuration of `appearance` that shows this coordinator's section
  /// headers (when it has a header builder) and its swipe actions, for
  /// `UICollectionViewCompositionalLayout.list(using:)`.
  public func listConfiguration(appearance: UICollectionLayoutListConfiguration.Appearance)
    -> UICollectionLayoutListConfiguration
  {
    var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
    if header != nil { configuration.headerMode = .supplementary }
    configuration.leadingSwipeActionsConfigurationProvider = { [weak self] indexPath in
      self?.swipeActionsConfiguration(at: indexPath, edge: .leading)
    }
    configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
      self?.swipeActionsConfiguration(at: indexPath, edge: .trailing)
    }
    return configuration
  }

  /// The actions a swipe from `edge` reveals on the row at `indexPath`: the delete first at
  /// the trailing edge (with ``Options/onDelete``), then the app's; `nil` for none.
  public func swipeActionsConfiguration(at indexPath: IndexPath, edge: SwipeEdge)
    -> UISwipeActionsConfiguration?
  {
    guard let binding, let item = binding.item(at: indexPath) else { return nil }
    var actions: [UIContextualAction] = []
    if edge == .trailing, deleteHandler != nil,
      let delete = binding.deleteSwipeActions(at: indexPath)
    {
      actions += delete.actions
    }
    let entry = options.swipeActions[edge]
    let id = item.id
    for action in entry?.actions(item) ?? [] {
      let style: UIContextualAction.Style = action.role == .destructive ? .destructive : .normal
      let contextual = UIContextualAction(style: style, title: action.title) {
        [weak binding] _, _, completion in
        // The item as shown now: the row may have moved, or gone, since the swipe.
        guard let binding, let path = binding.indexPath(for: id), let now = binding.item(at: path)
        else { return completion(false) }
        if action.role == .destructive, binding.removeRowForSwipe(at: path) == nil {
          return completion(false)
        }
        action.action(now)
        completion(true)
      }
      contextual.image = action.image
      if let tint = action.tint { contextual.backgroundColor = tint }
      actions.append(contextual)
    }
    guard !actions.isEmpty else { return nil }
    let configuration = UISwipeActionsConfiguration(actions: actions)
    // With a delete first, a full swipe deletes, as in Mail and `List`.
    configuration.performsFirstActionWithFullSwipe = entry?.allowsFullSwipe ?? true
    return configuration
  }

  // MARK: What the view tells

  /// Sets up what a new binding shows around its rows.
  func setUpAround(_ binding: CollectionBinding<Section, Item>) {
    // Always there: whether a row offers a delete is asked when it is swiped.
    _ = binding.onDelete(canDelete: { [weak self] _ in self?.deleteHandler != nil }) {
      [weak self] item, _ in self?.deleteHandler?(item)
    }
    setUpEditing(binding)
    pageLoaders = []
    if let loadMore = options.loadMore {
      askForPages(on: binding, at: loadMore.edge, loadMore.threshold)
    }
    emptyStateShown = nil
    isShowingEmptyStates = false
    guard options.emptyState != nil else { return }
    showEmptyStates(on: binding)
  }

  /// Has `binding` show this coordinator's empty states (while it has a builder).
  func showEmptyStates(on binding: CollectionBinding<Section, Item>) {
    isShowingEmptyStates = true
    _ = binding.emptyState { [weak self] state in self?.emptyStateView(for: state) }
  }

  /// The load-more view for a state: as wide as the list, as tall as its content needs (44
  /// points at least, UIKit's default for such views).
  private func loadMoreView(for state: PageLoader<Section, Item>.State) -> UIView? {
    guard let configuration = options.loadMore?.footer(state) else { return nil }
    let view = configuration.makeContentView()
    // At the list's width: a message that wraps is measured on its lines.
    let width = collectionView.bounds.width
    let fitting = view.systemLayoutSizeFitting(
      CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
      withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
    view.frame = CGRect(
      x: 0, y: 0, width: width, height: max(UIKitMetrics.standardRowHeight, fitting.height))
    return view
  }

  private func emptyStateView(for state: EmptyListState) -> UIView? {
    guard let configuration = options.emptyState?(state) else {
      emptyStateShown = nil
      return nil
    }
    let view = configuration.makeContentView()
    emptyStateShown = (state, view)
    return view
  }

  private func userPulledToRefresh() {
    guard let refresh = options.refresh, refreshTask == nil else { return }
    let control = collectionView.refreshControl
    refreshTask = Task { [weak self] in
      await refresh()
      // A refresh taken back meanwhile (the control removed, maybe another one since) ends
      // nothing of what followed it.
      guard let self, !Task.isCancelled else { return }
      self.refreshTask = nil
      control?.endRefreshing()
    }
  }
}
