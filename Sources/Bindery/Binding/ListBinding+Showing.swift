import BinderyDiff

// Showing lists on the main actor: applying the stages the `DiffWorker` hands over, and
// resolving who waits for which list.

extension ListBinding {
  /// What the main actor did with a diffed list.
  enum ShowOutcome: Sendable {
    /// Applied; ``completeStage(of:)`` hears when the view is done with it (UIKit's completion).
    case shown
    /// Not applied: the user is moving a row or an item by hand.
    case held
    /// The snapshot changed since the diff began (a user's move): diff again from the one the
    /// worker was handed then (``diffBase``). Or the list was sent before the user's last move or
    /// delete, and a newer one was sent since: diffed from the edited snapshot it would undo the
    /// edit (move the row back), and the newer one would redo it.
    case stale
    case stopped
  }

  /// A reference to a diffed list, so that its storage is released where the box is.
  final class DiffedBox: Sendable {
    let value: Diffed
    init(_ value: Diffed) { self.value = value }
  }

  /// A list validated and diffed off the main actor, ready to show.
  struct Diffed: Sendable {
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
    /// The inserts, deletes and moves among them: what the reload limit counts.
    var structuralOperationCount: Int
    var itemCount: Int

    /// The diff from `base` to `next`, with its operations and the larger list's items counted
    /// here, off the main actor.
    init(
      changeset: StagedChangeset<Section, Item>?, from base: Snapshot<Section, Item>,
      to next: Snapshot<Section, Item>, sequence: UInt64, animated: Bool, isFirst: Bool,
      baseVersion: Int, diffTime: Duration
    ) {
      self.changeset = changeset
      self.next = next
      self.sequence = sequence
      self.animated = animated
      self.isFirst = isFirst
      self.baseVersion = baseVersion
      self.diffTime = diffTime
      operationCount = changeset?.operationCount ?? 0
      structuralOperationCount = changeset?.structuralOperationCount ?? 0
      itemCount = max(base.numberOfItems, next.numberOfItems)
    }

    /// Whether the change is most of the list: a reload tells the user more than animating it.
    /// (The worker's diff stops early for such a change; the limit may have changed since.)
    func isTooLarge(_ limit: ReloadLimit) -> Bool {
      changeset == nil
        || structuralOperationCount
          > limit.maximumOperations(oldCount: itemCount, newCount: itemCount)
    }
  }

  func show(_ diff: Diffed) -> ShowOutcome {
    guard !isStopped, !isCancelled, let view else { return .stopped }
    guard diff.baseVersion == snapshotVersion,
      diff.sequence > listsSentBeforeUserEdit || inbox.newestSequence == diff.sequence
    else { return .stale }
    if !diff.isFirst && view.isUserInteracting {
      statistics.heldForUser += 1
      handledSequence = max(handledSequence, diff.sequence)
      return .held
    }
    handledSequence = max(handledSequence, diff.sequence)
    let clock = ContinuousClock()
    let started = clock.now
    parts.screen.tell { $0.listWillShow(diff.next) }
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
      let shownNow = phase.apply(stages, sequence: sequence)
      if !stages.isEmpty { expectCompletion(of: sequence) }
      let stageDone: @MainActor () -> Void = { [weak self] in self?.completeStage(of: sequence) }
      for stage in stages {
        statistics.batches += 1
        view.applyStage(
          stage, animated: diff.animated, installing: installNextStage, completion: stageDone)
      }
      snapshot = diff.next
      // A list without stages is shown now, unless a list before it still animates.
      for shown in shownNow { finishShowing(shown) }
    }
    statistics.lastApplyTime = clock.now - started
    parts.screen.tell { $0.listDidShow() }
    for observer in showObservers { observer() }
    return .shown
  }

  func installNext() {
    if let next = phase.installNextStage() { snapshot = next }
  }

  func completeStage(of sequence: UInt64) {
    for shown in phase.completeStage(of: sequence) { finishShowing(shown) }
  }

  /// The view is done with the list numbered `sequence`: its waiters hear `true` (and those of
  /// the lists it replaced `false`), and the worker may show the next.
  func finishShowing(_ sequence: UInt64) {
    let after = phase.finishApplying(sequence)
    completionDeadlines.finish(through: sequence)
    if !isStopped, shownSequence < sequence {
      shownSequence = sequence
      waiters.resolve(through: sequence)
    }
    for shown in after { finishShowing(shown) }
  }

  /// Counts the list numbered `sequence` as shown if the view has not completed it within
  /// ``completionDeadline``: a view that forgets a completion holds no caller of `apply` for
  /// long. One task waits for the oldest list in flight at a time.
  func expectCompletion(of sequence: UInt64) {
    completionDeadlines.lists.append((sequence, .now + completionDeadline))
    guard completionDeadlines.task == nil else { return }
    completionDeadlines.task = Task { [weak self] in
      while !Task.isCancelled, let oldest = self?.completionDeadlines.lists.first {
        try? await Task.sleep(until: oldest.due, clock: .continuous)
        // Completed meanwhile (then the next list's deadline is waited for), or stopped.
        guard !Task.isCancelled, let self,
          self.completionDeadlines.lists.first?.sequence == oldest.sequence
        else { continue }
        self.finishShowing(oldest.sequence)
      }
    }
  }

  /// Whether every list sent so far is shown and the view is done with it (or the binding
  /// stopped): what ``waitUntilShown()`` waits for, read without waiting, for a simulation that
  /// moves the view's animations on itself while it waits.
  package var hasShownEverything: Bool {
    isStopped || isCancelled || shownSequence >= inbox.newestSequence
  }

  /// Whether every list sent so far reached the main actor and was applied to the view (its
  /// batches may still animate) or held back for the user's gesture, or the binding stopped:
  /// for a simulation that acts while a list animates, at a moment that does not depend on how
  /// fast the diff ran.
  package var hasHandledEverything: Bool {
    hasShownEverything || handledSequence >= inbox.newestSequence
  }

  /// Whether a list is held back because the user is moving a row or an item by hand.
  var isHeldByUser: Bool {
    guard !isStopped, !isCancelled, let view else { return false }
    return view.isUserInteracting
  }
}

/// The lists whose batches the view has yet to complete, each with the time by which it must,
/// oldest first, and the one task that waits for the first of them.
struct CompletionDeadlines {
  var lists: [(sequence: UInt64, due: ContinuousClock.Instant)] = []
  var task: Task<Void, Never>?

  /// The view is done with the list numbered `sequence` and those before it: when none is left,
  /// the task is let go.
  mutating func finish(through sequence: UInt64) {
    lists.removeAll { $0.sequence <= sequence }
    guard lists.isEmpty else { return }
    task?.cancel()
    task = nil
  }
}
