/// A section moving from one index to another within one stage.
public struct SectionMove: Hashable, Sendable, CustomStringConvertible {
  /// The section's index before the stage.
  public var from: Int
  /// The section's index after the stage.
  public var to: Int

  /// Creates a section move.
  @inlinable
  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }

  /// `from→to`.
  public var description: String { "\(from)→\(to)" }
}

/// An item moving from one position to another within one stage.
public struct ItemMove: Hashable, Sendable, CustomStringConvertible {
  /// The item's position before the stage.
  public var from: ItemPosition
  /// The item's position after the stage.
  public var to: ItemPosition

  /// Creates an item move.
  @inlinable
  public init(from: ItemPosition, to: ItemPosition) {
    self.from = from
    self.to = to
  }

  /// `[s, i]→[s, i]`.
  public var description: String { "\(from)→\(to)" }
}

/// The batch updates that take a view from one snapshot to another, split into stages that UIKit
/// accepts one `performBatchUpdates` at a time.
///
/// Each ``Stage`` uses UIKit's coordinate conventions: deletes and the `from` of moves refer to
/// the state before the stage, inserts and the `to` of moves to the state after it, and
/// reconfigures (which only ever appear in a stage with no structural change) to both.
/// A view applies a stage by installing ``Stage/snapshot`` as its data inside the updates closure
/// and issuing the stage's operations, then moves to the next stage.
///
/// Stages, each present only when needed:
/// 1. reconfigures: items whose id survives and whose content changed; then, in a stage of
///    their own, sections whose content changed;
/// 2. new, empty sections that items from other sections are about to move into;
/// 3. item deletes, inserts and moves, with section deletes and inserts that no moving item
///    touches;
/// 4. section moves, and deletes of sections whose surviving items have just moved out.
///
/// A flat list therefore needs at most two stages: reconfigures, then one structural batch.
/// Stage 4 exists because UIKit corrupts its bookkeeping when a section moves in the same batch
/// as item operations inside it, and stage 2 because it refuses to move an item into a section
/// inserted in the same batch; identity is never traded for a delete and an insert.
public struct StagedChangeset<Section, Item>: Sendable
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// One batch of updates and the snapshot the view shows once it is applied.
  public struct Stage: Sendable {
    /// Indices of deleted sections, before the stage, ascending.
    public var sectionDeletes: [Int] = []
    /// Indices of inserted sections, after the stage, ascending.
    public var sectionInserts: [Int] = []
    /// Sections that move, ordered by destination.
    public var sectionMoves: [SectionMove] = []
    /// Indices of sections that have items and whose content (not identity) changed, in a
    /// stage with nothing else in it, so the index is the same before and after it. Refresh
    /// their headers and footers in place (as BinderyUIKit does), or give them to
    /// `reloadSections(_:)`, which UIKit accepts for them there.
    public var sectionReconfigures: [Int] = []
    /// Indices of sections without items whose content changed, in the same stage as
    /// ``sectionReconfigures``: refresh their headers and footers in place. Never give them to
    /// `reloadSections(_:)`: a collection view is not known to reload a section without items
    /// safely (HeadlessUIKit's strict mode rejects it).
    public var emptySectionReconfigures: [Int] = []
    /// Positions of deleted items, before the stage, ascending.
    public var itemDeletes: [ItemPosition] = []
    /// Positions of inserted items, after the stage, ascending.
    public var itemInserts: [ItemPosition] = []
    /// Items that move, ordered by destination.
    public var itemMoves: [ItemMove] = []
    /// Positions of items whose content changed; only in a stage without structural changes.
    public var itemReconfigures: [ItemPosition] = []
    /// What the view shows once this stage is applied.
    public var snapshot: Snapshot<Section, Item>

    /// Creates a stage with no operations that ends at a snapshot.
    public init(snapshot: Snapshot<Section, Item>) {
      self.snapshot = snapshot
    }

    /// The number of operations in the stage, counting a move as one.
    public var operationCount: Int {
      sectionDeletes.count + sectionInserts.count + sectionMoves.count
        + sectionReconfigures.count + emptySectionReconfigures.count + itemDeletes.count
        + itemInserts.count + itemMoves.count
        + itemReconfigures.count
    }

    /// The number of the stage's inserts, deletes and moves (of sections and items), counting a
    /// move as one: what a reload limit counts. Reconfigures keep their cells, and are not
    /// counted.
    public var structuralOperationCount: Int {
      sectionDeletes.count + sectionInserts.count + sectionMoves.count + itemDeletes.count
        + itemInserts.count + itemMoves.count
    }

    /// Whether the stage inserts items, on their own or in inserted sections.
    public var insertsItems: Bool {
      !itemInserts.isEmpty
        || sectionInserts.contains { snapshot.numberOfItems(inSection: $0) > 0 }
    }

    /// Whether the stage changes structure (inserts, deletes or moves anything).
    public var isStructural: Bool {
      !(sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
        && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty)
    }
  }

  /// The stages, in the order they must be applied.
  public let stages: [Stage]

  /// Wraps stages that were computed elsewhere.
  public init(stages: [Stage]) {
    self.stages = stages
  }

  /// Whether the two snapshots were equal: nothing to apply.
  public var isEmpty: Bool { stages.isEmpty }

  /// The number of operations in all stages.
  public var operationCount: Int { stages.reduce(0) { $0 + $1.operationCount } }

  /// The number of inserts, deletes and moves in all stages: what a ``ReloadLimit`` counts.
  public var structuralOperationCount: Int {
    stages.reduce(0) { $0 + $1.structuralOperationCount }
  }

  /// Operation counts summed over all stages.
  public var counts: OperationCounts {
    stages.reduce(into: OperationCounts()) { counts, stage in
      counts.sectionDeletes += stage.sectionDeletes.count
      counts.sectionInserts += stage.sectionInserts.count
      counts.sectionMoves += stage.sectionMoves.count
      counts.sectionReconfigures +=
        stage.sectionReconfigures.count + stage.emptySectionReconfigures.count
      counts.itemDeletes += stage.itemDeletes.count
      counts.itemInserts += stage.itemInserts.count
      counts.itemMoves += stage.itemMoves.count
      counts.itemReconfigures += stage.itemReconfigures.count
    }
  }
}

/// How many operations of each kind a changeset holds.
public struct OperationCounts: Hashable, Sendable, CustomStringConvertible {
  /// Deleted sections.
  public var sectionDeletes = 0
  /// Inserted sections.
  public var sectionInserts = 0
  /// Moved sections.
  public var sectionMoves = 0
  /// Sections whose content changed.
  public var sectionReconfigures = 0
  /// Deleted items.
  public var itemDeletes = 0
  /// Inserted items.
  public var itemInserts = 0
  /// Moved items.
  public var itemMoves = 0
  /// Items whose content changed.
  public var itemReconfigures = 0

  /// Creates zero counts.
  public init() {}

  /// A compact summary such as `-3 +2 ↕1 ~4 (sections -1)`.
  public var description: String {
    var text = "-\(itemDeletes) +\(itemInserts) ↕\(itemMoves) ~\(itemReconfigures)"
    if sectionDeletes + sectionInserts + sectionMoves + sectionReconfigures > 0 {
      text += " sections -\(sectionDeletes) +\(sectionInserts) ↕\(sectionMoves)"
      text += " ~\(sectionReconfigures)"
    }
    return text
  }
}
