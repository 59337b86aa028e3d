import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif
#if canImport(Combine)
  import Combine
#endif

extension Publisher where Failure == Never {
  /// Feeds `binding` every list the publisher sends; its finishing ends the flow of lists.
  @MainActor
  func feed<Section, Item>(
    _ binding: ListBinding<Section, Item>,
    lists: @escaping @Sendable (Output) -> [ListSection<Section, Item>]
  ) {
    let inbox = binding.inbox
    subscribe(
      for: binding, receive: { inbox.submit(lists($0)) }, finished: { inbox.finish() })
  }

  /// Subscribes `binding` to the publisher; cancelling `binding` cancels the subscription.
  @MainActor
  func subscribe<Section, Item>(
    for binding: ListBinding<Section, Item>, receive: @escaping @Sendable (Output) -> Void,
    finished: @escaping @Sendable () -> Void
  ) {
    let cancel = subscribe(receive: receive, finished: finished)
    binding.addCancellation { cancel() }
  }

  /// The one place Bindery subscribes to a publisher. Its closures are `@Sendable` — so, though
  /// written in main-actor code, they are not main-actor isolated — and must be safe on any
  /// thread, as a publisher may send on any. (A plain closure written here and handed to
  /// Combine would be inferred main-actor isolated, and trap off the main thread.) Returns what
  /// cancels the subscription, callable from any thread.
  func subscribe(
    receive: @escaping @Sendable (Output) -> Void, finished: @escaping @Sendable () -> Void
  ) -> @Sendable () -> Void {
    let subscription = sink(
      receiveCompletion: { @Sendable _ in finished() },
      receiveValue: { @Sendable value in receive(value) })
    let box = SubscriptionBox(subscription)
    return { box.cancel() }
  }
}

/// A Combine subscription held by a binding; Combine's `AnyCancellable.cancel()` may be called
/// from any thread.
final class SubscriptionBox: @unchecked Sendable {
  private let subscription: AnyCancellable
  init(_ subscription: AnyCancellable) { self.subscription = subscription }
  func cancel() { subscription.cancel() }
}
