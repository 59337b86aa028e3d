// The holds: a first screen, or new rows, kept from showing until their content is in (or has
// failed), up to a deadline counted on the store's clock.
extension ContentPrefetcher {
  /// Holds the binding's first display until the first screen's content is loaded or has
  /// failed, or until `deadline` has passed since this call (the bind), whichever comes first.
  ///
  /// The hold is for the first list with rows: lists without rows before it (a view model's
  /// initial `[]`) are shown at once. While the list is held, every re-plan — the view coming
  /// on screen, a UIKit prefetch call — plans for its first screen, not for the empty list the
  /// view shows meanwhile. A hold the binding already has (another prefetcher's, for another
  /// kind of content) is kept: the list waits for both, which wait at once.
  public func holdFirstDisplay(upTo deadline: Duration) {
    let due = store.time.elapsed() + deadline
    // A row with two kinds of content has a prefetcher for each: the first screen waits for
    // both, loading at once.
    guard let other = binding?.firstDisplayHold else {
      binding?.firstDisplayHold = { [weak self] snapshot in
        await self?.waitForFirstScreen(of: snapshot, until: due)
      }
      return
    }
    binding?.firstDisplayHold = { [weak self] snapshot in
      async let others: Void = other(snapshot)
      await self?.waitForFirstScreen(of: snapshot, until: due)
      await others
    }
  }

  /// Whether every key has content or has failed: nothing more to wait for.
  private func isSettled(_ ids: [Key]) -> Bool {
    ids.allSatisfy { id in
      switch store.currentState(for: id) {
      case .loaded, .failed: true
      case .loading, .notRequested: false
      }
    }
  }

  private func waitForFirstScreen(of snapshot: Snapshot<Section, Item>, until due: Duration)
    async
  {
    guard !isStopped, store.time.elapsed() < due else { return }
    let screen = firstScreen(of: snapshot)
    let ids = screen.compactMap { key(atFlatIndex: $0, in: snapshot) }
    heldFirstList = snapshot
    defer { heldFirstList = nil }
    plan(for: snapshot, visible: screen)
    await waitUntilSettled(ids, until: due)
  }

  /// The flat indices of the screen a list is first shown at: its start, or its end for a view
  /// that opens at the end (a chat).
  func firstScreen(of snapshot: Snapshot<Section, Item>) -> [Int] {
    let count = snapshot.numberOfItems
    let screen = min(max(1, binding?.itemsPerScreen ?? 1), count)
    guard binding?.view?.opensAtEnd == true else { return Array(0..<screen) }
    return Array((count - screen)..<count)
  }

  /// Holds every later list that inserts rows on screen until their content is loaded or has
  /// failed, or until `deadline` has passed — a short one: the user waits for the update. Lists
  /// sent meanwhile coalesce behind it (latest wins) and are shown after it. The held rows'
  /// content is asked for at visible priority while the list waits. A hold the binding already
  /// has (another kind of content's) is kept: the list waits for both, which wait at once.
  public func holdNewRows(upTo deadline: Duration) {
    guard let other = binding?.updateHold else {
      binding?.updateHold = { [weak self] current, next in
        await self?.waitForNewRows(from: current, to: next, deadline: deadline)
      }
      return
    }
    binding?.updateHold = { [weak self] current, next in  // another kind's too, at once
      async let others: Void = other(current, next)
      await self?.waitForNewRows(from: current, to: next, deadline: deadline)
      await others
    }
  }

  /// The content keys of the items `next` shows on the screen's rows that `current` did not
  /// have: the rows an update inserts where the user is looking.
  private func newRowsOnScreen(
    from current: Snapshot<Section, Item>, to next: Snapshot<Section, Item>
  ) -> [Key] {
    guard let binding else { return [] }
    // The binding shows `current` while its next list is held.
    let visible = binding.visibleFlatIndices
    let screen = max(1, binding.itemsPerScreen)
    let first = visible.min() ?? 0
    let last = min(next.numberOfItems, max(visible.max().map { $0 + 1 } ?? 0, first + screen))
    guard first < last else { return [] }
    return (first..<last).compactMap { index in
      guard let item = Self.item(atFlatIndex: index, in: next), current.position(of: item.id) == nil
      else { return nil }
      return contentKey(item)
    }
  }

  private func waitForNewRows(
    from current: Snapshot<Section, Item>, to next: Snapshot<Section, Item>, deadline: Duration
  ) async {
    let keys = newRowsOnScreen(from: current, to: next)
    guard !keys.isEmpty, !isStopped else { return }
    for key in keys { ledger.request(key, priority: .visible) }
    await waitUntilSettled(keys, until: store.time.elapsed() + deadline)
    // Given back after the next re-plan, which follows the list's showing: by then the cells
    // that show the rows hold their own interest, and a load the deadline cut short goes on.
    heldForNewRows += keys
  }

  /// Waits until every key has content or has failed, the store's clock reaches `due`, the
  /// prefetcher stops or the waiting task is cancelled.
  private func waitUntilSettled(_ ids: [Key], until due: Duration) async {
    if isStopped || isSettled(ids) { return }
    let gate = OneShotGate()
    hold = gate
    let observation = store.observe { [weak self] _, _ in
      if self?.isSettled(ids) ?? true { gate.open() }
    }
    let time = store.time
    let timer = Task {
      try? await time.sleepUntil(due)
      gate.open()
    }
    // The binding's worker waits here: cancelling it (a binding released) ends the hold too.
    await withTaskCancellationHandler {
      await gate.wait()
    } onCancel: {
      Task { @MainActor in gate.open() }
    }
    hold = nil
    observation.cancel()
    timer.cancel()
  }
}
