import BinderyDiff

// Feeding a binding: lists sent from any thread or awaited on the main actor, and how its
// source ends.

extension ListBinding {
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
      waiters.waitForList(sequence, continuation)
      // A list held for its first screen's content that this one replaces will not be shown:
      // its callers hear so now, not when the hold ends.
      if let held = phase.heldFirstList, held < sequence {
        waiters.resolve(through: sequence - 1, shown: false)
      }
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
      waiters.waitUntilShown(through: target, continuation)
    }
  }

  /// Reports a modifier that cannot work on this binding's view: on ``errors``, and in debug
  /// builds on the standard error too. The process goes on.
  package func reportMisuse(_ modifier: String, _ reason: String) {
    let misuse = ModifierMisuse(modifier: modifier, reason: reason)
    problems.yield(.modifierDoesNotApply(misuse))
    #if DEBUG
      warnAtRuntime("\(misuse)")
    #endif
  }

  /// Calls `observer` on the main actor when the source fails (``sourceFailure``), after the
  /// error went to ``errors``: an empty state can say what went wrong.
  public func onSourceFailure(_ observer: @escaping @MainActor (any Error) -> Void) {
    parts.failureObservers.append(observer)
  }

  /// Calls `observer` on the main actor once the binding takes no more lists (``hasEnded``).
  public func onEnd(_ observer: @escaping @MainActor () -> Void) {
    if hasEnded { return observer() }
    parts.endObservers.append(observer)
  }

  func sourceDidEnd() {
    guard phase.sourceEnded() else { return }
    let observers = parts.endObservers
    parts.endObservers = []
    for observer in observers { observer() }
  }

  /// Reports that a source feeding this binding by other means than ``read(_:)`` (an outline's
  /// tree) failed: the error goes to ``errors``, and ``sourceFailure`` and its observers hear it.
  package func sourceFailed(_ error: any Error) {
    problems.yield(.sourceFailed(error))
    sourceDidFail(error)
  }

  func sourceDidFail(_ error: any Error) {
    guard phase.sourceFailed(error) else { return }
    for observer in parts.failureObservers { observer(error) }
  }

  /// Waits until the binding has stopped taking lists: its source finished or failed (and the
  /// last list it sent is on screen), or it was cancelled.
  public func waitUntilFinished() async {
    await worker?.value
  }

}

extension ListBinding where Section == FlatSection {
  /// Creates a binding for a flat list that shows every array `source` sends, latest first.
  public convenience init<Source: AsyncSequence & Sendable>(
    view: any ListView<Section, Item>, items source: Source,
    pipeline: DiffPipeline<Section, Item> = DiffPipeline()
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
