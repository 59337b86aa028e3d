/// The batch updates a list view animates, and the completions it owes (UIKit rules §7.5,
/// §4a): each animated batch runs for ``batchDuration`` on its window's clock, its removed and
/// reloaded rows' cells animating out until it ends; its completions are called then, with
/// whether it finished. A batch that does not animate completes on the next main-actor turn.
///
/// Invariants: every completion handed in is called exactly once, on a later turn than the
/// batch that made it or at the end of its animation, never inside the call; a cell animating
/// out belongs to one animation and goes back to the reuse pool when that one ends or is
/// interrupted; ``acceptedBatchCount`` only grows.
///
/// It only stores: the engine recycles cells and calls completions, outside any access to it,
/// as a completion may start the next batch.
struct UpdateAnimations {
  /// How long a batch's animation lasts. UIKit does not document it; 0.3 s is what is observed
  /// of a table's row animations and a collection view's batch updates, and of UIKit's
  /// animations generally (UIKit rules §7.5).
  static let batchDuration = Duration.milliseconds(300)

  /// A completion, told whether its batch was accepted and its animation ran to its end.
  typealias Completion = (_ finished: Bool) -> Void

  /// One batch's animation under way.
  struct InFlight {
    /// The engine's name for it.
    let token: Int
    /// What ends it on its clock, to cancel it when it is interrupted.
    let clock: HeadlessAnimationClock
    let end: Int
    var cellsOut: [HeadlessReusableView] = []
    var completions: [Completion] = []
  }

  /// The animations under way, oldest first.
  private(set) var inFlight: [InFlight] = []
  /// Completions due on the next turn, each with what it is told.
  private(set) var due: [(completion: Completion, finished: Bool)] = []
  /// Whether the next turn's call of what is due is scheduled.
  var isDrainScheduled = false
  /// Whether animations were interrupted (a reload, the view leaving its window) since the
  /// last drain: a collection view gone by then was released while an update was in flight
  /// (§7.1).
  var interruptedSinceDrain = false
  /// Batches the view accepted, and whether the last one animated.
  private(set) var acceptedBatchCount = 0
  private(set) var lastBatchAnimated: Bool?
  private var lastToken = 0

  /// Completions not called yet, animations under way counting one each at least.
  var pendingCount: Int {
    due.count + inFlight.reduce(0) { $0 + max(1, $1.completions.count) }
  }

  /// Counts an accepted batch.
  mutating func noteAccepted(animated: Bool) {
    acceptedBatchCount += 1
    lastBatchAnimated = animated
  }

  /// A name for the next animation.
  mutating func nextToken() -> Int {
    lastToken += 1
    return lastToken
  }

  /// Starts the animation `token` names, which `end` ends on `clock`.
  mutating func start(_ token: Int, clock: HeadlessAnimationClock, end: Int) {
    inFlight.append(InFlight(token: token, clock: clock, end: end))
  }

  /// Keeps `cell` animating out with the animation `token` names; `false` when it is not under
  /// way (the caller recycles the cell at once).
  mutating func animateOut(_ cell: HeadlessReusableView, with token: Int?) -> Bool {
    guard let index = inFlight.firstIndex(where: { $0.token == token }) else { return false }
    inFlight[index].cellsOut.append(cell)
    return true
  }

  /// Hands `completions` to the animation `token` names, or, with none under way, makes them
  /// due on the next turn, told `finished`.
  mutating func add(_ completions: [Completion], to token: Int?, finished: Bool) {
    guard !completions.isEmpty else { return }
    if let index = inFlight.firstIndex(where: { $0.token == token }) {
      inFlight[index].completions += completions
    } else {
      due += completions.map { ($0, finished) }
    }
  }

  /// Ends the animation `token` names and returns it (its cells to recycle, its completions to
  /// call, told `true`: only accepted batches animate); `nil` when it already ended.
  mutating func finish(_ token: Int) -> InFlight? {
    guard let index = inFlight.firstIndex(where: { $0.token == token }) else { return nil }
    return inFlight.remove(at: index)
  }

  /// Interrupts every animation under way: their completions are due on the next turn told
  /// `false`, and they are returned, for the caller to cancel their ends and recycle their
  /// cells.
  mutating func interruptAll() -> [InFlight] {
    guard !inFlight.isEmpty else { return [] }
    defer { inFlight = [] }
    for animation in inFlight { due += animation.completions.map { ($0, false) } }
    interruptedSinceDrain = true
    return inFlight
  }

  /// Takes what is due, for the caller to call in order.
  mutating func takeDue() -> [(completion: Completion, finished: Bool)] {
    defer { due = [] }
    return due
  }
}
