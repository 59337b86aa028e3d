/// An update that UIKit would reject, and how it words it.
///
/// UIKit raises `NSInternalInconsistencyException` with ``message`` for these; a headless view
/// throws or records the violation instead, so a test can assert on it.
public struct UpdateViolation: Error, Sendable, Hashable, CustomStringConvertible {
  /// The rule an update broke. The comments name the section of the UIKit rules reference
  /// (`reference/uikit-rules.md`) that states it.
  public enum Rule: String, Sendable, CaseIterable {
    /// An index out of range for its coordinate system (§1.2 steps 5–7, §1.5 #1).
    case indexOutOfRange
    /// A delete and a reload of the same index path (§1.5 #2).
    case deleteAndReloadSamePath
    /// A delete and a reload of the same section (§1.5 #17; UIKit decomposes it to a double
    /// delete).
    case deleteAndReloadSameSection
    /// A delete (or a reload) and a move from the same index path or section (§1.5 #3, #5).
    case deleteAndMoveFromSameSource
    /// An insert (or a reload's insert) and a move to the same index path or section (§1.5 #4,
    /// #6).
    case insertAndMoveToSameDestination
    /// One source moved to two destinations (§1.5 #7).
    case moveToTwoDestinations
    /// Two sources moved to one destination (§1.5 #8).
    case moveTwoSourcesToOneDestination
    /// The same index path or section deleted or inserted twice (§1.5 #10; treated as an error).
    case duplicateOperation
    /// An item moved out of a section deleted in the same batch (§1.5 #13).
    case moveFromDeletedSection
    /// An item moved into a section inserted in the same batch (§1.5 #14).
    case moveIntoInsertedSection
    /// Strict mode: a section moves in a batch that also changes items inside it (§1.5 #15).
    case sectionMoveWithItemChanges
    /// Strict mode: a reconfigure in a batch with structural changes (§2, §6).
    case reconfigureInStructuralBatch
    /// A reconfigure of an index path that the same batch deletes, moves or reloads (§2).
    case reconfigureOfChangedPath
    /// The number of sections after the batch does not add up (§1.4).
    case invalidNumberOfSections
    /// The number of rows or items in a section after the batch does not add up (§1.4).
    case invalidNumberOfItems
    /// `reloadData()` called inside a batch-updates block (§1.3, §1.5 #20).
    case reloadDataInsideBatch
    /// A cell dequeued outside the data source's cell request, or a request answered with a
    /// cell that was not dequeued in it (§1.5 #21).
    case dequeueOutsideCellRequest
    /// A dequeue with an identifier nothing was registered for (§1.5 #22).
    case unregisteredReuseIdentifier
    /// During a reconfigure, the data source dequeued another identifier than the cell has (§2).
    case reconfigureWithDifferentIdentifier
  }

  /// The rule the update broke.
  public var rule: Rule
  /// UIKit's message for it, with the values filled in. Index paths print as UIKit prints an
  /// `NSIndexPath`, without the object address: `{length = 2, path = 0 - 5}`.
  public var message: String
  /// `false` where UIKit has no message of its own for the case (it logs, falls back to
  /// `reloadData`, or the rule is one the reference marks as not established) and the text is
  /// HeadlessUIKit's.
  public var isUIKitMessage: Bool

  /// Creates a violation.
  public init(_ rule: Rule, _ message: String, isUIKitMessage: Bool = true) {
    self.rule = rule
    self.message = message
    self.isUIKitMessage = isUIKitMessage
  }

  /// The message, prefixed with the rule.
  public var description: String { "\(rule.rawValue): \(message)" }
}
