/// Loads content ahead of the scroll, the first screen included: it feeds a
/// ``PrefetchPlanner`` from a binding's view and keeps a ``ContentStore``'s interest on what the
/// plan wants.
///
/// - **First screen**: when the first list is about to be shown, the whole first screen (rows ×
///   columns, from the layout) is requested before the view asks for a single cell.
/// - **Scrolling**: ``setNeedsUpdate()`` re-plans once per main-actor turn however many cells
///   were configured in it; BinderyUIKit calls it for every configured cell and every UIKit
///   prefetch call, and the binding after every list it shows.
/// - **Flings**: while the view decelerates, the prefetcher works out where it will come to
///   rest (UIKit's deceleration law, from the view's speed and rate, or exactly, when the app
///   forwards it with ``flingWillComeToRest(atOffset:)``) and wants that screen first and the
///   screens around it next; rows the fling carries past are not chased.
/// - **Rest**: once the view has stopped moving for ``restDelay``, the prefetcher re-plans by
///   itself, so the window narrows to the screen where the scroll came to rest and loads for
///   rows that left it are cancelled before they start.
/// - **Jumps**: a move of more than a screen between two updates — `scrollToRow`, a tap on the
///   status bar, a content offset set by code — is not a fling: the speed is measured afresh
///   from there, so a jump never reads as a huge speed, and what is wanted stays within the
///   planner's ``PrefetchPlanner/maximumWindow(itemsPerScreen:)``.
/// - **Lifetime**: when the binding stops, or the prefetcher is released, all of its interest
///   goes back to the store.
///
/// Content is wanted by its key: the item's id, or what the binding keys content by
/// (``ContentBinding/contentKey``).
@MainActor
public final class ContentPrefetcher<Section, Item, Key: Hashable & Sendable, Content: Sendable>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// The store content is requested from.
  public let store: ContentStore<Key, Content>
  /// The key of an item's content.
  public let contentKey: (Item) -> Key
  /// The planner; change it to tune the windows.
  public var planner: PrefetchPlanner
  /// How long the content must stay put (not decelerating) before the view counts as at rest:
  /// three frames by default, so that loads queued for a window that no longer applies are
  /// cancelled before they start.
  public var restDelay: Duration = .milliseconds(50)
  /// How long a load that is running when a plan lets go of its key may go on before it is
  /// cancelled: a second by default. A running load is paid for; cancelled, and asked for
  /// again when the window comes back over its row (a scroll that turns, a fling's landing
  /// worked out afresh, a pause), it costs its loader a second call. Most loads end well
  /// within this; a slow one is cancelled once it is up. A load that has not started is let go
  /// of at once.
  public var finishingGrace: Duration = .seconds(1)
  /// How far back the scroll's speed is measured.
  private static var speedWindow: Duration { .milliseconds(150) }

  weak var binding: ListBinding<Section, Item>?
  let ledger: InterestLedger<Key, Content>
  private var wanted: [Key: ContentPriority] = [:]
  /// Keys a plan let go of while their loads ran, with the priority their unit was asked at
  /// and when they were let go of: held until the load ends or ``finishingGrace`` is up, so
  /// that a window that moves back and forth (a scroll that turns, a fling's landing worked out
  /// again) does not cancel a load and start it again. At most one per running load.
  private var finishing: [Key: (priority: ContentPriority, since: Duration)] = [:]
  /// Lets go of the finishing keys when their grace is up, if no plan did before.
  private var finishingCheck: Task<Void, Never>?
  /// What each update saw of the view within the last ``speedWindow``: the first visible row
  /// (if any) and the content offset. The scroll's speed and a fling's landing are read from it.
  private var recentScroll: [(time: Duration, first: Int?, offset: Double)] = []
  /// Rows per point along the scroll, learned each time the first visible row changes: the
  /// scroll's speed is read in points, from the offsets, and planned for in rows.
  private var rowsPerPoint: Double?
  /// The first visible row when it last changed, and the offset then.
  private var lastCrossing: (first: Int, offset: Double)?
  /// The content offset the last update saw, and when it last changed.
  private var lastOffset: Double?
  /// What the view showed at the last update: a move that changed none of it needs no plan.
  private var plannedSight: Sight?
  private var lastMoved: Duration = .zero

  /// The rows (flat indices) on screen where the fling under way will come to rest; `nil` when
  /// the view is not decelerating.
  public private(set) var landing: Range<Int>?
  /// Where the app's scroll view delegate said the fling under way will stop.
  private var announcedRestingOffset: Double?
  private var isUpdateScheduled = false
  private var restCheck: Task<Void, Never>?
  /// When the rest check re-plans, unless the content moves before then.
  private var restDue: Duration?
  /// Whether its binding stopped (or went): the binding's phase says, and the prefetcher keeps
  /// no flag of its own.
  var isStopped: Bool {
    guard let binding else { return true }
    return binding.isStopped
  }
  /// The hold under way (the first display's, or new rows'): opened when it ends, or when the
  /// prefetcher stops.
  var hold: OneShotGate?
  /// The list held for its first display, while it is: what every plan is made for meanwhile.
  var heldFirstList: Snapshot<Section, Item>?
  /// Keys held for new rows while their list waited, given back after the next re-plan.
  var heldForNewRows: [Key] = []
  /// What the last plan asked for, row by row: a plan of the same list that moved by a row
  /// (most plans while scrolling) changes the keys of those rows alone.
  private var requested: PlanRequests<Key>?
  /// What ``requested``'s plan was made from: the planner's rules and the situation.
  private var plannedFrom: (situation: PrefetchPlanner.Situation, planner: PrefetchPlanner)?

  /// Creates a prefetcher for a binding and a store keyed by `contentKey`, and starts it: the
  /// binding keeps it, asks it for the first screen before showing the first list, and re-plans
  /// it after every list.
  public init(
    binding: ListBinding<Section, Item>, store: ContentStore<Key, Content>,
    planner: PrefetchPlanner = PrefetchPlanner(), contentKey: @escaping (Item) -> Key
  ) {
    self.binding = binding
    self.store = store
    self.contentKey = contentKey
    self.planner = planner
    ledger = InterestLedger(store: store)
    binding.attach(prefetcher: self)
  }

  deinit {
    restCheck?.cancel()
    finishingCheck?.cancel()
  }

  /// How many keys the last plan wants (not counting the keys whose running loads it lets
  /// finish).
  public var wantedCount: Int { wanted.count }

  /// Re-plans at the end of this main-actor turn, once however often it is asked: in the
  /// screen's end-of-turn job (`ListBinding.setNeedsEndOfTurn()`).
  public func setNeedsUpdate() {
    guard !isUpdateScheduled, !isStopped else { return }
    isUpdateScheduled = true
    binding?.setNeedsEndOfTurn()
  }

  /// Re-plans now from the view's visible items and their speed, requesting what is newly
  /// wanted (raising priorities that grew) and cancelling what no longer is.
  public func update() {
    update(seeing: look())
  }

  /// Re-plans now, unless an update already planned for what the view shows now — the same
  /// offset, rows on screen, screen size and list: after a scroll, cells configured in the same
  /// turn may have had it re-plan already. A change of the viewport's shape (the keyboard, a
  /// rotation) or a shift of the rows re-plans, though the offset stayed. The view is read
  /// once for both.
  ///
  /// `rowsMoved` is `false` when the view says only its offset moved since it last said so, over
  /// the same rows of the same list, its viewport's shape kept (most frames of a scroll): the
  /// move is noted without reading the rows again, and the plan is made again only if the
  /// speed to plan for changed.
  package func updateAfterMove(rowsMoved: Bool = true) {
    if !rowsMoved, !isUpdateScheduled, let plannedSight, followOffset(over: plannedSight) {
      return
    }
    let view = look()
    if !isUpdateScheduled, let plannedSight, plannedSight == view?.sight { return }
    update(seeing: view)
  }

  /// An update after a scroll over the rows `sight` saw, which still shows them: what
  /// ``update(seeing:)`` would do, with the rows and the screen's size taken from `sight`.
  /// `false`, having done nothing, where that is not enough — a fling under way, whose landing
  /// is worked out from the rows, or a list that changed since.
  private func followOffset(over sight: Sight) -> Bool {
    guard !isStopped, let binding, binding.snapshotWrites == sight.snapshotWrites,
      let view = binding.view, requested?.snapshotWrites == sight.snapshotWrites,
      let (planned, plannedPlanner) = plannedFrom, planned.landing == nil,
      plannedPlanner == planner
    else { return false }
    let position = view.scrollPosition
    guard !position.isDecelerating else { return false }
    let now = store.time.elapsed()
    let previousOffset = lastOffset
    record(now, first: sight.first, offset: position.offset, screen: sight.itemsPerScreen)
    plannedSight?.offset = position.offset
    // Not decelerating: no landing, and none announced (as `landing(of:at:in:)` finds).
    (landing, announcedRestingOffset) = (nil, nil)
    let velocity = velocityToPlan(at: now, position: position, previousOffset: previousOffset)
    if velocity == planned.velocity {
      if velocity != 0 { checkForRest() }
    } else {
      let visible = [sight.first, sight.last].compactMap { $0 }
      plan(
        for: binding.snapshot, visible: visible, velocity: velocity, isShown: true,
        itemsPerScreen: sight.itemsPerScreen)
    }
    letGoOfKeysHeldForNewRows()
    return true
  }

  private func look() -> Look? {
    guard let binding else { return nil }
    let visible = binding.visibleFlatIndices
    guard let view = binding.view else {
      return Look(visible: visible, position: nil, itemsPerScreen: 0, sight: nil)
    }
    let position = view.scrollPosition
    let screen = binding.itemsPerScreen
    return Look(
      visible: visible, position: position, itemsPerScreen: screen,
      sight: Sight(
        offset: position.offset, visible: visible, itemsPerScreen: screen,
        snapshotWrites: binding.snapshotWrites))
  }

  private func update(seeing look: Look?) {
    isUpdateScheduled = false
    guard !isStopped, let binding, let look else { return }
    if let held = heldFirstList {
      // The view shows nothing yet (the list is held for this very content): its first screen
      // stays wanted, worked out again in case the view's size changed (it came on screen).
      plannedSight = nil
      plan(for: held, visible: firstScreen(of: held))
      return
    }
    let snapshot = binding.snapshot
    let visible = look.visible
    let now = store.time.elapsed()
    var velocity = 0.0
    var jumped = false
    if let view = binding.view, let position = look.position {
      let previousOffset = lastOffset
      plannedSight = look.sight
      jumped = record(
        now, first: visible.min(), offset: position.offset, screen: look.itemsPerScreen)
      landing = landing(of: view, at: position, in: snapshot)
      velocity = velocityToPlan(at: now, position: position, previousOffset: previousOffset)
    } else {
      landing = nil
      plannedSight = nil
    }
    // After a jump, the loads near where the view was are not coming back into the window.
    plan(
      for: snapshot, visible: visible, velocity: velocity, isShown: true,
      itemsPerScreen: look.itemsPerScreen, lettingRunningLoadsFinish: !jumped)
    letGoOfKeysHeldForNewRows()
  }

  /// The speed to plan for after an update noted the view at `position` (its offset before
  /// was `previousOffset`): none at rest, else the scroll's, steadied.
  private func velocityToPlan(at now: Duration, position: ScrollPosition, previousOffset: Double?)
    -> Double
  {
    let resting = !position.isDecelerating && now - lastMoved >= restDelay
    let velocity = resting ? 0 : steadied(scrollVelocity())
    if !resting, velocity == 0, let previousOffset, previousOffset != position.offset {
      // Moving, but not for long enough to count rows: the slowest speed, in its direction,
      // so that the window turns ahead of the scroll from its first frame.
      return (position.offset > previousOffset ? 1 : -1) * planner.restingSpeed
    }
    return velocity
  }

  /// Gives back the keys held for new rows while their list waited: the plan just made covers
  /// the rows on screen.
  private func letGoOfKeysHeldForNewRows() {
    for key in heldForNewRows { ledger.cancelRequest(key) }
    heldForNewRows = []
  }

  /// Notes whether the content moved, and adds what an update saw to the recent scroll. The
  /// speed is read from the offsets, in points: counted in rows crossed, it fell to nothing
  /// between two rows taller than the window it is read over (a 100-point row at 800 points a
  /// second takes 125 ms), and the window ahead, which grows with the speed, shrank and grew
  /// again at every row, asking for its far rows, letting them go and asking again. The rows a
  /// point stands for are learned as the first visible row changes. The recent scroll starts
  /// afresh after a jump: more than a screen of rows at once is a discontinuity, not a speed
  /// (the fastest fling moves a few rows a frame). Returns whether the view jumped.
  @discardableResult
  private func record(_ now: Duration, first: Int?, offset: Double, screen: Int) -> Bool {
    if lastOffset != offset { lastMoved = now }
    lastOffset = offset
    // The samples are in time order: the stale ones are at the front.
    var stale = 0
    while stale < recentScroll.count, now - recentScroll[stale].time > Self.speedWindow {
      stale += 1
    }
    if stale > 0 { recentScroll.removeFirst(stale) }
    if let first {
      if let crossing = lastCrossing, crossing.first != first {
        let rows = abs(first - crossing.first)
        if rows > max(1, screen) {
          recentScroll.removeAll()
          recentScroll.append((now, first, offset))
          lastCrossing = (first, offset)
          return true
        } else if offset != crossing.offset {
          let sample = Double(rows) / abs(offset - crossing.offset)
          rowsPerPoint = rowsPerPoint.map { 0.75 * $0 + 0.25 * sample } ?? sample
        }
        lastCrossing = (first, offset)
      } else if lastCrossing == nil {
        lastCrossing = (first, offset)
      }
    }
    recentScroll.append((now, first, offset))
    return false
  }

  /// Plans for a fling that will come to rest at `offset` points along the scroll, as UIKit
  /// tells a scroll view's delegate in `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
  /// (after any change the delegate makes to it: paging, snapping to a row). Until the view
  /// comes to rest the prefetcher plans for that screen; without it, it works the landing out
  /// from the view's speed and deceleration rate.
  public func flingWillComeToRest(atOffset offset: Double) {
    announcedRestingOffset = offset
    setNeedsUpdate()
  }

  /// Where the view's deceleration ends, as the flat indices of the screen there.
  private func landing(
    of view: any ListView, at position: ScrollPosition, in snapshot: Snapshot<Section, Item>
  ) -> Range<Int>? {
    guard position.isDecelerating else {
      announcedRestingOffset = nil  // at rest, or a finger caught it
      return nil
    }
    guard let resting = announcedRestingOffset ?? estimatedRestingOffset(position) else {
      return landing
    }
    let flat = view.itemPositions(atOffset: resting).compactMap { snapshot.flatIndex(of: $0) }
    guard let first = flat.min(), let last = flat.max() else { return nil }
    return first..<(last + 1)
  }

  /// Where the deceleration stops by UIKit's law, from the speed between the last offset sample
  /// and the one before it in time (the deceleration's speed now, near enough); `nil` without
  /// two such samples.
  private func estimatedRestingOffset(_ position: ScrollPosition) -> Double? {
    guard let last = recentScroll.last,
      let previous = recentScroll.last(where: { $0.time < last.time })
    else { return nil }
    let seconds = (last.time - previous.time).inSeconds
    return position.restingOffset(velocity: (last.offset - previous.offset) / seconds)
  }

  /// Lets go of every key and stops planning: the binding stopped.
  private func letGo() {
    hold?.open()  // a stopped binding shows nothing: its hold has nothing to wait for
    restCheck?.cancel()
    restCheck = nil
    restDue = nil
    plannedSight = nil
    wanted.removeAll()
    finishing.removeAll()
    finishingCheck?.cancel()
    finishingCheck = nil
    requested = nil
    ledger.cancelAllRequests()
  }

  /// Plans for `snapshot` and requests what the plan wants. `isShown` when `snapshot` is the
  /// list on screen (the one the binding's count of snapshot writes stands for), not a list
  /// about to be shown. Without `lettingRunningLoadsFinish` (after a jump), the running loads
  /// the plan lets go of are cancelled at once, and so are those let finish before.
  func plan(
    for snapshot: Snapshot<Section, Item>, visible flat: [Int], velocity: Double = 0,
    isShown: Bool = false, itemsPerScreen: Int? = nil, lettingRunningLoadsFinish: Bool = true
  ) {
    guard !isStopped else { return }
    letGoOfFinishedLoads(all: !lettingRunningLoadsFinish)
    let visible = (flat.min() ?? 0)..<((flat.max() ?? -1) + 1)
    let situation = PrefetchPlanner.Situation(
      itemCount: snapshot.numberOfItems, visible: visible,
      itemsPerScreen: itemsPerScreen ?? binding?.itemsPerScreen ?? 1, velocity: velocity,
      landing: landing)
    let writes = isShown ? binding?.snapshotWrites : nil
    if let writes, let requested, requested.snapshotWrites == writes,
      let plannedFrom, plannedFrom.situation == situation, plannedFrom.planner == planner
    {
      // The same list, the same rows on screen, the same speed: the same plan (most frames
      // of a scroll, between two rows coming on screen).
      if velocity != 0 { checkForRest() }
      return
    }
    let plan = planner.plan(for: situation)
    plannedFrom = (situation, planner)
    if let writes, var requested, requested.snapshotWrites == writes {
      // The same list as the last plan's: only the rows whose want changed are looked at.
      if requested.plan != plan {
        self.requested = nil  // not held twice while it changes
        let (added, removed) = requested.move(to: plan) { self.key(atFlatIndex: $0, in: snapshot) }
        // Asked for in the plan's order (the store starts loads in the order it is asked),
        // then what the plan let go of.
        settle(
          added + removed, to: requested, lettingRunningLoadsFinish: lettingRunningLoadsFinish)
        self.requested = requested
      }
    } else {
      // Another list, or one not yet on screen: every row is looked up, and every key held
      // that the plan does not want is let go.
      var fresh = PlanRequests<Key>(snapshotWrites: writes)
      let added = fresh.move(to: plan) { self.key(atFlatIndex: $0, in: snapshot) }.added
      // Another list: what it no longer wants is of items it moved or no longer has, and so
      // are the loads let finish for the list before.
      letGoOfFinishedLoads(all: true)
      settle(
        added + wanted.keys.filter { fresh.priority(of: $0) == nil }, to: fresh,
        lettingRunningLoadsFinish: false)
      requested = fresh
    }
    if velocity != 0 { checkForRest() }
  }

  /// Brings the interest held in each of `keys` to what `requests` wants of it: a unit at its
  /// priority for a key newly wanted, a raise for one wanted more urgently (a unit at the new
  /// priority, then the old one let go), and the unit let go for one no longer wanted. A key
  /// wanted less urgently keeps its unit (the store does not lower a priority). A key named
  /// twice is settled once.
  ///
  /// With `lettingRunningLoadsFinish` (a plan of the same list), a key no longer wanted whose
  /// load is running is not let go of until the load ends or its grace is up (see
  /// ``finishing``); a key wanted again while it finishes keeps the unit it holds.
  private func settle(
    _ keys: [Key], to requests: PlanRequests<Key>, lettingRunningLoadsFinish: Bool
  ) {
    for key in keys {
      let priority = requests.priority(of: key)
      switch (wanted[key] ?? finishing[key]?.priority, priority) {
      case (nil, let priority?):
        ledger.request(key, priority: priority)
      case (let held?, let priority?):
        if held < priority {
          ledger.request(key, priority: priority)
          ledger.cancelRequest(key)
        }
        finishing[key] = nil
      case (let held?, nil) where wanted[key] != nil:
        if lettingRunningLoadsFinish, finishingGrace > .zero, store.isLoadRunning(key) {
          finishing[key] = (held, store.time.elapsed())
          scheduleFinishingCheck()
        } else {
          ledger.cancelRequest(key)
        }
      default:
        break
      }
      wanted[key] = priority
    }
  }

  /// Lets go of the keys held only for loads that were running when their plan let go of
  /// them, once those loads ended or their grace is up — or of `all` of them.
  private func letGoOfFinishedLoads(all: Bool = false) {
    guard !finishing.isEmpty else { return }
    let now = store.time.elapsed()
    for (key, held) in finishing
    where all || now - held.since >= finishingGrace || !store.isLoadRunning(key) {
      finishing[key] = nil
      ledger.cancelRequest(key)
    }
  }

  /// Lets go of the finishing keys as their grace runs out, with one task that sleeps until
  /// the earliest is due, while any is held.
  private func scheduleFinishingCheck() {
    guard finishingCheck == nil else { return }
    let time = store.time
    finishingCheck = Task { [weak self] in
      while let due = self?.finishing.values.map({ $0.since }).min(),
        let grace = self?.finishingGrace
      {
        // Cancelled (the prefetcher stopped), or a clock that throws: nothing more to do here.
        guard (try? await time.sleepUntil(due + grace)) != nil else {
          if !Task.isCancelled { self?.finishingCheck = nil }
          return
        }
        self?.letGoOfFinishedLoads()
      }
      self?.finishingCheck = nil
    }
  }

  /// Re-plans once the content has kept still for ``restDelay``. One task waits while the
  /// content moves, sleeping on to the latest time asked for, rather than a task made and
  /// cancelled for every frame.
  private func checkForRest() {
    let time = store.time
    // Never sooner than a frame from now: a view that reads as decelerating while its offset
    // stands still (a test that stops advancing it) must not re-plan in a loop.
    restDue = max(time.elapsed() + .milliseconds(16), lastMoved + restDelay)
    guard restCheck == nil, let first = restDue else { return }
    restCheck = Task { [weak self] in
      var due = first
      while true {
        do {
          try await time.sleepUntil(due)
        } catch {
          // A clock that throws other than for cancellation (stop() cancels, and clears the
          // task): the next moving plan checks again.
          if !Task.isCancelled { self?.restCheck = nil }
          return
        }
        guard let self, let latest = self.restDue else { return }
        if latest > due {
          due = latest
          continue
        }
        self.restCheck = nil
        self.restDue = nil
        self.update()
        return
      }
    }
  }

  /// The speed to plan for: `velocity`, unless it is the way the last plan's went and slower by
  /// less than ``slowdownTolerance``, when the last plan's stays. A steady scroll brings its
  /// rows in whole frames (16 points a frame over 44-point rows: one every two or three), so its
  /// speed counted in rows jitters, by a third over its first rows; the window ahead, which
  /// grows with the speed, would jitter by a row with it, asking for a row and letting it go
  /// again (a load started and abandoned each time). A speed that grows, turns or stops is
  /// planned for at once.
  private func steadied(_ velocity: Double) -> Double {
    guard let planned = plannedFrom?.situation.velocity, planned != 0, velocity != 0,
      (planned > 0) == (velocity > 0), abs(velocity) < abs(planned),
      abs(velocity) >= abs(planned) * (1 - Self.slowdownTolerance)
    else { return velocity }
    return planned
  }

  /// How much slower than the last plan's a scroll may count before the window ahead narrows.
  /// (A window kept wide for a while asks for nothing new: its rows are wanted already.)
  private static var slowdownTolerance: Double { 0.5 }

  /// Items per second over the last ``speedWindow``: the offset's speed in points, in rows of
  /// the heights the scroll crossed; 0 before it crossed one.
  private func scrollVelocity() -> Double {
    guard let rowsPerPoint, let oldest = recentScroll.first, let newest = recentScroll.last,
      newest.time > oldest.time
    else { return 0 }
    return (newest.offset - oldest.offset) / (newest.time - oldest.time).inSeconds * rowsPerPoint
  }

  /// The item at a flat index of a snapshot, or `nil` beyond it.
  static func item(atFlatIndex index: Int, in snapshot: Snapshot<Section, Item>) -> Item? {
    guard let position = snapshot.position(atFlatIndex: index) else { return nil }
    return snapshot.item(at: position)
  }

  /// The content key of the item at a flat index of a snapshot, or `nil` beyond it.
  func key(atFlatIndex index: Int, in snapshot: Snapshot<Section, Item>) -> Key? {
    Self.item(atFlatIndex: index, in: snapshot).map(contentKey)
  }

}

extension ContentPrefetcher where Key == Item.ID {
  /// Creates a prefetcher for a binding and a store keyed by the items' ids, and starts it.
  public convenience init(
    binding: ListBinding<Section, Item>, store: ContentStore<Item.ID, Content>,
    planner: PrefetchPlanner = PrefetchPlanner()
  ) {
    // A closure, not `\.id`: see `LateContent.store(_:prefetching:…)`.
    self.init(binding: binding, store: store, planner: planner, contentKey: { $0.id })
  }
}

extension ContentPrefetcher: ScreenPart {
  /// Plans for the first list's first screen before the view asks for a cell of it. Later
  /// lists are planned for once they are on screen.
  package func listWillShow(_ snapshot: Snapshot<Section, Item>) {
    guard binding?.snapshot.numberOfItems == 0 else { return }
    plan(for: snapshot, visible: firstScreen(of: snapshot))
  }

  /// Plans again at the end of the turn.
  package func listDidShow() { setNeedsUpdate() }

  package func bindingDidStop() { letGo() }

  /// Nothing to do when an update made since (after a scroll) planned what this one would.
  package func endOfTurn() {
    if isUpdateScheduled { update() }
  }

  /// Moves what it saw of the scroll along, so that the shift reads as neither a scroll nor a
  /// jump: the speed and the landing go on as they were.
  package func contentDidShift(byOffset offset: Double, rows: Int) {
    recentScroll = recentScroll.map { ($0.time, $0.first.map { $0 + rows }, $0.offset + offset) }
    lastCrossing = lastCrossing.map { ($0.first + rows, $0.offset + offset) }
    lastOffset = lastOffset.map { $0 + offset }
    announcedRestingOffset = announcedRestingOffset.map { $0 + offset }
  }
}

// What a prefetcher reads of its view at each update. Not nested in the prefetcher: a type inside
// a generic class is generic too, and the prefetcher's code, which runs unspecialized for the
// app's types, would look its metadata up at every scrolled frame.

/// What the view shows, read once for an update: the rows on screen (flat indices), where
/// it is scrolled and how many rows fit; `nil` without a binding.
private struct Look {
  var visible: [Int]
  /// `nil` without a view.
  var position: ScrollPosition?
  var itemsPerScreen: Int
  var sight: Sight?
}

/// What the view showed when the prefetcher last planned for it.
private struct Sight: Equatable {
  var offset: Double
  var first: Int?
  var last: Int?
  var itemsPerScreen: Int
  var snapshotWrites: UInt64

  init(offset: Double, visible: [Int], itemsPerScreen: Int, snapshotWrites: UInt64) {
    self.offset = offset
    (first, last) = (visible.min(), visible.max())
    self.itemsPerScreen = itemsPerScreen
    self.snapshotWrites = snapshotWrites
  }
}
