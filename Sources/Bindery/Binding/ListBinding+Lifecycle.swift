import BinderyDiff

// How a binding ends. Four verbs, each doing more than the one before:
//
// | verb      | who calls it                   | thread | what it does                                      |
// |-----------|--------------------------------|--------|---------------------------------------------------|
// | `finish`  | the source (ends or throws)    | any    | no more lists; the last one sent is still shown   |
// |           | (`ListInbox.finish`)           |        | (`hasEnded`, `onEnd`); the view stays bound       |
// | `cancel`  | the app, a released binding    | any    | `end`: tasks cancelled, inbox and `errors`        |
// |           |                                |        | closed, cancellations run; then `stop` on the     |
// |           |                                |        | main actor                                        |
// | `stop`    | `cancel`, `detach` (internal)  | main   | forgets the view, resolves every waiter `false`,  |
// |           |                                |        | tells stop observers (interest is given back)     |
// | `detach`  | the view, when bound anew      | main   | `cancel` and `stop` at once: the binding never    |
// |           |                                |        | touches the view again                            |
//
// Releasing a binding is `cancel` from whatever thread drops it; its main-actor parts are handed
// to the main actor and torn down there (`PartsHandOff`).

extension ListBinding {
  /// Stops the binding: no list is applied after this returns, waiting calls return `false`,
  /// ``errors`` finishes, a publisher subscription is cancelled, and what was attached lets go
  /// within one main-actor turn. The view keeps what it shows. Safe from any thread, and more
  /// than once.
  public nonisolated func cancel() {
    guard Self.end(lifetime, inbox: inbox, problems: problems) else { return }
    Task { @MainActor [weak self] in self?.stop() }
  }

  /// Whether ``cancel()`` was called.
  public nonisolated var isCancelled: Bool { lifetime.withLock { $0.isCancelled } }

  /// Ends the binding's tasks and closes its channels; `false` if it had already ended.
  nonisolated static func end(
    _ lifetime: Locked<Lifetime>, inbox: ListInbox<Section, Item>,
    problems: ProblemBroadcast<Failure>
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
    problems.finish()
    for cancel in cancellations { cancel() }
    return true
  }

  /// Cancels the binding and forgets its view: it never touches the view again. Used when the
  /// view is bound anew.
  public func detach() {
    cancel()
    stop()
  }

  func stop() {
    guard phase.stop() else { return }
    view = nil
    completionDeadlines.finish(through: .max)
    waiters.resolveAll()
    parts.tellStopped()
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
  var parts: BindingParts<Section, Item>?

  init(_ parts: BindingParts<Section, Item>) { self.parts = parts }

  /// A released binding stops as a cancelled one does: its stop observers hear it first (the
  /// view's adapter lets go of the app's closures), then its parts go.
  @MainActor func release() {
    parts?.tellStopped()
    parts = nil
  }
}

/// What a binding keeps on the main actor: its view, its observers and its screen's parts. Only
/// the main actor reads or writes them; the box is `Sendable` so that a binding released on
/// another thread can hand it to the main actor, where they are torn down.
final class BindingParts<Section, Item>: @unchecked Sendable
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  var view: (any ListView<Section, Item>)?
  var willShowObservers: [@MainActor (Snapshot<Section, Item>) -> Void] = []
  var showObservers: [@MainActor () -> Void] = []
  var stopObservers: [@MainActor () -> Void] = []
  var failureObservers: [@MainActor (any Error) -> Void] = []
  var endObservers: [@MainActor () -> Void] = []
  var screen = ScreenParts<Section, Item>()
  /// Whether the parts and observers were told of the stop.
  var hasToldStop = false

  /// Tells the screen's parts, then the stop observers, that the binding stopped; once, though
  /// a binding cancelled and then released asks twice.
  @MainActor func tellStopped() {
    guard !hasToldStop else { return }
    hasToldStop = true
    let (screen, observers) = (self.screen, stopObservers)
    stopObservers = []
    screen.tell { $0.bindingDidStop() }
    for observer in observers { observer() }
  }

  /// A new box with everything this one held; this one is left empty.
  func handOver() -> BindingParts {
    let next = BindingParts()
    swap(&view, &next.view)
    swap(&willShowObservers, &next.willShowObservers)
    swap(&showObservers, &next.showObservers)
    swap(&stopObservers, &next.stopObservers)
    swap(&failureObservers, &next.failureObservers)
    swap(&endObservers, &next.endObservers)
    swap(&screen, &next.screen)
    swap(&hasToldStop, &next.hasToldStop)
    return next
  }
}
