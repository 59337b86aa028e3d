/// The interest one holder (a screen's cells, a prefetcher) has taken in a store's keys, so
/// that it can all be given back at once: when the holder stops, or — from any thread — when it
/// is released.
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

  /// Takes one unit of interest in `key`.
  @MainActor
  func take(_ key: Key, priority: ContentPriority) {
    held.withLock { $0[key, default: 0] += 1 }
    store.request(key, priority: priority)
  }

  /// Gives back one unit of interest in `key`, if this holder has one.
  @MainActor
  func give(_ key: Key) {
    let had = held.withLock { held -> Bool in
      guard let units = held[key] else { return false }
      held[key] = units > 1 ? units - 1 : nil
      return true
    }
    if had { store.cancelRequest(key) }
  }

  /// Gives back everything.
  @MainActor
  func giveAll() {
    let all = held.withLock { held in
      defer { held = [:] }
      return held
    }
    for (key, units) in all {
      for _ in 0..<units { store.cancelRequest(key) }
    }
  }
}
