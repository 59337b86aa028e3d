import BinderyDiff
import Foundation
import HeadlessUIKit

/// Replays a staged changeset the way a view would, trusting nothing but index paths.
///
/// Each stage is handed to HeadlessUIKit's ``BatchUpdateValidator`` with the counts before and
/// after it; the accepted plan then moves the previous rows by index arithmetic, new rows are
/// read from the stage's snapshot, and reconfigured rows take their fresh content from it. The
/// result must equal the stage's snapshot exactly: ids *and* content. A row that changed content
/// without a reconfigure, an id that was deleted and inserted instead of kept, or a batch UIKit
/// would reject all fail the replay.
public enum ChangesetReplay {
  /// Why a replay failed.
  public struct Failure: Error, CustomStringConvertible {
    /// The stage that failed, counting from 0.
    public var stage: Int
    /// What went wrong.
    public var reason: String
    /// `stage N: reason`.
    public var description: String { "stage \(stage): \(reason)" }
  }

  /// Replays `changeset` from `old` and checks that every stage, and the end, is right.
  ///
  /// - Parameters:
  ///   - kinds: the views to validate against; both by default.
  ///   - strict: whether to validate in HeadlessUIKit's strict mode.
  /// - Returns: `nil` when the replay ends exactly at `new`, or the first failure.
  public static func check<Section, Item>(
    _ changeset: StagedChangeset<Section, Item>,
    from old: Snapshot<Section, Item>, to new: Snapshot<Section, Item>,
    kinds: [ListViewKind] = ListViewKind.allCases, strict: Bool = true
  ) -> Failure? {
    var sections = old.sections
    var items = (0..<old.numberOfSections).map { old.items(inSection: $0) }
    for (number, stage) in changeset.stages.enumerated() {
      let target = stage.snapshot
      let update = batchUpdate(for: stage)
      let oldCounts = items.map(\.count)
      let newCounts = (0..<target.numberOfSections).map { target.numberOfItems(inSection: $0) }
      var plan: BatchUpdatePlan?
      for kind in kinds {
        do {
          plan = try BatchUpdateValidator(kind: kind, strict: strict)
            .validate(update, oldCounts: oldCounts, newCounts: newCounts)
        } catch {
          return Failure(stage: number, reason: "\(kind.rawValue) rejects it: \(error)")
        }
      }
      guard let plan else { return Failure(stage: number, reason: "no view kind to check") }

      let previousIDs = Set(items.joined().map(\.id))
      var reinserted: [Item.ID] = []
      // A reloaded section's items are read again, not traded for others: UIKit reloads a
      // section as a delete and an insert of it.
      let reloaded = Set(stage.sectionReconfigures)
      var nextItems = plan.apply(to: items.map { $0.map(Optional.some) }) { path in
        let item = target.item(at: ItemPosition(section: path[0], item: path[1]))
        if let item, previousIDs.contains(item.id), !reloaded.contains(path[0]) {
          reinserted.append(item.id)
        }
        return item
      }
      if !reinserted.isEmpty {
        return Failure(
          stage: number, reason: "ids deleted and inserted instead of kept: \(reinserted)")
      }
      var nextSections: [Section?] = (0..<target.numberOfSections).map { section in
        plan.oldSection(forNew: section).map { sections[$0] } ?? target.section(at: section)
      }
      for position in stage.itemReconfigures {
        let path = IndexPath(indexes: [position.section, position.item])
        guard let destination = plan.destinationIndexPath(forOld: path) else {
          return Failure(stage: number, reason: "reconfigured \(position) does not survive")
        }
        nextItems[destination[0]][destination[1]] = target.item(
          at: ItemPosition(section: destination[0], item: destination[1]))
      }
      // The reloaded sections were read from the stage's snapshot as they were inserted; the
      // empty ones are refreshed in place.
      for section in stage.emptySectionReconfigures {
        guard let destination = plan.newSection(forOld: section) else {
          return Failure(stage: number, reason: "reconfigured section \(section) does not survive")
        }
        nextSections[destination] = target.section(at: destination)
      }
      let expectedItems = (0..<target.numberOfSections).map { target.items(inSection: $0) }
      if nextSections != target.sections.map(Optional.some) {
        return Failure(
          stage: number,
          reason: "sections \(nextSections.map { $0.map { "\($0)" } ?? "nil" }), "
            + "expected \(target.sections)")
      }
      if nextItems != expectedItems.map({ $0.map(Optional.some) }) {
        return Failure(
          stage: number,
          reason: "items \(nextItems.map { $0.map { $0.map { "\($0)" } ?? "nil" } }), "
            + "expected \(expectedItems)")
      }
      sections = target.sections
      items = expectedItems
    }
    let ended = Snapshot<Section, Item>.lenient(
      zip(sections, items).map { ListSection($0, items: $1) })
    if ended.snapshot != new {
      return Failure(
        stage: changeset.stages.count, reason: "replay does not end at the new snapshot")
    }
    return nil
  }

  /// The UIKit calls a view makes for one stage, as DifferenceKit's loop makes them: the
  /// reconfigured sections that have items are reloaded (`reloadSections(_:)`), so that the
  /// replay judges what such a loop asks of UIKit.
  public static func batchUpdate<Section, Item>(
    for stage: StagedChangeset<Section, Item>.Stage
  ) -> BatchUpdate {
    var update = BatchUpdate()
    let path = { (position: ItemPosition) in IndexPath(indexes: [position.section, position.item]) }
    update.sectionDeletes = stage.sectionDeletes
    update.sectionInserts = stage.sectionInserts
    update.sectionMoves = stage.sectionMoves.map { .init(from: $0.from, to: $0.to) }
    update.itemDeletes = stage.itemDeletes.map(path)
    update.itemInserts = stage.itemInserts.map(path)
    update.itemMoves = stage.itemMoves.map { .init(from: path($0.from), to: path($0.to)) }
    update.itemReconfigures = stage.itemReconfigures.map(path)
    update.sectionReloads = stage.sectionReconfigures
    return update
  }
}
