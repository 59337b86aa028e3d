import Bindery
import BinderyUIKit
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// What a SwiftUI list view backed by Bindery does, written against UIKit alone: it binds a
/// collection view to a source, gives each row a content configuration (on iOS, SwiftUI's
/// `UIHostingConfiguration`), and keeps selection and scroll position in step with the app's
/// state by id, both ways.
///
/// `BoundList` is the SwiftUI view around it; it is public so that a `UIViewRepresentable` of
/// the app's own, or a test, can drive it directly:
///
/// ```swift
/// let coordinator = BoundListCoordinator<FlatSection, Message, Never>(collectionView: view) {
///   message, _ in MessageRow.configuration(message)
/// }
/// coordinator.update(source: .observing { chat.messages }, sourceID: chat.id)
/// ```
///
/// Everything around the rows — the layout, the anchor, headers, swipes, editing, a context
/// menu, refresh, empty states, pages — is one ``Options`` value, handed whole to
/// ``update(options:)`` at each of SwiftUI's updates (first before the first
/// ``update(source:sourceID:modifiers:)``, so that the binding is made with it); the coordinator
/// does again only what changed since the last one (``Options/changes(since:)``).
///
/// Rows get their content state from late content when the coordinator is made with one
/// (``init(collectionView:content:row:)``): content already in the store is in the state the
/// row is first configured with, so a cached avatar is on the row's first frame.
///
/// Keep the coordinator for as long as the list shows (SwiftUI keeps `BoundList`'s): the
/// binding configures rows through it, and one let go of cancels its binding — the view keeps
/// what it shows, and nothing is reported.
@MainActor
public final class BoundListCoordinator<Section, Item, Content: Sendable>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// A row's configuration for an item and its content state (`.notRequested` without late
  /// content).
  public typealias Row = @MainActor (Item, ContentState<Content>) -> any UIContentConfiguration

  /// How many items the user may select.
  public enum SelectionMode: Sendable, Hashable {
    /// None: taps select nothing.
    case none
    /// One at a time, as `List` with a `Binding<ID?>`.
    case single
    /// Any number, each tap toggling one, as `List` with a `Binding<Set<ID>>`.
    case multiple
  }

  /// The collection view this coordinator binds.
  public let collectionView: UICollectionView
  /// The binding of the current source; `nil` before the first ``update(source:sourceID:modifiers:)``.
  public private(set) var binding: CollectionBinding<Section, Item>?
  /// What the binding was made for: a new identity binds the view anew.
  private var sourceID: AnyHashable?
  /// The source the binding was made with: an `.observing` one takes the closure of a later
  /// update of the same identity.
  private var source: ListSource<Section, Item>?
  /// Everything around the rows, as the last ``update(options:)`` handed it: the one owner of
  /// the layout, the anchor, the headers, swipes, editing, menus, refresh, empty states and
  /// pages. Change a copy and hand it back to change one of them.
  public internal(set) var options = Options<any UIContentConfiguration>()
  private var row: Row
  /// What the rows showed besides their items at the last ``update(row:dependingOn:)``.
  private var rowDependency: AnyHashable?
  /// The cells the coordinator configured, by identity, with the id of the item each shows: the
  /// rows on screen and those UIKit keeps near it, which it shows again without asking for them
  /// (UIKit tells of neither set whole). A cell in the reuse pool shows an item no cell of
  /// which is left to configure: reconfiguring it asks for nothing.
  private var configuredCells: [ObjectIdentifier: ConfiguredCell] = [:]
  private struct ConfiguredCell {
    weak var cell: UICollectionViewCell?
    var id: Item.ID
  }
  /// The cells the coordinator configured that are still alive: on screen, kept near it, or in
  /// the reuse pool.
  var configuredRowCells: [UICollectionViewCell] { configuredCells.values.compactMap { $0.cell } }
  /// A section's header configuration; `nil` for no headers.
  var header: (@MainActor (Section) -> any UIContentConfiguration)? { options.header }
  /// A cell for an item and its content's state, as the binding asks for it.
  private typealias CellProvider =
    @MainActor (UICollectionView, IndexPath, Item, ContentState<Content>) -> UICollectionViewCell
  /// Binds the view to a source with a cell provider: with late content or without.
  private typealias BindView =
    @MainActor (UICollectionView, ListSource<Section, Item>, @escaping CellProvider) ->
    CollectionBinding<Section, Item>
  private let bindView: BindView
  private let events = BoundListEvents()

  /// The ids the app has selected: kept while their items are away, selected again when they
  /// come back, as `List` keeps a selection binding's ids.
  public private(set) var selection: Set<Item.ID> = []
  private var selectionMode = SelectionMode.none
  /// Told of every selection the user makes, with the new set of ids.
  public var onSelectionChange: (@MainActor (Set<Item.ID>) -> Void)?

  /// The id of the item at the scroll position's anchor (the first visible at the top of the
  /// viewport, by default), as last reported or set.
  public internal(set) var scrollPosition: Item.ID?
  /// Where in the viewport the scroll position is read and set
  /// (``update(scrollPosition:anchor:)``).
  var scrollAnchor = ListScrollPosition.start
  /// An id the app asked to scroll to before its item was shown (or before the view was laid
  /// out in a window).
  var pendingScroll: Item.ID?
  /// The last id the app's state handed in: only a new one scrolls, so a value the app has not
  /// yet caught up with (its binding is written on a later turn) never scrolls the user back.
  var requestedScroll: Item.ID?
  /// Set while scrolling to the app's id: the scroll view reports that scroll before it lays
  /// out, so the first visible item is read once it has.
  var isScrollingToRequest = false
  /// Told whenever the first visible item changes, by the user's scroll or by an update.
  public var onScrollPositionChange: (@MainActor (Item.ID?) -> Void)?
  /// Told when the reader's place changes (``readingPlace``): its item, the end, or — once the
  /// scroll comes to rest — how far into the row.
  public var onReadingPlaceChange: (@MainActor (ReadingPlace<Item.ID>?) -> Void)?
  /// The reader's place, as reported and as the app's state handed it in.
  var reading = ReadingPlaceTrack<Item.ID>()

  /// What the app does with an item the user deleted; `nil`: no row offers a delete.
  var deleteHandler: (@MainActor (Item) -> Void)? { options.onDelete }
  /// What the app does with an item the user moved; `nil`: no row moves.
  var moveHandler: MoveHandler? { options.onMove }
  /// The refresh the user's pull runs, while it does.
  var refreshTask: Task<Void, Never>?
  /// The view's `alwaysBounceVertical` before the refresh control came, put back when it goes.
  var bouncedBeforeRefresh = false
  /// The edges and thresholds the binding has a page loader for.
  var pageLoaders: [(edge: PageLoader<Section, Item>.Edge, threshold: Int)] = []
  /// The empty state's view shown, with its state.
  var emptyStateShown: (state: EmptyListState, view: any UIView & UIContentView)?
  /// Whether the binding asks this coordinator for its empty states.
  var isShowingEmptyStates = false

  static var rowReuseIdentifier: String { "Bindery.hostedRow" }

  /// A coordinator whose rows show items alone.
  public convenience init(
    collectionView: UICollectionView, row: @escaping @MainActor (Item) -> any UIContentConfiguration
  ) where Content == Never {
    self.init(
      collectionView: collectionView, row: { item, _ in row(item) },
      bindView: { view, source, cell in
        view.bind(to: source) { view, indexPath, item in cell(view, indexPath, item, .notRequested)
        }
      })
  }

  /// A coordinator whose rows also show each item's late content: `row` receives the item's
  /// state in `content`'s store — already `.loaded` on the first configuration when the store
  /// has it — and is configured again when it arrives or fails.
  public convenience init<Key>(
    collectionView: UICollectionView, content: LateContent<Item, Key, Content>,
    row: @escaping Row
  ) {
    self.init(
      collectionView: collectionView, row: row,
      bindView: { view, source, cell in view.bind(to: source, content: content, cellProvider: cell)
      })
  }

  private init(collectionView: UICollectionView, row: @escaping Row, bindView: @escaping BindView) {
    self.collectionView = collectionView
    self.row = row
    self.bindView = bindView
    collectionView.register(
      UICollectionViewListCell.self, forCellWithReuseIdentifier: Self.rowReuseIdentifier)
    collectionView.delegate = events
    collectionView.allowsSelection = false
    events.selectionChanged = { [weak self] path, selected in
      self?.userTapped(path, selected: selected)
    }
    events.scrolled = { [weak self] in
      self?.noteScrollPosition()
      self?.scrolledForReadingPlace()
    }
    events.settled = { [weak self] in self?.noteReadingPlace() }
    // The user's own scroll replaces a position the app asked for and the list never had.
    events.willBeginDragging = { [weak self] in self?.pendingScroll = nil }
    events.contextMenu = { [weak self] path in self?.contextMenuConfiguration(at: path) }
  }

  // MARK: Updates from SwiftUI

  /// Binds `source` when `sourceID` differs from the last one's (or nothing is bound yet), then
  /// applies `modifiers` to the new binding (`anchor(_:)`, `loadMore(…)`, …, returning the
  /// modified binding, as a chain of modifiers does). The old binding is cancelled.
  ///
  /// The same id keeps the binding, so that SwiftUI's repeated updates do not start it over:
  /// - a publisher or a sequence keeps its subscription (this update's `source` is not used);
  /// - an `.observing` source takes this update's closure, with the state it captured (a
  ///   `@State` query): the list is read with it on the next turn of the main actor, and
  ///   after every change from then on, and shown, diffed as any list, if it differs.
  public func update(
    source: ListSource<Section, Item>, sourceID: AnyHashable,
    modifiers: (CollectionBinding<Section, Item>) -> CollectionBinding<Section, Item> = { $0 }
  ) {
    guard binding == nil || sourceID != self.sourceID else {
      #if canImport(Observation)
        if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *), let current = self.source {
          _ = source.handRead(to: current)
        }
      #endif
      return
    }
    binding?.cancel()
    self.source = source
    configuredCells = [:]
    self.sourceID = sourceID
    let binding = bindView(collectionView, source) { [weak self] view, indexPath, item, state in
      let cell = view.dequeueReusableCell(
        withReuseIdentifier: Self.rowReuseIdentifier, for: indexPath)
      if let self {
        cell.contentConfiguration = self.row(item, state)
        (cell as? UICollectionViewListCell)?.accessories = self.rowAccessories
        self.configuredCells[ObjectIdentifier(cell)] = ConfiguredCell(cell: cell, id: item.id)
      }
      return cell
    }
    binding.onShow { [weak self] in self?.listShown() }
    setUpAround(binding)
    // Always: headers may come with a later update (the layout asks only when it has them).
    // Configured in place when a section's value changes, with the latest header builder.
    _ = binding.supplementaryViews(
      ofKind: UICollectionView.elementKindSectionHeader, UICollectionViewListCell.self
    ) { [weak self] view, section, _ in
      view.contentConfiguration = self?.header?(section)
    }
    if let anchor = options.anchor { _ = binding.anchor(anchor) }
    _ = modifiers(binding)  // the same binding, modified
    self.binding = binding
  }

  /// Section headers, each `header`'s configuration of its section, in a layout that has
  /// supplementary headers (a list's `headerMode = .supplementary`: the list layout of
  /// ``update(listAppearance:showsSeparators:)`` has them exactly while there is a builder).
  /// A later call replaces the builder: the headers on screen take it when they are next
  /// configured.
  package func update(header: (@MainActor (Section) -> any UIContentConfiguration)?) {
    updateOptions { $0.header = header }
  }

  /// What keeps the reader's place as the list changes (`ViewBinding.anchor(_:)`): given to
  /// the binding at once, and to every binding made later. Before this is first called, a
  /// binding keeps the anchor its modifiers gave it.
  package func update(anchor: ScrollAnchor) {
    updateOptions { $0.anchor = anchor }
  }

  /// Lays the collection view out as a list of `appearance`, with separators between its rows
  /// or not, showing this coordinator's section headers (while it has a header builder) and
  /// swipe actions; a later call with another appearance or separators, or a header builder
  /// that comes or goes, lays it out anew. A layout of the app's own (set on
  /// ``collectionView``) is replaced.
  package func update(
    listAppearance appearance: UICollectionLayoutListConfiguration.Appearance,
    showsSeparators: Bool = true
  ) {
    updateOptions { $0.layout = .list(appearance, showsSeparators: showsSeparators) }
  }

  /// Lays the collection view out as a list of `appearance` with the options' headers and
  /// swipe actions: at once the first time, keeping the reader's row after that.
  func layOut(
    _ appearance: UICollectionLayoutListConfiguration.Appearance, showsSeparators: Bool,
    isFirst: Bool
  ) {
    var configuration = listConfiguration(appearance: appearance)
    configuration.showsSeparators = showsSeparators
    let layout = UICollectionViewCompositionalLayout.list(using: configuration)
    guard !isFirst, let binding else { return collectionView.collectionViewLayout = layout }
    // The rows are laid out anew (insets, headers, heights): the reader stays where they are.
    binding.keepingPlace { collectionView.collectionViewLayout = layout }
  }

  /// Takes the row builder of SwiftUI's latest update (its captured state, its environment) and
  /// shows the rows on screen, and those UIKit keeps near it, from it at once: each is
  /// reconfigured in place (its cell kept, no list diffed), as `List` evaluates its visible rows
  /// again when the state they read changes. Rows configured later use it too.
  ///
  /// `dependency`, when the app gives one, is everything the rows show besides their item and
  /// its content (a selection, a search query, the environment values they read): the rows on
  /// screen are shown again only when it differs from the last update's. Without one (`nil`),
  /// every update shows them again, since two closures cannot be told apart.
  ///
  /// - Complexity: O(c) for the c cells the view has made, plus UIKit's reconfigure of the rows
  ///   that have a cell.
  public func update(row: @escaping Row, dependingOn dependency: AnyHashable? = nil) {
    self.row = row
    let unchanged = dependency != nil && dependency == rowDependency
    rowDependency = dependency
    guard !unchanged, let binding, !binding.isCancelled, !configuredCells.isEmpty else {
      return
    }
    // Once each: a cell in the reuse pool may name the item another cell shows now.
    var ids = Set<Item.ID>(minimumCapacity: configuredCells.count)
    for (key, entry) in configuredCells {
      guard entry.cell != nil else {
        configuredCells[key] = nil
        continue
      }
      ids.insert(entry.id)
    }
    binding.reconfigureItems(withIDs: ids)
  }

  /// ``BoundList``'s rows: shown again when what they depend on changes — what the app
  /// declared (`listRowsDepend(on:)`; `nil`, nothing) or the traits they follow (the color
  /// scheme, the text size, the locale, the rows' insets) — and not at every update of SwiftUI's:
  /// a composer's text re-rendered every row on screen at each keystroke (issue 66, item 9).
  /// A row is shown again anyway when its item or its content changes.
  package func update(row: @escaping Row, declared: AnyHashable?, traits: [AnyHashable]) {
    update(row: row, dependingOn: [AnyHashable(declared), AnyHashable(traits)])
  }

  /// Selects the items with `ids` (and only those), as the app's state says; the mode sets how
  /// many the user may select. Ids not in the list stay selected for when their items come.
  public func update(selection ids: Set<Item.ID>, mode: SelectionMode) {
    selectionMode = mode
    collectionView.allowsSelection = mode != .none
    collectionView.allowsMultipleSelection = mode == .multiple
    selection = mode == .single ? Set(ids.prefix(1)) : (mode == .none ? [] : ids)
    syncSelection()
  }

  /// A coordinator let go of ends its binding: the rows it configures, and what the binding
  /// reports to it, would have nobody to go to. The view keeps what it shows.
  deinit {
    binding?.cancel()
  }

  /// Whether ``stop()`` was called: what was reported before it and is still on its way (a
  /// write deferred to the next turn) must not reach SwiftUI's state.
  public private(set) var isStopped = false

  /// Lets go of SwiftUI's state: nothing is reported once the view is gone (a fling still
  /// decelerating would otherwise write into state another view may share).
  public func stop() {
    isStopped = true
    onSelectionChange = nil
    onScrollPositionChange = nil
    refreshTask?.cancel()
    collectionView.delegate = nil
    binding?.cancel()
  }

  // MARK: What the view tells

  private func listShown() {
    syncSelection()
    scrollToPending()
    // A reload's cells come at the view's next layout (the turn's end): the first item on
    // screen is read from the layout it makes.
    collectionView.layoutIfNeeded()
    noteScrollPosition()
    noteReadingPlace()
  }

  /// Makes the view's selection the app's: UIKit keeps selection by index path and drops it
  /// for reloaded items, so it is set again by id after every update.
  private func syncSelection() {
    guard let binding else { return }
    let wanted = Set(selection.compactMap { binding.indexPath(for: $0) })
    let shown = Set(collectionView.indexPathsForSelectedItems ?? [])
    for path in shown.subtracting(wanted) { collectionView.deselectItem(at: path, animated: false) }
    for path in wanted.subtracting(shown) {
      collectionView.selectItem(at: path, animated: false, scrollPosition: [])
    }
  }

  /// The user's tap, as a change to the selection by id: ids whose items are away (or lost to a
  /// reload UIKit made without an update) stay as they are.
  private func userTapped(_ path: IndexPath, selected: Bool) {
    guard let id = binding?.item(at: path)?.id else { return }
    var new = selection
    switch (selectionMode, selected) {
    case (.none, _): return
    // With single selection UIKit deselects the old item before it selects the new one, and a
    // tap never deselects alone: the select that follows tells the whole change.
    case (.single, false): return
    case (.single, true): new = [id]
    case (.multiple, true): new.insert(id)
    case (.multiple, false): new.remove(id)
    }
    guard new != selection else { return }
    selection = new
    onSelectionChange?(new)
  }

}
