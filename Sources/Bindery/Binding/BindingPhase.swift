import BinderyDiff

/// Where a ``ListBinding`` is, on the main actor, as one value: whether it still runs, what it
/// is doing with the list at hand, and where its source is. Each transition answers what the
/// binding does next (whether there is news to tell, a snapshot to install, a list now shown),
/// so the binding holds no flags that could disagree.
///
/// The one fact kept elsewhere is ``ListBinding/isCancelled``: `cancel()` is called from any
/// thread, so it lives under a lock, and the main actor stops the binding a turn later.
///
/// ```text
/// running ── idle ⇄ holdingFirstDisplay(list)          source: open ── failed(error) ─┐
///   │          ⇅                                                 └──────────────────── ended
///   │        applying(newest list's stages, next to install; lists in flight, stages left)
///   └─ stop() ─▶ stopped (an activity too, for good; whatever it was doing is dropped)
/// ```
struct BindingPhase<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// What the binding is doing with the list at hand.
  enum Activity {
    /// Nothing on the main actor: waiting for the worker's next list.
    case idle
    /// The first list with rows, numbered so, waits for its first screen's content
    /// (``ListBinding/firstDisplayHold``).
    case holdingFirstDisplay(UInt64)
    /// A list's stages are with the view.
    case applying(Applying)
    /// Stopped for good: cancelled, detached or released. Nothing starts again; what the view
    /// still completes is dropped. The binding's parts read it here and keep no flag of their
    /// own.
    case stopped
  }

  /// The lists whose stages are with the view: the newest list's stages, the next of them to
  /// install, and every list the view has yet to complete. A list does not wait for the one
  /// before to finish animating (a diffable data source's `apply` does not either), so several
  /// can be in flight. UIKit does not promise to complete batches in the order they were made
  /// (an unanimated batch may end before an animated one made before it): a list counts as
  /// shown once every list before it does.
  struct Applying {
    var stages: [StagedChangeset<Section, Item>.Stage]
    var nextInstall = 0
    /// Oldest first: each list's number and how many of its stages the view has yet to
    /// complete.
    var inFlight: [(sequence: UInt64, remaining: Int)]

    /// Takes the lists at the front whose every stage the view has completed: those now shown.
    mutating func takeShown() -> [UInt64] {
      var shown: [UInt64] = []
      while let first = inFlight.first, first.remaining <= 0 {
        shown.append(first.sequence)
        inFlight.removeFirst()
      }
      return shown
    }
  }

  /// Where the binding's source is.
  enum Source {
    /// Sending lists.
    case open
    /// It threw: no more lists will come, and the last one it sent may still be on its way.
    case failed(any Error)
    /// No more lists will come, and the last one sent was shown (or the binding stopped);
    /// with the error the source threw, if it did.
    case ended(failure: (any Error)?)
  }

  private(set) var activity = Activity.idle
  private(set) var source = Source.open

  /// Whether the binding stopped for good.
  var isStopped: Bool {
    if case .stopped = activity { return true }
    return false
  }

  // MARK: Reading

  /// The list held for its first screen's content, while it is.
  var heldFirstList: UInt64? {
    if case .holdingFirstDisplay(let sequence) = activity { return sequence }
    return nil
  }

  /// Whether nothing is under way on the main actor: neither a hold nor stages with the view.
  var isIdle: Bool {
    if case .idle = activity { return true }
    return false
  }

  /// The error the source threw, if it did.
  var sourceFailure: (any Error)? {
    switch source {
    case .open: nil
    case .failed(let error): error
    case .ended(let failure): failure
    }
  }

  /// Whether the binding takes no more lists and showed the last.
  var hasEnded: Bool {
    if case .ended = source { return true }
    return false
  }

  // MARK: The list at hand

  /// The worker holds the first list with rows, numbered `sequence`, for its first screen's
  /// content.
  mutating func holdFirstDisplay(_ sequence: UInt64) {
    guard isIdle else { return }
    activity = .holdingFirstDisplay(sequence)
  }

  /// The hold ended.
  mutating func endHold() {
    if heldFirstList != nil { activity = .idle }
  }

  /// The list numbered `sequence` goes to the view as `stages`, joining those still in flight:
  /// returns the lists shown now, oldest first — this one, when it has no stage and none is
  /// in flight before it.
  mutating func apply(_ stages: [StagedChangeset<Section, Item>.Stage], sequence: UInt64)
    -> [UInt64]
  {
    guard !isStopped else { return [] }
    var inFlight: [(sequence: UInt64, remaining: Int)] = []
    if case .applying(let applying) = activity { inFlight = applying.inFlight }
    inFlight.append((sequence, stages.count))
    var applying = Applying(stages: stages, inFlight: inFlight)
    let shown = applying.takeShown()
    settle(applying)
    return shown
  }

  /// The view installs its next stage: returns that stage's snapshot, or `nil` when no stage
  /// is left to install (or none is being applied).
  mutating func installNextStage() -> Snapshot<Section, Item>? {
    guard case .applying(var applying) = activity,
      applying.nextInstall < applying.stages.count
    else { return nil }
    let snapshot = applying.stages[applying.nextInstall].snapshot
    applying.nextInstall += 1
    activity = .applying(applying)
    return snapshot
  }

  /// The view completed a stage of the list numbered `sequence`: returns the lists shown now,
  /// oldest first — the lists at the front of those in flight whose every stage the view has
  /// completed, none of them before a list still animating.
  mutating func completeStage(of sequence: UInt64) -> [UInt64] {
    guard case .applying(var applying) = activity,
      let index = applying.inFlight.firstIndex(where: { $0.sequence == sequence })
    else { return [] }
    applying.inFlight[index].remaining -= 1
    let shown = applying.takeShown()
    settle(applying)
    return shown
  }

  /// The view is done with the list numbered `sequence`, and so with every list before it:
  /// returns the lists after it shown now too (those without stages that waited for it).
  @discardableResult
  mutating func finishApplying(_ sequence: UInt64) -> [UInt64] {
    guard case .applying(var applying) = activity else { return [] }
    applying.inFlight.removeAll { $0.sequence <= sequence }
    let shown = applying.takeShown()
    settle(applying)
    return shown
  }

  /// Applying while any list is in flight, idle once none is. Only ever from applying: a
  /// stopped phase never applies again.
  private mutating func settle(_ applying: Applying) {
    precondition(!isStopped, "a stopped binding applies nothing")
    activity = applying.inFlight.isEmpty ? .idle : .applying(applying)
  }

  // MARK: The source and the end

  /// The source threw `error`: returns whether that is news to tell (not once stopped, nor a
  /// second time).
  mutating func sourceFailed(_ error: any Error) -> Bool {
    guard !isStopped, case .open = source else { return false }
    source = .failed(error)
    return true
  }

  /// No more lists will come, and the last was shown: returns whether that is news to tell.
  mutating func sourceEnded() -> Bool {
    switch source {
    case .ended: return false
    case .open: source = .ended(failure: nil)
    case .failed(let error): source = .ended(failure: error)
    }
    return true
  }

  /// Stops for good, dropping whatever was under way: returns whether it was running.
  mutating func stop() -> Bool {
    guard !isStopped else { return false }
    activity = .stopped
    return true
  }
}
