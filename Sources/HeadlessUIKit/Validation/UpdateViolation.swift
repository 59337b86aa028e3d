/// Something UIKit would raise or warn about, and how it words it.
///
/// For an ``Severity/exception`` UIKit raises `NSInternalInconsistencyException` (or an assertion)
/// with ``message`` — a crash on a device; for an ``Severity/alert`` it logs the message and goes
/// on. A headless view throws or records the violation instead, so a test can assert on it.
public struct UpdateViolation: Error, Sendable, Hashable, CustomStringConvertible {
  /// The rule an update broke. The comments name the section of <doc:UIKitRules> that states
  /// it, with its source.
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
    /// A view with rows needed a cell and had no data source to ask: it was released while the
    /// view still showed rows (data sources are held weakly).
    case missingDataSource
    /// A batch, a reload or a reconfigure issued while the view was inside one of its data
    /// source calls (a cell, a supplementary view, a count or a title being asked for).
    case updateDuringDataSourceCall
    /// `visibleCells` or `cellForRow(at:)` read while the view asks its data source for a cell
    /// (an alert).
    case accessDuringUpdate
    /// A supplementary view the data source did not dequeue, or a layout that asks for a kind
    /// the data source cannot provide.
    case supplementaryViewNotDequeued
    /// A supplementary view dequeued for another element kind than the one asked for.
    case supplementaryViewOfWrongKind
    /// A collection view cell that was never dequeued (it has no reuse identifier).
    case cellWithoutReuseIdentifier
    /// A table's data source dequeued two cells for one index path.
    case twoCellsForOneIndexPath
    /// A batch while the user moves an item or a row (interactive movement).
    case updateDuringInteractiveMovement
    /// An index path that does not have exactly two indices, given to a table.
    case invalidIndexPath
    /// A count asked for a section that does not exist.
    case sectionOutOfBounds
    /// A row's rectangle asked for at an index path that does not exist.
    case rectForInvalidIndexPath
    /// A scroll to a row, item or section that does not exist.
    case scrollOutOfBounds
    /// A row height below zero.
    case negativeRowHeight
    /// A flow layout item wider than the collection view's content (an alert).
    case itemTooWide
    /// A list view laid out while it is not in a window (an alert).
    case layoutOutsideViewHierarchy
    /// A layout pass started from inside another (an alert; the inner one is ignored).
    case reentrantLayout
    /// A collection view whose layout keeps invalidating itself, pass after pass.
    case layoutLoop
    /// A layout that gives attributes for an index path the data source does not have.
    case layoutAttributesForInvalidIndexPath
    /// A layout with no attributes for an item the collection view has (§7.7).
    case noLayoutAttributes
    /// Strict mode: `reloadSections` in a batch that also does other work.
    case reloadSectionsInMixedBatch
    /// A cell or supplementary registration created inside the data source's request for a
    /// view, then used to dequeue.
    case registrationInsideProvider
    /// A destructive swipe action (or a table's Delete) completed while the data source still
    /// had the row: on a device the row slides back into place (a glitch, §7.4).
    case destructiveSwipeSnapBack
    /// A self-sizing cell that needs no height at all: UIKit takes a standard height and warns
    /// once (an alert, §4b).
    case zeroSizeSelfSizingCell
    /// A flow layout subclass changed an attributes object the flow layout handed out,
    /// without copying it (an alert, §7.7).
    case cachedFrameMismatch
    /// A collection view released while one of its updates was still animating (§7.1).
    case deallocatedDuringUpdate
    /// A view controller asked to present while its view is not in a window (an alert,
    /// §4f): nothing is presented.
    case presentationOutsideWindow
    /// A screen asked to present while it already presents another (an alert, §4f): nothing
    /// is presented.
    case presentationWhileAlreadyPresenting
  }

  /// What UIKit does about a violation.
  public enum Severity: String, Sendable, Hashable {
    /// UIKit raises: a crash on a device.
    case exception
    /// UIKit logs the message to the console and goes on; the behaviour that follows is
    /// undefined or slow, but nothing crashes.
    case alert
    /// UIKit says nothing, and nothing crashes, but the user sees something go wrong (a row
    /// that slides back after a swipe to delete); the message is HeadlessUIKit's. Recorded with
    /// the alerts.
    case glitch
  }

  /// The rule the update broke.
  public var rule: Rule
  /// UIKit's message for it, with the values filled in. Index paths print as UIKit prints an
  /// `NSIndexPath`, without the object address: `{length = 2, path = 0 - 5}`.
  public var message: String
  /// `false` where UIKit has no message of its own for the case (it logs, falls back to
  /// `reloadData`, or the rule is one <doc:UIKitRules> marks as not established) and the text is
  /// HeadlessUIKit's.
  public var isUIKitMessage: Bool
  /// Whether UIKit raises or only logs.
  public var severity: Severity

  /// Creates a violation.
  public init(
    _ rule: Rule, _ message: String, isUIKitMessage: Bool = true,
    severity: Severity = .exception
  ) {
    self.rule = rule
    self.message = message
    self.isUIKitMessage = isUIKitMessage
    self.severity = severity
  }

  /// Whether UIKit would crash on it (an exception, not an alert).
  public var isCrash: Bool { severity == .exception }

  /// The message, prefixed with the rule (and with "alert" for what UIKit only logs).
  public var description: String {
    severity == .exception
      ? "\(rule.rawValue): \(message)" : "\(rule.rawValue) (\(severity.rawValue)): \(message)"
  }
}
