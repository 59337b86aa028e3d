import Foundation

/// The words of ``BatchUpdateValidator``'s checks, phase by phase, kept beside the rest of
/// UIKit's messages so the checks hold no text of their own.
///
/// UIKit's texts are kept as UIKit prints them, typos and odd grammar included: tests and logs are
/// matched against them, so a line marked `(sic)` must not be corrected. UIKit never singularizes
/// its counts ("only 1 sections"). Index paths print as ``ItemSlot/uikitDescription``.
extension UIKitMessages {
  // MARK: Counts (§1.4)

  /// The count check's verdict (§1.4), as UIKit words it since iOS 16.4, for tables and
  /// collection views alike: the counts before and after, and the updates. The older
  /// per-section wording ("Invalid update: invalid number of rows in section 0. …") is gone.
  /// The list of updates is written in the form UIKit's logs show for deletes and inserts;
  /// moves and reloads follow the same pattern, which no public log confirms.
  static func invalidBatchUpdates(
    _ rule: UpdateViolation.Rule, _ update: BatchUpdate, oldCounts: [Int], newCounts: [Int],
    kind: ListViewKind
  ) -> UpdateViolation {
    let noun = kind.elementNoun
    func counts(_ counts: [Int]) -> String {
      let sections = counts.count == 1 ? "1 section" : "\(counts.count) sections"
      return
        "{ \(sections) with \(noun) counts: [\(counts.map(String.init).joined(separator: ", "))] }"
    }
    func path(_ path: IndexPath) -> String { "(\(path.map(String.init).joined(separator: " - ")))" }
    var updates: [String] = []
    updates += update.sectionDeletes.map { "Delete section \($0)" }
    updates += update.sectionInserts.map { "Insert section \($0)" }
    updates += update.sectionReloads.map { "Reload section \($0)" }
    updates += update.sectionMoves.map { "Move section \($0.from) to \($0.to)" }
    updates += update.itemDeletes.map { "Delete \(noun) \(path($0))" }
    updates += update.itemInserts.map { "Insert \(noun) \(path($0))" }
    updates += update.itemReloads.map { "Reload \(noun) \(path($0))" }
    updates += update.itemMoves.map { "Move \(noun) \(path($0.from)) to \(path($0.to))" }
    let view =
      kind == .tableView
      ? "Table view: <HeadlessTableView>" : "Collection view: <HeadlessCollectionView>"
    return UpdateViolation(
      rule,
      "Invalid batch updates detected: the number of sections and/or \(noun)s returned by the "
        + "data source before and after performing the batch updates are inconsistent with the "
        + "updates.\nData source before updates = \(counts(oldCounts))\nData source after "
        + "updates = \(counts(newCounts))\nUpdates = [\n"
        + updates.map { "\t\($0)" }.joined(separator: ",\n") + (updates.isEmpty ? "" : "\n")
        + "]\n\(view)")
  }

  // MARK: Reconfigures (§2)

  /// HeadlessUIKit's: UIKit documents no failure for it.
  static func reconfigureOfChangedPath(_ path: ItemSlot) -> UpdateViolation {
    UpdateViolation(
      .reconfigureOfChangedPath,
      "attempt to reconfigure index path (\(path.uikitDescription)) that this batch also "
        + "deletes, reloads or moves",
      isUIKitMessage: false)
  }

  /// HeadlessUIKit's: a reconfigure of a row that is not there before the batch.
  static func reconfigureOfMissingPath(_ path: ItemSlot, kind: ListViewKind) -> UpdateViolation {
    UpdateViolation(
      .indexOutOfRange,
      "attempt to reconfigure \(kind.elementNoun) \(path.item) in section \(path.section), which does "
        + "not exist before the update", isUIKitMessage: false)
  }

  // MARK: Reloads (§1.2 step 2)

  /// HeadlessUIKit's: UIKit decomposes it into a double delete (§1.5 #17).
  static func deleteAndReloadSameSection(_ section: Int) -> UpdateViolation {
    UpdateViolation(
      .deleteAndReloadSameSection,
      "attempt to delete and reload the same section (\(section))", isUIKitMessage: false)
  }

  static func deleteAndReloadSamePath(_ path: ItemSlot) -> UpdateViolation {
    UpdateViolation(
      .deleteAndReloadSamePath,
      "attempt to delete and reload the same index path (\(path.uikitDescription))")
  }

  // MARK: Moves (§1.2 step 5)

  static func sectionMoveSourceOutOfRange(_ section: Int, sections: Int) -> UpdateViolation {
    UpdateViolation(
      .indexOutOfRange,
      "attempt to move section \(section), but there are only \(sections) sections "
        + "before the update")
  }

  static func sectionMoveDestinationOutOfRange(from: Int, to: Int, sections: Int)
    -> UpdateViolation
  {
    UpdateViolation(
      .indexOutOfRange,
      // (sic) "to to": UIKit's typo.
      "attempt to to move section \(from) to section \(to), but there are only "
        + "\(sections) sections after the update")
  }

  static func sectionMovedToTwoDestinations(_ section: Int, _ first: Int, _ second: Int)
    -> UpdateViolation
  {
    UpdateViolation(
      .moveToTwoDestinations,
      "attempt to move section \(section) to both section \(first) and section "
        + "\(second)")
  }

  static func sectionsMovedToOneDestination(_ first: Int, _ second: Int, to destination: Int)
    -> UpdateViolation
  {
    UpdateViolation(
      .moveTwoSourcesToOneDestination,
      "attempt to move both section \(first) and section \(second) to section \(destination)")
  }

  static func itemMoveSourceSectionOutOfRange(_ from: ItemSlot, sections: Int)
    -> UpdateViolation
  {
    UpdateViolation(
      .indexOutOfRange,
      "attempt to move index path (\(from.uikitDescription)) from a section that does not "
        + "exist - there are only \(sections) sections before the update")
  }

  static func itemMoveSourceOutOfRange(_ from: ItemSlot, count: Int, kind: ListViewKind)
    -> UpdateViolation
  {
    UpdateViolation(
      .indexOutOfRange,
      "attempt to move index path (\(from.uikitDescription)) that does not exist - there are "
        + "only \(count) \(kind.elementNoun)s in section \(from.section) "
        + "before the update")
  }

  static func itemMoveDestinationSectionOutOfRange(
    _ from: ItemSlot, _ to: ItemSlot, sections: Int
  ) -> UpdateViolation {
    UpdateViolation(
      .indexOutOfRange,
      // (sic) "in section that does not exist", without "a": UIKit's wording.
      "attempt to move index path (\(from.uikitDescription)) to index path "
        + "(\(to.uikitDescription)) in section that does not exist - there are only "
        + "\(sections) sections after the update")
  }

  static func itemMoveDestinationOutOfRange(
    _ from: ItemSlot, _ to: ItemSlot, count: Int, kind: ListViewKind
  ) -> UpdateViolation {
    UpdateViolation(
      .indexOutOfRange,
      "attempt to move index path (\(from.uikitDescription)) to index path "
        + "(\(to.uikitDescription)) that does not exist - there are only "
        + "\(count) \(kind.elementNoun)s in section \(to.section) after the "
        + "update")
  }

  static func itemMovedToTwoDestinations(
    _ from: ItemSlot, _ first: ItemSlot, _ second: ItemSlot, kind: ListViewKind
  ) -> UpdateViolation {
    UpdateViolation(
      .moveToTwoDestinations,
      "attempt to move \(kind.elementNoun) at index path \(from.uikitDescription) to both "
        + "\(first.uikitDescription) and \(second.uikitDescription)")
  }

  static func itemsMovedToOneDestination(
    _ first: ItemSlot, _ second: ItemSlot, to destination: ItemSlot, kind: ListViewKind
  ) -> UpdateViolation {
    UpdateViolation(
      .moveTwoSourcesToOneDestination,
      "attempt to move both \(kind.elementNoun) at index path \(first.uikitDescription) and "
        + "\(second.uikitDescription) to \(destination.uikitDescription)")
  }

  /// UICollectionView asserts with this message; a table with "a row" (its "into a newly
  /// inserted section" form is in public logs, this one by symmetry), where UITableView on iOS
  /// 11.4 silently fell back to reloadData (UIKit rules §1.5 #13).
  static func moveFromDeletedSection(_ section: Int, kind: ListViewKind) -> UpdateViolation {
    UpdateViolation(
      .moveFromDeletedSection,
      "cannot move \(article(kind)) \(kind.elementNoun) from a deleted section (\(section))")
  }

  /// As ``moveFromDeletedSection(_:kind:)``; a table's form is in SwiftKickMobile/TLIndexPathTools#13.
  static func moveIntoInsertedSection(_ section: Int, kind: ListViewKind) -> UpdateViolation {
    UpdateViolation(
      .moveIntoInsertedSection,
      "cannot move \(article(kind)) \(kind.elementNoun) into a newly inserted section "
        + "(\(section))")
  }

  /// "a row", "an item".
  private static func article(_ kind: ListViewKind) -> String {
    kind == .tableView ? "a" : "an"
  }

  // MARK: Deletes (§1.2 step 3)

  static func sectionDeleteOutOfRange(_ section: Int, sections: Int) -> UpdateViolation {
    UpdateViolation(
      .indexOutOfRange,
      "attempt to delete section \(section), but there are only \(sections) sections "
        + "before the update")
  }

  static func deleteAndMoveFromSameSection(_ section: Int) -> UpdateViolation {
    UpdateViolation(
      .deleteAndMoveFromSameSource,
      "attempt to perform a delete and a move from the same section (\(section))")
  }

  static func itemDeleteSectionOutOfRange(_ path: ItemSlot, sections: Int, kind: ListViewKind)
    -> UpdateViolation
  {
    UpdateViolation(
      .indexOutOfRange,
      "attempt to delete \(kind.elementNoun) \(path.item) from section \(path.section), but "
        + "there are only \(sections) sections before the update")
  }

  static func itemDeleteOutOfRange(_ path: ItemSlot, count: Int, kind: ListViewKind)
    -> UpdateViolation
  {
    UpdateViolation(
      .indexOutOfRange,
      // (sic) no comma before "which", unlike the section form: UIKit's wording.
      "attempt to delete \(kind.elementNoun) \(path.item) from section \(path.section) which "
        + "only contains \(count) \(kind.elementNoun)s before the update")
  }

  static func deleteAndMoveFromSamePath(_ path: ItemSlot) -> UpdateViolation {
    UpdateViolation(
      .deleteAndMoveFromSameSource,
      "attempt to perform a delete and a move from the same index path "
        + "(\(path.uikitDescription))")
  }

  // MARK: Inserts (§1.2 step 4)

  static func sectionInsertOutOfRange(_ section: Int, sections: Int) -> UpdateViolation {
    UpdateViolation(
      .indexOutOfRange,
      // (sic) no comma before "but", unlike the delete's: UIKit's wording.
      "attempt to insert section \(section) but there are only \(sections) sections "
        + "after the update")
  }

  static func insertAndMoveToSameSection(_ section: Int) -> UpdateViolation {
    UpdateViolation(
      .insertAndMoveToSameDestination,
      "attempt to perform an insert and a move to the same section (\(section))")
  }

  static func itemInsertSectionOutOfRange(_ path: ItemSlot, sections: Int, kind: ListViewKind)
    -> UpdateViolation
  {
    UpdateViolation(
      .indexOutOfRange,
      "attempt to insert \(kind.elementNoun) \(path.item) into section \(path.section), but "
        + "there are only \(sections) sections after the update")
  }

  static func itemInsertOutOfRange(_ path: ItemSlot, count: Int, kind: ListViewKind)
    -> UpdateViolation
  {
    UpdateViolation(
      .indexOutOfRange,
      "attempt to insert \(kind.elementNoun) \(path.item) into section \(path.section), but "
        + "there are only \(count) \(kind.elementNoun)s in section "
        + "\(path.section) after the update")
  }

  static func insertAndMoveToSamePath(_ path: ItemSlot) -> UpdateViolation {
    UpdateViolation(
      .insertAndMoveToSameDestination,
      "attempt to perform an insert and a move to the same index path "
        + "(\(path.uikitDescription))")
  }

  // MARK: Repeats (§1.5 #10)

  /// A delete or an insert found twice in one batch.
  enum RepeatedOperation {
    case deleteSection(Int)
    case deletePath(ItemSlot)
    case insertSection(Int)
    case insertPath(ItemSlot)

    var phrase: String {
      switch self {
      case .deleteSection(let section): "delete section \(section)"
      case .deletePath(let path): "delete index path (\(path.uikitDescription))"
      case .insertSection(let section): "insert section \(section)"
      case .insertPath(let path): "insert index path (\(path.uikitDescription))"
      }
    }
  }

  /// HeadlessUIKit's: a table coalesces the repeat (strict mode rejects it, hence the prefix);
  /// a collection view rejects it in every mode.
  static func duplicateOperation(_ operation: RepeatedOperation, kind: ListViewKind)
    -> UpdateViolation
  {
    let prefix = kind == .collectionView ? "" : "strict: "
    return UpdateViolation(
      .duplicateOperation, "\(prefix)attempt to \(operation.phrase) twice in one batch",
      isUIKitMessage: false)
  }

  /// HeadlessUIKit's, for a batch whose operations add up against the counts of the reload:
  /// UIKit's own outcome there is not established.
  static let reloadDataInsideBatch = UpdateViolation(
    .reloadDataInsideBatch,
    "reloadData() called inside a batch-updates block; UIKit then checks the batch against "
      + "the reloaded counts (UIKit rules §1.3, §1.5 #20)", isUIKitMessage: false)

  // MARK: Strict mode (§1.5 #15, #16; §2, §6)

  static let reloadSectionsInMixedBatch = UpdateViolation(
    .reloadSectionsInMixedBatch,
    "strict: reloadSections in a batch that also does other work; UIKit has been seen to "
      + "raise \"attempt to create view animation for nil view\" there (UIKit rules §1.5 #16)",
    isUIKitMessage: false)

  static func reloadOfChangingOrEmptySection(_ section: Int, before: Int, after: Int)
    -> UpdateViolation
  {
    UpdateViolation(
      .reloadSectionsInMixedBatch,
      "strict: reloadSections of a collection view's section \(section), whose items go from "
        + "\(before) to \(after); UIKit has been seen to raise \"attempt to create view "
        + "animation for nil view\" there (rdar 28163205; UIKit rules §1.5 #16)",
      isUIKitMessage: false)
  }

  static func reconfigureInStructuralBatch(kind: ListViewKind) -> UpdateViolation {
    UpdateViolation(
      .reconfigureInStructuralBatch,
      "strict: reconfigure\(kind.elementNoun.capitalized)s in a batch that also inserts, deletes, "
        + "reloads or moves; UIKit does not document which coordinates it uses there (UIKit "
        + "rules §2, §6)",
      isUIKitMessage: false)
  }

  static func sectionMoveWithItemChanges(_ move: BatchUpdate.SectionMove, kind: ListViewKind)
    -> UpdateViolation
  {
    UpdateViolation(
      .sectionMoveWithItemChanges,
      "strict: section \(move.from) moves to \(move.to) in a batch that also changes "
        + "\(kind.elementNoun)s inside it; UIKit miscounts this (UIKit rules §1.5 #15)",
      isUIKitMessage: false)
  }
}
