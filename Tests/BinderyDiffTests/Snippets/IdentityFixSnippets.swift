import BinderyDiff
import Foundation
import Testing

// The article "Identity and content"'s fix, as it shows it: the first note's item keeps its `==`
// on the id (for a `Set`) and says what its content is. ReadmeTests finds the article's lines
// here; the test diffs it.

/// The first note's item, with the article's fix below.
struct Mate: Identifiable, Equatable {
  let userID: Int
  var name: String
  var image: Data?
  var id: Int { userID }
  static func == (lhs: Mate, rhs: Mate) -> Bool { lhs.userID == rhs.userID }
}

extension Mate: ContentEquatable {
  func isContentEqual(to other: Mate) -> Bool {
    name == other.name && image == other.image
  }
}

@Suite("Identity and content: the article's fix")
struct IdentityFixSnippetsTests {
  @Test func theFixedItemsNewImageIsAChangeTheDiffShows() throws {
    let before = [Mate(userID: 1, name: "Ada"), Mate(userID: 2, name: "Bo")]
    var after = before
    after[1].image = Data([1])
    let changes = StagedChangeset(
      from: try Snapshot<FlatSection, Mate>(items: before),
      to: try Snapshot<FlatSection, Mate>(items: after))
    let updated = changes.stages.flatMap(\.itemReconfigures)
    #expect(updated.map(\.item) == [1], "\(changes)")
  }
}
