/// One section of input for a ``Snapshot``: the section value and its items, in order.
///
/// This is the shape a sectioned source sends (an `AsyncSequence` or publisher of
/// `[ListSection<Section, Item>]`); ``Snapshot/init(_:)`` validates it.
public struct ListSection<Section, Item> {
  /// The section itself: its `id` is its identity, everything else is its content
  /// (a header title, for example).
  public var section: Section
  /// The section's items in display order.
  public var items: [Item]

  /// Creates a section from its value and its items.
  @inlinable
  public init(_ section: Section, items: [Item]) {
    self.section = section
    self.items = items
  }
}

extension ListSection: Sendable where Section: Sendable, Item: Sendable {}
extension ListSection: Equatable where Section: Equatable, Item: Equatable {}

/// The section type of a flat list: a snapshot with exactly one section.
///
/// `Snapshot<FlatSection, Item>` (spelled ``ListSnapshot``) is what `[Item]` becomes.
public struct FlatSection: Identifiable, Hashable, Sendable {
  /// Every flat section has the same identity, so two flat snapshots always match by section.
  public var id: Int { 0 }

  /// Creates the flat section.
  @inlinable
  public init() {}
}
