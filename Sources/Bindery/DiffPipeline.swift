import BinderyDiff

/// How a binding turns a list into what the view shows: validate it into a `Snapshot` and
/// diff it against the one on screen.
///
/// It exists for speed and for one choice. Speed: its initializers are inlinable, so the closure
/// they build is compiled where the item types are known and the validation and the diff are
/// specialized for them; created in `Bindery`'s generic code instead, they would run several
/// times slower. Every binding initializer defaults to `DiffPipeline()`, evaluated at the call
/// site. The choice: how content is compared, for items whose `==` compares identity only.
public struct DiffPipeline<Section, Item>: Sendable
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// A validated list, what was dropped from it, and the changeset from the previous one.
  public typealias Result = (
    snapshot: Snapshot<Section, Item>, dropped: SnapshotError<Section.ID, Item.ID>?,
    changeset: StagedChangeset<Section, Item>
  )

  @usableFromInline
  let prepare: @Sendable ([ListSection<Section, Item>], Snapshot<Section, Item>) -> Result

  /// The pipeline: `Snapshot.lenient(_:)`, then `StagedChangeset(from:to:)`; an item
  /// whose `==` says it changed is reconfigured.
  @inlinable
  public init() {
    prepare = { sections, base in
      let (next, dropped) = Snapshot<Section, Item>.lenient(sections)
      return (next, dropped, StagedChangeset(from: base, to: next))
    }
  }

  /// The pipeline with `isContentEqual` deciding whether a matched item changed, for items
  /// whose `==` compares identity only (see `StagedChangeset(from:to:isContentEqual:)`).
  @inlinable
  public init(isContentEqual: @escaping @Sendable (Item, Item) -> Bool) {
    prepare = { sections, base in
      let (next, dropped) = Snapshot<Section, Item>.lenient(sections)
      return (
        next, dropped, StagedChangeset(from: base, to: next, isContentEqual: isContentEqual)
      )
    }
  }

  /// Validates `sections` and diffs them against `base`.
  @inlinable
  public func callAsFunction(
    _ sections: [ListSection<Section, Item>], after base: Snapshot<Section, Item>
  ) -> Result {
    prepare(sections, base)
  }
}
