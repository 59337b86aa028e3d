extension StagedChangeset {
  /// Computes the stages that take a view showing `old` to showing `new`.
  ///
  /// Items are matched by `id`. A matched item whose content differs (`!=`, or
  /// ``ContentEquatable/isContentEqual(to:)`` for items that adopt it) is reconfigured,
  /// never deleted and re-inserted, and an item that both moves and changes is reconfigured in
  /// the first stage and moved in a later one. Within a section, the matched items that keep
  /// their relative order (a longest increasing subsequence) do not move, so the number of moves
  /// is the minimum; items that change section always move. Sections are matched the same way.
  ///
  /// Both snapshots must have unique ids, which ``Snapshot``'s initializers guarantee.
  ///
  /// - Complexity: O(p + s) comparisons for the common prefix and suffix of each matched section,
  ///   which are found before anything is hashed (equal snapshots cost one linear comparison and
  ///   no hashing); then, per item left in the middle of `new`, a few id comparisons with the
  ///   old items after the last match and, only when those miss (an insert, an item moved in),
  ///   one hash probe into `old`'s id table, which a validated snapshot already has, so no table
  ///   is built — O(k log k) for the longest increasing subsequence over the k matched items
  ///   there, and O(n) copying for the intermediate snapshots of multi-stage changesets.
  @inlinable
  public init(from old: Snapshot<Section, Item>, to new: Snapshot<Section, Item>) {
    if let isContentEqual = contentEquality(of: Item.self) {
      self.init(from: old, to: new, isContentEqual: isContentEqual)
    } else {
      self.init(stages: SnapshotDiff(old: old, new: new, content: EquatableContent()).stages())
    }
  }

  /// Computes the stages from `old` to `new`, deciding whether a matched item changed with
  /// `isContentEqual` instead of `==`.
  ///
  /// Use it for items whose `==` compares identity only: such items are never reconfigured by
  /// ``init(from:to:)``. Everything else is as there.
  ///
  /// - Complexity: as ``init(from:to:)``, with one call of `isContentEqual` per matched item.
  @inlinable
  public init(
    from old: Snapshot<Section, Item>, to new: Snapshot<Section, Item>,
    isContentEqual: (Item, Item) -> Bool
  ) {
    let stages = withoutActuallyEscaping(isContentEqual) { isContentEqual in
      SnapshotDiff(old: old, new: new, content: ClosureContent(isEqual: isContentEqual)).stages()
    }
    self.init(stages: stages)
  }
}

/// How the diff decides that a matched item's content changed.
@usableFromInline
protocol ContentComparison {
  associatedtype Item
  func _isEqual(_ lhs: Item, _ rhs: Item) -> Bool
}

/// Content is `==`: the default, specialized away.
@usableFromInline
struct EquatableContent<Item: Equatable>: ContentComparison {
  @inlinable init() {}
  @inlinable @inline(__always)
  func _isEqual(_ lhs: Item, _ rhs: Item) -> Bool { lhs == rhs }
}

/// Content is what a closure says.
@usableFromInline
struct ClosureContent<Item>: ContentComparison {
  @usableFromInline let _isEqualClosure: (Item, Item) -> Bool
  @inlinable init(isEqual: @escaping (Item, Item) -> Bool) { _isEqualClosure = isEqual }
  @inlinable @inline(__always)
  func _isEqual(_ lhs: Item, _ rhs: Item) -> Bool { _isEqualClosure(lhs, rhs) }
}

/// The diff, one phase per method. Internal, but inlinable so that it is specialized for the
/// caller's `Item` type: unspecialized generic code would pay a witness-table call per `==`.
///
/// Each phase reads what the phases before it left and fills in its own part of the state;
/// ``stages()`` runs them in order. Coordinates: "old" positions index `old`, "new" positions
/// index `new`; stage positions are remapped when the stages are built.
@usableFromInline
struct SnapshotDiff<Section, Item, Content: ContentComparison>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable, Content.Item == Item
{
  @usableFromInline typealias Stage = StagedChangeset<Section, Item>.Stage

  @usableFromInline let _old: Snapshot<Section, Item>
  @usableFromInline let _new: Snapshot<Section, Item>
  @usableFromInline let _content: Content

  // Sections (matchSections).
  /// For each old section, its index in `new`, or -1 when it is deleted.
  @usableFromInline var _newSectionOfOld: [Int] = []
  /// For each new section, its index in `old`, or -1 when it is inserted.
  @usableFromInline var _oldSectionOfNew: [Int] = []
  /// For each new section, whether it keeps its place (it is in the sections' LIS).
  @usableFromInline var _sectionStays: [Bool] = []
  /// Old indices of matched sections whose content changed.
  @usableFromInline var _sectionReconfigures: [Int] = []

  // Items (trimCommonEnds, matchItems, findDeletes).
  /// Per old section, the length of the common prefix and suffix with its new section.
  @usableFromInline var _prefix: [Int] = []
  @usableFromInline var _suffix: [Int] = []
  /// Matched items whose content changed, in old and new positions.
  @usableFromInline var _reconfigured: [(old: ItemPosition, new: ItemPosition)] = []
  @usableFromInline var _inserted: [ItemPosition] = []
  @usableFromInline var _deleted: [ItemPosition] = []
  /// Item moves in old → new positions.
  @usableFromInline var _moved: [ItemMove] = []
  /// New sections that are inserted and receive items moved from other sections.
  @usableFromInline var _receiving: [Bool] = []
  /// Old sections that are deleted and lose items moved to other sections.
  @usableFromInline var _evacuating: [Bool] = []
  /// Per old item, laid out section after section: whether a new item matched it.
  @usableFromInline var _matchedOld: [Bool] = []

  // The early verdict (matchItems).
  /// More operations than this make the changeset too large to show (a binding reloads): the
  /// diff stops as soon as it has proved that, and gives no stages. `nil`: no limit.
  @usableFromInline var _maximumOperations: Int?
  /// Whether the changeset was proved larger than ``_maximumOperations``.
  @usableFromInline var _exceedsLimit = false
  /// Operations the stages will certainly hold, from the sections matched so far.
  @usableFromInline var _provenOperations = 0

  @inlinable
  init(old: Snapshot<Section, Item>, new: Snapshot<Section, Item>, content: Content) {
    self._old = old
    self._new = new
    self._content = content
  }

  /// Runs the phases and returns the stages. Equal snapshots give no stages.
  @inlinable
  func stages() -> [Stage] {
    stages(maximumOperations: nil) ?? []
  }

  /// Runs the phases and returns the stages, or `nil` when they would hold more than
  /// `maximumOperations` operations: then the diff stops as soon as that is certain.
  @inlinable
  func stages(maximumOperations: Int?) -> [Stage]? {
    var diff = self
    diff._maximumOperations = maximumOperations
    diff.matchSections()
    if maximumOperations != nil {
      // Each section inserted or deleted is one operation of the stages, whatever its items
      // (items inserted into a new section are never counted): a first list, diffed against
      // nothing, is proved too large here, before any item is looked at.
      diff._provenOperations =
        diff._oldSectionOfNew.lazy.filter { $0 < 0 }.count
        + diff._newSectionOfOld.lazy.filter { $0 < 0 }.count
      if diff.provesTooLarge(pending: 0) { return nil }
    }
    diff.trimCommonEnds()
    diff.matchItems()
    if diff._exceedsLimit { return nil }
    diff.findDeletes()
    let stages = diff.buildStages()
    if let maximumOperations,
      stages.reduce(0, { $0 + $1.structuralOperationCount }) > maximumOperations
    {
      return nil
    }
    return stages
  }
}
