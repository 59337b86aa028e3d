import Bindery
import BinderyUIKit
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// Everything around the rows as one value: `BoundList`'s modifiers build it, SwiftUI's updates
// hand it whole to the coordinator, and what changed since the last one — a value of its own,
// tested on Linux — says what the coordinator does.

extension BoundListCoordinator {
  /// How the collection view is laid out (``Options/layout``).
  public enum Layout: Equatable {
    /// By the app: the coordinator leaves the layout alone.
    case appsOwn
    /// As a list of an appearance, with separators between its rows or not, showing the
    /// options' section headers and swipe actions.
    case list(UICollectionLayoutListConfiguration.Appearance, showsSeparators: Bool)
  }

  /// What a new value of the options changes that takes work beyond keeping its closures
  /// (which every update replaces: they hold SwiftUI's newest state).
  public struct Changes: OptionSet, Sendable, Hashable {
    /// The changes' bits.
    public let rawValue: Int
    /// The changes whose bits are `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The list is laid out anew: another layout, or headers that come or go in a list.
    public static var layout: Changes { Changes(rawValue: 1 << 0) }
    /// The binding keeps the reader's place by another anchor.
    public static var anchor: Changes { Changes(rawValue: 1 << 1) }
    /// The rows' delete buttons or reorder handles come or go.
    public static var rowAccessories: Changes { Changes(rawValue: 1 << 2) }
    /// Edit mode begins or ends.
    public static var editing: Changes { Changes(rawValue: 1 << 3) }
    /// The refresh control comes or goes.
    public static var refreshControl: Changes { Changes(rawValue: 1 << 4) }
    /// The empty states come or go: shown, or taken away, at once.
    public static var emptyStates: Changes { Changes(rawValue: 1 << 5) }
    /// Pages are asked for at another edge or threshold, or at all.
    public static var pages: Changes { Changes(rawValue: 1 << 6) }
  }

  /// The actions a swipe from one edge reveals on a row (``Options/swipeActions``).
  public struct EdgeSwipeActions {
    /// The actions for an item's row; none, for an item whose row offers nothing.
    public var actions: SwipeActions
    /// Whether a full swipe performs the first action.
    public var allowsFullSwipe: Bool

    /// The actions `actions` makes for each row, the first performed by a full swipe when
    /// `allowsFullSwipe`.
    public init(allowsFullSwipe: Bool = true, _ actions: @escaping SwipeActions) {
      self.actions = actions
      self.allowsFullSwipe = allowsFullSwipe
    }
  }

  /// Everything a bound list shows and does around its rows — its layout, anchor, section
  /// headers, swipe actions, editing, context menu, refresh, empty states and pages — as one
  /// value. `Rendered` is what its builders make: SwiftUI views in `BoundList`, which hosts them
  /// (``map(_:)``) at each update and hands the whole value to
  /// ``BoundListCoordinator/update(options:)``, where they are content configurations.
  public struct Options<Rendered> {
    /// Pages asked for at one edge of the list, as the UIKit binding's
    /// `loadMore(edge:threshold:hasMore:footer:load:)` asks for them, with a view for each
    /// state of the loader.
    public struct LoadMore {
      /// Which end more comes from: `.end` for a feed, `.start` for a chat's history.
      public var edge: PageLoader<Section, Item>.Edge
      /// How near the edge, in items, the screen must come.
      public var threshold: Int
      /// Whether there is more; asked before every request.
      public var hasMore: @MainActor () -> Bool
      /// What shows past the edge for each state — a spinner while loading, a retry after a
      /// failure — or `nil`; at least 44 points tall, more if its content needs it.
      public var footer: @MainActor (PageLoader<Section, Item>.State) -> Rendered?
      /// Fetches the next page and sends the longer list to the source; what it throws is
      /// the failed state's error.
      public var load: @MainActor () async throws -> Void

      /// Pages at `edge`, fetched by `load` while `hasMore()`, each state shown by `footer`.
      public init(
        edge: PageLoader<Section, Item>.Edge = .end, threshold: Int = 10,
        hasMore: @escaping @MainActor () -> Bool,
        footer: @escaping @MainActor (PageLoader<Section, Item>.State) -> Rendered? = { _ in nil },
        load: @escaping @MainActor () async throws -> Void
      ) {
        self.edge = edge
        self.threshold = threshold
        self.hasMore = hasMore
        self.footer = footer
        self.load = load
      }
    }

    /// The layout; the app's own by default.
    public var layout = Layout.appsOwn
    /// What keeps the reader's place as the list changes (`ViewBinding.anchor(_:)`); `nil`
    /// leaves each binding the anchor its modifiers gave it.
    public var anchor: ScrollAnchor?
    /// A header for each section, in a layout that has supplementary headers; `nil` for none.
    public var header: (@MainActor (Section) -> Rendered)?
    /// The actions a swipe from each edge reveals on a row, and whether a full swipe performs
    /// the first.
    public var swipeActions: [SwipeEdge: EdgeSwipeActions] = [:]
    /// What the app does with an item the user deleted; `nil`: no row offers a delete.
    public var onDelete: (@MainActor (Item) -> Void)?
    /// What the app does with an item the user moved; `nil`: no row moves.
    public var onMove: MoveHandler?
    /// The menu a long press on a row shows; `nil`: none.
    public var contextMenu: (@MainActor (Item) -> UIMenu?)?
    /// Whether the list is in edit mode.
    public var isEditing = false
    /// The app's refresh, run when the user pulls the list down; `nil`: no refresh control.
    public var refresh: (@MainActor () async -> Void)?
    /// What shows behind the rows while there are none, for each state; `nil`: nothing.
    public var emptyState: (@MainActor (EmptyListState) -> Rendered?)?
    /// Pages asked for at an edge; `nil`: none.
    public var loadMore: LoadMore?

    /// Options that leave everything as UIKit has it: the app's layout, no headers, no swipes.
    public init() {}

    /// The same options with each builder's result made into another: SwiftUI views hosted in
    /// content configurations, in `BoundList`.
    @MainActor
    public func map<Other>(_ render: @escaping @MainActor (Rendered) -> Other) -> Options<Other> {
      var other = Options<Other>()
      other.layout = layout
      other.anchor = anchor
      if let header {
        other.header = { @MainActor section in render(header(section)) }
      }
      other.swipeActions = swipeActions
      other.onDelete = onDelete
      other.onMove = onMove
      other.contextMenu = contextMenu
      other.isEditing = isEditing
      other.refresh = refresh
      if let emptyState {
        other.emptyState = { @MainActor state in emptyState(state).map(render) }
      }
      other.loadMore = loadMore.map { loadMore in
        Options<Other>.LoadMore(
          edge: loadMore.edge, threshold: loadMore.threshold, hasMore: loadMore.hasMore,
          footer: { @MainActor state in loadMore.footer(state).map(render) },
          load: loadMore.load)
      }
      return other
    }

    /// What these options change since `last` (since options that leave everything as UIKit
    /// has it, for the first).
    public func changes(since last: Options?) -> Changes {
      let last = last ?? Options()
      var changes: Changes = []
      let isList = layout != .appsOwn
      if layout != last.layout || (isList && (header != nil) != (last.header != nil)) {
        changes.insert(.layout)
      }
      if anchor != last.anchor { changes.insert(.anchor) }
      if (onDelete != nil) != (last.onDelete != nil) || (onMove != nil) != (last.onMove != nil) {
        changes.insert(.rowAccessories)
      }
      if isEditing != last.isEditing { changes.insert(.editing) }
      if (refresh != nil) != (last.refresh != nil) { changes.insert(.refreshControl) }
      if (emptyState != nil) != (last.emptyState != nil) { changes.insert(.emptyStates) }
      if loadMore?.edge != last.loadMore?.edge || loadMore?.threshold != last.loadMore?.threshold {
        changes.insert(.pages)
      }
      return changes
    }
  }

  /// Takes the options of SwiftUI's latest update: every builder and handler is replaced by
  /// the new one (each holds SwiftUI's newest state), and only what changed since the last
  /// options (``Options/changes(since:)``) is done again — the list laid out anew, the anchor
  /// given to the binding, the rows' accessories, edit mode, the refresh control, the empty
  /// states, the pages. Before the first ``update(source:sourceID:modifiers:)``, they are what
  /// the binding is made with.
  public func update(options new: Options<any UIContentConfiguration>) {
    let old = options
    let changes = new.changes(since: old)
    options = new
    if changes.contains(.layout), case .list(let appearance, let separators) = new.layout {
      layOut(appearance, showsSeparators: separators, isFirst: old.layout == .appsOwn)
    }
    if changes.contains(.anchor), let anchor = new.anchor { _ = binding?.anchor(anchor) }
    if changes.contains(.rowAccessories) { showRowAccessories() }
    if changes.contains(.editing) { collectionView.isEditing = new.isEditing }
    if changes.contains(.refreshControl) { showRefreshControl(new.refresh != nil) }
    if changes.contains(.emptyStates) {
      // They show, or leave, at once.
      if let binding {
        if isShowingEmptyStates {
          binding.showEmptyStateAgain()
        } else {
          showEmptyStates(on: binding)
        }
      }
    } else {
      refreshEmptyStateShown()
    }
    if changes.contains(.pages), let binding, let loadMore = new.loadMore {
      askForPages(on: binding, at: loadMore.edge, loadMore.threshold)
    }
  }

  /// Changes one part of the options, as a SwiftUI update of that part alone would.
  func updateOptions(_ change: (inout Options<any UIContentConfiguration>) -> Void) {
    var next = options
    change(&next)
    update(options: next)
  }
}
