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
/// - The first list, any list while the view is off screen, and a changeset with more operations
///   than ``reloadThreshold`` of the list are shown with a reload instead of batches.
/// - ``cancel()`` or releasing the binding stops it: nothing is applied after `cancel()` returns,
///   waiting calls return `false`, and whatever it attached (content interest, a prefetcher)
///   lets go within one main-actor turn. The view keeps what it shows (BinderyUIKit's views
///   keep answering from the last list). A source that finishes or throws stops the flow of
///   lists (a throw is reported on ``errors``); the view stays bound until cancel or release.
@MainActor
public final class ListBinding<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// What the binding reports on ``errors``.
  public typealias Failure = BindingError<Section.ID, Item.ID>

  /// How many problems ``errors`` keeps for a reader that is behind; older ones are dropped.
  public static var errorBufferLimit: Int { 64 }

  /// The list the view shows, stage by stage: the data source reads it.
  public private(set) var snapshot = Snapshot<Section, Item>()

  /// A changeset with more operations than this share of the list (and more than
  /// ``minimumOperationsForReload``) is shown with a reload: animating most of a list tells the
  /// user less than showing the new one.
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
  private nonisolated let reloadLimit = Locked(ReloadLimit(threshold: 0.5, minimumOperations: 32))

  /// Problems the binding got past: repeated ids, a source that threw. Keeps the newest
  /// ``errorBufferLimit`` for a slow reader; finishes when no more can come (the binding was
  /// cancelled or released, or its source ended).
  public nonisolated let errors: AsyncStream<Failure>

  /// What the binding has done so far.
  public private(set) var statistics = BindingStatistics()

  /// The view the binding applies to; `nil` once the binding stopped.
  public private(set) var view: (any ListView)? {
    get { parts.view }
    set { parts.view = newValue }
  }

  /// Called with the first list before it is shown; the first display waits until it returns.
  /// A prefetcher uses it to hold the first screen until its content is loaded.
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
  private nonisolated let errorSink: AsyncStream<Failure>.Continuation
  private nonisolated let lifetime = Locked(Lifetime())
  private var worker: Task<Void, Never>?
  private var listWaiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
  private var shownWaiters: [(through: UInt64, continuation: CheckedContinuation<Bool, Never>)] =
    []
  private var shownSequence: UInt64 = 0
  /// The list held for its first screen's content (``firstDisplayHold``), while it is.
  private var holding: UInt64?
  /// Counts changes made to ``snapshot`` outside the pipeline (a user's move), so that a diff
  /// computed from an older snapshot is redone.
  private var snapshotVersion = 0
  /// The view, the observers and the attachments: what lives on the main actor, in one box
  /// the deinit can hand to it.
  private nonisolated let parts = BindingParts<Section, Item>()
  private var willShowObservers: [@MainActor (Snapshot<Section, Item>) -> Void] {
    get { parts.willShowObservers }
    set { parts.willShowObservers = newValue }
  }
  private var showObservers: [@MainActor () -> Void] {
    get { parts.showObservers }
    set { parts.showObservers = newValue }
  }
  private var stopObservers: [@MainActor () -> Void] {
    get { parts.stopObservers }
    set { parts.stopObservers = newValue }
  }
  private var attachments: [AnyObject] {
    get { parts.attachments }
    set { parts.attachments = newValue }
  }
  private var isStopped = false
  /// The stages of the list being applied: the next to install, and how many the view has yet
  /// to complete, for the list numbered `sequence`.
  private var applying:
    (
      stages: [StagedChangeset<Section, Item>.Stage], nextInstall: Int,
      remaining: Int, sequence: UInt64
    )?
  /// Installs the next stage's snapshot: one closure for every stage of every list, as the
  /// view installs them in order.
  private lazy var installNextStage: @MainActor () -> Void = { [weak self] in
    self?.installNext()
  }
  /// Which lists the view is done with (UIKit's completions); the worker waits on it.
  private nonisolated let animations = AnimationTracker()
  /// How often a list held back during the user's gesture checks whether it ended (UIKit
  /// tells nothing when a reorder is cancelled).
  private nonisolated static var interactionPollInterval: Duration { .milliseconds(50) }

  /// How long the view may take to call a list's completion before the binding counts the list
  /// as shown anyway: far longer than UIKit's animations.
  private nonisolated static var completionDeadline: Duration { .seconds(2) }

  /// What ends with the binding, reachable from any thread.
  private struct Lifetime {
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
  public init(view: any ListView, pipeline: DiffPipeline<Section, Item> = DiffPipeline()) {
    parts.view = view
    let (errors, errorSink) = AsyncStream.makeStream(
      of: Failure.self, bufferingPolicy: .bufferingNewest(Self.errorBufferLimit))
    self.errors = errors
    self.errorSink = errorSink
    let target = WeakReference<ListBinding>()
    let inbox = self.inbox
    let animations = self.animations
    let reloadLimit = self.reloadLimit
    let worker = Task.detached(priority: .userInitiated) {
      await Self.work(
        on: inbox, animations: animations, for: target, pipeline: pipeline,
        reloadLimit: reloadLimit, errors: errorSink)
    }
    self.worker = worker
    lifetime.withLock { $0.worker = worker }
    target.value = self
  }

  /// Creates a binding that shows every list `source` sends, latest first.
  public convenience init<Source: AsyncSequence & Sendable>(
    view: any ListView, source: Source, pipeline: DiffPipeline<Section, Item> = DiffPipeline()
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
    let errorSink = self.errorSink
    let reader = Task.detached { [weak self] in
      do {
        for try await sections in source { inbox.submit(sections) }
      } catch {
        errorSink.yield(.sourceFailed(error))
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
    _ = Self.end(lifetime, inbox: inbox, errors: errorSink)
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

  // MARK: Feeding it

  /// Sends a list from any thread without waiting for it to be shown.
  public nonisolated func submit(_ sections: [ListSection<Section, Item>]) {
    inbox.submit(sections)
  }

  /// Sends a list and waits until it is on screen.
  ///
  /// - Parameters:
  ///   - sections: the list, as sections of items.
  ///   - animatingDifferences: `false` applies the batches without animation, as
  ///     `UIView.performWithoutAnimation(_:)` does.
  /// - Returns: `true` once the list is shown: installed, and — when it was applied with
  ///   batches — the view has run the completion of its last batch (UIKit's, after the
  ///   animations; after two seconds at most, for a view that never calls it). `false` if a
  ///   newer list (from any source) replaced it before it was shown, or the binding stopped.
  ///   While the first display is held (``firstDisplayHold``), an `apply` replaced by a newer
  ///   `apply` returns `false` at once; replaced by ``submit(_:)`` or the source, it returns
  ///   when the hold ends.
  @discardableResult
  public func apply(_ sections: [ListSection<Section, Item>], animatingDifferences: Bool = true)
    async -> Bool
  {
    await withCheckedContinuation { continuation in
      guard !isStopped, let sequence = inbox.submit(sections, animated: animatingDifferences)
      else { return continuation.resume(returning: false) }
      listWaiters[sequence] = continuation
      // A list held for its first screen's content that this one replaces will not be shown:
      // its callers hear so now, not when the hold ends.
      if let holding, holding < sequence { resolveWaiters(through: sequence - 1, shown: false) }
    }
  }

  /// Waits until every list sent so far is on screen — the last of them, since latest wins.
  ///
  /// - Returns: `true` when it is (at once if it already is); `false` if the binding stopped
  ///   or its source ended before showing it.
  @discardableResult
  public func waitUntilShown() async -> Bool {
    let target = inbox.newestSequence
    if target <= shownSequence { return true }
    return await withCheckedContinuation { continuation in
      guard !isStopped else { return continuation.resume(returning: false) }
      shownWaiters.append((target, continuation))
    }
  }

  /// Stops the binding: no list is applied after this returns, waiting calls return `false`,
  /// ``errors`` finishes, a publisher subscription is cancelled, and what was attached lets go
  /// within one main-actor turn. The view keeps what it shows. Safe from any thread, and more
  /// than once.
  public nonisolated func cancel() {
    guard Self.end(lifetime, inbox: inbox, errors: errorSink) else { return }
    Task { @MainActor [weak self] in self?.stop() }
  }

  /// The error the source ended with, if it failed; `nil` while it runs or when it finished.
  public private(set) var sourceFailure: (any Error)?

  /// Calls `observer` on the main actor when the source fails (``sourceFailure``), after the
  /// error went to ``errors``: an empty state can say what went wrong.
  public func onSourceFailure(_ observer: @escaping @MainActor (any Error) -> Void) {
    parts.failureObservers.append(observer)
  }

  /// Whether the binding takes no more lists: its source finished or failed (and the last list
  /// it sent was shown), or the binding stopped. An empty state tells "no rows" from "loading"
  /// by it when no list ever came.
  public private(set) var hasEnded = false

  /// Calls `observer` on the main actor once the binding takes no more lists (``hasEnded``).
  public func onEnd(_ observer: @escaping @MainActor () -> Void) {
    if hasEnded { return observer() }
    parts.endObservers.append(observer)
  }

  private func sourceDidEnd() {
    guard !hasEnded else { return }
    hasEnded = true
    let observers = parts.endObservers
    parts.endObservers = []
    for observer in observers { observer() }
  }

  /// Reports that a source feeding this binding by other means than ``read(_:)`` (an outline's
  /// tree) failed: the error goes to ``errors``, and ``sourceFailure`` and its observers hear it.
  package func sourceFailed(_ error: any Error) {
    errorSink.yield(.sourceFailed(error))
    sourceDidFail(error)
  }

  private func sourceDidFail(_ error: any Error) {
    guard !isStopped else { return }
    sourceFailure = error
    for observer in parts.failureObservers { observer(error) }
  }

  /// Whether ``cancel()`` was called.
  public nonisolated var isCancelled: Bool { lifetime.withLock { $0.isCancelled } }

  /// Waits until the binding has stopped taking lists: its source finished or failed (and the
  /// last list it sent is on screen), or it was cancelled.
  public func waitUntilFinished() async {
    await worker?.value
  }

  /// Ends the binding's tasks and closes its channels; `false` if it had already ended.
  private nonisolated static func end(
    _ lifetime: Locked<Lifetime>, inbox: ListInbox<Section, Item>,
    errors: AsyncStream<Failure>.Continuation
  ) -> Bool {
    let (wasCancelled, tasks, cancellations) = lifetime.withLock { state in
      defer {
        state.isCancelled = true
        state.cancellations = []
      }
      return (state.isCancelled, [state.reader, state.worker], state.cancellations)
    }
    guard !wasCancelled else { return false }
    for task in tasks { task?.cancel() }
    inbox.finish()
    errors.finish()
    for cancel in cancellations { cancel() }
    return true
  }

  // MARK: Observing and attaching

  /// Calls `observer` on the main actor with every list just before it is installed and shown:
  /// a prefetcher asks for the first screen's content here, before the view asks for a cell.
  public func onWillShow(_ observer: @escaping @MainActor (Snapshot<Section, Item>) -> Void) {
    willShowObservers.append(observer)
  }

  /// Calls `observer` on the main actor after every list is applied: its batches issued (UIKit
  /// may still be animating them) or the view reloaded.
  public func onShow(_ observer: @escaping @MainActor () -> Void) {
    showObservers.append(observer)
  }

  /// Calls `observer` once, on the main actor, when the binding is cancelled or detached from
  /// its view. (A released binding releases its attachments instead.)
  public func onStop(_ observer: @escaping @MainActor () -> Void) {
    if isStopped { return observer() }
    stopObservers.append(observer)
  }

  /// Keeps an object alive as long as the binding (a prefetcher, a bridge to the view).
  public func retain(_ object: AnyObject) {
    attachments.append(object)
  }

  /// The objects of a type the binding keeps (see ``retain(_:)``): the content binding or the
  /// prefetcher `bind(to:content:)` attached, for example.
  public func attachments<Attachment>(of type: Attachment.Type) -> [Attachment] {
    attachments.compactMap { $0 as? Attachment }
  }

  /// Tells the binding's prefetchers where a fling will come to rest, `offset` points along the
  /// scroll: forward it from `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
  /// so the screen there is loaded first, after any paging or snapping your delegate applies.
  /// Optional: without it, prefetchers work the landing out from the view's speed.
  public func flingWillComeToRest(atOffset offset: Double) {
    for listener in attachments(of: (any FlingLandingListener).self) {
      listener.flingWillComeToRest(atOffset: offset)
    }
  }

  /// Calls `cancel` when the binding is cancelled or released, from whatever thread that
  /// happens on (a publisher subscription, for example). At once if it already was.
  public nonisolated func addCancellation(_ cancel: @escaping @Sendable () -> Void) {
    let alreadyEnded = lifetime.withLock { state in
      if !state.isCancelled { state.cancellations.append(cancel) }
      return state.isCancelled
    }
    if alreadyEnded { cancel() }
  }

  /// Cancels the binding and forgets its view: it never touches the view again. Used when the
  /// view is bound anew.
  public func detach() {
    cancel()
    stop()
  }

  private func stop() {
    guard !isStopped else { return }
    isStopped = true
    view = nil
    applying = nil
    animations.finishAll()
    resolveAllWaiters()
    let observers = stopObservers
    stopObservers = []
    for observer in observers { observer() }
  }

  // MARK: Reading it

  /// The positions of the items with a visible cell.
  public var visiblePositions: [ItemPosition] { view?.visibleItemPositions ?? [] }

  /// The flat indices of the items with a visible cell, in the list on screen: what the
  /// prefetcher, the content binding and page loaders measure the screen by.
  var visibleFlatIndices: [Int] { visiblePositions.compactMap { snapshot.flatIndex(of: $0) } }

  /// How many items fit on the view's screen (0 once stopped).
  public var itemsPerScreen: Int { view?.itemsPerScreen ?? 0 }

  /// The item at a position of the list on screen, or `nil` out of range.
  public func item(at position: ItemPosition) -> Item? { snapshot.item(at: position) }

  /// Where the item with an id is on screen, or `nil`.
  public func position(of id: Item.ID) -> ItemPosition? { snapshot.position(of: id) }

  // MARK: Changing it in place

  /// Reconfigures the cells of the items with these ids, with their current values: the
  /// snapshot is not touched and nothing is diffed. Only cells that exist (on screen or
  /// prepared) are asked, as in UIKit; ids not in the list are ignored.
  public func reconfigureItems(withIDs ids: [Item.ID]) {
    guard !isStopped, let view else { return }
    let positions = ids.compactMap { snapshot.position(of: $0) }
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
    snapshot = moved.snapshot
    snapshotVersion += 1
    return moved.item
  }

  // MARK: The pipeline

  /// Resolves the waiters of the lists numbered up to `sequence`: `true` for that list when it
  /// was `shown`, `false` for the ones it replaced.
  private func resolveWaiters(through sequence: UInt64, shown: Bool = true) {
    for key in listWaiters.keys where key <= sequence {
      listWaiters.removeValue(forKey: key)?.resume(returning: shown && key == sequence)
    }
    guard shown else { return }
    shownWaiters.removeAll { waiter in
      guard waiter.through <= sequence else { return false }
      waiter.continuation.resume(returning: true)
      return true
    }
  }

  private func resolveAllWaiters() {
    for waiter in listWaiters.values { waiter.resume(returning: false) }
    listWaiters.removeAll()
    for waiter in shownWaiters { waiter.continuation.resume(returning: false) }
    shownWaiters.removeAll()
  }

  /// What the main actor did with a diffed list.
  private enum ShowOutcome: Sendable {
    /// Applied; ``AnimationTracker`` hears when the view is done with it (UIKit's completion).
    case shown
    /// Not applied: the user is moving a row or an item by hand.
    case held
    /// The snapshot changed since the diff began (a user's move): diff again from this one.
    case stale(Snapshot<Section, Item>, version: Int)
    case stopped
  }

  /// Validates and diffs off the main actor, one list at a time, and hands each changeset to
  /// the main actor to apply.
  private nonisolated static func work(
    on inbox: ListInbox<Section, Item>, animations: AnimationTracker,
    for target: WeakReference<ListBinding>,
    pipeline: DiffPipeline<Section, Item>, reloadLimit: Locked<ReloadLimit>,
    errors: AsyncStream<Failure>.Continuation
  ) async {
    var base = Snapshot<Section, Item>()
    var version = 0
    var isFirst = true
    var held = false
    let clock = ContinuousClock()
    listLoop: for await submission in inbox.submissions {
      var reported = false
      while true {
        let started = clock.now
        // The first list is shown with a reload: nothing to diff it for.
        let limit =
          isFirst
          ? ReloadLimit(threshold: 0, minimumOperations: 0) : reloadLimit.withLock { $0 }
        let (next, dropped, changeset) = pipeline(submission.sections, after: base, within: limit)
        if let dropped, !reported { errors.yield(.duplicateIdentifiers(dropped)) }
        reported = true
        // Boxed, and the box released here after the main actor is done with it: the main actor
        // only applies; the old and intermediate snapshots are freed on this task, not there.
        let diff = DiffedBox(
          Diffed(
            changeset: changeset, next: next, sequence: submission.sequence,
            animated: submission.animated, isFirst: isFirst, baseVersion: version,
            diffTime: clock.now - started, operationCount: changeset?.operationCount ?? 0,
            itemCount: max(base.numberOfItems, next.numberOfItems)))
        if isFirst, !held, let hold = await target.value?.firstDisplayHold {
          await MainActor.run { target.value?.holding = submission.sequence }
          await hold(next)
          held = true
          await MainActor.run { target.value?.holding = nil }
          // Replaced while it was held: its waiters were told; the newest list is shown at
          // once, without a second hold.
          if inbox.newestSequence > submission.sequence { continue listLoop }
        } else if !isFirst,
          // A change shown with a reload may insert rows too: the hold looks at what is new.
          changeset.map({ $0.stages.contains(where: \.insertsItems) }) ?? true,
          let hold = await target.value?.updateHold
        {
          await hold(base, next)
        }
        let outcome = await MainActor.run { target.value?.show(diff.value) ?? .stopped }
        // The snapshot the view showed until now goes here too, not on the main actor.
        withExtendedLifetime((diff, base)) {}
        switch outcome {
        case .shown:
          base = next
          isFirst = false
          // Latest wins while the view animates: lists that come meanwhile replace each other.
          // A completion that never comes (a view that forgets it) holds nothing for long.
          if await !animations.wait(for: submission.sequence, atMost: completionDeadline) {
            await MainActor.run { target.value?.finishShowing(submission.sequence) }
          }
          continue listLoop
        case .held:
          // The user moves a row by hand; a batch now would break the gesture. The newest
          // list is shown when it ends, diffed from what the user left (a move makes it stale).
          while await MainActor.run(body: { target.value?.isHeldByUser ?? false }) {
            if inbox.newestSequence > submission.sequence { continue listLoop }
            try? await Task.sleep(for: interactionPollInterval)
          }
          if inbox.newestSequence > submission.sequence { continue listLoop }
        case .stale(let current, let currentVersion):
          base = current
          version = currentVersion
          // The user moved a row while this list was diffed. A newer list — the one the app
          // sent for the move, most likely — is diffed instead: this one, from before the
          // move, would move the row back first.
          if inbox.newestSequence > submission.sequence { continue listLoop }
        case .stopped:
          break listLoop
        }
      }
    }
    // The source ended or the binding stopped: no more lists, so no more problems to report.
    errors.finish()
    await MainActor.run {
      target.value?.resolveAllWaiters()
      target.value?.sourceDidEnd()
    }
  }

  /// A reference to a diffed list, so that its storage is released where the box is.
  private final class DiffedBox: Sendable {
    let value: Diffed
    init(_ value: Diffed) { self.value = value }
  }

  /// A list validated and diffed off the main actor, ready to show.
  private struct Diffed: Sendable {
    /// The stages, or `nil` when the change was proved too large to show as batches.
    var changeset: StagedChangeset<Section, Item>?
    var next: Snapshot<Section, Item>
    var sequence: UInt64
    var animated: Bool
    var isFirst: Bool
    var baseVersion: Int
    var diffTime: Duration
    /// Counted here, off the main actor, which then only applies.
    var operationCount: Int
    var itemCount: Int

    /// Whether the change is most of the list: a reload tells the user more than animating it.
    /// (The worker's diff stops early for such a change; the limit may have changed since.)
    func isTooLarge(_ limit: ReloadLimit) -> Bool {
      changeset == nil
        || operationCount > limit.maximumOperations(oldCount: itemCount, newCount: itemCount)
    }
  }

  private func show(_ diff: Diffed) -> ShowOutcome {
    guard !isStopped, !isCancelled, let view else { return .stopped }
    guard diff.baseVersion == snapshotVersion else {
      return .stale(snapshot, version: snapshotVersion)
    }
    if !diff.isFirst && view.isUserInteracting {
      statistics.heldForUser += 1
      return .held
    }
    let clock = ContinuousClock()
    let started = clock.now
    for observer in willShowObservers { observer(diff.next) }
    statistics.updates += 1
    statistics.lastDiffTime = diff.diffTime
    statistics.operations += diff.operationCount
    let isTooLarge = diff.isTooLarge(reloadLimit.withLock { $0 })
    if diff.isFirst || !view.isInWindow || isTooLarge {
      statistics.reloads += 1
      view.reloadData { snapshot = diff.next }
      finishShowing(diff.sequence)
    } else {
      // The list counts as shown once the view is done with its last stage (UIKit's
      // completion), so `apply` returns after the animations, as a diffable data source does.
      let stages = diff.changeset?.stages ?? []
      let sequence = diff.sequence
      applying = (stages, 0, stages.count, sequence)
      let stageDone: @MainActor () -> Void = { [weak self] in self?.completeStage(of: sequence) }
      for stage in stages {
        statistics.batches += 1
        view.applyStage(
          stage, animated: diff.animated, installing: installNextStage, completion: stageDone)
      }
      snapshot = diff.next
      if stages.isEmpty { finishShowing(sequence) }
    }
    statistics.lastApplyTime = clock.now - started
    for observer in showObservers { observer() }
    return .shown
  }

  private func installNext() {
    guard let current = applying, current.nextInstall < current.stages.count else { return }
    snapshot = current.stages[current.nextInstall].snapshot
    applying?.nextInstall += 1
  }

  private func completeStage(of sequence: UInt64) {
    guard let current = applying, current.sequence == sequence else { return }
    applying?.remaining -= 1
    if current.remaining <= 1 { finishShowing(sequence) }
  }

  /// The view is done with the list numbered `sequence`: its waiters hear `true` (and those of
  /// the lists it replaced `false`), and the worker may show the next.
  private func finishShowing(_ sequence: UInt64) {
    if applying?.sequence == sequence { applying = nil }
    animations.finish(through: sequence)
    guard !isStopped, shownSequence < sequence else { return }
    shownSequence = sequence
    resolveWaiters(through: sequence)
  }

  /// Whether a list is held back because the user is moving a row or an item by hand.
  private var isHeldByUser: Bool {
    guard !isStopped, !isCancelled, let view else { return false }
    return view.isUserInteracting
  }
}

extension ListBinding where Section == FlatSection {
  /// Creates a binding for a flat list that shows every array `source` sends, latest first.
  public convenience init<Source: AsyncSequence & Sendable>(
    view: any ListView, items source: Source, pipeline: DiffPipeline<Section, Item> = DiffPipeline()
  ) where Source.Element == [Item] {
    self.init(view: view, source: OneSectionLists(base: source), pipeline: pipeline)
  }

  /// Starts reading a source of flat lists; see ``read(_:)``.
  package func read<Source: AsyncSequence & Sendable>(items source: Source)
  where Source.Element == [Item] {
    read(OneSectionLists(base: source))
  }

  /// Sends a flat list from any thread without waiting for it to be shown.
  public nonisolated func submit(items: [Item]) {
    submit([ListSection(FlatSection(), items: items)])
  }

  /// Sends a flat list and waits until it is on screen; see
  /// ``apply(_:animatingDifferences:)``.
  @discardableResult
  public func apply(items: [Item], animatingDifferences: Bool = true) async -> Bool {
    await apply(
      [ListSection(FlatSection(), items: items)], animatingDifferences: animatingDifferences)
  }
}

/// Counts of what a binding did, for status lines and benchmarks.
public struct BindingStatistics: Sendable, Equatable {
  /// Lists shown.
  public var updates = 0
  /// Lists shown with a reload instead of batches.
  public var reloads = 0
  /// Batches applied.
  public var batches = 0
  /// Operations in the changesets shown as batches (a change proved too large to animate is
  /// shown with a reload, and not diffed to the end).
  public var operations = 0
  /// How long validating and diffing the last list took, off the main actor.
  public var lastDiffTime: Duration = .zero
  /// Items reconfigured in place because their content arrived (no diff, no snapshot change).
  public var contentReconfigures = 0
  /// How long showing the last list took on the main actor: the batches, or the reload.
  public var lastApplyTime: Duration = .zero
  /// Times a list was held back because the user was moving a row or an item by hand.
  public var heldForUser = 0

  /// Zero counts.
  public init() {}
}

/// Wraps a source of `[Item]` as a source of one-section lists.
struct OneSectionLists<Base: AsyncSequence & Sendable, Item: Sendable>: AsyncSequence, Sendable
where Base.Element == [Item] {
  let base: Base

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    mutating func next() async throws -> [ListSection<FlatSection, Item>]? {
      try await base.next().map { [ListSection(FlatSection(), items: $0)] }
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator()) }
}

/// Which lists a binding's view is done with — UIKit has run the completions of their
/// batches — for the diff worker to wait on. Made once per binding: showing a list costs the
/// main actor no allocation for it.
final class AnimationTracker: Sendable {
  private let state = Locked<
    (
      finished: UInt64,
      waiters: [(sequence: UInt64, continuation: CheckedContinuation<Void, Never>)]
    )
  >((0, []))

  /// The view is done with every list up to `sequence`.
  func finish(through sequence: UInt64) {
    let due = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard sequence > state.finished else { return [] }
      state.finished = sequence
      let due = state.waiters.filter { $0.sequence <= sequence }.map(\.continuation)
      state.waiters.removeAll { $0.sequence <= sequence }
      return due
    }
    for waiter in due { waiter.resume() }
  }

  /// The binding stopped: nothing is waited for any more.
  func finishAll() { finish(through: .max) }

  /// Waits until the view is done with list `sequence` — `true` — or `limit` has passed, or
  /// the task was cancelled (a binding released mid-animation) — `false`.
  func wait(for sequence: UInt64, atMost limit: Duration) async -> Bool {
    let timer = Task { [weak self] in
      try? await Task.sleep(for: limit)
      self?.release(sequence)
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let done = state.withLock { state in
          if state.finished < sequence { state.waiters.append((sequence, continuation)) }
          return state.finished >= sequence
        }
        if done { continuation.resume() }
      }
    } onCancel: {
      self.release(sequence)
    }
    timer.cancel()
    return state.withLock { $0.finished >= sequence }
  }

  /// Lets the waiter for `sequence` go without marking the list finished.
  private func release(_ sequence: UInt64) {
    let due = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      let due = state.waiters.filter { $0.sequence == sequence }.map(\.continuation)
      state.waiters.removeAll { $0.sequence == sequence }
      return due
    }
    for waiter in due { waiter.resume() }
  }
}

/// Carries a released binding's parts to the main actor, which lets go of them there.
final class PartsHandOff<Section, Item>: @unchecked Sendable
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  // Set on the releasing thread before the task is made, emptied by the task: the task's
  // creation orders the two.
  private var parts: BindingParts<Section, Item>?

  init(_ parts: BindingParts<Section, Item>) { self.parts = parts }

  @MainActor func release() { parts = nil }
}

/// What a binding keeps on the main actor: its view, its observers and its attachments. Only
/// the main actor reads or writes them; the box is `Sendable` so that a binding released on
/// another thread can hand it to the main actor, where they are torn down.
final class BindingParts<Section, Item>: @unchecked Sendable
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  var view: (any ListView)?
  var willShowObservers: [@MainActor (Snapshot<Section, Item>) -> Void] = []
  var showObservers: [@MainActor () -> Void] = []
  var stopObservers: [@MainActor () -> Void] = []
  var failureObservers: [@MainActor (any Error) -> Void] = []
  var endObservers: [@MainActor () -> Void] = []
  var attachments: [AnyObject] = []

  /// A new box with everything this one held; this one is left empty.
  func handOver() -> BindingParts {
    let next = BindingParts()
    swap(&view, &next.view)
    swap(&willShowObservers, &next.willShowObservers)
    swap(&showObservers, &next.showObservers)
    swap(&stopObservers, &next.stopObservers)
    swap(&failureObservers, &next.failureObservers)
    swap(&endObservers, &next.endObservers)
    swap(&attachments, &next.attachments)
    return next
  }
}
