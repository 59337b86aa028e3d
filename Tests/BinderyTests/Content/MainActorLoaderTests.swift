import Bindery
import BinderyTesting
import Foundation
import Testing

/// A loader that runs on the main actor (issue 67, item 6): a repository that is not
/// `Sendable`, confined to the main thread as a Realm or Core Data one is, used as it is.
@Suite("A main-actor loader", .mainActorTurns)
@MainActor
struct MainActorLoaderTests {
  /// A repository as an app has one: a class with mutable state, not `Sendable`, that must
  /// only be touched on the main actor (it stops the tests if it is touched anywhere else; the
  /// thread sanitizer's run would also see the race with the test's own reads).
  final class PhotoRepository {
    var lookups: [Int] = []
    /// Callbacks of lookups still running, as a callback API keeps them.
    var pending: [Int: (Result<String, any Error>) -> Void] = [:]

    func photo(of id: Int) throws -> String {
      MainActor.preconditionIsolated("a main-actor repository touched off the main actor")
      lookups.append(id)
      guard id >= 0 else { throw URLError(.fileDoesNotExist) }
      return "photo \(id)"
    }

    /// A callback API: the answer comes when the app calls `finish(_:)`.
    func fetch(_ id: Int, done: @escaping (Result<String, any Error>) -> Void) {
      MainActor.preconditionIsolated("a main-actor repository touched off the main actor")
      lookups.append(id)
      pending[id] = done
    }

    func finish(_ id: Int) { pending.removeValue(forKey: id)?(.success("fetched \(id)")) }
  }

  @Test func theLoaderRunsOnTheMainActorWithTheAppsRepository() async {
    let repository = PhotoRepository()
    let photos = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 4),
      mainActorLoader: { id in try repository.photo(of: id) })
    for id in [1, 2, 3, 4, 5, 6, -1] { photos.request(id) }
    await eventually("every photo or its failure") {
      (1...6).allSatisfy { photos.state(for: $0).content != nil }
        && photos.state(for: -1).failure != nil
    }
    #expect((1...6).map { photos.state(for: $0).content } == (1...6).map { "photo \($0)" })
    #expect(repository.lookups.sorted() == [-1, 1, 2, 3, 4, 5, 6], "one lookup per key")
    #expect(photos.statistics.completed == 6 && photos.statistics.failed == 1)
  }

  /// A loader that awaits (the repository's slow part, here a long sleep) runs in the load's
  /// task: a load taken back cancels it there, and the lookup after the wait never runs.
  @Test func aLoadTakenBackCancelsTheTaskTheLoaderAwaitsIn() async {
    let repository = PhotoRepository()
    var waiting: Set<Int> = []
    var cancelled: [Int] = []
    let photos = ContentStore<Int, String>(mainActorLoader: { id in
      waiting.insert(id)
      defer { waiting.remove(id) }
      do {
        if id == 2 { try await Task.sleep(for: .seconds(3600)) }
      } catch {
        cancelled.append(id)
        throw error
      }
      return try repository.photo(of: id)
    })
    photos.request(1)
    photos.request(2)
    await eventually("the first photo, the second load waiting") {
      photos.state(for: 1).content != nil && waiting == [2]
    }
    photos.cancelRequest(2)
    await eventually("the second load ended") { photos.loadsInFlight == 0 && waiting.isEmpty }
    #expect(cancelled == [2])
    #expect(repository.lookups == [1], "the cancelled load never looked up its photo")
    #expect(photos.state(for: 2).content == nil && photos.state(for: 2).failure == nil)
  }

  /// A lookup that never answers is bounded by the timeout, as any loader is.
  @Test func aLoaderThatNeverAnswersTimesOut() async {
    let clock = VirtualClock()
    let repository = PhotoRepository()
    let photos = ContentStore<Int, String>(
      configuration: .init(timeout: .seconds(5), clock: clock),
      mainActorLoader: { id in
        try await withCheckedThrowingContinuation { continuation in
          repository.fetch(id) { continuation.resume(with: $0) }
        }
      })
    photos.request(7)
    await eventually("the lookup and its timer") {
      repository.pending.count == 1 && clock.sleeperCount == 1
    }
    clock.advance(by: .seconds(5))
    await eventually("the timeout") {
      if case .timedOut = photos.state(for: 7).failure?.error { true } else { false }
    }
    // The answer that comes at last is dropped: the key keeps its failure until retried.
    repository.finish(7)
    await eventually("the loader returned") { photos.abandonedLoads == 0 }
    #expect(photos.state(for: 7).content == nil)
    #expect(photos.statistics.timedOut == 1 && photos.statistics.completed == 0)
  }
}
