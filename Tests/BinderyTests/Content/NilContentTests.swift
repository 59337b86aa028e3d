import Bindery
import BinderyTesting
import Foundation
import Testing

/// A loader that returns an optional (issue 67, item 3): its `nil` is no content, shown and not
/// retried, or a failure retried after the backoff, as the app says.
@Suite("A loader's nil", .mainActorTurns)
@MainActor
struct NilContentTests {
  /// Photos for even ids only; counts the calls.
  final class Photos: Sendable {
    let calls = Locked(0)
    func photo(of id: Int) async -> String? {
      calls.withLock { $0 += 1 }
      return id.isMultiple(of: 2) ? "photo \(id)" : nil
    }
  }

  @Test func noContentIsShownAndNotRetried() async throws {
    let clock = VirtualClock()
    let photos = Photos()
    let store = ContentStore<Int, String>(
      configuration: .init(retry: RetryPolicy(backoff: .seconds(1)), clock: clock),
      nilMeans: .noContent
    ) { id in await photos.photo(of: id) }
    store.request(2)
    store.request(3)
    await eventually("the photo and the answer") {
      store.state(for: 2).content != nil && store.state(for: 3).failure != nil
    }
    #expect(store.state(for: 2).content == "photo 2")
    let failure = try #require(store.state(for: 3).failure)
    #expect(failure.allowsRetry == false)
    #expect(failure.retryIn == nil, "no retry scheduled")
    guard case .loaderFailed(let error) = failure.error else {
      Issue.record("expected the loader's error, got \(failure.error)")
      return
    }
    #expect(error as? NoContent == NoContent(.noContent))
    clock.advance(by: .seconds(120))
    await eventually("the calls settled") { store.loadsInFlight == 0 }
    #expect(photos.calls.withLock { $0 } == 2 && store.statistics.retries == 0, "not retried")
  }

  @Test func aFailureIsRetriedAfterTheBackoff() async throws {
    let clock = VirtualClock()
    let photos = Photos()
    let store = ContentStore<Int, String>(
      configuration: .init(retry: RetryPolicy(backoff: .seconds(1)), clock: clock),
      nilMeans: .failure
    ) { id in await photos.photo(of: id) }
    store.request(3)
    await eventually("the failure") { store.state(for: 3).failure != nil }
    #expect(store.state(for: 3).failure?.allowsRetry == true)
    clock.advance(by: .seconds(2))
    await eventually("the retry") { photos.calls.withLock { $0 } == 2 }
    #expect(store.statistics.retries == 1)
  }
}
