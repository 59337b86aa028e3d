/// The id → position lookup tables of one snapshot, built at most once and shared by its copies.
///
/// A validated snapshot gets its tables for free (validation hashes every id anyway); snapshots
/// the diff assembles build them on the first lookup. Snapshots are `Sendable`, so the one-time
/// build is guarded by a mutex; lookups after that take the lock only to read a reference.
@usableFromInline
final class IdentityIndex<SectionID: Hashable, ItemID: Hashable>: @unchecked Sendable {
  private struct Tables {
    var sections: [SectionID: Int]?
    var items: IDTable<ItemID>?
  }

  private let tables: Locked<Tables>

  @usableFromInline
  init(sections: [SectionID: Int]? = nil, items: IDTable<ItemID>? = nil) {
    tables = Locked(Tables(sections: sections, items: items))
  }

  @usableFromInline
  func _sectionTable(building build: () -> [SectionID: Int]) -> [SectionID: Int] {
    tables.withLock { tables in
      if let sections = tables.sections { return sections }
      let built = build()
      tables.sections = built
      return built
    }
  }

  /// The item table if it has been built, without building it.
  @usableFromInline
  func _existingItemTable() -> IDTable<ItemID>? {
    tables.withLock { $0.items }
  }

  @usableFromInline
  func _itemTable(building build: () -> IDTable<ItemID>)
    -> IDTable<ItemID>
  {
    tables.withLock { tables in
      if let items = tables.items { return items }
      let built = build()
      tables.items = built
      return built
    }
  }
}
