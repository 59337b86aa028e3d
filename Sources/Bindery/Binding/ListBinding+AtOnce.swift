import BinderyDiff

// A small list shown in the turn it was made, without the worker's trip off the main actor.

extension ListBinding {
  /// Shows `sections` now, on the main actor, diffed here, when the list is small and nothing
  /// stands in its way; returns `false` and does nothing otherwise (the caller then submits it,
  /// and the worker diffs it off the main actor, as every list).
  ///
  /// It stands aside — returns `false` — unless every one of these holds: the binding runs and
  /// its view is in a window; the worker has shown the first list, and every list sent since is
  /// shown (none waits in the inbox, none is being diffed, none is held for content or for the
  /// first display); the view has finished the last one (UIKit's completion); the user is not
  /// moving a row; and the list on screen and the new one each have at most `maximumItems`
  /// items. Then the update is the same as the worker's — validated, duplicates reported, a
  /// change too large shown with a reload — only sooner.
  ///
  /// - Complexity: the diff's, O(n + d log d), on the main actor, for n ≤ `maximumItems`.
  package func showAtOnce(_ sections: [ListSection<Section, Item>], maximumItems: Int) -> Bool {
    guard !isStopped, !isCancelled, let view, view.isInWindow, !view.isUserInteracting,
      shownSequence > 0, phase.isIdle, updateHold == nil,
      snapshot.numberOfItems <= maximumItems,
      sections.reduce(0, { $0 + $1.items.count }) <= maximumItems,
      let sequence = inbox.claimNext(after: shownSequence)
    else { return false }
    let clock = ContinuousClock()
    let started = clock.now
    let (next, dropped, changeset) = pipeline(
      sections, after: snapshot, within: reloadLimit.withLock { $0 })
    if let dropped { problems.yield(.duplicateIdentifiers(dropped)) }
    let diff = Diffed(
      changeset: changeset, from: snapshot, to: next, sequence: sequence, animated: true,
      isFirst: false, baseVersion: snapshotVersion, diffTime: clock.now - started)
    // Nothing in `show` refuses what the guard let through. Were it to, the caller submits the
    // list again, and the number claimed here resolves when that one shows.
    guard case .shown = show(diff) else { return false }
    // The worker diffs its next list from the snapshot it showed last: this one is newer, so
    // its show finds the versions apart and diffs again from here.
    snapshotVersion += 1
    return true
  }
}
