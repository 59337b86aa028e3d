/// Keeps a ``ListView`` showing the latest list a source sent, with diffed batch updates.
///
/// The binding owns the snapshot on screen (``snapshot``); the view's data source reads it. New
/// lists arrive from an `AsyncSequence` the binding reads, from ``submit(_:)`` on any thread, or
/// from ``apply(_:)``. Each is validated (repeated ids are dropped and reported on ``errors``)
/// and diffed off the main actor; the main actor only applies the staged changeset.
///
/// - Latest wins: at most one diff is in flight and one list waits; a list that arrives while
///   another waits replaces it. The screen always ends on the last list sent.
/// - The first list, any list while the view is off screen, and a changeset with more operations
///   than ``reloadThreshold`` of the list are shown with a reload instead of batches.
/// - ``cancel()``, releasing the binding, or the source finishing stops it; nothing is applied
///   after `cancel()` returns. A source that throws stops too, and its error goes to ``errors``.
@MainActor
public final class ListBinding<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// What the binding reports on ``errors``.
  public typealias Failure = BindingError<Section.ID, Item.ID>

  /// The list the view shows, stage by stage: the data source reads it.
  public private(set) var snapshot = Snapshot<Section, Item>()

  /// A changeset with more operations than this share of the list (and more than
  /// ``minimumOperationsForReload``) is shown with a reload: animating most of a list tells the
  /// user less than showing the new one.
  public var reloadThreshold = 0.5

  /// Changesets up to this size are always animated, however small the list.
  public var minimumOperationsForReload = 32

  /// Problems the binding got past: repeated ids, a source that threw.
  public nonisolated let errors: AsyncStream<Failure>

  /// What the binding has done so far.
  public private(set) var statistics = BindingStatistics()

  private let view: any ListView
  private nonisolated let inbox: AsyncStream<Submission>.Continuation
  private nonisolated let errorSink: AsyncStream<Failure>.Continuation
  private nonisolated let worker: Task<Void, Never>
  private nonisolated let reader: Task<Void, Never>?
  private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
  private var showObservers: [@MainActor () -> Void] = []
  private var attachments: [AnyObject] = []

  /// Called with the first list before it is shown; the first display waits until it returns.
  /// A prefetcher uses it to hold the first screen until its content is loaded.
  public var firstDisplayHold: (@MainActor (Snapshot<Section, Item>) async -> Void)?
  private var nextWaiterKey = 0

  struct Submission: Sendable {
    var sections: [ListSection<Section, Item>]
    var waiter: Int?
  }

  /// Creates a binding that shows what is passed to ``apply(_:)`` and ``submit(_:)``.
  ///
  /// - Parameters:
  ///   - view: the view to keep up to date; the binding keeps it alive.
  ///   - pipeline: leave it to its default, which is specialized for your item types at the
  ///     call site (see ``DiffPipeline``).
  public convenience init(
    view: any ListView, pipeline: DiffPipeline<Section, Item> = DiffPipeline()
  ) {
    self.init(view: view, pipeline: pipeline, reading: nil)
  }

  /// Creates a binding that shows every list `source` sends, latest first.
  public convenience init<Source: AsyncSequence & Sendable>(
    view: any ListView, source: Source, pipeline: DiffPipeline<Section, Item> = DiffPipeline()
  ) where Source.Element == [ListSection<Section, Item>] {
    self.init(view: view, pipeline: pipeline) { inbox, errors in
      Task.detached {
        do {
          for try await sections in source { inbox.yield(Submission(sections: sections)) }
        } catch {
          errors.yield(.sourceFailed(error))
        }
        inbox.finish()
      }
    }
  }

  private init(
    view: any ListView, pipeline: DiffPipeline<Section, Item>,
    reading startReader: (
      (AsyncStream<Submission>.Continuation, AsyncStream<Failure>.Continuation) -> Task<Void, Never>
    )?
  ) {
    self.view = view
    // One list in flight and one waiting: the buffer keeps only the newest.
    let (submissions, inbox) = AsyncStream.makeStream(
      of: Submission.self, bufferingPolicy: .bufferingNewest(1))
    let (errors, errorSink) = AsyncStream.makeStream(of: Failure.self)
    self.inbox = inbox
    self.errors = errors
    self.errorSink = errorSink
    let target = WeakReference<ListBinding>()
    worker = Task.detached(priority: .userInitiated) {
      await Self.work(on: submissions, for: target, pipeline: pipeline, errors: errorSink)
    }
    reader = startReader?(inbox, errorSink)
    target.value = self
  }

  deinit {
    reader?.cancel()
    worker.cancel()
    inbox.finish()
    errorSink.finish()
  }

  // MARK: Feeding it

  /// Sends a list from any thread without waiting for it to be shown.
  public nonisolated func submit(_ sections: [ListSection<Section, Item>]) {
    inbox.yield(Submission(sections: sections))
  }

  /// Sends a list and waits until it is on screen.
  ///
  /// - Returns: `true` once the list is shown; `false` if a newer list replaced it before it was
  ///   shown, or the binding was cancelled.
  @discardableResult
  public func apply(_ sections: [ListSection<Section, Item>]) async -> Bool {
    let key = nextWaiterKey
    nextWaiterKey += 1
    return await withCheckedContinuation { continuation in
      waiters[key] = continuation
      switch inbox.yield(Submission(sections: sections, waiter: key)) {
      case .dropped(let replaced): resolve(replaced.waiter, shown: false)
      case .terminated: resolve(key, shown: false)
      case .enqueued: break
      @unknown default: break
      }
    }
  }

  /// Stops the binding: no list is applied after this returns, and waiting ``apply(_:)`` calls
  /// return `false`. The view keeps what it shows.
  public nonisolated func cancel() {
    reader?.cancel()
    worker.cancel()
    inbox.finish()
    errorSink.finish()
    Task { @MainActor [weak self] in self?.resolveAllWaiters() }
  }

  /// Waits until the binding has stopped: its source finished or failed, or it was cancelled.
  public func waitUntilFinished() async {
    await worker.value
  }

  // MARK: Observing and attaching

  /// Calls `observer` on the main actor after every list is shown.
  public func onShow(_ observer: @escaping @MainActor () -> Void) {
    showObservers.append(observer)
  }

  /// Keeps an object alive as long as the binding (a prefetcher, a bridge to the view).
  public func retain(_ object: AnyObject) {
    attachments.append(object)
  }

  /// The positions of the items with a visible cell.
  public var visiblePositions: [ItemPosition] { view.visibleItemPositions }

  /// How many rows fit on the view's screen.
  public var rowsPerScreen: Int { view.rowsPerScreen }

  // MARK: Content

  /// Reconfigures an item's cell whenever `store` announces content for the item's id: the
  /// snapshot is not touched and nothing is diffed. The view reconfigures only cells that exist
  /// (on screen or prefetched); for others the call does nothing, as in UIKit.
  public func reconfigureOnArrival<Content>(from store: ContentStore<Item.ID, Content>) {
    let arrivals = store.arrivals()
    Task { @MainActor [weak self] in
      for await id in arrivals {
        guard let self else { return }
        self.contentArrived(for: id)
      }
    }
  }

  private func contentArrived(for id: Item.ID) {
    guard !worker.isCancelled, let position = snapshot.position(of: id) else { return }
    statistics.contentReconfigures += 1
    view.reconfigureItems(at: [position])
  }

  // MARK: Reading it

  /// The item at a position of the list on screen, or `nil` out of range.
  public func item(at position: ItemPosition) -> Item? { snapshot.item(at: position) }

  /// Where the item with an id is on screen, or `nil`.
  public func position(of id: Item.ID) -> ItemPosition? { snapshot.position(of: id) }

  // MARK: The pipeline

  private func resolve(_ key: Int?, shown: Bool) {
    guard let key, let waiter = waiters.removeValue(forKey: key) else { return }
    waiter.resume(returning: shown)
  }

  private func resolveAllWaiters() {
    for key in Array(waiters.keys) { resolve(key, shown: false) }
  }

  /// Validates and diffs off the main actor, one list at a time, and hands each changeset to
  /// the main actor to apply.
  private nonisolated static func work(
    on submissions: AsyncStream<Submission>, for target: WeakReference<ListBinding>,
    pipeline: DiffPipeline<Section, Item>, errors: AsyncStream<Failure>.Continuation
  ) async {
    var base = Snapshot<Section, Item>()
    var isFirst = true
    let clock = ContinuousClock()
    for await submission in submissions {
      let started = clock.now
      let (next, dropped, changeset) = pipeline(submission.sections, after: base)
      if let dropped { errors.yield(.duplicateIdentifiers(dropped)) }
      let diffTime = clock.now - started
      if isFirst, let hold = await target.value?.firstDisplayHold { await hold(next) }
      let shown = await MainActor.run { () -> Bool in
        guard !Task.isCancelled, let binding = target.value else { return false }
        let applyStarted = clock.now
        binding.show(changeset, ending: next, isFirst: isFirst, diffTime: diffTime)
        binding.statistics.lastApplyTime = clock.now - applyStarted
        binding.notifyShown()
        binding.resolve(submission.waiter, shown: true)
        return true
      }
      guard shown else { break }
      base = next
      isFirst = false
    }
    await MainActor.run { target.value?.resolveAllWaiters() }
  }

  private func show(
    _ changeset: StagedChangeset<Section, Item>, ending next: Snapshot<Section, Item>,
    isFirst: Bool, diffTime: Duration
  ) {
    statistics.updates += 1
    statistics.lastDiffTime = diffTime
    statistics.operations += changeset.operationCount
    let size = max(snapshot.numberOfItems, next.numberOfItems)
    let operations = changeset.operationCount
    let tooLarge =
      operations > minimumOperationsForReload
      && Double(operations) > reloadThreshold * Double(size)
    if isFirst || !view.isInWindow || tooLarge {
      statistics.reloads += 1
      view.reloadData { snapshot = next }
      return
    }
    for stage in changeset.stages {
      statistics.batches += 1
      view.applyStage(stage) { snapshot = stage.snapshot }
    }
    snapshot = next
  }

  private func notifyShown() {
    for observer in showObservers { observer() }
  }
}

extension ListBinding where Section == FlatSection {
  /// Creates a binding for a flat list that shows every array `source` sends, latest first.
  public convenience init<Source: AsyncSequence & Sendable>(
    view: any ListView, items source: Source, pipeline: DiffPipeline<Section, Item> = DiffPipeline()
  ) where Source.Element == [Item] {
    self.init(view: view, source: FlatSections(base: source), pipeline: pipeline)
  }

  /// Sends a flat list from any thread without waiting for it to be shown.
  public nonisolated func submit(items: [Item]) {
    submit([ListSection(FlatSection(), items: items)])
  }

  /// Sends a flat list and waits until it is on screen; see ``apply(_:)``.
  @discardableResult
  public func apply(items: [Item]) async -> Bool {
    await apply([ListSection(FlatSection(), items: items)])
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
  /// Operations in all changesets.
  public var operations = 0
  /// How long validating and diffing the last list took, off the main actor.
  public var lastDiffTime: Duration = .zero
  /// Reconfigures asked for because content arrived (no diff, no snapshot change).
  public var contentReconfigures = 0
  /// How long applying the last list took on the main actor: the batches, or the reload.
  public var lastApplyTime: Duration = .zero

  /// Zero counts.
  public init() {}
}

/// A weak reference the diff worker can hold without keeping the binding alive.
@MainActor
final class WeakReference<Object: AnyObject> {
  weak var value: Object?
}

/// Wraps a source of `[Item]` as a source of one-section lists.
struct FlatSections<Base: AsyncSequence & Sendable, Item: Sendable>: AsyncSequence, Sendable
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
