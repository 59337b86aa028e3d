/// Late content for a binding: the cells' interest, the prefetcher, and reconfiguring a cell
/// when its item's content arrives or fails — one object per bound screen, kept by the binding.
///
/// A cell provider calls ``cell(for:at:configure:)`` instead of reading the store. When the
/// store announces a key (content or failure), the cells that show it are reconfigured with the
/// current item: no diff runs and the list is not touched. After every list shown, and once per
/// main-actor turn in which cells were configured, the interest of cells that no longer show a
/// row (in the reuse pool, or of a deleted row) goes back to the store. When the binding stops or
/// goes away, all of this screen's interest does.
@MainActor
public final class ContentBinding<Section, Item, Content: Sendable>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// The cells' interest in the store.
  public let cells: ContentCells<Item.ID, Content>
  /// The prefetcher, or `nil` when prefetching is off.
  public let prefetcher: ContentPrefetcher<Section, Item, Content>?
  private weak var binding: ListBinding<Section, Item>?
  private var observation: ContentObservation?
  private var isReleaseScheduled = false
  /// Whether the binding stopped: cells still configured by its view read the store's state
  /// and hold no interest.
  public private(set) var isStopped = false

  /// Attaches late content from `store` to `binding`, which keeps it.
  ///
  /// - Parameters:
  ///   - binding: the binding whose cells show the content; it keeps this object.
  ///   - store: where the content comes from, shared by any number of screens.
  ///   - planner: the prefetch windows; `nil` turns prefetching off (cells still load what
  ///     they show).
  ///   - holdFirstDisplay: how long the first display may wait for the first screen's content;
  ///     `nil` (or no planner) shows the first list at once.
  public init(
    binding: ListBinding<Section, Item>, store: ContentStore<Item.ID, Content>,
    planner: PrefetchPlanner?, holdFirstDisplay: Duration?
  ) {
    self.binding = binding
    cells = ContentCells(store: store)
    prefetcher = planner.map { ContentPrefetcher(binding: binding, store: store, planner: $0) }
    if let holdFirstDisplay { prefetcher?.holdFirstDisplay(upTo: holdFirstDisplay) }
    binding.retain(self)
    observation = store.observe { [weak self] key, _ in self?.contentChanged(for: key) }
    binding.onShow { [weak self] in self?.releaseDetachedCells() }
    binding.onStop { [weak self] in self?.stop() }
  }

  /// Configures the cell for `item` at `position` through its content state: interest at
  /// visible priority when the row is on screen, at prefetch priority when the view prepares it
  /// ahead or a fling carries it past; then lets the prefetcher re-plan (once per main-actor
  /// turn).
  public func cell<Cell: AnyObject>(
    for item: Item, at position: ItemPosition, configure: (ContentState<Content>) -> Cell
  ) -> Cell {
    // A stopped binding's view still asks for cells as the user scrolls: it gets what the store
    // has, and nothing is loaded or wanted.
    guard !isStopped else { return configure(cells.store.state(for: item.id)) }
    var isVisible = binding?.view?.isItemVisible(at: position) ?? true
    if isVisible, let landing = prefetcher?.landing,
      let index = binding?.snapshot.flatIndex(of: position), !landing.contains(index)
    {
      isVisible = false  // passing by in a fling: the landing screen comes first
    }
    let cell = cells.cell(for: item.id, isVisible: isVisible, configure: configure)
    prefetcher?.setNeedsUpdate()
    scheduleRelease()
    return cell
  }

  /// A UIKit prefetch call (the user is scrolling): re-plans the prefetcher.
  public func viewWillPrefetch() {
    prefetcher?.setNeedsUpdate()
  }

  /// Gives back the interest of cells that no longer show a row near the screen: cells in the
  /// reuse pool, cells of deleted rows. Cells on screen keep theirs, and so do cells for rows
  /// within a screen of it — UIKit prepares cells just beyond the screen, and shows them
  /// later without asking for them again.
  public func releaseDetachedCells() {
    guard let binding, let view = binding.view else { return cells.releaseAll() }
    let live = Set(view.liveCells.map(ObjectIdentifier.init))
    let snapshot = binding.snapshot
    let visible = view.visibleItemPositions.compactMap { snapshot.flatIndex(of: $0) }
    let band = max(1, view.itemsPerScreen)
    let near = ((visible.min() ?? 0) - band)...((visible.max() ?? -1) + band)
    cells.releaseInterest { key, cell in
      if live.contains(ObjectIdentifier(cell)) { return false }
      guard let position = snapshot.position(of: key), let index = snapshot.flatIndex(of: position)
      else { return true }
      return !near.contains(index)
    }
  }

  /// Lets go of everything and stops observing the store; cells configured afterwards read
  /// the store without asking it for anything.
  public func stop() {
    isStopped = true
    observation?.cancel()
    observation = nil
    cells.releaseAll()
    prefetcher?.stop()
  }

  private func contentChanged(for key: Item.ID) {
    guard cells.hasCell(showing: key) else { return }
    binding?.reconfigureItems(withIDs: [key])
  }

  private func scheduleRelease() {
    guard !isReleaseScheduled else { return }
    isReleaseScheduled = true
    Task { [weak self] in
      self?.isReleaseScheduled = false
      self?.releaseDetachedCells()
    }
  }
}
