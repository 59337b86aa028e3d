import BinderyDiff

// Showing lists: the diff worker off the main actor, and the main actor applying its
// stages, resolving who waits for which list.

extension ListBinding {
  // MARK: The pipeline

  /// What the main actor did with a diffed list.
  enum ShowOutcome: Sendable {
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
  nonisolated static func work(
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
      target.value?.waiters.resolveAll()
      target.value?.sourceDidEnd()
    }
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
    var itemCount: Int

    /// Whether the change is most of the list: a reload tells the user more than animating it.
    /// (The worker's diff stops early for such a change; the limit may have changed since.)
    func isTooLarge(_ limit: ReloadLimit) -> Bool {
      changeset == nil
        || operationCount > limit.maximumOperations(oldCount: itemCount, newCount: itemCount)
    }
  }

  func show(_ diff: Diffed) -> ShowOutcome {
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

  func installNext() {
    guard let current = applying, current.nextInstall < current.stages.count else { return }
    snapshot = current.stages[current.nextInstall].snapshot
    applying?.nextInstall += 1
  }

  func completeStage(of sequence: UInt64) {
    guard let current = applying, current.sequence == sequence else { return }
    applying?.remaining -= 1
    if current.remaining <= 1 { finishShowing(sequence) }
  }

  /// The view is done with the list numbered `sequence`: its waiters hear `true` (and those of
  /// the lists it replaced `false`), and the worker may show the next.
  func finishShowing(_ sequence: UInt64) {
    if applying?.sequence == sequence { applying = nil }
    animations.finish(through: sequence)
    guard !isStopped, shownSequence < sequence else { return }
    shownSequence = sequence
    waiters.resolve(through: sequence)
  }

  /// Whether a list is held back because the user is moving a row or an item by hand.
  var isHeldByUser: Bool {
    guard !isStopped, !isCancelled, let view else { return false }
    return view.isUserInteracting
  }
}
