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

/// Where a bound list's lists come from: how to start feeding a binding (reading a sequence,
/// subscribing to a publisher).
@usableFromInline
struct ListSource<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  let start: @MainActor (ListBinding<Section, Item>) -> Void
}

extension ListSource {
  /// Reads an `AsyncSequence` of lists of sections.
  @usableFromInline
  static func sequence<Source: AsyncSequence & Sendable>(_ source: Source) -> Self
  where Source.Element == [ListSection<Section, Item>] {
    ListSource { $0.read(source) }
  }

  /// Subscribes to a publisher of lists of sections.
  @MainActor @usableFromInline
  static func publisher<P: Publisher>(_ publisher: P) -> Self
  where P.Output == [ListSection<Section, Item>], P.Failure == Never {
    ListSource { publisher.feed($0, lists: { $0 }) }
  }
}

extension ListSource where Section == FlatSection {
  /// Reads an `AsyncSequence` of flat lists.
  @usableFromInline
  static func sequence<Source: AsyncSequence & Sendable>(items source: Source) -> Self
  where Source.Element == [Item] {
    ListSource { $0.read(items: source) }
  }

  /// Subscribes to a publisher of flat lists.
  @MainActor @usableFromInline
  static func publisher<P: Publisher>(items publisher: P) -> Self
  where P.Output == [Item], P.Failure == Never {
    ListSource { publisher.feed($0, lists: { [ListSection(FlatSection(), items: $0)] }) }
  }
}
