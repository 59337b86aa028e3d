import BinderyUIKit
import Testing

/// `import BinderyUIKit` alone brings the whole public API an app uses.
@Suite("One import")
@MainActor
struct SingleImportTests {
  struct Mate: Identifiable, Equatable, Sendable {
    let id: Int
    var name: String
  }

  @Test func bindersAndTypesComeWithOneImport() async {
    let avatars = ContentStore<Int, String> { "avatar \($0)" }
    let section = ListSection(FlatSection(), items: [Mate(id: 1, name: "Ari")])
    let snapshot = ListSnapshot.lenient(items: section.items).snapshot
    #expect(snapshot.numberOfItems == 1)
    #expect(StagedChangeset(from: ListSnapshot<Mate>(), to: snapshot).stages.count == 1)
    avatars.request(1)
    #expect(avatars.interest(in: 1) == 1)
  }
}
