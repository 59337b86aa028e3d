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

/// Where a bound list's lists come from: a Combine publisher, an `AsyncSequence` or
/// `@Observable` state, of flat lists (`[Item]`, shown as one section) or of lists of sections
/// (`[ListSection<Section, Item>]`). The one source parameter of every `bind(to:…)`:
///
/// | Lists come from | Flat | In sections |
/// |---|---|---|
/// | a Combine publisher | ``publisher(_:)`` | ``sectionedPublisher(_:)`` |
/// | an `AsyncSequence` | ``sequence(_:)`` | ``sectionedSequence(_:)`` |
/// | `@Observable` state (iOS 17) | `observing(clock:_:)` | `observingSections(clock:_:)` |
///
/// ```swift
/// tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in … }
/// collectionView.bind(to: .sectionedSequence(feed.teams)) { grid, indexPath, mate in … }
/// ```
///
/// Sections have names of their own, not the flat names over another element type: with one
/// name for both, a binding whose type nothing pins (kept with `.store(in: &cancellables)`)
/// had its typo in a content key reported as "generic parameter 'Section' could not be
/// inferred" — the compiler explained the typo with the sectioned overload
/// (`Tests/Diagnostics/TypoInAContentKeyStoredInCancellables.swift`).
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
  ///
  /// ```swift
  /// collectionView.bind(to: .sectionedPublisher(viewModel.$teams)) { grid, path, mate in … }
  /// ```
  @MainActor
  public static func sectionedPublisher<P: Publisher>(_ publisher: P) -> Self
  where P.Output == [ListSection<Section, Item>], P.Failure == Never {
    ListSource(
      _start: { publisher.feed($0, lists: { $0 }) },
      feed: { receive, _ in publisher.subscribe(receive: receive, finished: {}) })
  }

  /// Every list of sections an `AsyncSequence` sends. The sequence ending ends the flow of
  /// lists; one that throws reports the error on the binding's `errors`
  /// (`BindingError.sourceFailed`). Cancelling the binding cancels the reading.
  public static func sectionedSequence<S: AsyncSequence & Sendable>(_ sequence: S) -> Self
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
  ///
  /// A publisher of sections is ``sectionedPublisher(_:)``: given one, this reports "requires
  /// that 'ListSection<…>' conform to 'Identifiable'".
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
  /// the flow of lists; one that throws reports the error on the binding's `errors`. A
  /// sequence of sections is ``sectionedSequence(_:)``.
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
