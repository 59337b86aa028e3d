#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The id → position lookup tables of one snapshot, built at most once and shared by its copies.
///
/// A validated snapshot gets its tables for free (validation hashes every id anyway); snapshots
/// the diff assembles build them on the first lookup. Snapshots are `Sendable`, so the one-time
/// build is guarded by a mutex; lookups after that take the lock only to read a reference.
@usableFromInline
final class IdentityIndex<SectionID: Hashable, ItemID: Hashable>: @unchecked Sendable {
  // A pthread mutex rather than Synchronization.Mutex: the latter needs iOS 18, Bindery runs on 16.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var sections: [SectionID: Int]?
  private var items: [ItemID: PackedItemPosition]?

  @usableFromInline
  init(sections: [SectionID: Int]? = nil, items: [ItemID: PackedItemPosition]? = nil) {
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.sections = sections
    self.items = items
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  private func locked<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  @usableFromInline
  func sectionTable(building build: () -> [SectionID: Int]) -> [SectionID: Int] {
    locked {
      if let sections { return sections }
      let built = build()
      sections = built
      return built
    }
  }

  /// The item table if it has been built, without building it.
  @usableFromInline
  func existingItemTable() -> [ItemID: PackedItemPosition]? {
    locked { items }
  }

  @usableFromInline
  func itemTable(building build: () -> [ItemID: PackedItemPosition]) -> [ItemID: PackedItemPosition]
  {
    locked {
      if let items { return items }
      let built = build()
      items = built
      return built
    }
  }
}
