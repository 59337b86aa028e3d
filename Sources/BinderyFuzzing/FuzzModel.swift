import Bindery
import BinderyTesting

/// An item of a fuzzed list: its identity, a version (a new version is a new content key, as an
/// avatar's URL changes), and the height its row needs before and after its content arrives.
package struct FuzzItem: Identifiable, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The identity.
  package var id: Int
  /// The content's version: a new one is a new content key.
  package var version: Int
  /// The row's height without its content, in points.
  package var height: Int
  /// What the content adds to the row's height once it arrives (a photo), in points.
  package var contentHeight: Int

  /// An item.
  package init(id: Int, version: Int = 0, height: Int = 44, contentHeight: Int = 0) {
    self.id = id
    self.version = version
    self.height = height
    self.contentHeight = contentHeight
  }

  /// The key of the item's content: its id and version.
  package var contentKey: Int { id * 1_000 + version % 1_000 }

  /// `<id>v<version>`.
  package var description: String { "\(id)v\(version)" }
}

/// A section of a fuzzed list; a new title is a section reconfigure.
package struct FuzzSection: Identifiable, Equatable, Hashable, Sendable {
  /// The identity.
  package var id: Int
  /// The content: a new title is a section reconfigure.
  package var title: Int

  /// A section.
  package init(id: Int, title: Int = 0) {
    self.id = id
    self.title = title
  }
}

/// The lists a fuzzer sends: edits of the last one, drawn from a seeded generator.
struct FuzzLists {
  private(set) var sections: [ListSection<FuzzSection, FuzzItem>]
  private var nextItemID = 0
  private var nextSectionID = 0
  /// Whether the lists have sections of their own (else one section, as a flat list).
  let isSectioned: Bool

  init(sectioned: Bool, count: Int, using random: inout SeededGenerator) {
    isSectioned = sectioned
    sections = []
    let sectionCount = sectioned ? Int.random(in: 1...5, using: &random) : 1
    for _ in 0..<sectionCount {
      let items = (0..<max(0, count / sectionCount)).map { _ in makeItem(using: &random) }
      sections.append(ListSection(makeSection(), items: items))
    }
  }

  /// Every item, in order.
  var items: [FuzzItem] { sections.flatMap(\.items) }

  private mutating func makeItem(using random: inout SeededGenerator) -> FuzzItem {
    defer { nextItemID += 1 }
    return FuzzItem(
      id: nextItemID, height: Int.random(in: 1...6, using: &random) * 20,
      contentHeight: Int.random(in: 0...2, using: &random) * 70)
  }

  private mutating func makeSection() -> FuzzSection {
    defer { nextSectionID += 1 }
    return FuzzSection(id: nextSectionID)
  }

  /// What an edit did, for the anchoring check: whether items moved.
  struct Edit {
    var moved = false
    var description = ""
  }

  /// The next list: items inserted, deleted, moved and changed, an id repeated now and then,
  /// sections inserted, deleted, moved and retitled; sometimes a list unlike the last.
  mutating func edit(using random: inout SeededGenerator) -> Edit {
    var edit = Edit()
    let roll = Int.random(in: 0..<100, using: &random)
    if roll < 4 {
      // A new list altogether, or none.
      let count = roll < 1 ? 0 : Int.random(in: 0...300, using: &random)
      self = FuzzLists(replacing: self, count: count, using: &random)
      edit.moved = true
      edit.description = "replace with \(count)"
      return edit
    }
    let changes = Int.random(in: 1...(roll < 30 ? 30 : 4), using: &random)
    var notes: [String] = []
    for _ in 0..<changes {
      guard !sections.isEmpty else {
        sections.append(ListSection(makeSection(), items: []))
        continue
      }
      let s = Int.random(in: 0..<sections.count, using: &random)
      let count = sections[s].items.count
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<30:
        let at = Int.random(in: 0...count, using: &random)
        sections[s].items.insert(makeItem(using: &random), at: at)
        notes.append("insert \(s).\(at)")
      case 30..<50 where count > 0:
        let at = Int.random(in: 0..<count, using: &random)
        sections[s].items.remove(at: at)
        notes.append("delete \(s).\(at)")
      case 50..<62 where count > 1:
        let from = Int.random(in: 0..<count, using: &random)
        let item = sections[s].items.remove(at: from)
        let t = isSectioned ? Int.random(in: 0..<sections.count, using: &random) : s
        let to = Int.random(in: 0...sections[t].items.count, using: &random)
        sections[t].items.insert(item, at: to)
        edit.moved = true
        notes.append("move \(s).\(from) to \(t).\(to)")
      case 62..<80 where count > 0:
        let at = Int.random(in: 0..<count, using: &random)
        sections[s].items[at].version += 1
        notes.append("new key \(s).\(at)")
      case 80..<88 where count > 0:
        let at = Int.random(in: 0..<count, using: &random)
        sections[s].items[at].height = Int.random(in: 1...6, using: &random) * 20
        notes.append("new height \(s).\(at)")
      case 88..<91 where count > 1:
        // A repeated id: the binding drops the second and reports it.
        let item = sections[s].items[Int.random(in: 0..<count, using: &random)]
        sections[s].items.insert(item, at: Int.random(in: 0...count, using: &random))
        notes.append("repeat \(item.id)")
      case 91..<94 where isSectioned:
        sections.insert(
          ListSection(makeSection(), items: []),
          at: Int.random(in: 0...sections.count, using: &random))
        notes.append("insert section")
      case 94..<96 where isSectioned && sections.count > 1:
        sections.remove(at: s)
        notes.append("delete section \(s)")
      case 96..<98 where isSectioned && sections.count > 1:
        let section = sections.remove(at: s)
        sections.insert(section, at: Int.random(in: 0...sections.count, using: &random))
        edit.moved = true
        notes.append("move section \(s)")
      default:
        sections[s].section.title += 1
        notes.append("retitle \(s)")
      }
    }
    edit.description = notes.joined(separator: ", ")
    return edit
  }

  private init(replacing old: FuzzLists, count: Int, using random: inout SeededGenerator) {
    self = old
    let sectionCount = isSectioned ? Int.random(in: 1...4, using: &random) : 1
    sections = (0..<sectionCount).map { _ in ListSection(makeSection(), items: []) }
    for _ in 0..<count {
      let s = Int.random(in: 0..<sectionCount, using: &random)
      sections[s].items.append(makeItem(using: &random))
    }
  }

  /// The list as the binding shows it: repeated ids dropped, the first kept.
  var shown: Snapshot<FuzzSection, FuzzItem> { Snapshot.lenient(sections).snapshot }

  /// The ids of the list as the binding shows it, in order.
  var shownIDs: [Int] {
    let shown = self.shown
    return shown.sections.indices.flatMap { shown.items(inSection: $0).map(\.id) }
  }

  /// Takes a user's move as an app's own model does: the item, by id, to the place the user
  /// dropped it in the section it was dropped in (by id), wherever its model has them now.
  mutating func move(id: Int, toSection sectionID: Int, at index: Int) {
    guard let t = sections.firstIndex(where: { $0.section.id == sectionID }) else { return }
    var moved: FuzzItem?
    for s in sections.indices {
      if let at = sections[s].items.firstIndex(where: { $0.id == id }) {
        moved = sections[s].items.remove(at: at)
        break
      }
    }
    guard let moved else { return }
    sections[t].items.insert(moved, at: min(max(0, index), sections[t].items.count))
  }

  /// A page, as a paged source sends it: up to twenty new items at the end of the last
  /// section, or before the first item of the first (the last page may be empty).
  mutating func addPage(atStart: Bool, using random: inout SeededGenerator) -> String {
    if sections.isEmpty { sections.append(ListSection(makeSection(), items: [])) }
    let count = Int.random(in: 0...20, using: &random)
    let page = (0..<count).map { _ in makeItem(using: &random) }
    if atStart {
      sections[0].items.insert(contentsOf: page, at: 0)
    } else {
      sections[sections.count - 1].items.append(contentsOf: page)
    }
    return "a page of \(count) at the \(atStart ? "start" : "end")"
  }

  /// Takes a user's delete as the app's own list does.
  mutating func delete(id: Int) {
    for s in sections.indices { sections[s].items.removeAll { $0.id == id } }
  }
}
