import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A loader that fails one load in five (one in twenty-five for good: a 404), hangs one in
/// twenty and decodes one in ten — both ignoring cancellation for a while — with a little
/// latency otherwise; decided per attempt from a seed.
final class UnreliableLoader: @unchecked Sendable {
  private let lock = NSLock()
  private var random: SeededGenerator
  private(set) var loads = 0
  private(set) var failures = 0
  private(set) var permanentFailures = 0
  private(set) var hangs = 0
  private(set) var decodes = 0
  struct Offline: Error {}

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  @Sendable func load(_ key: Int) async throws -> String {
    let roll = lock.withLock { () -> Int in
      loads += 1
      return Int.random(in: 0..<100, using: &random)
    }
    if roll < 4 {
      lock.withLock { permanentFailures += 1 }
      throw PermanentLoadFailure(Offline())
    }
    if roll < 20 {
      lock.withLock { failures += 1 }
      throw Offline()
    }
    if roll < 25 {
      lock.withLock { hangs += 1 }
      // Hangs past the store's timeout, and ignores the cancellation that comes with it.
      await Task.detached { try? await Task.sleep(for: .milliseconds(400)) }.value
    } else if roll < 35 {
      lock.withLock { decodes += 1 }
      // A decoder: 20 ms that no cancellation interrupts.
      await Task.detached { try? await Task.sleep(for: .milliseconds(20)) }.value
    } else {
      try await Task.sleep(for: .milliseconds(roll % 7))
    }
    return "avatar \(key)"
  }
}

/// Soak: a table and a grid on one shared store keyed by each item's id and version, an
/// unreliable loader, random scrolling, flings and jumps, list updates that change keys,
/// screens dismissed and bound again. About 20 s; `BINDERY_SOAK_SECONDS`
/// makes it longer, `BINDERY_SEED` replays one run. It does not take `.mainActorTurns`: it runs
/// for a fixed time beside the suites that do, and its one wait at the end has a budget that
/// time on a busy main actor does not use up.
@Suite("Soak")
@MainActor
struct SoakTests {
  /// The key of an item's avatar: its id and its version (`content`), as a URL would carry.
  static func key(_ item: TestItem) -> Int { item.id * 64 + item.content % 64 }

  static func label(_ item: TestItem, _ avatar: ContentState<String>) -> String {
    switch avatar {
    case .loaded(let content): "\(item) \(content)"
    case .failed: "\(item) failed"
    case .loading, .notRequested: "\(item) …"
    }
  }

  /// One bound screen: a table or a grid, its binding, and the window it is shown in.
  final class Screen {
    let view: UIScrollView
    let binding: ListBinding<FlatSection, TestItem>
    var items: [TestItem]
    init(view: UIScrollView, binding: ListBinding<FlatSection, TestItem>, items: [TestItem]) {
      self.view = view
      self.binding = binding
      self.items = items
    }
  }

  func makeScreen(grid: Bool, store: ContentStore<Int, String>, items: [TestItem]) -> Screen {
    if grid {
      let view = makeGrid()
      let binding = view.bind(
        to: .sequence(AsyncStream<[TestItem]> { _ in }), content: .store(store, keyedBy: Self.key)
      ) { grid, indexPath, item, avatar in
        let cell = grid.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        (cell as? LabelledCell)?.text = Self.label(item, avatar)
        return cell
      }
      binding.submit(items: items)
      return Screen(view: view, binding: binding, items: items)
    }
    let view = makeTable()
    let binding = view.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), content: .store(store, keyedBy: Self.key)
    ) { table, indexPath, item, avatar in
      let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = Self.label(item, avatar)
      return cell
    }
    binding.submit(items: items)
    return Screen(view: view, binding: binding, items: items)
  }

  /// A new version of a list: some rows go, some come, some move, some change (a new avatar
  /// key); counts the changes in `keyChanges`.
  static func successor(
    of items: [TestItem], keyChanges: inout Int, using random: inout SeededGenerator
  ) -> [TestItem] {
    var next = items.filter { _ in Int.random(in: 0..<10, using: &random) != 0 }
    for index in next.indices where Int.random(in: 0..<20, using: &random) == 0 {
      next[index].content += 1
      keyChanges += 1
    }
    for _ in 0..<Int.random(in: 0...8, using: &random) {
      let id = Int.random(in: 0..<3_000, using: &random)
      if !next.contains(where: { $0.id == id }) {
        next.insert(TestItem(id: id), at: Int.random(in: 0...next.count, using: &random))
      }
    }
    if next.count > 2, Bool.random(using: &random) {
      next.swapAt(0, Int.random(in: 1..<next.count, using: &random))
    }
    return next
  }

  @Test func screensComeAndGoOnOneSharedStore() async {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["BINDERY_SEED"].flatMap { UInt64($0) } ?? .random(in: 0...UInt64.max)
    let seconds = environment["BINDERY_SOAK_SECONDS"].flatMap { Double($0) } ?? 20
    var random = SeededGenerator(seed: seed)
    let loader = UnreliableLoader(seed: seed)
    let store = ContentStore<Int, String>(
      configuration: .init(
        costLimit: 400, countLimit: 300, timeout: .milliseconds(150),
        retry: RetryPolicy(backoff: .milliseconds(30), maximumBackoff: .milliseconds(300))),
      loader: loader.load)
    let start = ContinuousClock.now
    var screens = [
      makeScreen(grid: false, store: store, items: (0..<400).map { TestItem(id: $0) }),
      makeScreen(grid: true, store: store, items: (0..<300).map { TestItem(id: $0) }),
    ]
    var (updates, flings, jumps, keyChanges, dismissals, steps) = (0, 0, 0, 0, 0, 0)
    var violations: [UpdateViolation] = []
    while ContinuousClock.now - start < .seconds(seconds) {
      steps += 1
      let index = Int.random(in: 0..<screens.count, using: &random)
      let screen = screens[index]
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<20:
        screen.items = Self.successor(of: screen.items, keyChanges: &keyChanges, using: &random)
        screen.binding.submit(items: screen.items)
        updates += 1
      case 20..<22:
        // A jump: a content offset set by code, anywhere in the list.
        jumps += 1
        let length = max(0, screen.view.contentSize.height - screen.view.bounds.height)
        screen.view.contentOffset.y = CGFloat(Int.random(in: 0...Int(length), using: &random))
      case 22..<70:
        screen.view.contentOffset.y += CGFloat(Int.random(in: -120...160, using: &random))
      case 70..<73:
        flings += 1
        let step = CGFloat(Int.random(in: -900...900, using: &random))
        for _ in 0..<12 {
          screen.view.contentOffset.y += step
          try? await Task.sleep(for: .milliseconds(2))
        }
      case 73..<76:
        // A fling that decelerates as UIKit's do; sometimes a finger catches it on the way.
        flings += 1
        screen.view.userFlings(velocity: CGFloat(Int.random(in: -40_000...40_000, using: &random)))
        let caughtAfter = Int.random(in: 0..<40, using: &random)
        for tick in 0..<40 where screen.view.isDecelerating {
          if tick == caughtAfter, tick % 3 == 0 { screen.view.userBeginsDragging() }
          screen.view.decelerate(for: .milliseconds(16))
          try? await Task.sleep(for: .milliseconds(1))
        }
        if screen.view.isDragging { screen.view.userEndsDragging(velocity: 0) }
      case 76..<78:
        dismissals += 1
        violations += screen.view.violations
        screen.view.removeFromSuperview()
        screens[index] = makeScreen(grid: index == 1, store: store, items: screen.items)
      default:
        try? await Task.sleep(for: .milliseconds(1))
      }
      if steps % 25 == 0 { await Task.yield() }
    }
    // Quiet: every screen shows the state of its own items.
    for screen in screens { await screen.binding.waitUntilShown() }
    try? await Task.sleep(for: .milliseconds(50))
    for screen in screens {
      violations += screen.view.violations
      expectEveryCellShowsItsState(screen, store: store, seed: seed)
    }
    // Dismissed: nothing is wanted and nothing loads; the cache is within its limits.
    for screen in screens { screen.view.removeFromSuperview() }
    screens.removeAll()
    await eventually("no interest (seed \(seed))", seconds: 5) {
      store.interestedKeyCount == 0 && store.loadsInFlight == 0
    }
    #expect(store.waitingKeys.isEmpty)
    #expect(store.cachedCount <= 300 && store.cachedCost <= 400)
    #expect(store.statistics.peakConcurrentLoads <= store.maximumConcurrentLoads)
    #expect(violations.isEmpty, "seed \(seed): \(violations.prefix(3))")
    store._checkInvariants()
    let statistics = store.statistics
    print(
      "soak seed \(seed): \(steps) steps in \(seconds) s, \(updates) list updates, \(flings) flings, "
        + "\(jumps) jumps, \(keyChanges) key changes, \(dismissals) screens dismissed; "
        + "\(loader.loads) loads (\(loader.failures) failed, \(loader.permanentFailures) for good, "
        + "\(loader.hangs) hung, \(loader.decodes) decoded ignoring cancellation), "
        + "\(statistics.timedOut) timed out, \(statistics.retries) retries, "
        + "\(statistics.cancelled) cancelled, \(statistics.writtenOff) written off, "
        + "\(statistics.evicted) evicted, peak \(statistics.peakConcurrentLoads) loader bodies at once"
    )
  }

  /// Whether a cell's text is its own item's state: the state of the item's key, or — while
  /// that key loads — content the store has for an earlier key of the same item.
  static func shows(_ text: String?, _ item: TestItem, store: ContentStore<Int, String>) -> Bool {
    let state = store.state(for: key(item))
    if text == label(item, state) { return true }
    switch state {
    case .loading, .notRequested:
      let prefix = "\(item) avatar "
      guard let text, text.hasPrefix(prefix), let old = Int(text.dropFirst(prefix.count)) else {
        return false
      }
      // (The old content may have left the cache since: the cell keeps what it showed.)
      return old / 64 == item.id && old != key(item)
    case .loaded, .failed:
      return false
    }
  }

  func expectEveryCellShowsItsState(
    _ screen: Screen, store: ContentStore<Int, String>, seed: UInt64
  ) {
    let binding = screen.binding
    if let table = screen.view as? UITableView {
      for path in table.indexPathsForVisibleRows ?? [] {
        guard let item = binding.item(at: path) else { continue }
        let text = table.cellForRow(at: path)?.textLabel?.text
        #expect(
          Self.shows(text, item, store: store), "seed \(seed), row \(path.row): \(text ?? "")")
      }
    } else if let grid = screen.view as? UICollectionView {
      for path in grid.indexPathsForVisibleItems {
        guard let item = binding.item(at: path) else { continue }
        let text = (grid.cellForItem(at: path) as? LabelledCell)?.text
        #expect(
          Self.shows(text, item, store: store), "seed \(seed), item \(path.item): \(text ?? "")")
      }
    }
  }
}
