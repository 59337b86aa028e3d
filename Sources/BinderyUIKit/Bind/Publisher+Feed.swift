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
  /// The one place Bindery subscribes to a publisher. Its closures are `@Sendable` — so, though
  /// written in main-actor code, they are not main-actor isolated — and call only the binding's
  /// thread-safe inbox, so a publisher may send on any thread. (A plain closure written here
  /// and handed to Combine would be inferred main-actor isolated, and trap off the main thread.)
  /// The publisher finishing ends the flow of lists; cancelling the binding cancels the
  /// subscription.
  @MainActor
  func feed<Section, Item>(
    _ binding: ListBinding<Section, Item>,
    lists: @escaping @Sendable (Output) -> [ListSection<Section, Item>]
  ) {
    let inbox = binding.inbox
    let subscription = sink(
      receiveCompletion: { @Sendable _ in inbox.finish() },
      receiveValue: { @Sendable value in inbox.submit(lists(value)) })
    let box = SubscriptionBox(subscription)
    binding.addCancellation { box.cancel() }
  }
}

/// A Combine subscription held by a binding; Combine's `AnyCancellable.cancel()` may be called
/// from any thread.
final class SubscriptionBox: @unchecked Sendable {
  private let subscription: AnyCancellable
  init(_ subscription: AnyCancellable) { self.subscription = subscription }
  func cancel() { subscription.cancel() }
}
