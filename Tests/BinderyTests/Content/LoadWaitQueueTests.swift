import BinderyTesting
import Testing

@testable import Bindery

/// The keys waiting for a load to start: the order they start in, raises, removal, and the
/// bookkeeping under random operations.
@Suite("The load wait queue")
struct LoadWaitQueueTests {
  /// Takes every key out, in the order they come.
  func drain(_ queue: inout LoadWaitQueue<String>) -> [String] {
    var keys: [String] = []
    while let next = queue.popFirst() { keys.append(next.key) }
    return keys
  }

  @Test func keysStartByPriorityThenInTheOrderTheyCame() {
    var queue = LoadWaitQueue<String>()
    queue.enqueue("a", priority: .prefetch)
    queue.enqueue("b", priority: .visible)
    queue.enqueue("c", priority: .prefetch)
    queue.enqueue("d", priority: .visible)
    queue.enqueue("e", priority: .prefetch)
    #expect(queue.count == 5)
    #expect(queue.orderedKeys == ["b", "d", "a", "c", "e"])
    let first = queue.popFirst()
    #expect(first?.key == "b" && first?.priority == .visible)
    let second = queue.popFirst()
    #expect(second?.key == "d" && second?.priority == .visible)
    let third = queue.popFirst()
    #expect(third?.key == "a" && third?.priority == .prefetch)
    #expect(drain(&queue) == ["c", "e"])
  }

  /// A key queued after the visible ones drained still starts before the prefetches waiting.
  @Test func aVisibleKeyQueuedLaterOvertakesWaitingPrefetches() {
    var queue = LoadWaitQueue<String>()
    queue.enqueue("a", priority: .prefetch)
    queue.enqueue("b", priority: .prefetch)
    let first = queue.popFirst()
    #expect(first?.key == "a")
    queue.enqueue("c", priority: .visible)
    #expect(drain(&queue) == ["c", "b"])
  }

  /// A raise is a new request at the new priority: behind the keys already waiting there.
  @Test func aRaisedKeyGoesBehindTheKeysWaitingAtItsNewPriority() {
    var queue = LoadWaitQueue<String>()
    queue.enqueue("a", priority: .prefetch)
    queue.enqueue("b", priority: .visible)
    queue.enqueue("c", priority: .prefetch)
    let raised = queue.enqueue("a", priority: .visible)
    #expect(raised)
    #expect(queue.priority(of: "a") == .visible)
    #expect(queue.count == 3, "a raise does not add a key")
    #expect(queue.orderedKeys == ["b", "a", "c"])
    queue._checkInvariants()
    #expect(drain(&queue) == ["b", "a", "c"], "the raised key's old entry is skipped")
    #expect(queue.isEmpty)
  }

  /// Queueing a key again at its priority, or a lower one, changes neither its priority nor its
  /// place.
  @Test func queueingAWaitingKeyAgainAtTheSameOrALowerPriorityChangesNothing() {
    var queue = LoadWaitQueue<String>()
    queue.enqueue("a", priority: .visible)
    queue.enqueue("b", priority: .visible)
    queue.enqueue("c", priority: .prefetch)
    let sameAgain = queue.enqueue("a", priority: .visible)
    #expect(!sameAgain)
    let lower = queue.enqueue("a", priority: .prefetch)
    #expect(!lower)
    let prefetchAgain = queue.enqueue("c", priority: .prefetch)
    #expect(!prefetchAgain)
    #expect(queue.priority(of: "a") == .visible)
    #expect(queue.orderedKeys == ["a", "b", "c"])
    #expect(drain(&queue) == ["a", "b", "c"])
  }

  @Test func aRemovedKeyDoesNotStart() {
    var queue = LoadWaitQueue<String>()
    queue.enqueue("a", priority: .visible)
    queue.enqueue("b", priority: .prefetch)
    queue.enqueue("c", priority: .visible)
    let removedA = queue.remove("a")
    #expect(removedA == .visible)
    let removedB = queue.remove("b")
    #expect(removedB == .prefetch)
    let removedBAgain = queue.remove("b")
    #expect(removedBAgain == nil, "already gone")
    let removedZ = queue.remove("z")
    #expect(removedZ == nil, "never queued")
    #expect(!queue.contains("a") && queue.priority(of: "a") == nil)
    #expect(queue.count == 1)
    queue._checkInvariants()
    #expect(drain(&queue) == ["c"])
  }

  /// A key removed and queued again waits from its new request, behind those queued since.
  @Test func aKeyQueuedAgainAfterRemovalWaitsFromItsNewRequest() {
    var queue = LoadWaitQueue<String>()
    queue.enqueue("a", priority: .prefetch)
    queue.enqueue("b", priority: .prefetch)
    queue.remove("a")
    let requeued = queue.enqueue("a", priority: .prefetch)
    #expect(requeued)
    queue._checkInvariants()
    #expect(drain(&queue) == ["b", "a"], "once, from its new place")
  }

  /// Raising only: a key that does not wait is not queued, one that waits is raised.
  @Test func onlyIfWaitingRaisesAndNeverAdds() {
    var queue = LoadWaitQueue<String>()
    let added = queue.enqueue("a", priority: .visible, onlyIfWaiting: true)
    #expect(!added && queue.isEmpty)
    queue.enqueue("b", priority: .prefetch)
    let raised = queue.enqueue("b", priority: .visible, onlyIfWaiting: true)
    #expect(raised && queue.priority(of: "b") == .visible && queue.count == 1)
    queue._checkInvariants()
  }

  @Test func emptiness() {
    var queue = LoadWaitQueue<String>()
    #expect(queue.isEmpty && queue.count == 0)
    let fromEmpty = queue.popFirst()
    #expect(fromEmpty == nil)
    #expect(queue.orderedKeys.isEmpty)
    queue.enqueue("a", priority: .prefetch)
    #expect(!queue.isEmpty && queue.count == 1 && queue.contains("a"))
    queue.remove("a")
    #expect(queue.isEmpty)
    let afterRemoval = queue.popFirst()
    #expect(afterRemoval == nil, "a removed key's stale entry is not returned")
    queue.enqueue("b", priority: .visible)
    queue.enqueue("c", priority: .prefetch)
    queue.removeAll()
    #expect(queue.isEmpty && queue.count == 0 && !queue.contains("b"))
    let afterRemoveAll = queue.popFirst()
    #expect(afterRemoveAll == nil)
    queue._checkInvariants()
    queue.enqueue("c", priority: .prefetch)
    #expect(drain(&queue) == ["c"], "usable after removeAll")
  }

  /// Random queueing, raising, removing and starting, against a model that keeps the waiting
  /// keys in an array in request order (a raise moves a key to the end).
  @Test(arguments: [1 as UInt64, 2, 3, 4])
  func matchesAnArrayModelUnderRandomOperations(seed: UInt64) {
    var random = SeededGenerator(seed: 0x10AD_0000 + seed)
    var queue = LoadWaitQueue<Int>()
    var model: [(key: Int, priority: ContentPriority)] = []
    /// The model's next key: the first of the highest priority.
    func modelNext() -> Int? {
      guard let top = model.map(\.priority).max() else { return nil }
      return model.firstIndex { $0.priority == top }
    }
    for step in 0..<4_000 {
      let key = Int.random(in: 0..<40, using: &random)
      let priority: ContentPriority = Bool.random(using: &random) ? .visible : .prefetch
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        let changed = queue.enqueue(key, priority: priority)
        if let index = model.firstIndex(where: { $0.key == key }) {
          let raises = model[index].priority < priority
          #expect(changed == raises, "step \(step)")
          if raises {
            model.remove(at: index)
            model.append((key, priority))
          }
        } else {
          #expect(changed, "step \(step)")
          model.append((key, priority))
        }
      case 4..<6:
        let index = model.firstIndex { $0.key == key }
        let removed = queue.remove(key)
        #expect(removed == index.map { model[$0].priority }, "step \(step)")
        if let index { model.remove(at: index) }
      case 6..<9:
        let popped = queue.popFirst()
        if let index = modelNext() {
          #expect(popped?.key == model[index].key, "step \(step)")
          #expect(popped?.priority == model[index].priority, "step \(step)")
          model.remove(at: index)
        } else {
          #expect(popped == nil, "step \(step)")
        }
      default:
        if Int.random(in: 0..<20, using: &random) == 0 {
          queue.removeAll()
          model.removeAll()
        }
      }
      queue._checkInvariants()
      #expect(queue.count == model.count, "step \(step)")
      #expect(queue.isEmpty == model.isEmpty, "step \(step)")
      #expect(queue.priority(of: key) == model.first { $0.key == key }?.priority, "step \(step)")
      if step % 50 == 0 {
        let expected =
          model.filter { $0.priority == .visible }.map(\.key)
          + model.filter { $0.priority == .prefetch }.map(\.key)
        #expect(queue.orderedKeys == expected, "step \(step)")
      }
    }
  }

  #if DEBUG
    /// The invariant check is not vacuous: a waiting key with no entry in its queue traps.
    @Test func theInvariantCheckCatchesAWaitingKeyMissingFromItsQueue() async {
      await #expect(processExitsWith: .failure) {
        var queue = LoadWaitQueue<Int>()
        queue.enqueue(1, priority: .prefetch)
        queue._queues[ContentPriority.prefetch.rawValue] = FIFOQueue()
        queue._checkInvariants()
      }
    }

    /// Nor is the order check: entries out of order in a queue trap.
    @Test func theInvariantCheckCatchesEntriesOutOfOrder() async {
      await #expect(processExitsWith: .failure) {
        var queue = LoadWaitQueue<Int>()
        queue.enqueue(1, priority: .visible)
        queue.enqueue(2, priority: .visible)
        var swapped = FIFOQueue<(key: Int, order: Int)>()
        for entry in queue._queues[ContentPriority.visible.rawValue].elements.reversed() {
          swapped.append(entry)
        }
        queue._queues[ContentPriority.visible.rawValue] = swapped
        queue._checkInvariants()
      }
    }
  #endif
}
