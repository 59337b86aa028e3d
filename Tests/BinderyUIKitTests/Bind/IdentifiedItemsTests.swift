import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Observation
import Testing

/// Lists of values that are not `Identifiable` (issue 67): the app names the property that
/// identifies them, and binds them in one line.
@Suite("Items identified by a property the app names", .mainActorTurns)
@MainActor
struct IdentifiedItemsTests {
  /// The third note's list: plain strings, published by a view model.
  final class Names: ObservableObject {
    @Published var names: [String] = []
  }

  /// A model the app does not make `Identifiable`: its id is `userID`.
  struct Mate: Equatable, Sendable {
    var userID: Int
    var name: String
  }

  private func texts(_ table: UITableView) -> [String] {
    table.visibleCells.compactMap { $0.textLabel?.text }
  }

  @Test func stringsAreBoundByThemselves() async {
    let table = makeTable()
    let model = Names()
    let binding = table.bind(to: .publisher(model.$names, id: \.self)) {
      tableView, indexPath, name in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = name.value
      return cell
    }
    model.names = ["Ada", "Bo", "Cy"]
    await eventually("the names") { self.texts(table) == ["Ada", "Bo", "Cy"] }
    let bo = table.cellForRow(at: IndexPath(row: 1, section: 0))
    model.names = ["Bo", "Cy", "Dee"]
    await eventually("the new names") { self.texts(table) == ["Bo", "Cy", "Dee"] }
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === bo, "Bo's row moved, kept")
    #expect(binding.snapshot.items.map(\.id) == ["Bo", "Cy", "Dee"])
    #expect(table.violations.isEmpty)
  }

  /// Tags as strings in an `@Observable` model (iOS 17): read again after every change.
  @Observable final class Tags {
    var tags: [String] = []
  }

  @Test func observedStringsAreBoundByThemselves() async {
    let table = makeTable()
    let model = Tags()
    let binding = table.bind(to: .observing(id: \.self) { model.tags }) {
      tableView, indexPath, tag in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = tag.value
      return cell
    }
    model.tags = ["swift", "uikit"]
    await eventually("the tags") { self.texts(table) == ["swift", "uikit"] }
    let uikit = table.cellForRow(at: IndexPath(row: 1, section: 0))
    model.tags.insert("ios", at: 0)
    await eventually("the new tag") { self.texts(table) == ["ios", "swift", "uikit"] }
    #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === uikit, "uikit's row kept")
    #expect(binding.snapshot.items.map(\.id) == ["ios", "swift", "uikit"])
    #expect(table.violations.isEmpty)
  }

  @Test func aModelIsBoundByItsIDAndItsPropertiesReadThrough() async {
    let table = makeTable()
    let (lists, feed) = AsyncStream.makeStream(of: [Mate].self)
    let binding = table.bind(to: .sequence(lists, id: \.userID)) { tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = "\(mate.userID) \(mate.name)"
      return cell
    }
    feed.yield([Mate(userID: 1, name: "Ada"), Mate(userID: 2, name: "Bo")])
    await eventually("the mates") { self.texts(table) == ["1 Ada", "2 Bo"] }
    let ada = table.cellForRow(at: IndexPath(row: 0, section: 0))
    feed.yield([Mate(userID: 1, name: "Ada L."), Mate(userID: 2, name: "Bo")])
    await eventually("the new name") { self.texts(table) == ["1 Ada L.", "2 Bo"] }
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === ada, "reconfigured in place")
    #expect(binding.snapshot.items.first?.value == Mate(userID: 1, name: "Ada L."))
    feed.finish()
    #expect(table.violations.isEmpty)
  }

  /// Tags in groups, as sections: a group is the section, its tags plain strings.
  struct TagGroup: Identifiable, Equatable, Sendable {
    let id: String
  }

  final class GroupedNames: ObservableObject {
    @Published var groups: [ListSection<TagGroup, String>] = []
  }

  /// Each row's section and text, in order.
  private func sectionedTexts(_ table: UITableView) -> [String] {
    (0..<table.numberOfSections).flatMap { section in
      (0..<table.numberOfRows(inSection: section)).compactMap { row in
        table.cellForRow(at: IndexPath(row: row, section: section))?.textLabel?.text
          .map { "\(section) \($0)" }
      }
    }
  }

  private func groupedCell(
    _ tableView: UITableView, _ indexPath: IndexPath, _ tag: Identified<String, String>
  ) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    cell.textLabel?.text = tag.value
    return cell
  }

  @Test func sectionsOfStringsAreBoundByThemselvesFromAPublisherOrASequence() async {
    let table = makeTable()
    let model = GroupedNames()
    let binding = table.bind(
      to: .sectionedPublisher(model.$groups, id: \.self), cellProvider: groupedCell)
    model.groups = [
      ListSection(TagGroup(id: "work"), items: ["Ada", "Bo"]),
      ListSection(TagGroup(id: "home"), items: ["Cy"]),
    ]
    await eventually("the groups") { self.sectionedTexts(table) == ["0 Ada", "0 Bo", "1 Cy"] }
    let bo = table.cellForRow(at: IndexPath(row: 1, section: 0))
    model.groups = [
      ListSection(TagGroup(id: "work"), items: ["Ada"]),
      ListSection(TagGroup(id: "home"), items: ["Cy", "Bo"]),
    ]
    await eventually("Bo moved home") { self.sectionedTexts(table) == ["0 Ada", "1 Cy", "1 Bo"] }
    #expect(table.cellForRow(at: IndexPath(row: 1, section: 1)) === bo, "moved, its cell kept")
    #expect(binding.snapshot.listSections.map(\.section.id) == ["work", "home"])
    #expect(table.violations.isEmpty, "\(table.violations)")

    let other = makeTable()
    let (stream, continuation) = AsyncStream.makeStream(of: [ListSection<TagGroup, String>].self)
    let streamed = other.bind(
      to: .sectionedSequence(stream, id: \.self), cellProvider: groupedCell)
    continuation.yield([ListSection(TagGroup(id: "work"), items: ["Ada", "Bo"])])
    await eventually("the streamed group") { self.sectionedTexts(other) == ["0 Ada", "0 Bo"] }
    #expect(streamed.snapshot.items(inSection: 0).map(\.id) == ["Ada", "Bo"])
    continuation.finish()
  }

  @Observable final class Groups {
    var groups: [ListSection<TagGroup, String>] = []
  }

  @Test func observedSectionsOfStringsAreBoundByThemselves() async {
    let table = makeTable()
    let model = Groups()
    let binding = table.bind(
      to: .observingSections(id: \.self) { model.groups }, cellProvider: groupedCell)
    model.groups = [ListSection(TagGroup(id: "work"), items: ["Ada", "Bo"])]
    await eventually("the group") { self.sectionedTexts(table) == ["0 Ada", "0 Bo"] }
    model.groups.append(ListSection(TagGroup(id: "home"), items: ["Cy"]))
    await eventually("a new group") { self.sectionedTexts(table) == ["0 Ada", "0 Bo", "1 Cy"] }
    #expect(binding.snapshot.listSections.map(\.section.id) == ["work", "home"])
  }
}
