/// Loads content ahead of the scroll, the first screen included: it feeds a
/// ``PrefetchPlanner`` from a binding's view and keeps a ``ContentStore``'s interest on what the
/// plan wants.
///
/// Call ``update()`` whenever the view may have moved: BinderyUIKit does on every cell it
/// configures and on UIKit's prefetch calls, and the prefetcher does after every list is shown.
/// Created with a binding, it asks for the first screen as soon as the first list is there,
/// before UIKit asks for a single cell.
@MainActor
public final class ContentPrefetcher<Section, Item, Content: Sendable>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// The store content is requested from.
  public let store: ContentStore<Item.ID, Content>
  /// The planner; change it to tune the windows.
  public var planner: PrefetchPlanner

  private weak var binding: ListBinding<Section, Item>?
  private var wanted: [Item.ID: ContentPriority] = [:]
  private var samples: [(time: Duration, first: Int)] = []

  /// Creates a prefetcher for a binding and a store, and starts it: the binding keeps it, and
  /// calls it after every list it shows.
  public init(
    binding: ListBinding<Section, Item>, store: ContentStore<Item.ID, Content>,
    planner: PrefetchPlanner = PrefetchPlanner()
  ) {
    self.binding = binding
    self.store = store
    self.planner = planner
    binding.retain(self)
    binding.onShow { [weak self] in self?.update() }
  }

  /// Holds the binding's first display until the first screen's content is loaded (or has
  /// failed), or until `deadline` has passed since the list arrived, whichever comes first.
  public func holdFirstDisplay(upTo deadline: Duration) {
    binding?.firstDisplayHold = { [weak self] snapshot in
      await self?.waitForFirstScreen(of: snapshot, deadline: deadline)
    }
  }

  /// How many keys the prefetcher holds interest in.
  public var wantedCount: Int { wanted.count }

  /// Re-plans from the view's visible rows and their speed, requesting what is newly wanted
  /// (raising priorities that grew) and cancelling what no longer is.
  public func update() {
    guard let binding else { return }
    let snapshot = binding.snapshot
    let flat = binding.visiblePositions.compactMap { snapshot.flatIndex(of: $0) }
    let visible = (flat.min() ?? 0)..<((flat.max() ?? -1) + 1)
    let situation = PrefetchPlanner.Situation(
      itemCount: snapshot.numberOfItems, visible: visible, rowsPerScreen: binding.rowsPerScreen,
      velocity: velocity(first: flat.isEmpty ? nil : visible.lowerBound))
    var next: [Item.ID: ContentPriority] = [:]
    for want in planner.plan(for: situation) {
      guard let position = snapshot.position(atFlatIndex: want.index),
        let id = snapshot.item(at: position)?.id, next[id] == nil
      else { continue }
      next[id] = want.priority
      switch wanted[id] {
      case nil:
        store.request(id, priority: want.priority)
      case let held? where held < want.priority:
        store.request(id, priority: want.priority)  // raise, then drop the old unit
        store.cancelRequest(id)
      default:
        break
      }
    }
    for id in wanted.keys where next[id] == nil { store.cancelRequest(id) }
    wanted = next
  }

  /// Lets go of every key.
  public func stop() {
    for id in wanted.keys { store.cancelRequest(id) }
    wanted.removeAll()
  }

  /// Rows per second from the visible range's first row over the last quarter second.
  private func velocity(first: Int?) -> Double {
    guard let first else { return 0 }
    let now = store.timeline.elapsed()
    samples.append((now, first))
    samples.removeAll { now - $0.time > .milliseconds(250) }
    guard let oldest = samples.first, now > oldest.time else { return 0 }
    let elapsed = now - oldest.time
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Double(first - oldest.first) / seconds
  }

  /// Whether every key has content or has failed: nothing more to wait for.
  private func isSettled(_ ids: [Item.ID]) -> Bool {
    ids.allSatisfy { id in
      switch store.state(for: id) {
      case .loaded, .failed: true
      case .loading, .notRequested: false
      }
    }
  }

  private func waitForFirstScreen(of snapshot: Snapshot<Section, Item>, deadline: Duration)
    async
  {
    let screen = max(1, binding?.rowsPerScreen ?? 1)
    let ids = (0..<min(screen, snapshot.numberOfItems)).compactMap { index in
      snapshot.position(atFlatIndex: index).flatMap { snapshot.item(at: $0)?.id }
    }
    for id in ids where wanted[id] == nil {
      store.request(id, priority: .visible)
      wanted[id] = .visible
    }
    if isSettled(ids) { return }
    // Arrivals and the deadline merged into one stream, which ends at the deadline.
    let (events, sink) = AsyncStream.makeStream(of: Void.self)
    let arrivals = store.arrivals()
    let timeline = store.timeline
    let forward = Task {
      for await _ in arrivals { sink.yield() }
    }
    let timer = Task {
      try? await timeline.sleep(deadline)
      sink.finish()
    }
    for await _ in events where isSettled(ids) { break }
    forward.cancel()
    timer.cancel()
  }
}
