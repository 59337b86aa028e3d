import Bindery
import Foundation
import Testing

// The article "Identity and content"'s first item, as it shows it: the first note's item, whose
// `==` compares its id alone. ReadmeTests finds the article's lines here (the fix, whose item has
// the same name, is in BinderyDiffTests' `IdentityFixSnippets.swift`); the test runs it through
// the check a debug build makes of every new list.

/// The first note's item, as the article shows it.
struct Mate: Identifiable, Equatable {
  let userID: Int
  var name: String
  var image: Data?
  var id: Int { userID }
  static func == (lhs: Mate, rhs: Mate) -> Bool { lhs.userID == rhs.userID }
}

#if DEBUG
  @Suite("Identity and content: the article's item")
  struct IdentitySnippetsTests {
    @Test func theArticlesItemIsNamedWithItsImage() {
      let before = Snapshot<FlatSection, Mate>.lenient(items: [Mate(userID: 1, name: "Ada")])
      let after = Snapshot<FlatSection, Mate>.lenient(
        items: [Mate(userID: 1, name: "Ada", image: Data([1]))])
      #expect(before.snapshot == after.snapshot, "== sees no change: the row would keep its image")
      let misuse = EqualityProbe.misuse(from: before.snapshot, to: after.snapshot)
      #expect(misuse?.property == "image" && misuse?.typeName.hasSuffix(".Mate") == true)
    }
  }
#endif
