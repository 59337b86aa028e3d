import BinderyTesting
import Foundation
import HeadlessUIKit
import Testing

/// The search screen's Combine pipeline, run on HeadlessUIKit's Combine names.
@Suite("A search screen written with Combine", .mainActorTurns)
@MainActor
struct SearchScreenTests {
  @Test func theQueryFindsItsNamesAndTheAvatarFallsBackToAPlaceholder() async throws {
    let model = SearchModel(
      names: ["Ari", "Arlo", "Bo"], avatars: CachedAvatars(), scheduler: ImmediateScheduler.shared)
    #expect(model.matches.isEmpty)
    model.query = "Ar"
    #expect(model.matches == ["Ari", "Arlo"])
    model.query = "B"
    #expect(model.matches == ["Bo"])
    model.showAvatar(of: 7, from: CachedAvatars())
    #expect(model.avatar == Data([7]))
    model.showAvatar(of: 0, from: CachedAvatars())  // the use case fails for it
    #expect(model.avatar == Data())
    #expect(try await model.firstAvatar(from: CachedAvatars(), id: 9) == Data([9]))
    await #expect(throws: SearchOffline.self) {
      try await model.firstAvatar(from: CachedAvatars(), id: 0)
    }
  }
}
