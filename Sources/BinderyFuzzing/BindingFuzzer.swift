import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// Fuzzes one bound screen: random lists (sections, repeated ids, new keys and heights),
/// scrolls, flings, jumps, drags, the user's moves and swipes to delete, the screen covered and
/// uncovered, memory warnings, content that arrives, fails or hangs, the binding cancelled and
/// bound again, the view resized — on strict HeadlessUIKit with UIKit's defaults and a
/// device's prefetch calls. After every step it checks what a user would see: no violation or
/// alert, the view showing exactly the last list, every cell showing its own item's content, the
/// place kept where the anchor promised; at the end, that nothing is wanted or retained.
///
/// Every choice comes from the seed: a finding names the seed and the step, and
/// `bindery-fuzz --seed` replays it.
@MainActor
package final class BindingFuzzer {
  /// What the fuzzer found wrong.
  package struct Finding: Error, CustomStringConvertible {
    /// The seed that replays it.
    package var seed: UInt64
    /// The step after which it was found (0: before the first).
    package var step: Int
    /// The world it was found in.
    package var world: String
    /// What was wrong.
    package var problem: String
    /// The last steps, oldest first.
    package var log: [String]
    /// Whether it is content that has arrived and not reached its cell yet, which may be a
    /// matter of a few turns.
    var isContentLag = false

    /// The finding, its seed and its last steps; the seed and the problem come again last, so
    /// a reader of the output's tail (CI keeps the last lines) sees them.
    package var description: String {
      let header = "seed \(seed), step \(step) (\(world)): \(problem)"
      return header + "\n  last steps:\n    " + log.joined(separator: "\n    ") + "\n  found: "
        + header
    }
  }

  /// How many steps of each kind ran.
  package struct Tally: Sendable, CustomStringConvertible {
    /// Steps run, in all.
    package var steps = 0
    /// Lists sent.
    package var lists = 0
    /// Scroll steps, flings, jumps (offsets set by code) and drags.
    package var scrolls = 0
    package var flings = 0
    package var jumps = 0
    package var drags = 0
    /// Rows the user moved, and rows swiped to delete.
    package var reorders = 0
    package var swipes = 0
    /// Times the screen was covered or uncovered, memory warnings, and content settlements
    /// (arrivals and failures).
    package var covers = 0
    package var memoryWarnings = 0
    package var contentSettled = 0
    /// Bindings cancelled and made again, and views resized.
    package var rebinds = 0
    package var resizes = 0
    /// Times the keyboard came up or went down, and the user's settings changed (Dark Mode,
    /// the text size).
    package var keyboards = 0
    package var traitChanges = 0
    /// Scrolls the app made: by id, to the end, or with UIKit's own call.
    package var appScrolls = 0
    /// Times the device turned, and steps taken while a batch animated.
    package var rotations = 0
    package var inFlight = 0
    /// Checks that the anchor kept its promise, and visible cells checked for their content.
    package var placesChecked = 0
    package var cellsChecked = 0

    /// No steps yet.
    package init() {}

    /// Adds another tally to this one.
    package mutating func add(_ other: Tally) {
      steps += other.steps
      lists += other.lists
      scrolls += other.scrolls
      flings += other.flings
      jumps += other.jumps
      drags += other.drags
      reorders += other.reorders
      swipes += other.swipes
      covers += other.covers
      memoryWarnings += other.memoryWarnings
      contentSettled += other.contentSettled
      rebinds += other.rebinds
      resizes += other.resizes
      keyboards += other.keyboards
      traitChanges += other.traitChanges
      appScrolls += other.appScrolls
      rotations += other.rotations
      inFlight += other.inFlight
      placesChecked += other.placesChecked
      cellsChecked += other.cellsChecked
    }

    /// The counts in a line.
    package var description: String {
      "\(steps) steps: \(lists) lists, \(scrolls) scrolls, \(flings) flings, \(jumps) jumps, "
        + "\(drags) drags, \(reorders) reorders, \(swipes) swipes, \(covers) covers, "
        + "\(memoryWarnings) memory warnings, \(contentSettled) content settlements, "
        + "\(rebinds) rebinds, \(resizes) resizes, \(keyboards) keyboards, "
        + "\(traitChanges) trait changes, \(appScrolls) app scrolls, \(rotations) rotations, "
        + "\(inFlight) steps during an animation; \(placesChecked) places and "
        + "\(cellsChecked) cells checked"
    }
  }

  /// The seed every choice comes from.
  package let seed: UInt64
  /// The screen fuzzed.
  package let world: FuzzWorld
  /// A cell provider that shows the wrong item now and then: to check that the checks catch
  /// it (tests only).
  package var breaksCells = false

  var random: SeededGenerator
  var lists: FuzzLists
  let loader = FuzzLoader()
  let clock = VirtualClock()
  let center = NotificationCenter()
  let store: ContentStore<Int, String>
  var window: UIWindow?
  /// Whether the app made room for the keyboard, and how tall the view is without it.
  var keyboardIsUp = false
  var viewHeight: CGFloat = 0
  /// The room the app makes for the keyboard: a phone's, 336 points.
  static let keyboardHeight: CGFloat = 336
  var view: UIScrollView?
  var binding: ViewBinding<FuzzSection, FuzzItem>?
  /// Bindings replaced or cancelled, which must go.
  var earlierBindings: [Weak<ViewBinding<FuzzSection, FuzzItem>>] = []
  /// Ends the page request under way, if any.
  var pageArrives: AsyncStream<Void>.Continuation?
  /// How many page requests returned.
  var pagesReturned = 0
  /// The header view the app gave its table, if any: load more must put it back.
  var appHeaderView: UIView?
  /// Violations reported through the view's callback (a view released mid-update has no list
  /// to look in).
  var reported: [UpdateViolation] = []
  var log: [String] = []
  var tally = Tally()
  var step = 0

  /// A fuzzer for the world `seed` makes.
  package init(seed: UInt64) {
    self.seed = seed
    world = FuzzWorld(seed: seed)
    random = SeededGenerator(seed: seed)
    lists = FuzzLists(sectioned: world.isSectioned, count: world.initialCount, using: &random)
    store = ContentStore(
      configuration: .init(
        countLimit: 400, maximumConcurrentLoads: 8, timeout: .seconds(5),
        // No jitter: a retry's time comes from the seed's steps alone, so that a seed replays.
        retry: RetryPolicy(backoff: .milliseconds(200), maximumBackoff: .seconds(2), jitter: 0),
        clock: clock),
      loader: loader.load)
    store.purgesOnMemoryWarning(from: center)
  }

  /// Runs `steps` steps and the teardown; returns what ran, or the first finding.
  package func run(steps: Int) async -> Result<Tally, Finding> {
    do {
      try await start()
      for _ in 0..<steps {
        step += 1
        try await runStep()
      }
      try await finish()
      return .success(tally)
    } catch let finding as Finding {
      await abandon()
      return .failure(finding)
    } catch {
      await abandon()
      return .failure(finding("unexpected error \(error)"))
    }
  }

  /// Whether every step is printed as it runs (`BINDERY_FUZZ_TRACE=1`).
  static let traces = ProcessInfo.processInfo.environment["BINDERY_FUZZ_TRACE"] == "1"

  func note(_ text: String) {
    if Self.traces {
      FileHandle.standardError.write(Data("  [\(seed)] \(step): \(text)\n".utf8))
    }
    log.append("\(step): \(text)")
    if log.count > 30 { log.removeFirst(log.count - 30) }
  }

  func finding(_ problem: String) -> Finding {
    Finding(seed: seed, step: step, world: world.description, problem: problem, log: log)
  }

  // MARK: The screen

  private func start() async throws {
    let view = world.makeView { [weak self] indexPath in
      self?.binding?.deleteSwipeActions(at: indexPath)
    }
    // On strict HeadlessUIKit (the fuzzer runs where UIKit does not), with a device's
    // prefetch calls and its cell requests at paths a batch just removed.
    view.isStrict = true
    view.prefetchPattern = .deviceLike(seed: seed)
    view.requestsCellsAtStalePaths = true
    view.onViolation = { [weak self] violation in
      self?.reported.append(violation)
      if Self.traces {
        FileHandle.standardError.write(
          Data(("\(violation)\n" + Thread.callStackSymbols.joined(separator: "\n") + "\n").utf8))
      }
    }
    self.view = view
    viewHeight = view.frame.height
    appHeaderView = (view as? UITableView)?.tableHeaderView
    window = UIWindow.show(view)
    // The fuzzer moves the view's animations on as it waits (`pass()`), and hears the
    // keyboard's notifications on its own center.
    window?.animationClock.mode = .manual
    window?.notificationCenter = center
    bind()
    note("bound: \(world)")
    try await settleAndCheck(placeMark: nil)
  }

  /// Binds the view to a new binding showing the current list.
  func bind() {
    guard let view else { return }
    let binding: ViewBinding<FuzzSection, FuzzItem>
    let source = AsyncStream<[ListSection<FuzzSection, FuzzItem>]> { _ in }
    let breaks = breaksCells
    let world = world
    if let table = view as? UITableView {
      let tableBinding: TableBinding<FuzzSection, FuzzItem>
      if world.hasContent {
        tableBinding = table.bind(
          to: .sectionedSequence(source), content: .store(store, keyedBy: \.contentKey)
        ) {
          table, indexPath, item, state in
          Self.tableCell(table, indexPath, item, state, world: world, breaks: breaks)
        }
      } else {
        tableBinding = table.bind(to: .sectionedSequence(source)) { table, indexPath, item in
          Self.tableCell(table, indexPath, item, nil, world: world, breaks: breaks)
        }
      }
      binding = world.keepsRowHeights ? tableBinding.keepsRowHeights() : tableBinding
    } else if let grid = view as? UICollectionView {
      let isList = world.kind == .list
      if world.hasContent {
        binding = grid.bind(
          to: .sectionedSequence(source), content: .store(store, keyedBy: \.contentKey)
        ) {
          grid, indexPath, item, state in
          Self.gridCell(grid, indexPath, item, state, world: world, sized: isList, breaks: breaks)
        }
      } else {
        binding = grid.bind(to: .sectionedSequence(source)) { grid, indexPath, item in
          Self.gridCell(grid, indexPath, item, nil, world: world, sized: isList, breaks: breaks)
        }
      }
    } else {
      return
    }
    if world.changesCellKind {
      // The kind the provider picks, from the same values: the phase of the state it is handed.
      _ = binding.replacesCells(byKind: { _, phase in phase == .loaded })
    }
    _ = binding.anchor(world.anchor)
    if world.canReorder {
      // As an app's model does: it applies the move and sends its list again.
      _ = binding.onMove { [weak self] item, from, to in
        guard let self, let binding = self.binding, let section = binding.section(at: to[0])
        else { return }
        self.note("  the app hears \(item) moved from \(from) to \(to)")
        self.lists.move(id: item.id, toSection: section.id, at: to[1])
        binding.submit(self.lists.sections)
      }
    }
    if world.canDelete {
      _ = binding.onDelete { [weak self] item, _ in
        guard let self else { return }
        self.lists.delete(id: item.id)
        self.binding?.submit(self.lists.sections)
      }
    }
    if world.showsEmptyState {
      _ = binding.emptyState { _ in FuzzStateView() }
    }
    if let edge = world.loadsMoreAt {
      _ = binding.loadMore(
        edge: edge, threshold: 5, hasMore: { true },
        footer: { state in
          guard case .loading = state else { return nil }
          return FuzzLoadingView(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
        },
        load: { [weak self] in await self?.waitForPage() })
    }
    binding.submit(lists.sections)
    self.binding = binding
  }

  /// A page request: it waits until a step lets it end (or the binding stops).
  func waitForPage() async {
    let (page, arrives) = AsyncStream.makeStream(of: Void.self)
    pageArrives?.finish()
    pageArrives = arrives
    for await _ in page { break }
    pagesReturned += 1
  }

  /// What a cell shows for `item` — the item (another one, one in seven, when `breaks`), its
  /// content's name once it arrived — and the height it needs then.
  static func display(_ item: FuzzItem, _ state: ContentState<String>?, breaks: Bool)
    -> (shown: (item: FuzzItem, content: String?), height: CGFloat)
  {
    let content = state?.content
    var shown = item
    if breaks && item.id % 7 == 3 { shown.id += 1 }
    let grows = content != nil ? item.contentHeight : 0
    return ((shown, content), CGFloat(item.height + grows))
  }

  static func tableCell(
    _ table: UITableView, _ indexPath: IndexPath, _ item: FuzzItem,
    _ state: ContentState<String>?, world: FuzzWorld, breaks: Bool
  ) -> UITableViewCell {
    let cell = table.dequeueReusableCell(
      withIdentifier: world.reuseIdentifier(showing: state?.content), for: indexPath)
    let (shown, height) = display(item, state, breaks: breaks)
    (cell as? FuzzTableCell)?.shown = shown
    (cell as? FuzzTableCell)?.fittingHeight = height
    return cell
  }

  static func gridCell(
    _ grid: UICollectionView, _ indexPath: IndexPath, _ item: FuzzItem,
    _ state: ContentState<String>?, world: FuzzWorld, sized: Bool, breaks: Bool
  ) -> UICollectionViewCell {
    let cell = grid.dequeueReusableCell(
      withReuseIdentifier: world.reuseIdentifier(showing: state?.content), for: indexPath)
    let (shown, height) = display(item, state, breaks: breaks)
    (cell as? FuzzCollectionCell)?.shown = shown
    (cell as? FuzzCollectionCell)?.fittingHeight = sized ? height : 44
    return cell
  }

  /// The end of the world: the binding cancelled, the screen dismissed and released; nothing
  /// may be wanted or kept after that.
  private func finish() async throws {
    note("the screen goes")
    binding?.cancel()
    if let binding { earlierBindings.append(Weak(binding)) }
    binding = nil
    weak let gone = view
    view?.removeFromSuperview()
    view = nil
    window = nil
    loader.settleAll()
    note("waiting for the screen to go")
    let quiet = await waitFor {
      gone == nil && self.earlierBindings.allSatisfy { $0.value == nil }
        && self.store.interestedKeyCount == 0
    }
    guard quiet else {
      let left = earlierBindings.filter { $0.value != nil }.count
      throw finding(
        "after the screen went: view kept \(gone != nil), \(left) bindings kept, "
          + "\(store.interestedKeyCount) keys still wanted")
    }
    if !reported.isEmpty { throw finding("reported after the screen went: \(reported[0])") }
  }

  /// Lets go of everything after a finding, without checking.
  private func abandon() async {
    binding?.cancel()
    binding = nil
    view?.removeFromSuperview()
    view = nil
    window = nil
    loader.settleAll()
    _ = await waitFor { self.store.loadsInFlight == 0 }
  }

  /// Yields until `condition` holds, at most 2,000 main-actor turns (and a little real time,
  /// for work off the main actor), the view's animations a frame further each; returns whether
  /// it held.
  func waitFor(movingAnimations: Bool = true, _ condition: () -> Bool) async -> Bool {
    for turn in 0..<2_000 {
      if condition() { return true }
      if movingAnimations { advanceAFrame() }
      if turn > 200 {
        try? await Task.sleep(for: .microseconds(200))
      } else {
        await Task.yield()
      }
    }
    if !condition(), Self.traces { note("  (a wait gave up)") }
    return condition()
  }

  /// One main-actor turn, in which the view's animations move a frame on: the fuzzer owns their
  /// clock, so that where an animation is does not depend on how busy the machine is.
  func pass() async {
    advanceAFrame()
    await Task.yield()
  }

  /// Moves the view's animations a frame on — unless a list is on its way from the diff's
  /// thread: the clock waits for it, so that it lands at the same moment of the animations
  /// however long the diff took.
  private func advanceAFrame() {
    guard binding?.hasHandledEverything ?? true else { return }
    window?.animationClock.advance(by: HeadlessAnimationClock.frameDuration)
  }

  /// Waits until nothing is under way that a step could race with (``isQuiet(_:)``), and still
  /// nothing a few turns later: what those turns start (a page loader's check, a prefetcher's
  /// plan) is waited for too. Loads the store took back end here, all together, once the main
  /// actor has nothing left to do, so that the slots they give back go to the keys waiting
  /// then, whatever the threads did meanwhile.
  func quiesce(_ view: UIScrollView) async {
    for _ in 0..<8 {
      _ = await waitFor { self.isQuiet(view) }
      for _ in 0..<4 { await pass() }
      guard isQuiet(view) else { continue }
      guard loader.hasCancelledLoads else { return }
      loader.endCancelledLoads()
      _ = await waitFor(movingAnimations: false) {
        self.isQuiet(view) && self.store.abandonedLoads == 0
      }
    }
  }

  /// Moves the store's clock on by `duration`, from one sleeper's wake to the next, letting
  /// each wake's work settle before the next: woken together, the tasks would come back to the
  /// main actor in an order the threads decide.
  func letTimePass(_ duration: Duration) async {
    let target = clock.now.advanced(by: duration)
    var wakes = 0
    while let next = clock.nextDeadline, next <= target, wakes < 1_000 {
      wakes += 1
      clock.advance(to: next)
      if let view { await quiesce(view) }
    }
    clock.advance(to: target)
    if let view { await quiesce(view) }
  }

  /// Whether nothing is under way that a step could race with: every list sent is shown and
  /// the view is done animating it and any scroll the app animated, and every load the store runs has reached the loader (where
  /// it waits for the fuzzer), with no outcome waiting to be taken in.
  func isQuiet(_ view: UIScrollView) -> Bool {
    let pageRequestWaits: Bool
    if case .loading = binding?.pageLoader?.state {
      pageRequestWaits = pageArrives != nil
    } else {
      pageRequestWaits = true
    }
    return (binding?.hasShownEverything ?? true) && view.pendingCompletionCount == 0
      && !view.isScrollAnimating
      && loader.pendingCount == store.loadsInFlight + store.abandonedLoads
      && store.outcomesNotTakenIn == 0 && pageRequestWaits
  }
}

/// A weak reference to an object that must go.
struct Weak<Object: AnyObject> {
  weak var value: Object?
  init(_ value: Object) { self.value = value }
}
