/// Why a list of sections could not become a ``Snapshot``: identities that appear more than once.
///
/// UIKit (and Apple's diffable data source) crash on duplicate identifiers; Bindery reports them
/// instead. The throwing ``Snapshot/init(_:)`` throws this; ``Snapshot/lenient(_:)`` keeps the
/// first occurrence of every id and returns this as the report of what it dropped.
public struct SnapshotError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error,
  Hashable, CustomStringConvertible
{
  /// Every section id that occurred more than once, each listed once, in order of its first
  /// repeat.
  public var duplicateSectionIDs: [SectionID]
  /// Every item id that occurred more than once, each listed once, in order of its first repeat.
  public var duplicateItemIDs: [ItemID]
  /// The input indices of the section occurrences that were dropped (every one after the first).
  public var droppedSections: [Int]
  /// The input positions of every dropped item: repeated item ids, and the items of dropped
  /// sections.
  public var droppedItems: [ItemPosition]

  /// Creates a report. Bindery builds these; tests and adapters may too.
  public init(
    duplicateSectionIDs: [SectionID] = [], duplicateItemIDs: [ItemID] = [],
    droppedSections: [Int] = [], droppedItems: [ItemPosition] = []
  ) {
    self.duplicateSectionIDs = duplicateSectionIDs
    self.duplicateItemIDs = duplicateItemIDs
    self.droppedSections = droppedSections
    self.droppedItems = droppedItems
  }

  /// A sentence naming every duplicate and how much was dropped.
  public var description: String {
    var parts: [String] = []
    if !duplicateSectionIDs.isEmpty {
      let ids = duplicateSectionIDs.map { String(describing: $0) }.joined(separator: ", ")
      parts.append("duplicate section ids [\(ids)] (\(droppedSections.count) sections dropped)")
    }
    if !duplicateItemIDs.isEmpty {
      let ids = duplicateItemIDs.map { String(describing: $0) }.joined(separator: ", ")
      parts.append("duplicate item ids [\(ids)]")
    }
    return "Snapshot has \(parts.joined(separator: " and ")); \(droppedItems.count) items dropped"
  }
}
