import Bindery
import Foundation

#if canImport(Combine)
  import Combine
#else
  import HeadlessUIKit
#endif

// Lists of values that are not `Identifiable`: the app names the property that identifies each
// (`\.self` for strings), and the binding shows them as `Identified` items whose properties read
// through (`name.value`, `mate.userID`).

extension ListSource where Section == FlatSection {
  /// A publisher of flat lists of the app's values, each identified by the property at `id`:
  /// `.publisher(viewModel.$names, id: \.self)`. The cell provider gets each as an
  /// `Identified` whose properties read through.
  ///
  /// - Complexity: O(n) per list, to identify its n values.
  @MainActor
  public static func publisher<P: Publisher, Value, ID>(
    _ publisher: P, id: KeyPath<Value, ID> & Sendable
  ) -> Self
  where P.Output == [Value], P.Failure == Never, Item == Identified<Value, ID> {
    .publisher(publisher.map { values in values.map { Identified($0, id: id) } })
  }

  /// An async sequence of flat lists of the app's values, each identified by the property at
  /// `id`; see ``publisher(_:id:)``.
  ///
  /// - Complexity: O(n) per list, to identify its n values.
  public static func sequence<S: AsyncSequence & Sendable, Value, ID>(
    _ sequence: S, id: KeyPath<Value, ID> & Sendable
  ) -> Self
  where S.Element == [Value], Item == Identified<Value, ID> {
    .sequence(MappedLists(base: sequence) { values in values.map { Identified($0, id: id) } })
  }
}

extension ListSource {
  /// A publisher of lists of sections of the app's values, each identified by the property at
  /// `id`: `.sectionedPublisher(viewModel.$tagGroups, id: \.self)`. The cell provider gets
  /// each value as an `Identified` whose properties read through.
  ///
  /// - Complexity: O(n) per list, to identify its n values.
  @MainActor
  public static func sectionedPublisher<P: Publisher, Value, ID>(
    _ publisher: P, id: KeyPath<Value, ID> & Sendable
  ) -> Self
  where
    P.Output == [ListSection<Section, Value>], P.Failure == Never,
    Item == Identified<Value, ID>
  {
    .sectionedPublisher(publisher.map { sections in identify(sections, by: id) })
  }

  /// An async sequence of lists of sections of the app's values, each identified by the
  /// property at `id`; see ``sectionedPublisher(_:id:)``.
  ///
  /// - Complexity: O(n) per list, to identify its n values.
  public static func sectionedSequence<S: AsyncSequence & Sendable, Value, ID>(
    _ sequence: S, id: KeyPath<Value, ID> & Sendable
  ) -> Self
  where S.Element == [ListSection<Section, Value>], Item == Identified<Value, ID> {
    .sectionedSequence(MappedLists(base: sequence) { sections in identify(sections, by: id) })
  }

  /// `sections` with each value identified by the property at `id`.
  static func identify<Value, ID>(
    _ sections: [ListSection<Section, Value>], by id: KeyPath<Value, ID> & Sendable
  ) -> [ListSection<Section, Identified<Value, ID>>] where Item == Identified<Value, ID> {
    sections.map { ListSection($0.section, items: $0.items.map { Identified($0, id: id) }) }
  }
}

#if canImport(Observation)
  import Observation

  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  extension ListSource where Section == FlatSection {
    /// The app's values that `values` reads from `@Observable` state, each identified by the
    /// property at `id`, read again after every change to what it read:
    /// `.observing(id: \.self) { model.tags }`. See the flat `observing(clock:_:)` for when the
    /// list is read and shown.
    ///
    /// - Parameters:
    ///   - id: The property that identifies a value (`\.self` for strings).
    ///   - clock: The clock the rereads of a change made on another thread wait on: the
    ///     continuous clock, unless a test or a simulation runs in virtual time.
    ///   - values: Reads the values, on the main actor.
    /// - Complexity: O(n) per read, to identify its n values.
    @MainActor
    public static func observing<Value, ID>(
      id: KeyPath<Value, ID> & Sendable, clock: any Clock<Duration> = ContinuousClock(),
      _ values: @escaping @MainActor () -> [Value]
    ) -> Self
    where Item == Identified<Value, ID> {
      observing(clock: clock) { values().map { Identified($0, id: id) } }
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  extension ListSource {
    /// The sections of the app's values that `sections` reads from `@Observable` state, each
    /// value identified by the property at `id`, read again after every change to what it
    /// read: `.observingSections(id: \.self) { model.tagGroups }`.
    ///
    /// - Complexity: O(n) per read, to identify its n values.
    @MainActor
    public static func observingSections<Value, ID>(
      id: KeyPath<Value, ID> & Sendable, clock: any Clock<Duration> = ContinuousClock(),
      _ sections: @escaping @MainActor () -> [ListSection<Section, Value>]
    ) -> Self
    where Item == Identified<Value, ID> {
      observingSections(clock: clock) { identify(sections(), by: id) }
    }
  }
#endif

/// Each list of a sequence, transformed (its values identified): `map` of an `AsyncSequence`
/// is not `Sendable`, which a source's sequence must be.
struct MappedLists<Base: AsyncSequence & Sendable, Element>: AsyncSequence, Sendable {
  let base: Base
  let transform: @Sendable (Base.Element) -> Element

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let transform: @Sendable (Base.Element) -> Element

    mutating func next() async throws -> Element? {
      try await base.next().map(transform)
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: base.makeAsyncIterator(), transform: transform)
  }
}
