/// The requests one holder (a screen's cells, a prefetcher) has made of a store's keys, so that
/// they can all be cancelled at once: when the holder stops, or — from any thread — when it is
/// released. Its verbs are the store's own: ``request(_:priority:)`` and ``cancelRequest(_:)``,
/// one unit of interest each.
final class InterestLedger<Key: Hashable & Sendable, Content: Sendable>: Sendable {
  let store: ContentStore<Key, Content>
  private let held = Locked<[Key: Int]>([:])

  init(store: ContentStore<Key, Content>) {
    self.store = store
  }

  deinit {
    let held = held.withLock { $0 }
    guard !held.isEmpty else { return }
    Task { @MainActor [store] in
      for (key, units) in held {
        for _ in 0..<units { store.cancelRequest(key) }
      }
    }
  }

  /// Requests `key` from the store: one unit of interest, held until cancelled.
  @MainActor
  func request(_ key: Key, priority: ContentPriority) {
    held.withLock { $0[key, default: 0] += 1 }
    store.request(key, priority: priority)
  }

  /// Cancels one request of `key`, if this holder made one.
  @MainActor
  func cancelRequest(_ key: Key) {
    let had = held.withLock { held -> Bool in
      guard let units = held[key] else { return false }
      held[key] = units > 1 ? units - 1 : nil
      return true
    }
    if had { store.cancelRequest(key) }
  }

  /// Cancels every request this holder made.
  @MainActor
  func cancelAllRequests() {
    let all = held.withLock { held in
      defer { held = [:] }
      return held
    }
    for (key, units) in all {
      for _ in 0..<units { store.cancelRequest(key) }
    }
  }
}
