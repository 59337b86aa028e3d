#if canImport(SwiftUI) && canImport(UIKit)
  import Bindery
  import BinderyUIKit
  import SwiftUI
  import UIKit

  /// A SwiftUI list shown by Bindery's UIKit engine: a `UICollectionView` bound to a source,
  /// each row a SwiftUI view in a `UIHostingConfiguration`.
  ///
  /// What `List` lacks and this has: updates diffed off the main actor that never crash, the
  /// reading position kept when rows are prepended (``listAnchor(_:)``), a chat that stays at
  /// its end, and late content — a row's image state from a `ContentStore`, already loaded on
  /// the row's first frame when the store has it, and prefetched ahead of the scroll and for
  /// the first screen before the first row.
  ///
  /// ```swift
  /// BoundList(.observing { chat.messages }, id: chat.id, content: .store(photos)) {
  ///   message, photo in MessageRow(message: message, photo: photo.content)
  /// }
  /// .listAnchor(.end)
  /// .listSelection($selected)
  /// .listScrollPosition(id: $reading)
  /// ```
  ///
  /// Everything the view does goes through ``BoundListCoordinator``; see it for the rules of
  /// selection and scroll position.
  @available(iOS 16, tvOS 16, visionOS 1, *)
  @MainActor
  public struct BoundList<Section, Item, Content: Sendable, RowView: View>: UIViewRepresentable
  where
    Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    /// The engine behind the view: SwiftUI keeps one per view identity.
    public typealias Coordinator = BoundListCoordinator<Section, Item, Content>

    private let source: ListSource<Section, Item>
    private let sourceID: AnyHashable
    private let makeEngine: @MainActor (UICollectionView, @escaping Coordinator.Row) -> Coordinator
    private let row: @MainActor (Item, ContentState<Content>) -> RowView
    /// Everything around the rows, as the modifiers set it: handed whole to the coordinator at
    /// each update, its views hosted in the environment of that update. A list layout of the
    /// plain appearance, with separators, and feeds' anchoring, by default.
    private var options: Coordinator.Options<AnyView> = {
      var options = Coordinator.Options<AnyView>()
      options.layout = .list(.plain, showsSeparators: true)
      options.anchor = .firstVisibleItem
      return options
    }()
    /// The app's own layout, made once with the collection view (``listLayout(_:)``).
    private var appsLayout: (@MainActor () -> UICollectionViewLayout)?
    /// What the rows show besides their item and content, when the app says
    /// (``listRowsDepend(on:)``): rows are shown again only when it changes.
    private var rowDependency: AnyHashable?
    /// The space around each row's content; `nil`: the list cell's own margins.
    private var rowInsets: EdgeInsets?
    private var selection: (binding: Binding<Set<Item.ID>>, mode: Coordinator.SelectionMode)?
    private var scrollPosition: (id: Binding<Item.ID?>, anchor: ListScrollPosition)?
    private var readingPlace: Binding<ReadingPlace<Item.ID>?>?
    private var onBind:
      (@MainActor (CollectionBinding<Section, Item>) -> CollectionBinding<Section, Item>)?

    /// A list of every list `source` sends, each row `row`'s view of its item.
    ///
    /// - Parameters:
    ///   - source: where the lists come from, as `bind(to:)` takes it.
    ///   - id: the source's identity: while it stays the same, SwiftUI's updates keep the
    ///     binding — a publisher or a sequence keeps its subscription, and an `.observing`
    ///     source reads with each update's closure (a `@State` query it captured refilters
    ///     the list at once); a new id binds the new source.
    public init(
      _ source: ListSource<Section, Item>, id: some Hashable = 0,
      @ViewBuilder row: @escaping @MainActor (Item) -> RowView
    ) where Content == Never {
      self.source = source
      sourceID = AnyHashable(id)
      self.row = { item, _ in row(item) }
      makeEngine = { view, row in Coordinator(collectionView: view) { row($0, .notRequested) } }
    }

    /// A list whose rows also show each item's late content: `row` receives its state in
    /// `content`'s store, and is shown again when it arrives or fails.
    public init<Key>(
      _ source: ListSource<Section, Item>, id: some Hashable = 0,
      content: LateContent<Item, Key, Content>,
      @ViewBuilder row: @escaping @MainActor (Item, ContentState<Content>) -> RowView
    ) {
      self.source = source
      sourceID = AnyHashable(id)
      self.row = row
      makeEngine = { view, row in Coordinator(collectionView: view, content: content, row: row) }
    }

    // MARK: Modifiers

    /// The collection view's layout, made once: a compositional grid, say. A layout of your
    /// own shows no section headers or swipe actions unless it is a list whose configuration
    /// comes from the coordinator's `listConfiguration(appearance:)`; for a list, prefer
    /// ``listAppearance(_:)``.
    public func listLayout(_ layout: @escaping @MainActor () -> UICollectionViewLayout) -> Self {
      with {
        $0.appsLayout = layout
        $0.options.layout = .appsOwn
      }
    }

    /// A list of another appearance than the default `.plain` — `.insetGrouped`, `.sidebar` —
    /// with the section headers and swipe actions of the other modifiers. It may change with
    /// SwiftUI's state: the list is laid out anew.
    public func listAppearance(_ appearance: UICollectionLayoutListConfiguration.Appearance)
      -> Self
    {
      with {
        var separators = true
        if case .list(_, let shows) = $0.options.layout { separators = shows }
        $0.options.layout = .list(appearance, showsSeparators: separators)
      }
    }

    /// Says what the rows show besides their item and content — the state of the parent they
    /// read (a selection, a search query), and environment values of the app's own they use —
    /// so that SwiftUI's updates show the rows on screen again when it changes. By default a
    /// row is shown again only when its item, its content, the color scheme, the text size,
    /// the locale or the rows' insets change: SwiftUI cannot tell two row builders apart, and
    /// showing the rows again at every update re-rendered the screen's rows at each scroll
    /// position written back and at each keystroke in a composer's `TextField`. A row that
    /// reads its parent's state must say so here, or it keeps what it showed until its item
    /// changes or its cell is made again.
    public func listRowsDepend(on value: some Hashable) -> Self {
      with { $0.rowDependency = AnyHashable(value) }
    }

    /// Whether a list layout (the default, or ``listAppearance(_:)``) draws separators between
    /// its rows, as `listRowSeparator(_:)` does for all of a `List`'s rows (`.hidden` hides
    /// them); it may change with SwiftUI's state.
    public func listRowSeparators(_ visibility: Visibility) -> Self {
      with {
        if case .list(let appearance, _) = $0.options.layout {
          $0.options.layout = .list(appearance, showsSeparators: visibility != .hidden)
        }
      }
    }

    /// The actions a swipe from `edge` reveals on each row, as `swipeActions(edge:allowsFullSwipe:content:)`
    /// does in a `List`; a full swipe performs the first when `allowsFullSwipe`. Each runs with
    /// the row's item as shown when it is tapped. In a list layout (the default, or
    /// ``listAppearance(_:)``).
    public func listSwipeActions(
      edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
      _ actions: @escaping @MainActor (Item) -> [ListSwipeAction<Item>]
    ) -> Self {
      with {
        $0.options.swipeActions[edge == .leading ? .leading : .trailing] = .init(
          allowsFullSwipe: allowsFullSwipe, actions)
      }
    }

    /// Lets the user delete a row with a swipe from the trailing edge, as `onDelete(perform:)`
    /// does in a `List`: `delete` hears the item, which leaves the list at once; remove it from
    /// your model, or the next list shows it again.
    public func listOnDelete(_ delete: @escaping @MainActor (Item) -> Void) -> Self {
      with { $0.options.onDelete = delete }
    }

    /// Lets the user reorder rows by their handles while the environment's `EditMode` is
    /// active, as `onMove(perform:)` does in a `List`: `move` hears the item, where it was and
    /// where the user put it. The row stays where the user put it; move the item in your model
    /// to match, or the next list puts it back.
    public func listOnMove(_ move: @escaping Coordinator.MoveHandler) -> Self {
      with { $0.options.onMove = move }
    }

    /// The menu a long press on a row shows, made for the row's item (`nil` for none on that
    /// row), as UIKit's context menus show one: the row lifts and the menu's actions are offered.
    public func listContextMenu(_ menu: @escaping @MainActor (Item) -> UIMenu?) -> Self {
      with { $0.options.contextMenu = menu }
    }

    /// The space between each row's edges and its content, as `listRowInsets(_:)` sets it for
    /// a `List`'s rows; without it, the list cell's own margins.
    public func listRowInsets(_ insets: EdgeInsets) -> Self {
      with { $0.rowInsets = insets }
    }

    /// Asks for more as the reader nears an edge: `.end` for a feed's next page, `.start` for a
    /// chat's history. `load` fetches a page and puts it in the model the source follows; at
    /// most one runs at a time, only while `hasMore()`, and a failed one is tried again when
    /// the reader comes near again. `footer` shows past the edge while a page loads and after
    /// one failed (a spinner, a message), at least 44 points tall; the rows read stay where
    /// they are as it comes and goes.
    public func listLoadMore(
      edge: PageLoader<Section, Item>.Edge = .end, threshold: Int = 10,
      hasMore: @escaping @MainActor () -> Bool,
      @ViewBuilder footer: @escaping @MainActor (PageLoader<Section, Item>.State) -> some View,
      load: @escaping @MainActor () async throws -> Void
    ) -> Self {
      with {
        $0.options.loadMore = .init(
          edge: edge, threshold: threshold, hasMore: hasMore,
          footer: { state in
            switch state {
            case .loading, .failed: AnyView(footer(state))
            case .idle, .exhausted: nil
            }
          }, load: load)
      }
    }

    /// What shows behind the rows while there are none: before the first list
    /// (`EmptyListState.loading`), for an empty list (`.empty`), when the source failed
    /// (`.failed`). Updated with SwiftUI's state and environment; gone when a row shows. One
    /// that comes or goes with SwiftUI's state shows, or leaves, at once.
    public func listEmptyState(
      @ViewBuilder _ view: @escaping @MainActor (EmptyListState) -> some View
    ) -> Self {
      with { $0.options.emptyState = { AnyView(view($0)) } }
    }

    /// What keeps the reader's place as the list changes: `.firstVisibleItem` (the default)
    /// for feeds, `.end` for chats. See `ViewBinding.anchor(_:)`. It may change with SwiftUI's
    /// state: the list keeps the new anchor from that update on.
    public func listAnchor(_ anchor: ScrollAnchor) -> Self {
      with { $0.options.anchor = anchor }
    }

    /// The selected items' ids, both ways: the user's taps write it, the app's changes select
    /// in the view. Any number may be selected.
    public func listSelection(_ selection: Binding<Set<Item.ID>>) -> Self {
      with { $0.selection = (selection, .multiple) }
    }

    /// The selected item's id, both ways; one at most.
    public func listSelection(_ selection: Binding<Item.ID?>) -> Self {
      let ids = Binding<Set<Item.ID>>(
        get: { selection.wrappedValue.map { [$0] } ?? [] },
        set: { selection.wrappedValue = $0.first })
      return with { $0.selection = (ids, .single) }
    }

    /// The id of the item at `anchor` in the viewport — the first visible (`.start`, the
    /// default), the one across the middle (`.center`) or the last visible (`.end`) — both
    /// ways, as `scrollPosition(id:anchor:)` does: the user's scroll writes it, and setting it
    /// scrolls that item to `anchor` (once it is in the list).
    public func listScrollPosition(
      id: Binding<Item.ID?>, anchor: ListScrollPosition = .start
    ) -> Self {
      with { $0.scrollPosition = (id, anchor) }
    }

    /// The reader's place, both ways: the user's scroll writes it (its item at once, how far into
    /// the row once the scroll rests), and a place given — one kept with `@SceneStorage` at the
    /// last launch — is restored once a list that has its item is shown, unless the user
    /// scrolls first. `ReadingPlace` is `Codable` when the id is.
    ///
    /// ```swift
    /// BoundList(.observing { chat.messages }) { MessageRow(message: $0) }
    ///   .listAnchor(.end)
    ///   .listReadingPlace($place)
    /// ```
    public func listReadingPlace(_ place: Binding<ReadingPlace<Item.ID>?>) -> Self {
      with { $0.readingPlace = place }
    }

    /// Sets up each new binding with the UIKit binding's other modifiers — `loadMore(…)` for
    /// pages at either end, say — when the source is bound: `setUp` returns the binding with
    /// its modifiers, as a chain of them does.
    public func onListBind(
      _ setUp:
        @escaping @MainActor (CollectionBinding<Section, Item>) -> CollectionBinding<Section, Item>
    ) -> Self {
      with { $0.onBind = setUp }
    }

    /// Section headers as SwiftUI views, one per section; a list layout (the default, or
    /// ``listAppearance(_:)``) shows them as supplementary headers. A section whose value
    /// changes has its header shown again; headers that come or go with SwiftUI's state lay
    /// the list out anew.
    public func listSectionHeaders(
      @ViewBuilder _ header: @escaping @MainActor (Section) -> some View
    ) -> Self {
      with { $0.options.header = { AnyView(header($0)) } }
    }

    /// A copy with `change` made: what each modifier returns.
    private func with(_ change: (inout Self) -> Void) -> Self {
      var copy = self
      change(&copy)
      return copy
    }

    // MARK: UIViewRepresentable

    /// Makes the collection view, with this view's layout, and its coordinator.
    public func makeCoordinator() -> Coordinator {
      // The layout comes from the coordinator, which needs its view first.
      let view = UICollectionView(
        frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
      let coordinator = makeEngine(view, hostedRow(in: EnvironmentValues()))
      // A list layout is the coordinator's, made by the update; the app's own is made once.
      if let appsLayout { view.collectionViewLayout = appsLayout() }
      update(coordinator, environment: EnvironmentValues(), bindingSource: false)
      return coordinator
    }

    /// Binds the source and returns the coordinator's collection view.
    public func makeUIView(context: Context) -> UICollectionView {
      update(context.coordinator, environment: context.environment, bindingSource: true)
      return context.coordinator.collectionView
    }

    /// Hands SwiftUI's new state to the coordinator: the row builder, the source (bound anew
    /// only for a new id), the selection and the scroll position.
    public func updateUIView(_ view: UICollectionView, context: Context) {
      update(context.coordinator, environment: context.environment, bindingSource: true)
    }

    /// Stops the binding when SwiftUI removes the view.
    public static func dismantleUIView(_ view: UICollectionView, coordinator: Coordinator) {
      coordinator.stop()
    }

    /// Rows in hosting configurations, given the environment around the list. Each row's view
    /// has its item's id as its identity: a cell reused for another item shows it with state
    /// of its own (`@State`, `@FocusState`, `.task`, `.onAppear` start afresh), and the same
    /// item configured again keeps its state.
    private func hostedRow(in environment: EnvironmentValues) -> Coordinator.Row {
      let row = row
      let insets = rowInsets
      return { item, state in
        Self.hosting(row(item, state).id(item.id), in: environment, margins: insets)
      }
    }

    /// `content` in a hosting configuration, with the environment around the list (see
    /// ``InListEnvironment``), and `margins` around it where given.
    private static func hosting(
      _ content: some View, in environment: EnvironmentValues, margins: EdgeInsets? = nil
    ) -> any UIContentConfiguration {
      let configuration = UIHostingConfiguration {
        InListEnvironment(list: environment, content: content)
      }
      guard let margins else { return configuration }
      return configuration.margins(.all, margins)
    }

    /// Hands this view's state to the coordinator; the source only once the view is made
    /// (what sets up a binding — headers, the empty state — comes first).
    private func update(
      _ coordinator: Coordinator, environment: EnvironmentValues, bindingSource: Bool
    ) {
      // The rows are shown again when what they depend on changes: what the app declared
      // (nothing, by default), the traits rows follow — Dark Mode, the text size, the
      // language — and the rows' insets.
      let insets = rowInsets.map { [$0.top, $0.leading, $0.bottom, $0.trailing] }
      coordinator.update(
        row: hostedRow(in: environment), declared: rowDependency,
        traits: [
          AnyHashable(environment.colorScheme), AnyHashable(environment.dynamicTypeSize),
          AnyHashable(environment.locale), AnyHashable(insets),
        ])
      // Everything around the rows at once, hosted in this update's environment: the
      // coordinator does again only what changed since the last update.
      var hosted = options.map { view in Self.hosting(view, in: environment) }
      // SwiftUI's own `refreshable(action:)` and `EditButton` put theirs in the environment.
      if let refresh = environment.refresh {
        hosted.refresh = { await refresh() }
      }
      #if os(iOS) || os(visionOS)
        hosted.isEditing = environment.editMode?.wrappedValue.isEditing ?? false
      #endif
      coordinator.update(options: hosted)
      guard bindingSource else { return }
      let onBind = onBind
      coordinator.update(source: source, sourceID: sourceID) { binding in
        onBind?(binding) ?? binding
      }
      if let (ids, mode) = selection {
        // A tap never comes during SwiftUI's update of the view: written at once.
        coordinator.onSelectionChange = { new in ids.wrappedValue = new }
        coordinator.update(selection: ids.wrappedValue, mode: mode)
      } else {
        coordinator.update(selection: [], mode: .none)
      }
      if let (position, anchor) = scrollPosition {
        // Written on the next turn: a scroll the update itself makes (to the app's id, or an
        // update's anchoring) is reported during it, when SwiftUI forbids writing its state.
        coordinator.onScrollPositionChange = { [weak coordinator] id in
          Task { @MainActor in
            // Not once the view is gone: the state may be another view's by then.
            guard coordinator?.isStopped == false else { return }
            if position.wrappedValue != id { position.wrappedValue = id }
          }
        }
        coordinator.update(scrollPosition: position.wrappedValue, anchor: anchor)
      }
      if let readingPlace {
        // Written on the next turn, as the scroll position is.
        coordinator.onReadingPlaceChange = { [weak coordinator] place in
          Task { @MainActor in
            guard coordinator?.isStopped == false else { return }
            if readingPlace.wrappedValue != place { readingPlace.wrappedValue = place }
          }
        }
        coordinator.update(readingPlace: readingPlace.wrappedValue)
      }
    }
  }

  /// A row's content in the environment around the list, as a `List`'s rows are: a hosting
  /// configuration passes on only what it bridges from its cell — the cell's traits and state
  /// (Dark Mode, the text size, a selected row's background prominence) — and none of the app's
  /// own values (objects, custom keys, a locale or font it set, the tint). The list's
  /// environment is given to the content, with the values the cell bridges kept as the cell
  /// has them, since they can differ from the list's (a selected cell's prominence, a trait
  /// change that reaches the cell first).
  @available(iOS 16, tvOS 16, visionOS 1, *)
  struct InListEnvironment<Content: View>: View {
    let list: EnvironmentValues
    let content: Content
    /// What the hosting configuration gives the content: its cell's traits and state.
    @Environment(\.self) private var cell

    var body: some View {
      content.environment(\.self, merged)
    }

    /// The list's environment, with the values the cell bridges taken from the cell.
    private var merged: EnvironmentValues {
      var values = list
      values.colorScheme = cell.colorScheme
      values.dynamicTypeSize = cell.dynamicTypeSize
      values.legibilityWeight = cell.legibilityWeight
      values.layoutDirection = cell.layoutDirection
      values.displayScale = cell.displayScale
      values.isEnabled = cell.isEnabled
      if #available(iOS 17, tvOS 17, visionOS 1, *) {
        values.backgroundProminence = cell.backgroundProminence
      }
      #if os(iOS) || os(visionOS)
        values.horizontalSizeClass = cell.horizontalSizeClass
        values.verticalSizeClass = cell.verticalSizeClass
      #endif
      return values
    }
  }
#endif
