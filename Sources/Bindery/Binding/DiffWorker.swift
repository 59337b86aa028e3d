import BinderyDiff

/// A binding's worker: validates and diffs off the main actor, one list at a time, and hands
/// each changeset to the main actor to apply (``ListBinding/show(_:)``).
///
/// - Latest wins: it takes the newest list from the inbox, and lists that arrive while it diffs
///   or the main actor applies replace each other.
/// - It does not wait for the view to finish animating a list before it shows the next, as a
///   diffable data source's `apply` does not: UIKit applies a batch made during another's
///   animation at once, with its own animation and completion, so a reply streamed token by
///   token shows at the pace it comes.
/// - It holds lists while the user moves a row by hand, and diffs again from what the user left.
/// - The first list is shown with a reload, and so is any change proved larger than the
///   binding's reload limit, which the diff is told so that it stops early.
/// - The old and intermediate snapshots are released here, off the main actor.
///
/// It holds its binding weakly: a released binding ends it.
struct DiffWorker<Section, Item>: Sendable
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  typealias Binding = ListBinding<Section, Item>

  let inbox: ListInbox<Section, Item>
  let target: WeakReference<Binding>
  let pipeline: DiffPipeline<Section, Item>
  let reloadLimit: Locked<ReloadLimit>
  let errors: ProblemBroadcast<Binding.Failure>
  /// The snapshot the next list is diffed from: the worker's last shown, or newer from the main
  /// actor. Kept only here between lists, so that a list replaced on the main actor is let go
  /// of there.
  let base: Locked<DiffBase<Section, Item>>

  /// Runs until the inbox finishes (the source ended, or the binding stopped), then closes
  /// ``errors`` and tells the binding.
  func run() async {
    var isFirst = true
    /// Whether the first display's hold was spent: it holds one list at most.
    var held = false
    let clock = ContinuousClock()
    listLoop: for await submission in inbox.submissions {
      var reported = false
      while true {
        let version: Int
        var base: Snapshot<Section, Item>
        (base, version) = self.base.withLock { ($0.snapshot, $0.version) }
        let started = clock.now
        // The first list is shown with a reload: nothing to diff it for.
        let limit =
          isFirst
          ? ReloadLimit(threshold: 0, minimumOperations: 0) : reloadLimit.withLock { $0 }
        let (next, dropped, changeset) = pipeline(submission.sections, after: base, within: limit)
        if let dropped, !reported { errors.yield(.duplicateIdentifiers(dropped)) }
        #if DEBUG
          if !reported, !isFirst, let misuse = EqualityProbe.misuse(from: base, to: next) {
            warnAtRuntime("\(misuse)")
            errors.yield(.equalityIgnoresContent(misuse))
          }
        #endif
        reported = true
        // Boxed, and the box released here after the main actor is done with it: the main actor
        // only applies; the old and intermediate snapshots are freed on this task, not there.
        let diff = Binding.DiffedBox(
          Binding.Diffed(
            changeset: changeset, from: base, to: next, sequence: submission.sequence,
            animated: submission.animated, isFirst: isFirst, baseVersion: version,
            diffTime: clock.now - started))
        // The hold is for the first list with rows: a list with none (a view model's initial
        // `[]`) has no content to wait for, and shows at once, with the app's empty state.
        if !held, next.numberOfItems > 0, let hold = await target._value?.firstDisplayHold {
          await MainActor.run { target._value?.phase.holdFirstDisplay(submission.sequence) }
          await hold(next)
          held = true
          await MainActor.run { target._value?.phase.endHold() }
          // Replaced while it was held: its waiters were told; the newest list is shown at
          // once, without a second hold.
          if inbox.newestSequence > submission.sequence { continue listLoop }
        } else if !isFirst,
          // A change shown with a reload may insert rows too: the hold looks at what is new.
          changeset.map({ $0.stages.contains { $0.insertsItems } }) ?? true,
          let hold = await target._value?.updateHold
        {
          await hold(base, next)
        }
        let outcome = await MainActor.run { target._value?.show(diff.value) ?? .stopped }
        // The snapshot the view showed until now goes here too, not on the main actor.
        withExtendedLifetime((diff, base)) {}
        switch outcome {
        case .shown:
          // Unless the main actor changed it since (a list shown at once, a user's move).
          let replaced = self.base.withLock { state -> Snapshot<Section, Item>? in
            guard state.version == version else { return nil }
            defer { state.snapshot = next }
            return state.snapshot
          }
          withExtendedLifetime(replaced) {}  // freed here, outside the lock
          base = Snapshot()
          isFirst = false
          continue listLoop
        case .held:
          // The user moves a row by hand; a batch now would break the gesture. The newest
          // list is shown when it ends, diffed from what the user left (a move makes it stale).
          while await MainActor.run(body: { target._value?.isHeldByUser ?? false }) {
            if inbox.newestSequence > submission.sequence { continue listLoop }
            try? await Task.sleep(for: Binding.interactionPollInterval)
          }
          if inbox.newestSequence > submission.sequence { continue listLoop }
        case .stale:
          // The user moved a row while this list was diffed (the new snapshot is the worker's
          // base already, handed over as the binding's version changed), or this list was sent
          // before the move and a newer one waits. The newer list — the one the app sent for
          // the move, most likely — is diffed instead: this one, from before the move, would
          // move the row back first.
          if inbox.newestSequence > submission.sequence { continue listLoop }
        case .stopped:
          break listLoop
        }
      }
    }
    // The source ended or the binding stopped: no more lists, so no more problems to report.
    errors.finish()
    await MainActor.run {
      target._value?.waiters.resolveAll()
      target._value?.sourceDidEnd()
    }
  }
}

/// The snapshot the worker diffs the next list from, and the binding's version of it
/// (``ListBinding/snapshotVersion``).
struct DiffBase<Section, Item>: Sendable
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  var snapshot = Snapshot<Section, Item>()
  var version = 0
}
