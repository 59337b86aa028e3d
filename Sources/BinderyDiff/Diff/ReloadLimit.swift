/// When a changeset is too large to show as batches: more inserts, deletes and moves than a
/// share of the list (and than a minimum). A binding shows such a change with a reload, and the
/// diff, told the limit, stops as soon as it has proved the change that large. Reconfigures are
/// never counted: a change of content to every row keeps every cell, where a reload would ask
/// for each again (dropping VoiceOver's focus, an open swipe, a text field's first responder).
public struct ReloadLimit: Sendable, Hashable {
  /// The share of the list's items (the larger of the old and new counts) that a changeset may
  /// touch.
  public var threshold: Double
  /// Changesets up to this size are always allowed, however small the list.
  public var minimumOperations: Int

  /// A limit of a share of the list, and a minimum.
  public init(threshold: Double, minimumOperations: Int) {
    self.threshold = threshold
    self.minimumOperations = minimumOperations
  }

  /// The most operations allowed for a change between lists of these sizes.
  @inlinable
  public func maximumOperations(oldCount: Int, newCount: Int) -> Int {
    let share = threshold * Double(max(oldCount, newCount))
    let allowed = share.isFinite ? Int(max(0, share).rounded(.down)) : Int.max
    return max(minimumOperations, allowed)
  }
}

extension StagedChangeset {
  /// Computes the stages from `old` to `new`, or `nil` when they would hold more inserts,
  /// deletes and moves than `limit` allows: then the diff stops as soon as that is proved (a list re-sorted by
  /// another key is known to be a reload about halfway through matching, before any stage is
  /// built), and the caller shows `new` with a reload. Otherwise as ``init(from:to:)``.
  ///
  /// - Complexity: as ``init(from:to:)``, at most.
  @inlinable
  public init?(
    from old: Snapshot<Section, Item>, to new: Snapshot<Section, Item>, within limit: ReloadLimit
  ) {
    if let isContentEqual = contentEquality(of: Item.self) {
      self.init(from: old, to: new, within: limit, isContentEqual: isContentEqual)
      return
    }
    let maximum = limit.maximumOperations(oldCount: old.numberOfItems, newCount: new.numberOfItems)
    guard
      let stages = SnapshotDiff(old: old, new: new, content: EquatableContent())
        .stages(maximumOperations: maximum)
    else { return nil }
    self.init(stages: stages)
  }

  /// As ``init(from:to:within:)``, deciding whether a matched item changed with
  /// `isContentEqual`.
  @inlinable
  public init?(
    from old: Snapshot<Section, Item>, to new: Snapshot<Section, Item>, within limit: ReloadLimit,
    isContentEqual: (Item, Item) -> Bool
  ) {
    let maximum = limit.maximumOperations(oldCount: old.numberOfItems, newCount: new.numberOfItems)
    let stages = withoutActuallyEscaping(isContentEqual) { isContentEqual in
      SnapshotDiff(old: old, new: new, content: ClosureContent(isEqual: isContentEqual))
        .stages(maximumOperations: maximum)
    }
    guard let stages else { return nil }
    self.init(stages: stages)
  }
}
