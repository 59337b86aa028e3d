/// Asks the app for more of a list when the user comes near its end (a feed) or its start (a
/// chat's history): at most one request at a time, only while the app says there is more, and
/// a failed request retried when the user comes near again — or at once with ``retry()``.
///
/// A binding keeps its page loaders. Each checks once per main-actor turn in which the view
/// configured cells and after every list shown. The view is near the edge when it shows an
/// item within ``threshold`` of it, or configured a cell for one — UIKit prepares cells ahead of
/// the screen and shows them later without asking again, so at the end of a list the last
/// cells may all be prepared before the user reaches them. A new page that still leaves the
/// screen near the edge asks for the next one. The request runs on the main actor,
/// as a task that the binding's end cancels; the page it loads reaches the view as any other
/// list does, through the binding's source, so the rows it adds are diffed like any others.
@MainActor
public final class PageLoader<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// Which end of the list more comes from.
  public enum Edge: Sendable, Equatable {
    /// Below the last item: the next page of a feed.
    case end
    /// Above the first item: older messages of a chat.
    case start
  }

  /// Where the loader is.
  public enum State: Sendable {
    /// Waiting for the user to come near the edge.
    case idle
    /// A request is under way.
    case loading
    /// The last request failed; the next approach (or ``retry()``) tries again.
    case failed(any Error)
    /// The app says there is no more.
    case exhausted
  }

  /// The edge it watches.
  public let edge: Edge
  /// How many items from the edge the last (or first) visible item must come within.
  public let threshold: Int
  /// Where it is now.
  public private(set) var state = State.idle {
    didSet { for observer in stateObservers { observer(state) } }
  }

  private weak var binding: ListBinding<Section, Item>?
  // The app's closures, let go when the loader stops (they often capture a view controller).
  private var hasMore: (@MainActor () -> Bool)?
  private var load: (@MainActor () async throws -> Void)?
  private var request: Task<Void, Never>?
  private var isCheckScheduled = false
  /// Whether the last check found the screen showing items near the edge: a failed request is
  /// retried only when the user comes near again, not while they stay there.
  private var wasNear = false
  /// Whether a cell for an item near the edge was configured since the last check.
  private var configuredNearEdge = false
  /// The number of items shown when the last successful request started: until a list with
  /// another count is shown, the page is still on its way, and asking again would ask for the
  /// same page twice (the classic double load-more).
  private var countAtRequest: Int?
  /// Whether its binding stopped (or went): the binding's phase says.
  private var isStopped: Bool {
    guard let binding else { return true }
    return binding.isStopped
  }
  private var stateObservers: [@MainActor (State) -> Void] = []

  /// Creates a page loader for a binding, which keeps it.
  ///
  /// - Parameters:
  ///   - binding: the binding whose view is watched.
  ///   - edge: ``Edge/end`` for a feed, ``Edge/start`` for a chat's history.
  ///   - threshold: how near the edge, in items, the screen must come; at least 1.
  ///   - hasMore: whether there is more to ask for; asked before every request.
  ///   - load: fetches the next page and sends the longer list to the binding's source; what
  ///     it throws is the failure the state shows. It is cancelled when the binding stops.
  public init(
    binding: ListBinding<Section, Item>, edge: Edge = .end, threshold: Int = 10,
    hasMore: @escaping @MainActor () -> Bool,
    load: @escaping @MainActor () async throws -> Void
  ) {
    self.binding = binding
    self.edge = edge
    self.threshold = max(1, threshold)
    self.hasMore = hasMore
    self.load = load
    binding.attach(pageLoader: self)
  }

  /// The view configured the cell of the item at `position` (on screen, or prepared ahead):
  /// checks at the end of this turn, counting it as near when the item is near the edge.
  public func cellConfigured(at position: ItemPosition) {
    guard !isStopped, let binding else { return }
    // Read where the list lies: a copy of it at every cell configured costs more than the read.
    if let index = binding.flatIndex(of: position), isNearEdge(index, of: binding.numberOfItems) {
      configuredNearEdge = true
    }
    setNeedsCheck()
  }

  private func isNearEdge(_ index: Int, of count: Int) -> Bool {
    edge == .end ? index >= count - threshold : index < threshold
  }

  /// Calls `observer` on the main actor with every new state: show a spinner, a retry button.
  public func onStateChange(_ observer: @escaping @MainActor (State) -> Void) {
    stateObservers.append(observer)
  }

  /// Checks at the end of this main-actor turn, once however often it is asked: the view
  /// configured cells (BinderyUIKit calls it for every one).
  public func setNeedsCheck() {
    guard !isCheckScheduled, !isStopped else { return }
    isCheckScheduled = true
    binding?.setNeedsEndOfTurn()  // the screen's end-of-turn job
  }

  /// Asks for the page now if there is more and none is being asked for — for a "try again"
  /// button, after a failure.
  public func retry() {
    guard !isStopped, request == nil, case .failed = state else { return }
    start()
  }

  /// Asks for a page if the view shows items near the edge, there is more, and no request is
  /// under way or failed while the user stayed near.
  public func check() {
    isCheckScheduled = false
    guard !isStopped, let binding else { return }
    let snapshot = binding.snapshot
    let visible = binding.visibleFlatIndices
    let count = snapshot.numberOfItems
    let visibleNear: Bool
    if let first = visible.min(), let last = visible.max() {
      visibleNear = isNearEdge(edge == .end ? last : first, of: count)
    } else {
      // An empty list shown is at its edge: a feed whose rows come from load more, or whose
      // rows were all removed, asks.
      visibleNear = count == 0 && binding.statistics.updates > 0
    }
    // Asking is triggered by either; coming near again (what retries a failure or a page that
    // added nothing) is judged by what is on screen only: prepared cells come and go.
    let near = visibleNear || configuredNearEdge
    let approached = visibleNear && !wasNear
    wasNear = visibleNear
    configuredNearEdge = false
    guard near, request == nil else { return }
    if case .failed = state, !approached { return }
    if let waiting = countAtRequest {
      // The page asked for added nothing: only a new approach asks again. At the start of a
      // list a page always needs one: UIKit keeps the content offset when rows are inserted
      // above, so the new rows are on screen at once, and asking again would load the whole
      // history.
      guard (count != waiting && edge == .end) || approached else { return }
    }
    start()
  }

  private func start() {
    guard let hasMore, let load else { return }
    guard hasMore() else {
      if case .exhausted = state {} else { state = .exhausted }
      return
    }
    countAtRequest = binding?.snapshot.numberOfItems
    // A request that follows one at once keeps its loading view: no flicker, no geometry.
    if case .loading = state {} else { state = .loading }
    request = Task { [weak self, weak binding] in
      let outcome: Result<Void, any Error>
      do {
        try await load()
        // Loading ends when the page is on screen, not when it was sent: no footer gap, and
        // no second ask for a page still being diffed.
        await binding?.waitUntilShown()
        outcome = .success(())
      } catch {
        outcome = .failure(error)
      }
      self?.finish(outcome)
    }
  }

  private func finish(_ outcome: Result<Void, any Error>) {
    request = nil
    guard !isStopped else { return }
    switch outcome {
    case .success:
      guard hasMore?() ?? false else {
        state = .exhausted
        break
      }
      // The page may not have filled the screen: the next one is asked for straight away,
      // while the loading view still shows (it would go and come back, and the content end
      // above a reader over it for as long).
      check()
      if request == nil { state = .idle }
    case .failure(let error):
      countAtRequest = nil
      state = .failed(error)
    }
    // Look again once the view has laid the page out (or now, if the app sent nothing new).
    setNeedsCheck()
  }

  /// Stops watching and cancels the request under way, as the binding stopped.
  private func letGo() {
    request?.cancel()
    request = nil
    hasMore = nil
    load = nil
    stateObservers = []
  }

  deinit {
    request?.cancel()  // a binding released, not cancelled: its request ends with it
  }
}

extension PageLoader: ScreenPart {
  /// Looks at the rows the list left on screen, at the end of the turn.
  package func listDidShow() { setNeedsCheck() }

  package func bindingDidStop() { letGo() }

  /// Nothing to do when a check made since (after a scroll) found what this one would.
  package func endOfTurn() {
    if isCheckScheduled { check() }
  }

  /// UIKit shows cells it kept near the screen again without asking for them: the scroll
  /// itself is a reason to look (a failed page is retried as the user comes back). A scroll
  /// that moved no row shows nothing the last look did not see.
  package func viewDidScroll(rowsMoved: Bool) {
    if rowsMoved { check() }
  }

  /// Cells configured before the view moved to keep the user's place (a chat opening at its
  /// end configures its first rows, then leaves them) no longer say the user is near the edge.
  package func contentDidShift(byOffset offset: Double, rows: Int) {
    configuredNearEdge = false
  }
}
