import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// The first seed's own mistake named (issue 67): an item whose `==` compares its id alone
/// hides every change of its content. A debug build reports it once per type, on `errors`.
@MainActor
@Suite("An identity-only == is named")
struct IdentityOnlyEqualityTests {
  /// The first note's item: identity `userID`, the image inside, `==` on the id alone.
  struct Mate: Identifiable, Equatable, Sendable {
    let userID: Int
    var name: String
    var image: Data?
    var id: Int { userID }
    static func == (lhs: Mate, rhs: Mate) -> Bool { lhs.userID == rhs.userID }
  }

  /// The article's fix: the same item, its `==` kept, its content said.
  struct FixedMate: Identifiable, Equatable, Sendable {
    let userID: Int
    var name: String
    var image: Data?
    var id: Int { userID }
    static func == (lhs: FixedMate, rhs: FixedMate) -> Bool { lhs.userID == rhs.userID }
  }

  /// Another app's item, its content said by `ContentEquatable`.
  struct SavedApp: Identifiable, Equatable, Sendable, ContentEquatable {
    let id: Int
    var icon: Data?
    static func == (lhs: SavedApp, rhs: SavedApp) -> Bool { lhs.id == rhs.id }
    func isContentEqual(to other: SavedApp) -> Bool { icon == other.icon }
  }

  /// An item whose `==` is the synthesized one.
  struct Post: Identifiable, Equatable, Sendable {
    let id: Int
    var text: String
  }

  /// Binds `first`, then shows `second`, and returns what `errors` said, the binding stopped.
  private func problems<Item: Identifiable & Equatable & Sendable>(
    _ first: [Item], then second: [Item]
  ) async -> [BindingError<FlatSection.ID, Item.ID>] where Item.ID: Sendable {
    let table = makeTable()
    let binding = table.bind(to: .sequence(AsyncStream<[Item]> { _ in })) {
      tableView, indexPath, _ in
      tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    }
    #expect(await binding.apply(items: first))
    #expect(await binding.apply(items: second))
    binding.cancel()
    var found: [BindingError<FlatSection.ID, Item.ID>] = []
    for await problem in binding.errors { found.append(problem) }
    return found
  }

  // Debug builds look; release builds pay nothing, and name nothing.
  #if DEBUG
    @Test func anEqualityOnTheIDAloneIsNamedWithTheProperty() async {
      let before = (0..<10).map { Mate(userID: $0, name: "Mate \($0)", image: nil) }
      let after = before.map { Mate(userID: $0.userID, name: $0.name, image: Data([1, 2])) }
      let found = await problems(before, then: after)
      guard case .equalityIgnoresContent(let misuse)? = found.first else {
        Issue.record("not named: \(found)")
        return
      }
      #expect(misuse.typeName.hasSuffix("Mate") && misuse.property == "image")
      #expect(misuse.description.contains("ContentEquatable"))
      // Once per type: the next binding of the same type is not told again.
      let again = await problems(after, then: before)
      #expect(again.isEmpty, "\(again)")
    }
  #endif

  @Test func theArticlesFixShowsTheChangeAndIsNotNamed() async {
    let table = makeTable()
    let binding = table.bind(to: .sequence(AsyncStream<[FixedMate]> { _ in })) {
      tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = "\(mate.name) \(mate.image?.count ?? 0)"
      return cell
    }
    #expect(await binding.apply(items: [FixedMate(userID: 1, name: "Ada", image: nil)]))
    #expect(await binding.apply(items: [FixedMate(userID: 1, name: "Ada", image: Data([1, 2]))]))
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "Ada 2")
    binding.cancel()
    var found: [BindingError<FlatSection.ID, Int>] = []
    for await problem in binding.errors { found.append(problem) }
    #expect(found.isEmpty, "\(found)")
  }

  @Test func anItemThatSaysItsContentOrComparesItAllIsNotNamed() async {
    let icons = await problems(
      [SavedApp(id: 1, icon: nil)], then: [SavedApp(id: 1, icon: Data([1]))])
    #expect(icons.isEmpty, "ContentEquatable decides: \(icons)")
    let posts = await problems([Post(id: 1, text: "a")], then: [Post(id: 1, text: "b")])
    #expect(posts.isEmpty, "the synthesized == sees the change: \(posts)")
  }

  #if DEBUG
    @Test func differingPropertiesAreFoundByEquality() {
      #expect(
        EqualityProbe.differingProperty(
          Mate(userID: 1, name: "a", image: nil), Mate(userID: 1, name: "b", image: nil))
          == "name")
      #expect(
        EqualityProbe.differingProperty(
          Mate(userID: 1, name: "a", image: nil), Mate(userID: 1, name: "a", image: nil)) == nil)
    }
  #endif
}

extension IdentityOnlyEqualityTests.FixedMate: ContentEquatable {
  func isContentEqual(to other: IdentityOnlyEqualityTests.FixedMate) -> Bool {
    name == other.name && image == other.image
  }
}
