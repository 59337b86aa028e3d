import BinderyDiff

/// Keeps a ``ListView`` showing the latest list a source sent, with diffed batch updates.
///
/// The binding owns the snapshot on screen (``snapshot``); the view's data source reads it. New
/// lists arrive from an `AsyncSequence` the binding reads, from a publisher, from ``submit(_:)``
/// on any thread, or from ``apply(_:animatingDifferences:)``. Each is validated (repeated ids
/// are dropped and reported on ``errors``) and diffed off the main actor; the main actor only
/// applies the staged changeset.
///
/// - Latest wins: at most one diff is in flight, or one list animating, and one list waits; a
///   list that arrives while another waits replaces it. The screen always ends on the last list
///   sent.
/// - Nothing is applied under the user's finger: while the view says the user is moving a row
///   (``ListView/isUserInteracting``), lists wait, and the newest is diffed when the move ends.
/// - The first list, any list while the view is off screen, and a changeset with more inserts,
///   deletes and moves than ``reloadThreshold`` of the list are shown with a reload instead of
///   batches. Reconfigures are not counted: content that changes everywhere keeps every cell.
/// - ``cancel()`` or releasing the binding stops it: nothing is applied after `cancel()` returns,
///   waiting calls return `false`, and whatever it attached (content interest, a prefetcher)
///   lets go within one main-actor turn. The view keeps what it shows (BinderyUIKit's views
///   keep answering from the last list). A source that finishes or throws stops the flow of
///   lists (a throw is reported on ``errors``); the view stays bound until cancel or release.
///
/// A binding that `bind(to:)` makes knows its view: BinderyUIKit's `TableBinding` and
/// `CollectionBinding` are kinds of it, with the modifiers each view takes. The class is open for
/// them alone; none of its members can be overridden, and an app has no reason to subclass it.
@MainActor
open class ListBinding<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// What the binding reports on ``errors``.
  public typealias Failure = BindingError<Section.ID, Item.ID>

  /// How many problems ``errors`` keeps for a reader that is behind; older ones are dropped.
  public static var errorBufferLimit: Int { 64 }

  /// The list the view shows, stage by stage: the data source reads it.
  public internal(set) var snapshot: Snapshot<Section, Item> {
    get { shown.snapshot }
    set { shown.snapshot = newValue }
  }
  /// Where ``snapshot`` lives: shared with the data source of a view `bind(to:)` bound, which
  /// reads it, and keeps it once the binding is gone.
  package let shown = ShownList<Section, Item>()
  /// Counts writes of ``snapshot``: whoever worked something out from it knows, by comparing,
  /// whether the list is still the one it read (the prefetcher's plan, each scrolled frame).
  var snapshotWrites: UInt64 { shown.writes }
  /// The visible positions last read as flat indices, and the list they were read in.
  private var visibleFlatRead: (positions: [ItemPosition], writes: UInt64, flat: [Int])?

  /// A changeset with more inserts, deletes and moves than this share of the list (and more
  /// than ``minimumOperationsForReload``) is shown with a reload: animating most of a list tells
  /// the user less than showing the new one. Reconfigures are not counted.
  public var reloadThreshold: Double {
    get { reloadLimit.withLock { $0.threshold } }
    set { reloadLimit.withLock { $0.threshold = newValue } }
  }

  /// Changesets up to this size are always animated, however small the list.
  public var minimumOperationsForReload: Int {
    get { reloadLimit.withLock { $0.minimumOperations } }
    set { reloadLimit.withLock { $0.minimumOperations = newValue } }
  }

  /// The two above, where the worker reads them too: it stops diffing a list as soon as the
  /// change is proved too large, and the list is shown with a reload.
  nonisolated let reloadLimit = Locked(ReloadLimit(threshold: 0.5, minimumOperations: 32))

  /// Problems the binding got past: repeated ids, a source that threw, a modifier that does
  /// not apply. Each read of this property is a reader of its own, told every problem: the
  /// newest ``errorBufferLimit`` reported before it was made, then each new one (keeping the
  /// newest ``errorBufferLimit`` while it falls behind), so a log and an alert can both read
  /// them. It finishes when no more can come (the binding was cancelled or released — as a
  /// binding made by `bind(to:)` is when its view goes away — or its source ended).
  ///
  /// - Complexity: O(``errorBufferLimit``) to make a reader.
  public nonisolated var errors: AsyncStream<Failure> { problems.stream() }

  /// What the binding has done so far.
  public internal(set) var statistics = BindingStatistics()

  /// The view the binding applies to; `nil` once the binding stopped.
  public internal(set) var view: (any ListView<Section, Item>)? {
    get { parts.view }
    set { parts.view = newValue }
  }

  /// Called with the first list that has rows before it is shown; that list's display waits
  /// until it returns. Lists without rows before it (a view model's initial `[]`) are shown at
  /// once. A prefetcher uses it to hold the first screen until its content is loaded.
  public var firstDisplayHold: (@MainActor (Snapshot<Section, Item>) async -> Void)?

  /// Called, after the first list, with the list on screen and the next one when the next one
  /// inserts items; the next one is shown when it returns, and lists sent meanwhile coalesce
  /// behind it. A prefetcher uses it to hold new rows until their content is loaded
  /// (``ContentPrefetcher/holdNewRows(upTo:)``).
  public var updateHold:
    (
      @MainActor (_ current: Snapshot<Section, Item>, _ next: Snapshot<Section, Item>) async ->
        Void
    )?

  package nonisolated let inbox = ListInbox<Section, Item>()
  nonisolated let problems: ProblemBroadcast<Failure>
  nonisolated let lifetime = Locked(Lifetime())
  var worker: Task<Void, Never>?
  /// Who waits for which list.
  var waiters = ListWaiters()
  var shownSequence: UInt64 = 0
  /// The newest list the main actor applied to the view (its batches may still animate), or held
  /// back for the user's gesture.
  var handledSequence: UInt64 = 0
  /// The worker's pipeline, for a small list shown at once (``showAtOnce(_:maximumItems:)``).
  let pipeline: DiffPipeline<Section, Item>
  /// Where the binding is: running or stopped, what it does with the list at hand, where its
  /// source is.
  var phase = BindingPhase<Section, Item>()
  /// Whether the binding stopped (on the main actor, a turn after ``cancel()``).
  var isStopped: Bool { phase.isStopped }
  /// Counts changes made to ``snapshot`` outside the pipeline (a user's move), so that a diff
  /// computed from an older snapshot is redone.
  var snapshotVersion = 0 {
    // The worker diffs the next list from this: the list it showed last is let go of now, not
    // when the next list comes (lists shown at once, a user's move or delete).
    didSet { diffBase.withLock { $0 = DiffBase(snapshot: snapshot, version: snapshotVersion) } }
  }
  /// The newest list sent when the user last moved or deleted a row: a list up to it knows
  /// nothing of the edit, and is not shown while a newer one waits.
  var listsSentBeforeUserEdit: UInt64 = 0
  /// What the worker diffs the next list from, and its version: the snapshot shown, as the
  /// worker or the main actor last made it.
  nonisolated let diffBase = Locked(DiffBase<Section, Item>())
  /// The view, the observers and the screen's parts: what lives on the main actor, in one box
  /// the deinit can hand to it.
  nonisolated let parts = BindingParts<Section, Item>()
  var willShowObservers: [@MainActor (Snapshot<Section, Item>) -> Void] {
    get { parts.willShowObservers }
    set { parts.willShowObservers = newValue }
  }
  var showObservers: [@MainActor () -> Void] {
    get { parts.showObservers }
    set { parts.showObservers = newValue }
  }
  var stopObservers: [@MainActor () -> Void] {
    get { parts.stopObservers }
    set { parts.stopObservers = newValue }
  }
  /// Installs the next stage's snapshot: one closure for every stage of every list, as the
  /// view installs them in order.
  lazy var installNextStage: @MainActor () -> Void = { [weak self] in
    self?.installNext()
  }
  /// The lists whose batches the view has yet to complete, with their deadlines.
  var completionDeadlines = CompletionDeadlines()
  /// How often work held back during the user's gesture — a list, the view's deferred
  /// reconfigures — checks whether it ended (UIKit tells nothing when a reorder is cancelled).
  package nonisolated static var interactionPollInterval: Duration { .milliseconds(50) }

  /// How long the view may take to call a list's completion before the binding counts the list
  /// as shown anyway: far longer than UIKit's animations. A test that holds a view's animations
  /// for as long as it likes (a manual animation clock) makes it longer.
  package var completionDeadline = Duration.seconds(2)

  /// What ends with the binding, reachable from any thread.
  struct Lifetime {
    var isCancelled = false
    var reader: Task<Void, Never>?
    var worker: Task<Void, Never>?
    var cancellations: [@Sendable () -> Void] = []
  }

  /// Creates a binding that shows what is passed to ``apply(_:animatingDifferences:)`` and
  /// ``submit(_:)``.
  ///
  /// - Parameters:
  ///   - view: the view to keep up to date; the binding keeps it alive until it stops.
  ///   - pipeline: leave it to its default, which is specialized for your item types at the
  ///     call site (see ``DiffPipeline``).
  public init(
    view: any ListView<Section, Item>, pipeline: DiffPipeline<Section, Item> = DiffPipeline()
  ) {
    problems = ProblemBroadcast(limit: Self.errorBufferLimit)
    self.pipeline = pipeline
    parts.view = view
    let target = WeakReference<ListBinding>()
    let inbox = self.inbox
    let reloadLimit = self.reloadLimit
    let diffWorker = DiffWorker(
      inbox: inbox, target: target, pipeline: pipeline,
      reloadLimit: reloadLimit, errors: problems, base: diffBase)
    let worker = Task.detached(priority: .userInitiated) { await diffWorker.run() }
    self.worker = worker
    lifetime.withLock { $0.worker = worker }
    target._value = self
  }

  /// Creates a binding that shows every list `source` sends, latest first.
  public convenience init<Source: AsyncSequence & Sendable>(
    view: any ListView<Section, Item>, source: Source,
    pipeline: DiffPipeline<Section, Item> = DiffPipeline()
  ) where Source.Element == [ListSection<Section, Item>] {
    self.init(view: view, pipeline: pipeline)
    read(source)
  }

  /// Starts reading `source`: every list it sends is submitted; when it ends the binding takes
  /// no more lists, and if it throws the error goes to ``errors``. Cancelling the binding
  /// cancels the reading.
  package func read<Source: AsyncSequence & Sendable>(_ source: Source)
  where Source.Element == [ListSection<Section, Item>] {
    let inbox = self.inbox
    let problems = self.problems
    let reader = Task.detached { [weak self] in
      do {
        for try await sections in source { inbox.submit(sections) }
      } catch {
        problems.yield(.sourceFailed(error))
        await self?.sourceDidFail(error)
      }
      inbox.finish()
    }
    let cancelled = lifetime.withLock { state in
      if !state.isCancelled { state.reader = reader }
      return state.isCancelled
    }
    if cancelled { reader.cancel() }
  }

  deinit {
    _ = Self.end(lifetime, inbox: inbox, problems: problems)
    // A binding may be released on any thread: what lives on the main actor (the view's
    // adapter, the prefetcher, the content binding, the observers' closures) is handed to it, to
    // be torn down there. (No public API tells whether this already is the main actor, so it
    // always takes the hop.)
    // What the box holds moves to a new box, so that the last reference to each part is the
    // task's, whichever thread drops the old box. The task empties it on the main actor: were
    // the parts only captured, a task that finished before this thread let go of its handle
    // would be freed here, and the parts with it.
    let handOff = PartsHandOff(self.parts.handOver())
    Task { @MainActor in handOff.release() }
  }

  /// The error the source ended with, if it failed; `nil` while it runs or when it finished.
  public var sourceFailure: (any Error)? { phase.sourceFailure }

  /// Whether the binding takes no more lists: its source finished or failed (and the last list
  /// it sent was shown), or the binding stopped. An empty state tells "no rows" from "loading"
  /// by it when no list ever came.
  public var hasEnded: Bool { phase.hasEnded }

  // MARK: Reading it

  /// The positions of the items with a visible cell.
  public var visiblePositions: [ItemPosition] { view?.visibleItemPositions ?? [] }

  /// The flat indices of the items with a visible cell, in the list on screen: what the
  /// prefetcher, the content binding and page loaders measure the screen by.
  var visibleFlatIndices: [Int] { flatIndices(ofVisible: visiblePositions) }

  /// The flat index of `position` in the list on screen, read where the list lies (a copy of
  /// ``snapshot`` would retain and release its storage, in code not specialized for the app's
  /// types); `nil` for a position the list does not have.
  ///
  /// - Complexity: O(1).
  func flatIndex(of position: ItemPosition) -> Int? { shown.snapshot.flatIndex(of: position) }

  /// How many items the list on screen has, read where the list lies (see
  /// ``flatIndex(of:)``).
  ///
  /// - Complexity: O(1).
  var numberOfItems: Int { shown.snapshot.numberOfItems }

  /// The flat indices of `positions`, which the view just gave as the visible ones (for a
  /// reader that needs the positions too, and asks the view once).
  func flatIndices(ofVisible positions: [ItemPosition]) -> [Int] {
    let writes = snapshotWrites
    // Several read the screen after each scroll, and most scrolls keep its rows: the view
    // answers with the positions it gave last, which compare equal at once.
    if let read = visibleFlatRead, read.writes == writes, read.positions == positions {
      return read.flat
    }
    let snapshot = snapshot  // read once, not once per row
    let flat = positions.compactMap { snapshot.flatIndex(of: $0) }
    visibleFlatRead = (positions, writes, flat)
    return flat
  }

  /// How many items fit on the view's screen (0 once stopped).
  public var itemsPerScreen: Int { view?.itemsPerScreen ?? 0 }

  // Both read the list where it lies, as `flatIndex(of:)` does, not through a copy of it.

  /// The item at a position of the list on screen, or `nil` out of range.
  public func item(at position: ItemPosition) -> Item? { shown.snapshot.item(at: position) }

  /// Where the item with an id is on screen, or `nil`.
  public func position(of id: Item.ID) -> ItemPosition? { shown.snapshot.position(of: id) }

  // MARK: Changing it in place

  /// Reconfigures the cells of the items with these ids, with their current values: the
  /// snapshot is not touched and nothing is diffed. Only cells that exist (on screen or
  /// prepared) are asked, as in UIKit; ids not in the list are ignored.
  ///
  /// - Parameter ids: the items' ids, in any sequence: an array, or the set a change collected.
  /// - Complexity: O(k) lookups for k ids.
  public func reconfigureItems(withIDs ids: some Sequence<Item.ID>) {
    guard !isStopped, let view else { return }
    // A loop over the list where it lies: `compactMap` over a copy of it costs several times
    // the lookups in code not compiled for the app's types (one id, at each observed change).
    var positions: [ItemPosition] = []
    positions.reserveCapacity(ids.underestimatedCount)
    for id in ids {
      if let position = shown.snapshot.position(of: id) { positions.append(position) }
    }
    guard !positions.isEmpty else { return }
    statistics.contentReconfigures += positions.count
    view.reconfigureItems(at: positions)
  }

  /// Records a move the user made on screen (interactive reordering): the view already shows
  /// the item at `destination`, so the snapshot follows without a batch, and the next list is
  /// diffed from it. A diff already under way is redone from the new snapshot.
  ///
  /// - Returns: the moved item, or `nil` (and nothing changes) for a position out of range.
  /// - Complexity: O(n) for n items: the snapshot is rebuilt.
  @discardableResult
  public func recordUserMove(from source: ItemPosition, to destination: ItemPosition) -> Item? {
    guard let moved = snapshot.movingItem(from: source, to: destination) else { return nil }
    takeUserEdit(moved.snapshot)
    return moved.item
  }

  /// Records that the user deleted the item at `position` (a swipe to delete): UIKit needs the
  /// row gone at once, so the snapshot loses it now, the view's delete follows, and the next
  /// list is diffed from it — a list that still has the item shows it again. A diff already
  /// under way is redone from the new snapshot.
  ///
  /// - Returns: the deleted item, or `nil` (and nothing changes) for a position out of range.
  /// - Complexity: O(n) for n items: the snapshot is rebuilt.
  @discardableResult
  public func recordUserDelete(at position: ItemPosition) -> Item? {
    guard let removed = snapshot.removingItem(at: position) else { return nil }
    takeUserEdit(removed.snapshot)
    return removed.item
  }

  /// Shows `edited`, the list after the user's edit on screen, and makes it what the next diff
  /// starts from: a diff under way is redone, and a list sent before the edit waits for a newer
  /// one.
  private func takeUserEdit(_ edited: Snapshot<Section, Item>) {
    snapshot = edited
    snapshotVersion += 1
    listsSentBeforeUserEdit = inbox.newestSequence
  }

}
