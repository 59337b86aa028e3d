import BinderyDiff

extension ListBinding {
  /// For benchmarks: the main actor's time to show each of `lists`, shown back to back.
  ///
  /// A binding's worker diffs each list while the main actor waits, so every list it shows
  /// is applied right after that wait, with the main actor's code and data gone cold. This
  /// diffs all of `lists` first (each against the one before, on the calling actor, untimed),
  /// then shows them one after another through the same path the worker's lists take, and
  /// returns ``BindingStatistics/lastApplyTime`` for each. `beforeEach` runs just before every
  /// show and `afterEach` after it (a blank view's animations ending, say; a clock read). Call it on a binding that has shown a list and has
  /// none in flight, and use it last: the lists it shows are numbered past the binding's inbox.
  /// Lists it does not show (held, stopped) are left out of the result.
  package func showBackToBack(
    _ lists: [[ListSection<Section, Item>]], pipeline: DiffPipeline<Section, Item>,
    beforeEach: () -> Void = {}, afterEach: () -> Void = {}
  ) -> [Duration] {
    let limit = reloadLimit.withLock { $0 }
    var base = snapshot
    var sequence = inbox.newestSequence
    var diffs: [Diffed] = []
    for list in lists {
      let (next, _, changeset) = pipeline(list, after: base, within: limit)
      sequence += 1
      diffs.append(
        Diffed(
          changeset: changeset, from: base, to: next, sequence: sequence, animated: true,
          isFirst: false, baseVersion: snapshotVersion, diffTime: .zero))
      base = next
    }
    var times: [Duration] = []
    for diff in diffs {
      beforeEach()
      guard case .shown = show(diff) else { continue }
      times.append(statistics.lastApplyTime)
      afterEach()
    }
    return times
  }
}
