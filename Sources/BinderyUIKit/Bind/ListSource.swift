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

/// Where a bound list's lists come from: a Combine publisher or an `AsyncSequence`, of flat
/// lists (`[Item]`) or of lists of sections (`[ListSection<Section, Item>]`) — the element type
/// tells them apart. The one source parameter of every `bind(to:…)`:
///
/// ```swift
/// tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in … }
/// collectionView.bind(to: .sequence(feed.updates)) { collectionView, indexPath, post in … }
/// ```
///
/// Lists may be sent on any thread; each is diffed off the main actor against the one on
/// screen, and when they come faster than they can be shown the newest wins.
public struct ListSource<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// Starts feeding a binding; cancelling the binding stops it.
  @usableFromInline
  let _start: @MainActor (ListBinding<Section, Item>) -> Void
  /// Sends every list to `receive` instead (an outline makes its own rows from them); `failed`
  /// gets the error a sequence ends with. Returns what stops it.
  let feed:
    @MainActor (
      _ receive: @escaping @Sendable ([ListSection<Section, Item>]) -> Void,
      _ failed: @escaping @MainActor @Sendable (any Error) -> Void
    ) -> @Sendable () -> Void
  /// An `.observing` source's read (an `ObservedRead`), which a later source of the same
  /// identity can replace in a running binding; `nil` for publishers and sequences, whose
  /// subscription is the source.
  var observedRead: AnyObject? = nil
}

extension ListSource {
  /// Every list of sections a Combine publisher sends. The publisher finishing ends the flow
  /// of lists; cancelling the binding cancels the subscription.
  @MainActor
  public static func publisher<P: Publisher>(_ publisher: P) -> Self
  where P.Output == [ListSection<Section, Item>], P.Failure == Never {
    ListSource(
      _start: { publisher.feed($0, lists: { $0 }) },
      feed: { receive, _ in publisher.subscribe(receive: receive, finished: {}) })
  }

  /// Every list of sections an `AsyncSequence` sends. The sequence ending ends the flow of
  /// lists; one that throws reports the error on the binding's `errors`
  /// (`BindingError.sourceFailed`). Cancelling the binding cancels the reading.
  public static func sequence<S: AsyncSequence & Sendable>(_ sequence: S) -> Self
  where S.Element == [ListSection<Section, Item>] {
    ListSource(
      _start: { $0.read(sequence) },
      feed: { receive, failed in Self.read(sequence, receive: receive, failed: failed) })
  }

  /// Reads `sequence` on a task of its own; returns what cancels it.
  static func read<S: AsyncSequence & Sendable>(
    _ sequence: S, receive: @escaping @Sendable (S.Element) -> Void,
    failed: @escaping @MainActor @Sendable (any Error) -> Void
  ) -> @Sendable () -> Void {
    let reader = Task.detached {
      do {
        for try await element in sequence { receive(element) }
      } catch {
        await failed(error)
      }
    }
    return { reader.cancel() }
  }
}

extension ListSource where Section == FlatSection {
  /// Every array a Combine publisher sends, each shown as one section. The publisher
  /// finishing ends the flow of lists; cancelling the binding cancels the subscription.
  @MainActor
  public static func publisher<P: Publisher>(_ publisher: P) -> Self
  where P.Output == [Item], P.Failure == Never {
    ListSource(
      _start: { publisher.feed($0, lists: { [ListSection(FlatSection(), items: $0)] }) },
      feed: { receive, _ in
        publisher.subscribe(
          receive: { receive([ListSection(FlatSection(), items: $0)]) }, finished: {})
      })
  }

  /// Every array an `AsyncSequence` sends, each shown as one section. The sequence ending ends
  /// the flow of lists; one that throws reports the error on the binding's `errors`.
  public static func sequence<S: AsyncSequence & Sendable>(_ sequence: S) -> Self
  where S.Element == [Item] {
    ListSource(
      _start: { $0.read(items: sequence) },
      feed: { receive, failed in
        Self.read(
          sequence, receive: { receive([ListSection(FlatSection(), items: $0)]) },
          failed: failed)
      })
  }
}
