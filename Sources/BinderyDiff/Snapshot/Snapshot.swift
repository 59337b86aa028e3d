/// The list a view shows at one moment: ordered sections, each holding ordered items.
///
/// Identity and content are kept apart: an element's `id` says *which* element it is, everything
/// else (compared with `==`) is what it currently *shows*. Two snapshots that hold an item with
/// the same id hold the same item, possibly with new content; the diff reconfigures such an item
/// rather than deleting and inserting it.
///
/// Every item id is unique across the whole snapshot, and every section id across the sections;
/// the initializers enforce it (``init(_:)`` throws, ``lenient(_:)`` keeps the first occurrence).
///
/// - Complexity: ``item(at:)`` and ``items(inSection:)`` are O(1). ``position(of:)`` and
///   ``sectionIndex(of:)`` are O(1) amortized: a validated snapshot has its id tables already,
///   others build them once, on first use.
public struct Snapshot<Section, Item>: Sendable, Equatable
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// The error type the initializers report.
  public typealias ValidationError = SnapshotError<Section.ID, Item.ID>

  /// The sections, in display order.
  public let sections: [Section]
  @usableFromInline let _itemsBySection: [[Item]]
  /// The flat index of each section's first item, then the number of all items: positions and
  /// flat indices convert by arithmetic on plain integers, which code not specialized for the
  /// app's types (Bindery's own generic classes, on every scrolled frame) does without looking
  /// up the items' type metadata.
  @usableFromInline let _itemStarts: [Int]
  @usableFromInline let _identityIndex: IdentityIndex<Section.ID, Item.ID>

  /// Assembles a snapshot from parts that are already known to be unique.
  @usableFromInline
  init(
    uncheckedSections sections: [Section], items: [[Item]],
    identityIndex: IdentityIndex<Section.ID, Item.ID> = IdentityIndex()
  ) {
    self.sections = sections
    self._itemsBySection = items
    var starts: [Int] = []
    starts.reserveCapacity(items.count + 1)
    var total = 0
    for section in items.indices {
      starts.append(total)
      total += items[section].count
    }
    starts.append(total)
    self._itemStarts = starts
    self._identityIndex = identityIndex
  }

  /// An empty snapshot: no sections, no items.
  public init() {
    self.init(
      uncheckedSections: [], items: [],
      identityIndex: IdentityIndex(sections: [:], items: IDTable()))
  }

  // Always inlined: `try?` around a typed-throws generic initializer stops the optimizer from
  // specializing it (Swift 6.3), and unspecialized validation is ten times slower.

  /// Creates a snapshot from sections and their items, rejecting repeated identities.
  ///
  /// - Throws: ``SnapshotError`` naming every section id and item id that occurs more than once.
  /// - Complexity: O(n) for n sections and items: each id is hashed once, and the id tables that
  ///   hashing builds are kept for ``position(of:)``.
  @inlinable @inline(__always)
  public init(_ sections: [ListSection<Section, Item>]) throws(ValidationError) {
    let (snapshot, error) = Self.validate(sections)
    if let error { throw error }
    self = snapshot
  }

  /// Creates a snapshot keeping the first occurrence of every id, and reports what it dropped.
  ///
  /// Use this where a list must still be shown when its data has a fault: a binding shows the
  /// valid rest and delivers the report on its errors channel.
  ///
  /// - Returns: the snapshot, and `nil` or a ``SnapshotError`` listing the repeated ids and the
  ///   input positions of every dropped section and item.
  /// - Complexity: O(n), as ``init(_:)``.
  @inlinable
  public static func lenient(
    _ sections: [ListSection<Section, Item>]
  ) -> (snapshot: Self, dropped: ValidationError?) {
    validate(sections)
  }

  /// The single validation pass shared by the throwing and the lenient initializers; inlinable
  /// so that it is specialized for the caller's id types.
  @inlinable
  static func validate(
    _ input: [ListSection<Section, Item>]
  ) -> (snapshot: Self, dropped: ValidationError?) {
    var sectionTable = [Section.ID: Int](minimumCapacity: input.count)
    var itemTable = IDTable<Item.ID>.Builder(
      minimumCapacity: input.reduce(0) { $0 + $1.items.count })
    var sections: [Section] = []
    var items: [[Item]] = []
    sections.reserveCapacity(input.count)
    items.reserveCapacity(input.count)
    var report = ValidationError()
    var reportedSectionIDs = Set<Section.ID>()
    var reportedItemIDs = Set<Item.ID>()

    for (inputSection, group) in input.enumerated() {
      let sectionIndex = sections.count
      if let first = sectionTable.updateValue(sectionIndex, forKey: group.section.id) {
        sectionTable[group.section.id] = first
        if reportedSectionIDs.insert(group.section.id).inserted {
          report.duplicateSectionIDs.append(group.section.id)
        }
        report.droppedSections.append(inputSection)
        report.droppedItems += group.items.indices.map {
          ItemPosition(section: inputSection, item: $0)
        }
        continue
      }
      // `kept` stays nil until the first repeat, so a clean section is never copied.
      var kept: [Item]?
      for (inputItem, item) in group.items.enumerated() {
        let position = PackedItemPosition(section: sectionIndex, item: kept?.count ?? inputItem)
        if itemTable.insertIfAbsent(position, forKey: item.id) != nil {
          if reportedItemIDs.insert(item.id).inserted { report.duplicateItemIDs.append(item.id) }
          report.droppedItems.append(ItemPosition(section: inputSection, item: inputItem))
          if kept == nil { kept = Array(group.items[..<inputItem]) }
        } else {
          kept?.append(item)
        }
      }
      sections.append(group.section)
      items.append(kept ?? group.items)
    }
    let snapshot = Self(
      uncheckedSections: sections, items: items,
      identityIndex: IdentityIndex(sections: sectionTable, items: itemTable.build()))
    let clean = report.duplicateSectionIDs.isEmpty && report.duplicateItemIDs.isEmpty
    return (snapshot, clean ? nil : report)
  }

  // MARK: - Reading

  /// The number of sections.
  @inlinable
  public var numberOfSections: Int { sections.count }

  /// The number of items in all sections together.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfItems: Int { _itemStarts[_itemStarts.count - 1] }

  /// The number of items in a section, or 0 for a section index out of range.
  @inlinable
  public func numberOfItems(inSection section: Int) -> Int {
    section >= 0 && section < _itemStarts.count - 1
      ? _itemStarts[section + 1] - _itemStarts[section] : 0
  }

  /// The items of a section in order, or an empty array for a section index out of range.
  @inlinable
  public func items(inSection section: Int) -> [Item] {
    _itemsBySection.indices.contains(section) ? _itemsBySection[section] : []
  }

  /// The section at an index, or `nil` when the index is out of range.
  @inlinable
  public func section(at index: Int) -> Section? {
    sections.indices.contains(index) ? sections[index] : nil
  }

  /// The item at a position, or `nil` when the position is out of range.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func item(at position: ItemPosition) -> Item? {
    guard _itemsBySection.indices.contains(position.section) else { return nil }
    let items = _itemsBySection[position.section]
    return items.indices.contains(position.item) ? items[position.item] : nil
  }

  /// The index of a position when all sections are laid end to end, or `nil` out of range.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func flatIndex(of position: ItemPosition) -> Int? {
    let section = position.section
    guard section >= 0, section < _itemStarts.count - 1, position.item >= 0 else { return nil }
    let index = _itemStarts[section] + position.item
    return index < _itemStarts[section + 1] ? index : nil
  }

  /// The position at an index of all sections laid end to end, or `nil` out of range.
  ///
  /// - Complexity: O(log number of sections).
  @inlinable
  public func position(atFlatIndex index: Int) -> ItemPosition? {
    guard index >= 0, index < numberOfItems else { return nil }
    // The last section that starts at or before `index`: empty sections before it start where
    // it does, so it is the one holding the item.
    var low = 0
    var high = _itemStarts.count - 2
    while low < high {
      let middle = (low + high + 1) / 2
      if _itemStarts[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return ItemPosition(section: low, item: index - _itemStarts[low])
  }

  /// Every section with its items, in order: the input shape, for rebuilding or printing.
  public var listSections: [ListSection<Section, Item>] {
    zip(sections, _itemsBySection).map { ListSection($0, items: $1) }
  }

  /// The position of the item with an id, or `nil` if no item has it.
  ///
  /// - Complexity: O(1) amortized; the first lookup on a snapshot that was not validated builds
  ///   its id table in O(n).
  public func position(of id: Item.ID) -> ItemPosition? {
    _identityIndex._itemTable {
      var table = IDTable<Item.ID>.Builder(minimumCapacity: numberOfItems)
      for (section, items) in _itemsBySection.enumerated() {
        for (offset, item) in items.enumerated() {
          _ = table.insertIfAbsent(
            PackedItemPosition(section: section, item: offset), forKey: item.id)
        }
      }
      return table.build()
    }[id]?.position
  }

  /// The item with an id, or `nil` if no item has it.
  ///
  /// - Complexity: O(1) amortized, as ``position(of:)``.
  public func item(withID id: Item.ID) -> Item? {
    position(of: id).flatMap { item(at: $0) }
  }

  /// The index of the section with an id, or `nil` if no section has it.
  ///
  /// - Complexity: O(1) amortized, as ``position(of:)``.
  public func sectionIndex(of id: Section.ID) -> Int? {
    _identityIndex._sectionTable {
      Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1.id, $0) })
    }[id]
  }

  /// Two snapshots are equal when they hold equal sections with equal items in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sections == rhs.sections && lhs._itemsBySection == rhs._itemsBySection
  }
}

/// A flat list: a snapshot with one ``FlatSection``.
public typealias ListSnapshot<Item> = Snapshot<FlatSection, Item>
where Item: Identifiable & Equatable & Sendable, Item.ID: Sendable

extension Snapshot where Section == FlatSection {
  /// Creates a one-section snapshot from a plain array, rejecting repeated ids.
  ///
  /// - Throws: ``SnapshotError`` naming every item id that occurs more than once.
  /// - Complexity: O(n).
  @inlinable @inline(__always)
  public init(items: [Item]) throws(ValidationError) {
    try self.init([ListSection(FlatSection(), items: items)])
  }

  /// Creates a one-section snapshot keeping the first occurrence of every id; see
  /// ``lenient(_:)``.
  @inlinable
  public static func lenient(items: [Item]) -> (snapshot: Self, dropped: ValidationError?) {
    lenient([ListSection(FlatSection(), items: items)])
  }

  /// The items of the flat list, in order.
  @inlinable
  public var items: [Item] { _itemsBySection.first ?? [] }
}

extension Snapshot {
  /// The snapshot without the item at `position`, and that item; `nil` for a position it does
  /// not have.
  ///
  /// - Complexity: O(n): the snapshot is rebuilt.
  package func removingItem(at position: ItemPosition) -> (snapshot: Self, item: Item)? {
    guard let item = item(at: position) else { return nil }
    var items = _itemsBySection
    items[position.section].remove(at: position.item)
    return (Snapshot(uncheckedSections: sections, items: items), item)
  }

  /// The snapshot with one item moved, as a user's drag moves it: taken out at `source`, then
  /// put at `destination` of the result. Ids are unchanged, so the id tables are rebuilt lazily.
  ///
  /// - Returns: the new snapshot and the moved item, or `nil` for positions out of range.
  /// - Complexity: O(n) for n items.
  package func movingItem(from source: ItemPosition, to destination: ItemPosition)
    -> (snapshot: Self, item: Item)?
  {
    guard let item = item(at: source), _itemsBySection.indices.contains(destination.section)
    else { return nil }
    var items = _itemsBySection
    items[source.section].remove(at: source.item)
    guard (0...items[destination.section].count).contains(destination.item) else { return nil }
    items[destination.section].insert(item, at: destination.item)
    return (Snapshot(uncheckedSections: sections, items: items), item)
  }
}

extension Snapshot {
  /// Checks the snapshot: one item list per section, section and item ids unique, and the id
  /// tables, where built, pointing at the right sections and items. Traps on a broken
  /// invariant. Debug builds only: in release builds it does nothing. The property test calls it
  /// on every snapshot it makes.
  package func _checkInvariants() {
    #if DEBUG
      precondition(sections.count == _itemsBySection.count, "one item list per section")
      precondition(
        _itemStarts == _itemsBySection.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) },
        "the item starts count every section's items")
      precondition(
        Set(sections.map(\.id)).count == sections.count, "section ids are unique")
      var seen = Set<Item.ID>()
      for items in _itemsBySection {
        for item in items { precondition(seen.insert(item.id).inserted, "item ids are unique") }
      }
      if let table = _identityIndex._existingItemTable() {
        precondition(table._count == seen.count, "the item table has every item, once")
        table.forEach { id, packed in
          precondition(item(at: packed.position)?.id == id, "the item table points at its item")
        }
      }
      let sectionTable = _identityIndex._sectionTable {
        Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1.id, $0) })
      }
      for (id, index) in sectionTable {
        precondition(section(at: index)?.id == id, "the section table points at its section")
      }
    #endif
  }
}
