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

  /// As ``Result``, with the changeset `nil` when it would exceed the limit given: the new
  /// list is then shown with a reload, and the diff stopped as soon as that was proved.
  public typealias LimitedResult = (
    snapshot: Snapshot<Section, Item>, dropped: SnapshotError<Section.ID, Item.ID>?,
    changeset: StagedChangeset<Section, Item>?
  )

  @usableFromInline
  let _prepare:
    @Sendable ([ListSection<Section, Item>], Snapshot<Section, Item>, ReloadLimit?) ->
      LimitedResult

  /// The pipeline: `Snapshot.lenient(_:)`, then `StagedChangeset(from:to:)` (or, given a limit,
  /// `StagedChangeset(from:to:within:)`); an item whose `==` says it changed is reconfigured.
  @inlinable
  public init() {
    _prepare = { sections, base, limit in
      let (next, dropped) = Snapshot<Section, Item>.lenient(sections)
      guard let limit else { return (next, dropped, StagedChangeset(from: base, to: next)) }
      return (next, dropped, StagedChangeset(from: base, to: next, within: limit))
    }
  }

  /// The pipeline with `isContentEqual` deciding whether a matched item changed, for items
  /// whose `==` compares identity only (see `StagedChangeset(from:to:isContentEqual:)`).
  @inlinable
  public init(isContentEqual: @escaping @Sendable (Item, Item) -> Bool) {
    _prepare = { sections, base, limit in
      let (next, dropped) = Snapshot<Section, Item>.lenient(sections)
      guard let limit else {
        return (
          next, dropped, StagedChangeset(from: base, to: next, isContentEqual: isContentEqual)
        )
      }
      return (
        next, dropped,
        StagedChangeset(from: base, to: next, within: limit, isContentEqual: isContentEqual)
      )
    }
  }

  /// Validates `sections` and diffs them against `base`.
  @inlinable
  public func callAsFunction(
    _ sections: [ListSection<Section, Item>], after base: Snapshot<Section, Item>
  ) -> Result {
    let (next, dropped, changeset) = _prepare(sections, base, nil)
    return (next, dropped, changeset ?? StagedChangeset(from: base, to: next))
  }

  /// Validates `sections` and diffs them against `base`, stopping as soon as the changeset is
  /// proved larger than `limit` allows (then `changeset` is `nil`: show the list with a reload).
  @inlinable
  public func callAsFunction(
    _ sections: [ListSection<Section, Item>], after base: Snapshot<Section, Item>,
    within limit: ReloadLimit
  ) -> LimitedResult {
    _prepare(sections, base, limit)
  }
}
