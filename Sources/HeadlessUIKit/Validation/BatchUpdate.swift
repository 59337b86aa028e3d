import Foundation

/// The operations recorded in one batch of updates, in the arguments UIKit received them with.
///
/// A headless view collects these between `performBatchUpdates`' start and end (or for a single
/// operation outside a batch) and hands them to ``BatchUpdateValidator``.
public struct BatchUpdate: Sendable, Hashable {
  /// A `moveSection(_:toSection:)` call.
  public struct SectionMove: Sendable, Hashable {
    /// The section index before the batch.
    public var from: Int
    /// The section index after the batch.
    public var to: Int
    /// Creates a section move.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// A `moveRow(at:to:)` or `moveItem(at:to:)` call.
  public struct ItemMove: Sendable, Hashable {
    /// The index path before the batch.
    public var from: IndexPath
    /// The index path after the batch.
    public var to: IndexPath
    /// Creates an item move.
    public init(from: IndexPath, to: IndexPath) {
      self.from = from
      self.to = to
    }
  }

  /// `insertSections`, in after-update indices.
  public var sectionInserts: [Int] = []
  /// `deleteSections`, in before-update indices.
  public var sectionDeletes: [Int] = []
  /// `reloadSections`, in before-update indices.
  public var sectionReloads: [Int] = []
  /// `moveSection`, before → after.
  public var sectionMoves: [SectionMove] = []
  /// `insertRows` / `insertItems`, in after-update index paths.
  public var itemInserts: [IndexPath] = []
  /// `deleteRows` / `deleteItems`, in before-update index paths.
  public var itemDeletes: [IndexPath] = []
  /// `reloadRows` / `reloadItems`, in before-update index paths.
  public var itemReloads: [IndexPath] = []
  /// `moveRow` / `moveItem`, before → after.
  public var itemMoves: [ItemMove] = []
  /// `reconfigureRows` / `reconfigureItems`.
  public var itemReconfigures: [IndexPath] = []

  /// Creates an empty batch.
  public init() {}

  /// Whether the batch inserts, deletes, reloads or moves anything.
  public var isStructural: Bool {
    !(sectionInserts.isEmpty && sectionDeletes.isEmpty && sectionReloads.isEmpty
      && sectionMoves.isEmpty && itemInserts.isEmpty && itemDeletes.isEmpty
      && itemReloads.isEmpty && itemMoves.isEmpty)
  }

  /// Whether the batch holds no operation at all.
  public var isEmpty: Bool { !isStructural && itemReconfigures.isEmpty }

  /// Adds another batch's operations (a nested `performBatchUpdates` joins its outer batch).
  public mutating func append(contentsOf other: BatchUpdate) {
    sectionInserts += other.sectionInserts
    sectionDeletes += other.sectionDeletes
    sectionReloads += other.sectionReloads
    sectionMoves += other.sectionMoves
    itemInserts += other.itemInserts
    itemDeletes += other.itemDeletes
    itemReloads += other.itemReloads
    itemMoves += other.itemMoves
    itemReconfigures += other.itemReconfigures
  }
}
