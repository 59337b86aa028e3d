import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Synchronization
import Testing

/// A use case that returns a publisher, as a store's loader in one line (issue 67).
@Suite("A publisher as a store's loader", .mainActorTurns)
@MainActor
struct PublisherLoaderTests {
  @Test func theFirstValueIsTheContentAndAFailureTheLoadsFailure() async {
    let useCase = CachedAvatars()  // the search screen's: a failure for id 0
    let avatars = ContentStore<Int, Data>(publisher: { id in useCase.avatar(id) })
    avatars.request(7)
    avatars.request(0)
    await eventually("the avatar and the failure") {
      avatars.state(for: 7).content != nil && avatars.state(for: 0).failure != nil
    }
    #expect(avatars.state(for: 7).content == Data([7]))
    #expect(thrown(avatars.state(for: 0)) is SearchOffline)
    #expect(avatars.statistics.completed == 1 && avatars.statistics.failed == 1)
  }

  @Test func aPublisherThatFinishesWithoutAValueIsAFailure() async {
    let avatars = ContentStore<Int, Data>(publisher: { _ in
      Empty<Data, Never>().eraseToAnyPublisher()
    })
    avatars.request(1)
    await eventually("the failure") { avatars.state(for: 1).failure != nil }
    #expect(thrown(avatars.state(for: 1)) is PublisherFinishedWithoutContent)
    #expect(avatars.state(for: 1).content == nil && avatars.statistics.failed == 1)
  }

  /// A subject that never finishes: its first value is the content, and the load ends there.
  @Test func aPublisherThatGoesOnGivesItsFirstValue() async {
    let avatars = ContentStore<Int, String>(publisher: { id in
      CurrentValueSubject<String, Never>("first \(id)").eraseToAnyPublisher()
    })
    avatars.request(3)
    await eventually("the content") { avatars.state(for: 3).content != nil }
    #expect(avatars.state(for: 3).content == "first 3")
    await eventually("the subscription let go") { avatars.loadsInFlight == 0 }
  }

  /// A row scrolled away before its avatar came: the subscription is cancelled, not left
  /// open until the publisher sends.
  @Test func aLoadTakenBackCancelsItsSubscription() async {
    let silent = Silent()
    let avatars = ContentStore<Int, Data>(publisher: { _ in silent.eraseToAnyPublisher() })
    avatars.request(5)
    await eventually("the subscription") { silent.subscribed.load(ordering: .acquiring) == 1 }
    avatars.cancelRequest(5)
    await eventually("the subscription cancelled") {
      silent.cancelled.load(ordering: .acquiring) == 1
    }
    await eventually("the load ended") { avatars.loadsInFlight == 0 }
    #expect(avatars.state(for: 5).content == nil && avatars.state(for: 5).failure == nil)
  }
}

/// The error the loader threw, if the state is that failure.
private func thrown<C>(_ state: ContentState<C>) -> (any Error)? {
  guard case .loaderFailed(let error)? = state.failure?.error else { return nil }
  return error
}

/// A publisher that never sends, and counts its subscriptions and their cancellations.
private final class Silent: Publisher, Sendable {
  typealias Output = Data
  typealias Failure = Never
  let subscribed = Atomic(0)
  let cancelled = Atomic(0)

  func receive<S: Subscriber>(subscriber: S) where S.Input == Data, S.Failure == Never {
    subscribed.add(1, ordering: .releasing)
    subscriber.receive(subscription: Subscription(owner: self))
  }

  private struct Subscription: HeadlessUIKit.Subscription {
    let owner: Silent
    func request(_ demand: Subscribers.Demand) {}
    func cancel() { owner.cancelled.add(1, ordering: .releasing) }
  }
}
