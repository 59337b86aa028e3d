import BinderyDiff

/// Random snapshot pairs for property tests and fuzzing: an old snapshot and a new one derived
/// from it by every kind of change the diff must handle.
public enum SnapshotGenerator {
  private static func chance(_ percent: Int, _ random: inout some RandomNumberGenerator) -> Bool {
    Int.random(in: 0..<100, using: &random) < percent
  }

  /// A random sectioned snapshot with unique ids.
  public static func snapshot(
    using random: inout some RandomNumberGenerator, maxSections: Int = 5, maxItems: Int = 12
  ) -> TestSnapshot {
    let sectionCount = Int.random(in: 0...maxSections, using: &random)
    let sectionIDs = Array(0..<(maxSections * 2)).shuffled(using: &random).prefix(sectionCount)
    var itemIDs = Array(0..<(maxSections * maxItems * 2)).shuffled(using: &random)[...]
    return .unique(
      sectionIDs.map { id in
        let count = Int.random(in: 0...maxItems, using: &random)
        let items = itemIDs.prefix(count).map {
          TestItem(id: $0, content: Int.random(in: 0..<3, using: &random))
        }
        itemIDs = itemIDs.dropFirst(count)
        return ListSection(
          TestSection(id: id, title: Int.random(in: 0..<3, using: &random)), items: items)
      })
  }

  /// A new snapshot derived from `old`: sections and items deleted, inserted, reordered, moved
  /// across sections and changed in content, each with some probability; now and then an
  /// unrelated snapshot.
  public static func successor(
    of old: TestSnapshot, using random: inout some RandomNumberGenerator
  ) -> TestSnapshot {
    if Int.random(in: 0..<10, using: &random) == 0 { return snapshot(using: &random) }
    var sections = old.listSections
    let usedSectionIDs = Set(sections.map(\.section.id))
    var usedItemIDs = Set(sections.flatMap { $0.items.map(\.id) })
    var nextItemID = (usedItemIDs.max() ?? 0) + 1
    // Section deletes (their items sometimes survive elsewhere).
    var orphans: [TestItem] = []
    sections.removeAll { group in
      guard chance(15, &random) else { return false }
      orphans += group.items.filter { _ in chance(40, &random) }
      return true
    }
    // Section inserts.
    var nextSectionID = (usedSectionIDs.max() ?? 0) + 1
    for _ in 0..<Int.random(in: 0...2, using: &random) where chance(40, &random) {
      let index = Int.random(in: 0...sections.count, using: &random)
      sections.insert(ListSection(TestSection(id: nextSectionID), items: []), at: index)
      nextSectionID += 1
    }
    // Section reorders and title changes.
    if sections.count > 1 && chance(30, &random) {
      let from = Int.random(in: 0..<sections.count, using: &random)
      let to = Int.random(in: 0..<sections.count, using: &random)
      sections.insert(sections.remove(at: from), at: to)
    }
    if chance(10, &random) { sections.shuffle(using: &random) }
    for index in sections.indices where chance(10, &random) {
      sections[index].section.title += 1
    }
    guard !sections.isEmpty else { return .unique(sections) }
    // Orphans land in random sections.
    for orphan in orphans {
      let section = Int.random(in: 0..<sections.count, using: &random)
      let at = Int.random(in: 0...sections[section].items.count, using: &random)
      sections[section].items.insert(orphan, at: at)
    }
    // Item deletes, content changes, moves within and across sections, inserts.
    for section in sections.indices {
      sections[section].items.removeAll { _ in chance(15, &random) }
      for item in sections[section].items.indices where chance(15, &random) {
        sections[section].items[item].content += 1
      }
      if sections[section].items.count > 1 && chance(40, &random) {
        let items = sections[section].items
        let from = Int.random(in: 0..<items.count, using: &random)
        let to = Int.random(in: 0..<items.count, using: &random)
        sections[section].items.insert(sections[section].items.remove(at: from), at: to)
      }
      if chance(8, &random) { sections[section].items.shuffle(using: &random) }
    }
    for _ in 0..<Int.random(in: 0...3, using: &random) where sections.count > 1 {
      let from = Int.random(in: 0..<sections.count, using: &random)
      guard !sections[from].items.isEmpty else { continue }
      let item = sections[from].items.remove(
        at: Int.random(in: 0..<sections[from].items.count, using: &random))
      let to = Int.random(in: 0..<sections.count, using: &random)
      sections[to].items.insert(
        item, at: Int.random(in: 0...sections[to].items.count, using: &random))
    }
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      let section = Int.random(in: 0..<sections.count, using: &random)
      while usedItemIDs.contains(nextItemID) { nextItemID += 1 }
      usedItemIDs.insert(nextItemID)
      sections[section].items.insert(
        TestItem(id: nextItemID),
        at: Int.random(in: 0...sections[section].items.count, using: &random))
    }
    return .unique(sections)
  }
}
