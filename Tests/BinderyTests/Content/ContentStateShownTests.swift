import Bindery
import Foundation
import Testing

/// The default drawing of late content (issue 67, item 7): one value for each state.
@Suite("What a cell shows for each state")
struct ContentStateShownTests {
  struct NotFound: ContentLoaderError { var allowsRetry: Bool { false } }
  struct Offline: Error {}

  static let retried = ContentState<String>.failed(
    ContentFailure(error: .loaderFailed(Offline()), attempts: 1, retryIn: .seconds(2)))
  static let forGood = ContentState<String>.failed(
    ContentFailure(error: .loaderFailed(NotFound()), attempts: 1, retryIn: nil))

  @Test func eachStateShowsItsValue() {
    func shown(_ state: ContentState<String>) -> String? {
      state.shown(placeholder: "silhouette", failed: "retrying", unavailable: "no photo")
    }
    #expect(shown(.loaded("avatar")) == "avatar")
    #expect(shown(.notRequested) == "silhouette", "never another row's avatar")
    #expect(shown(.loading) == "silhouette")
    #expect(shown(Self.retried) == "retrying")
    #expect(shown(Self.forGood) == "no photo")
  }

  @Test func whatIsNotGivenFallsBackToTheLookBefore() {
    #expect(Self.retried.shown(placeholder: "silhouette") == "silhouette")
    #expect(Self.forGood.shown(placeholder: "silhouette") == "silhouette")
    #expect(Self.forGood.shown(placeholder: "silhouette", failed: "failed") == "failed")
    #expect(
      Self.retried.shown(placeholder: "silhouette", unavailable: "no photo") == "silhouette",
      "a failure a retry may fix is not shown as unavailable")
    #expect(ContentState<String>.loading.shown(placeholder: nil) == nil, "nothing: cleared")
  }
}
