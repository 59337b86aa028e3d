/// Late content for a binding: the cells' interest, the prefetcher, and reconfiguring a cell
/// when its item's content arrives or fails — one object per bound screen, kept by the binding.
///
/// A cell provider calls ``cell(for:at:configure:)`` instead of reading the store. When the
/// store announces a key (content or failure), the cells that show it are reconfigured with the
/// current item: no diff runs and the list is not touched. After every list shown, and once per
/// main-actor turn in which cells were configured, the interest of cells that no longer show a
/// row (in the reuse pool, or of a deleted row) goes back to the store. When the binding stops or
/// goes away, all of this screen's interest does.
///
/// **Keys.** Content is keyed by ``contentKey``: the item's id by default, or what determines
/// the content — an id with a version, a URL — so that content that changes under the same id
/// is loaded afresh. When an item's key changes, its cell keeps showing the content of the key
/// it showed before (while the store still has it) until the new key's content arrives, and is
/// then reconfigured: an avatar is replaced, never blanked. A failure of the new key is shown
/// as a failure.
@MainActor
public final class ContentBinding<Section, Item, Key: Hashable & Sendable, Content: Sendable>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// The cells' interest in the store.
  public let cells: ContentCells<Key, Content>
  /// The prefetcher, or `nil` when prefetching is off.
  public let prefetcher: ContentPrefetcher<Section, Item, Key, Content>?
  /// The key of an item's content.
  public let contentKey: (Item) -> Key
  /// For each item configured near the screen: the key its cell asked for, and the key whose
  /// content it last showed (the one it keeps showing while a new key loads).
  private var keys: [Item.ID: (current: Key, shown: Key?)] = [:]
  /// The items configured with each key: whom an announcement for the key reconfigures.
  private var items: [Key: Set<Item.ID>] = [:]
  /// How many items ``keys`` remembered after it was last swept of items far from the screen:
  /// it is swept again once it has doubled, so that a scroll's tidy does not look every
  /// remembered item up each time a row comes on screen, and what it holds stays within twice
  /// what the screen and the cells need.
  private var keysAfterSweep = 0
  private weak var binding: ListBinding<Section, Item>?
  private var observation: ContentObservation?
  private var isReleaseScheduled = false
  /// The holds set without prefetching, not reported yet (`holdingFirstDisplay`, …).
  private var holdsWithoutPrefetching: [String] = []
  /// The screen the last release looked at (its first and last visible positions) and the
  /// binding's count of snapshot writes then; `nil` once a cell was configured since. A scroll
  /// that shows the same rows of the same list has no cell to release.
  private var releasedFor: (first: ItemPosition?, last: ItemPosition?, writes: UInt64)?
  /// Whether the binding stopped (or went): cells still configured by its view read the
  /// store's state and hold no interest. The binding's phase says; late content keeps no flag
  /// of its own.
  public var isStopped: Bool {
    guard let binding else { return true }
    return binding.isStopped
  }

  /// Attaches `content` to `binding`, which keeps it: the cells' interest in the store, the
  /// prefetcher (unless ``Prefetching/never``), and the holds of the first display and of new
  /// rows. A hold without prefetching holds nothing, and `binding` says so on its `errors`
  /// (``BindingError/modifierDoesNotApply(_:)``).
  public init(binding: ListBinding<Section, Item>, content: LateContent<Item, Key, Content>) {
    self.binding = binding
    contentKey = content.contentKey
    cells = ContentCells(store: content.store)
    prefetcher = content.prefetching.planner.map {
      ContentPrefetcher(
        binding: binding, store: content.store, planner: $0, contentKey: content.contentKey)
    }
    if let prefetcher {
      if let hold = content.firstDisplayHold { prefetcher.holdFirstDisplay(upTo: hold) }
      if let hold = content.newRowHold { prefetcher.holdNewRows(upTo: hold) }
    } else {
      holdsWithoutPrefetching = [
        (content.firstDisplayHold, "holdingFirstDisplay"), (content.newRowHold, "holdingNewRows"),
      ].compactMap { $0.0 == nil ? nil : $0.1 }
    }
    observation = content.store.observe { [weak self] key, _ in self?.contentChanged(for: key) }
    binding.attach(lateContent: self)
  }

  /// Holds wait for content that prefetching asked for: without prefetching they hold
  /// nothing. Reported when the first list is about to show — what the first hold would have
  /// held — rather than inside `bind`, before the caller could see the binding.
  fileprivate func reportHoldsWithoutPrefetching() {
    let holds = holdsWithoutPrefetching
    holdsWithoutPrefetching = []
    for name in holds {
      binding?.reportMisuse(
        "LateContent.store(_:\(name):)",
        "it waits for content that prefetching asked for, and prefetching is .never")
    }
  }

  /// Configures the cell for `item` at `position` through its content state: interest at
  /// visible priority when the row is on screen, at prefetch priority when the view prepares it
  /// ahead or a fling carries it past; then lets the prefetcher re-plan and the cells' interest
  /// be tidied (once per main-actor turn) — unless the cell was configured in place (its
  /// content arrived, its item changed), which moves no row and no cell's interest.
  public func cell<Cell: AnyObject>(
    for item: Item, at position: ItemPosition, configure: (ContentState<Content>) -> Cell
  ) -> Cell {
    let key = contentKey(item)
    // A stopped binding's view still asks for cells as the user scrolls: it gets what the store
    // has, and nothing is loaded or wanted.
    guard !isStopped else { return configure(cells.store.currentState(for: key)) }
    var isVisible = binding?.view?.isItemVisible(at: position) ?? true
    var place: ContentCells<Key, Content>.CellPlace?
    if let binding, let index = binding.flatIndex(of: position) {
      place = ContentCells.CellPlace(writes: binding.snapshotWrites, index: index)
    }
    if isVisible, let landing = prefetcher?.landing, let place, !landing.contains(place.index) {
      isVisible = false  // passing by in a fling: the landing screen comes first
    }
    let (cell, inPlace) = cells.configuredCell(for: key, isVisible: isVisible, place: place) {
      state in configure(shownState(of: item.id, key: key, state))
    }
    guard !inPlace else { return cell }
    prefetcher?.setNeedsUpdate()
    releasedFor = nil
    scheduleRelease()
    return cell
  }

  /// The state a cell shows for an item whose content key is `key`: the key's own, unless it
  /// is still loading and the item's cell showed another key's content that the store still
  /// has — that goes on showing until the new content arrives (or fails). Records the keys.
  private func shownState(of id: Item.ID, key: Key, _ state: ContentState<Content>)
    -> ContentState<Content>
  {
    let previous = keys[id]
    if previous?.current != key {
      if let old = previous?.current { forget(id, from: old) }
      items[key, default: []].insert(id)
    }
    if case .loaded = state {
      keys[id] = (key, key)
      return state
    }
    if case .failed = state {
      keys[id] = (key, nil)  // the app shows the new key's failure, and no longer the old
      return state
    }
    keys[id] = (key, previous?.shown)
    return showingWhatItShowed(state, key: key, shown: previous?.shown)
  }

  /// The state a cell configured now would show for `item` (see `shownState`), recording
  /// nothing: what a cell provider that picks its cell from the content will be handed.
  ///
  /// - Complexity: O(1).
  public func stateForCell(of item: Item) -> ContentState<Content> {
    let key = contentKey(item)
    let state = cells.store.currentState(for: key)
    switch state {
    case .loaded, .failed: return state
    case .notRequested, .loading:
      return showingWhatItShowed(state, key: key, shown: keys[item.id]?.shown)
    }
  }

  /// `state`, or the content of the key the item's cell showed before while `key`'s is on its
  /// way and the store still has that.
  private func showingWhatItShowed(_ state: ContentState<Content>, key: Key, shown: Key?)
    -> ContentState<Content>
  {
    if let shown, shown != key, let old = cells.store.currentState(for: shown).content {
      return .loaded(old)
    }
    return state
  }

  private func forget(_ id: Item.ID, from key: Key) {
    items[key]?.remove(id)
    if items[key]?.isEmpty == true { items[key] = nil }
  }

  /// A UIKit prefetch call (the user is scrolling): re-plans the prefetcher, and tidies the
  /// cells' interest on the next turn (see ``viewDidMove()``).
  public func viewWillPrefetch() { viewDidMove() }

  /// The view scrolled, or its viewport changed shape (the keyboard, a rotation): re-plans the
  /// prefetcher, and on the next turn tidies the cells' interest — cells left behind give theirs
  /// back, and cells the view shows again without asking for them (UIKit keeps them near the
  /// screen) ask again. Nothing is done when the rows on screen and the list are as at the last
  /// tidy.
  public func viewDidMove() {
    prefetcher?.setNeedsUpdate()
    if rowsOnScreenAreAsReleased { return }
    scheduleRelease()
  }

  /// The view moved in the turn that is ending, and has laid out (BinderyUIKit calls it once a
  /// turn, after a scroll): re-plans the prefetcher and tidies the cells' interest now, where
  /// ``viewDidMove()`` waits for the end of the turn. `rowsMoved` is `false` when the view says
  /// only its offset moved since it last said so, over the same rows of the same list: the
  /// prefetcher notes the move, and the cells' interest is as it was tidied then.
  package func viewMoved(rowsMoved: Bool = true) {
    prefetcher?.updateAfterMove(rowsMoved: rowsMoved)
    if !rowsMoved, releasedFor != nil, !isReleaseScheduled { return }
    if rowsOnScreenAreAsReleased { return }
    isReleaseScheduled = false
    releaseDetachedCells()
  }

  /// Whether the rows on screen and the list are as at the last tidy: nothing to give back.
  private var rowsOnScreenAreAsReleased: Bool {
    guard let releasedFor, let binding else { return false }
    let visible = binding.visiblePositions
    return releasedFor.first == visible.first && releasedFor.last == visible.last
      && releasedFor.writes == binding.snapshotWrites
  }

  /// Gives back the interest of cells that no longer show a row near the screen: cells in the
  /// reuse pool, cells of deleted rows. Cells on screen keep theirs, and so do cells for rows
  /// within a screen of it — UIKit prepares cells just beyond the screen, and shows them
  /// later without asking for them again. A cell on screen that gave its interest back (the
  /// view kept it farther away, and shows it again without asking for it) asks again. Nothing
  /// is given back while the view is covered (not in a window): its cells come back with it.
  public func releaseDetachedCells() {
    guard let binding, let view = binding.view else { return cells.cancelAllRequests() }
    // A covered screen shows nothing and scrolls nowhere: its cells are not detached, and
    // UIKit shows them again, without asking for them, when it is back.
    guard view.isInWindow else { return }
    let positions = binding.visiblePositions
    let writes = binding.snapshotWrites
    releasedFor = (positions.first, positions.last, writes)
    let snapshot = binding.snapshot
    // The positions read above, as flat indices: the view is asked once.
    let visible = binding.flatIndices(ofVisible: positions)
    let band = max(1, view.itemsPerScreen)
    let near = ((visible.min() ?? 0) - band)...((visible.max() ?? -1) + band)
    func isNear(_ id: Item.ID) -> Bool {
      guard let position = snapshot.position(of: id), let index = snapshot.flatIndex(of: position)
      else { return false }
      return near.contains(index)
    }
    cells.cancelRequests { key, _, place in
      // A cell configured for a row of this list near the screen (every cell on screen, most
      // of the others) keeps its interest: its row tells, with no lookup of its items.
      if let place, place.writes == writes, near.contains(place.index) { return false }
      return !(items[key] ?? []).contains(where: isNear)
    }
    // A cell the view kept, and shows again without asking for it, wants its content again.
    if cells.hasCellsWithoutInterest { cells.requestAgain(for: view.liveCells) }
    // Keys are remembered for the items near the screen, and for those a cell still shows: the
    // view may keep a cell farther than a screen away (how long is not documented), and content
    // arriving must still reach it. (Cells on screen show a key too: their items stay.)
    guard keys.count >= max(2 * keysAfterSweep, Self.keysNeverSwept) else { return }
    for (id, key) in keys where !isNear(id) && !cells.hasCell(showing: key.current) {
      keys[id] = nil
      forget(id, from: key.current)
    }
    keysAfterSweep = keys.count
  }

  /// How many items the binding remembers the content keys of: those configured near the
  /// screen, and those a cell still shows (at most about twice that between two sweeps).
  package var rememberedItemCount: Int { keys.count }

  /// Below this many items, ``keys`` is not swept: a few screens' worth.
  private static var keysNeverSwept: Int { 64 }

  /// Lets go of everything and stops observing the store, as the binding stopped; cells
  /// configured afterwards read the store without asking it for anything. The prefetcher, a
  /// part of the screen itself, hears the stop on its own.
  private func letGo() {
    observation?.cancel()
    observation = nil
    cells.cancelAllRequests()
    keys.removeAll()
    items.removeAll()
  }

  private func contentChanged(for key: Key) {
    guard cells.hasCell(showing: key), let ids = items[key] else { return }
    binding?.reconfigureItems(withIDs: ids)
  }

  /// Tidies the cells' interest in the screen's end-of-turn job.
  private func scheduleRelease() {
    guard !isReleaseScheduled else { return }
    isReleaseScheduled = true
    binding?.setNeedsEndOfTurn()
  }
}

extension ContentBinding: ScreenPart {
  package func listWillShow(_ snapshot: Snapshot<Section, Item>) {
    if !holdsWithoutPrefetching.isEmpty { reportHoldsWithoutPrefetching() }
  }

  /// Gives back the interest of cells no longer on screen, at the end of the turn.
  package func listDidShow() { releaseDetachedCells() }

  package func bindingDidStop() { letGo() }

  /// The prefetcher re-plans, and the cells' interest is tidied, as the view scrolls or its
  /// viewport changes shape: cells UIKit shows again without asking for them want their
  /// content again, prefetching or not.
  package func viewDidScroll(rowsMoved: Bool) { viewMoved(rowsMoved: rowsMoved) }

  /// Nothing to do when a tidy made since (after a scroll) did it.
  package func endOfTurn() {
    guard isReleaseScheduled else { return }
    isReleaseScheduled = false
    releaseDetachedCells()
  }
}
