import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What UIKit says when a list view is misused: one place for the words, so that each rule reads
/// the same wherever it is found. Where UIKit has a message of its own it is kept word for word
/// (its typos too, marked `(sic)`); where it has none, the text is HeadlessUIKit's and the
/// violation says so. The words of ``BatchUpdateValidator``'s checks are in
/// `UIKitMessages+BatchUpdates.swift`.
enum UIKitMessages {
  // MARK: Batches

  /// How UIKit prints an index path, without the object address.
  static func describe(_ path: IndexPath) -> String {
    "{length = \(path.count), path = \(path.map(String.init).joined(separator: " - "))}"
  }

  static func updateDuringDataSourceCall(_ operation: String, kind: ListViewKind)
    -> UpdateViolation
  {
    UpdateViolation(
      .updateDuringDataSourceCall,
      "\(operation) issued while the \(kind.viewName) was laying out what it shows: asking its "
        + "data source for a cell, a supplementary view, a count or a title, or its delegate for "
        + "a height or telling it a cell will be displayed or ended displaying. UIKit is "
        + "updating its visible cells then; changing them from inside is re-entrant and "
        + "undefined. Defer the update to the next turn of the main queue.",
      isUIKitMessage: false)
  }

  static func reloadDuringInteractiveMovement(_ source: IndexPath, kind: ListViewKind)
    -> UpdateViolation
  {
    UpdateViolation(
      .updateDuringInteractiveMovement,
      "reloadData() while the user is moving the \(kind.elementNoun) at index path "
        + "(\(describe(source))): the reload ends the movement. UIKit asks to avoid reloading "
        + "while there are uncommitted updates (hasUncommittedUpdates).",
      isUIKitMessage: false, severity: .alert)
  }

  static func updateDuringInteractiveMovement(
    _ operation: String, _ source: IndexPath, kind: ListViewKind
  ) -> UpdateViolation {
    UpdateViolation(
      .updateDuringInteractiveMovement,
      "\(operation) while the user is moving the \(kind.elementNoun) at index path "
        + "(\(describe(source))): the \(kind.viewName) shows a change its data source has not "
        + "committed (hasUncommittedUpdates), and a batch now breaks the movement's index "
        + "paths. Wait until the movement ends.",
      isUIKitMessage: false)
  }

  // MARK: Cells and supplementary views

  /// The view needed a cell and had no data source to ask: released while the view showed
  /// rows (data sources are held weakly).
  static func noCell(at path: IndexPath, kind: ListViewKind) -> UpdateViolation {
    switch kind {
    case .tableView:
      UpdateViolation(.missingDataSource, "UITableView dataSource is not set")
    case .collectionView:
      UpdateViolation(
        .missingDataSource,
        "the collection view's data source did not return a valid cell from "
          + "-collectionView:cellForItemAtIndexPath: for index path \(describe(path))")
    }
  }

  static func twoCellsForOneIndexPath(_ path: IndexPath) -> UpdateViolation {
    UpdateViolation(
      .twoCellsForOneIndexPath,
      "Attempted to dequeue multiple cells for the same index path, which is not allowed. If you "
        + "really need to dequeue more cells than the table view is requesting, use the "
        + "-dequeueReusableCellWithIdentifier: method (without an index path). Cell identifier: "
        + "…, index path: \(describe(path))")
  }

  static func cellWithoutReuseIdentifier(at path: IndexPath) -> UpdateViolation {
    UpdateViolation(
      .cellWithoutReuseIdentifier,
      "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a "
        + "reuseIdentifier - cells must be retrieved by calling "
        + "-dequeueReusableCellWithReuseIdentifier:forIndexPath:")
  }

  static let expectedDequeuedView = UpdateViolation(
    .dequeueOutsideCellRequest,
    "Expected dequeued view to be returned to the collection view in preparation for display. "
      + "When the collection view's data source is asked to provide a view for a given index "
      + "path, ensure that a single view is dequeued and returned to the collection view. Avoid "
      + "dequeuing views without a request from the collection view. For retrieving an "
      + "existing view in the collection view, use -[UICollectionView "
      + "cellForItemAtIndexPath:] or -[UICollectionView supplementaryViewForElementKind:"
      + "atIndexPath:]. Dequeued view: (see the request); Collection view: <HeadlessCollectionView>"
  )

  static func dequeueOutsideRequest(supplementary: Bool) -> UpdateViolation {
    UpdateViolation(
      .dequeueOutsideCellRequest,
      "Attempted to dequeue a \(supplementary ? "supplementary view" : "cell") for a different "
        + "index path than the one requested, or outside the data source's request for one. "
        + "Avoid dequeuing views without a request from the collection view.",
      isUIKitMessage: false)
  }

  /// UIKit's first sentence is known word for word; the identifiers after it are
  /// HeadlessUIKit's.
  static func reconfigureWithDifferentIdentifier(dequeued: String, original: String)
    -> UpdateViolation
  {
    UpdateViolation(
      .reconfigureWithDifferentIdentifier,
      "Attempted to dequeue a cell for a different registration or reuse identifier than the "
        + "existing cell when reconfiguring an item, which is not allowed (dequeued "
        + "'\(dequeued)', the existing cell was dequeued as '\(original)')")
  }

  static func unregisteredCell(_ identifier: String, kind: ListViewKind) -> UpdateViolation {
    switch kind {
    case .tableView:
      UpdateViolation(
        .unregisteredReuseIdentifier,
        "unable to dequeue a cell with identifier \(identifier) - must register a nib or a "
          + "class for the identifier or connect a prototype cell in a storyboard")
    case .collectionView:
      unregisteredSupplementaryView(identifier, kind: "UICollectionElementKindCell")
    }
  }

  static func unregisteredSupplementaryView(_ identifier: String, kind: String) -> UpdateViolation {
    UpdateViolation(
      .unregisteredReuseIdentifier,
      "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register "
        + "a nib or a class for the identifier or connect a prototype cell in a storyboard")
  }

  static func supplementaryViewNotDequeued(_ kind: String, at path: IndexPath, isNil: Bool)
    -> UpdateViolation
  {
    UpdateViolation(
      .supplementaryViewNotDequeued,
      // (sic) "atIndexPath" without its colon: UIKit's wording.
      "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath "
        + "(\(kind),\(describe(path))) was not retrieved by calling "
        + "-dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath: or is nil "
        + "(\(isNil ? "(null)" : "<UICollectionReusableView>"))")
  }

  static func supplementaryViewOfWrongKind(asked: String, dequeued: String) -> UpdateViolation {
    UpdateViolation(
      .supplementaryViewOfWrongKind,
      "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: "
        + "does not match the element kind it is being used for. When asked for a view of "
        + "element kind '\(asked)' the data source dequeued a view registered for the element "
        + "kind '\(dequeued)'.")
  }

  // MARK: Geometry

  static func negativeRowHeight(_ height: CGFloat, at path: IndexPath) -> UpdateViolation {
    UpdateViolation(
      .negativeRowHeight,
      "table view row height must not be negative - height for index path (\(describe(path))) "
        + "is \(height)")
  }

  /// Logged line by line; the third line, about the delegate, only when the size came from it.
  /// `fromDelegate`: the size came from the delegate's `sizeForItemAt`, and UIKit says so.
  static func itemTooWide(_ horizontal: Bool, fromDelegate: Bool = false) -> UpdateViolation {
    let (dimension, edges) = horizontal ? ("height", "top and bottom") : ("width", "left and right")
    return UpdateViolation(
      .itemTooWide,
      "The behavior of the UICollectionViewFlowLayout is not defined because:\nthe item "
        + "\(dimension) must be less than the \(dimension) of the UICollectionView minus the "
        + "section insets \(edges) values, minus the content insets \(edges) values.\n"
        + (fromDelegate ? "Please check the values returned by the delegate.\n" : "")
        + "The relevant UICollectionViewFlowLayout instance is "
        + "<HeadlessCollectionViewFlowLayout>, and it is attached to <HeadlessCollectionView>.\n"
        + "Make a symbolic breakpoint at UICollectionViewFlowLayoutBreakForInvalidSizes to catch "
        + "this in the debugger.", severity: .alert)
  }

  /// UIKit logs it once a process; HeadlessUIKit once a view, so that tests stay apart.
  static func zeroHeightSelfSizingCell(kind: ListViewKind) -> UpdateViolation {
    let text =
      kind == .tableView
      ? "a height of zero for a table view cell's content view. We're considering the collapse "
        + "unintentional and using standard height instead. Cell: <HeadlessTableViewCell>"
      : "a size of zero for a collection view cell's content view. We're considering the "
        + "collapse unintentional and using standard size instead. Cell: "
        + "<HeadlessCollectionViewCell>"
    return UpdateViolation(
      .zeroSizeSelfSizingCell,
      "Warning once only: Detected a case where constraints ambiguously suggest " + text,
      severity: .alert)
  }

  /// Logged once, when a flow layout finds an attributes object it handed out changed.
  static func cachedFrameMismatch(_ path: IndexPath, cached: CGRect, expected: CGRect)
    -> UpdateViolation
  {
    func rect(_ r: CGRect) -> String {
      "{{\(r.origin.x), \(r.origin.y)}, {\(r.size.width), \(r.size.height)}}"
    }
    return UpdateViolation(
      .cachedFrameMismatch,
      "Logging only once for UICollectionViewFlowLayout cache mismatched frame\n"
        + "UICollectionViewFlowLayout has cached frame mismatch for index path "
        + "<NSIndexPath> {length = 2, path = \(path.sectionIndex) - \(path.itemIndex)} - cached "
        + "value: \(rect(cached)); expected value: \(rect(expected))\nThis is likely occurring "
        + "because the flow layout subclass <HeadlessCollectionViewFlowLayout> is modifying "
        + "attributes returned by UICollectionViewFlowLayout without copying them",
      severity: .alert)
  }

  static let deallocatedDuringUpdate = UpdateViolation(
    .deallocatedDuringUpdate,
    "UICollectionView (<HeadlessCollectionView>) was deallocated while an update was in flight")

  // MARK: Reading the view

  static let visibleCellsDuringUpdate = UpdateViolation(
    .accessDuringUpdate,
    "Attempted to access the table view's visibleCells while they were in the process of being "
      + "updated, which is not allowed. Make a symbolic breakpoint at "
      + "UITableViewAlertForVisibleCellsAccessDuringUpdate to catch this in the debugger and see "
      + "what caused this to occur. Perhaps you are trying to ask the table view for the visible "
      + "cells from inside a table view callback about a specific row? Table view: "
      + "<HeadlessTableView>", severity: .alert)

  static let cellForRowDuringUpdate = UpdateViolation(
    .accessDuringUpdate,
    "Attempted to call -cellForRowAtIndexPath: on the table view while it was in the process of "
      + "updating its visible cells, which is not allowed. Make a symbolic breakpoint at "
      + "UITableViewAlertForCellForRowAtIndexPathAccessDuringUpdate to catch this in the "
      + "debugger and see what caused this to occur. Perhaps you are trying to ask the table "
      + "view for a cell from inside a table view callback about a specific row? Table view: "
      + "<HeadlessTableView>", severity: .alert)

  static let invalidIndexPath = UpdateViolation(
    .invalidIndexPath,
    "Invalid index path for use with UITableView. Index paths passed to table view must contain "
      + "exactly two indices specifying the section and row. Please use the category on "
      + "NSIndexPath in NSIndexPath+UIKitAdditions.h if possible.")

  /// UIKit has no words of its own for a collection view's index path of another length:
  /// reading its item gives `NSNotFound`, which fails whatever check comes next. HeadlessUIKit
  /// raises at once, in its own words (the strictest plausible reading, UIKit rules §7.6).
  static let invalidCollectionIndexPath = UpdateViolation(
    .invalidIndexPath,
    "Invalid index path for use with UICollectionView: index paths passed to a collection view "
      + "must contain exactly two indices, the section and the item (IndexPath(item:section:)).",
    isUIKitMessage: false)

  /// The rectangle of a section, or of its header or footer, the table does not have (by the
  /// counts it last read).
  static func rectForInvalidSection(_ section: Int, part: SectionPart) -> UpdateViolation {
    switch part {
    case .whole:
      UpdateViolation(.rectForInvalidIndexPath, "request for rect of invalid section (\(section))")
    case .header:
      UpdateViolation(
        .rectForInvalidIndexPath, "request for rect of header in invalid section (\(section))")
    case .footer:
      // No public log quotes the footer's form; the header's, word for word, is taken for it.
      UpdateViolation(
        .rectForInvalidIndexPath, "request for rect of footer in invalid section (\(section))",
        isUIKitMessage: false)
    }
  }

  /// What part of a section a rectangle was asked for.
  enum SectionPart { case whole, header, footer }

  static func sectionOutOfBounds(_ section: Int, sections: Int, kind: ListViewKind)
    -> UpdateViolation
  {
    switch kind {
    case .tableView:
      UpdateViolation(
        .sectionOutOfBounds,
        "Requested the number of rows for section (\(section)) which is out of bounds.")
    case .collectionView:
      UpdateViolation(
        .sectionOutOfBounds,
        "request for number of items in section \(section) when there are only \(sections) "
          + "sections in the collection view")
    }
  }

  /// A collection view asked for an item of a section it does not have, which it turns into a
  /// global index by counting the items before that section (§7.6).
  static func itemsBeforeMissingSection(_ section: Int, sections: Int) -> UpdateViolation {
    UpdateViolation(
      .sectionOutOfBounds,
      "request for number of items before section \(section) when there are only \(sections) "
        + "sections in the collection view")
  }

  static func rectForInvalidIndexPath(_ path: IndexPath) -> UpdateViolation {
    UpdateViolation(
      .rectForInvalidIndexPath, "request for rect at invalid index path (\(describe(path)))")
  }

  // MARK: Scrolling

  /// UIKit raises an `NSRangeException` for a table, an `NSInternalInconsistencyException` for a
  /// collection view. No public log shows a collection view's out-of-bounds section; its text
  /// here follows the table's.
  static func scrollOutOfBounds(
    section: Int, item: Int?, counts: [Int], kind: ListViewKind
  ) -> UpdateViolation {
    let view =
      kind == .tableView
      ? "Table view: <HeadlessTableView>" : "Collection view: <HeadlessCollectionView>."
    let noun = kind.elementNoun
    guard counts.indices.contains(section) else {
      return UpdateViolation(
        .scrollOutOfBounds,
        "Attempted to scroll the \(kind.viewName) to an out-of-bounds section (\(section)) when "
          + "there are only \(counts.count) sections. \(view)",
        isUIKitMessage: kind == .tableView)
    }
    return UpdateViolation(
      .scrollOutOfBounds,
      "Attempted to scroll the \(kind.viewName) to an out-of-bounds \(noun) (\(item ?? 0)) when "
        + "there are only \(counts[section]) \(noun)s in section \(section). \(view)")
  }

  // MARK: Layout

  static let layoutOutsideViewHierarchy = UpdateViolation(
    .layoutOutsideViewHierarchy,
    "[TableView] Warning once only: UITableView was told to layout its visible cells and other "
      + "contents without being in the view hierarchy (the table view or one of its superviews "
      + "has not been added to a window). This may cause bugs by forcing views inside the table "
      + "view to load and perform layout without accurate information (e.g. table view bounds, "
      + "trait collection, layout margins, safe area insets, etc), and will also cause "
      + "unnecessary performance overhead due to extra layout passes. Make a symbolic breakpoint "
      + "at UITableViewAlertForLayoutOutsideViewHierarchy to catch this in the debugger and see "
      + "what caused this to occur, so you can avoid this action altogether if possible, or "
      + "defer it until the table view has been added to a window. Table view: "
      + "<HeadlessTableView>", severity: .alert)

  static func destructiveSwipeSnapBack(_ path: IndexPath, kind: ListViewKind) -> UpdateViolation {
    UpdateViolation(
      .destructiveSwipeSnapBack,
      "A destructive swipe action on \(kind.elementNoun) (\(path.sectionIndex) - "
        + "\(path.itemIndex)) completed while the data source still had it: on a device the "
        + "swipe closes and the \(kind.elementNoun) slides back into place, and leaves only when it is deleted later. Delete it (and tell "
        + "the \(kind.viewName)) before calling the action's completion handler, or complete with "
        + "false.", isUIKitMessage: false, severity: .glitch)
  }

  /// UIKit's log since iOS 13 (earlier versions leave out the "from" part), without the
  /// objects' addresses.
  static func presentationOutsideWindow(
    _ presented: HeadlessViewController, on presenter: HeadlessViewController
  ) -> UpdateViolation {
    let presentedName = "<\(type(of: presented))>"
    let presenterName = "<\(type(of: presenter))>"
    return UpdateViolation(
      .presentationOutsideWindow,
      "Attempt to present \(presentedName) on \(presenterName) (from \(presenterName)) whose "
        + "view is not in the window hierarchy.", severity: .alert)
  }

  /// A screen asked to present while it already presents one: nothing is presented, and the
  /// completion is not called.
  static func presentationWhileAlreadyPresenting(
    _ presented: HeadlessViewController, on presenter: HeadlessViewController,
    presenting current: HeadlessViewController
  ) -> UpdateViolation {
    let presenterName = "<\(type(of: presenter))>"
    return UpdateViolation(
      .presentationWhileAlreadyPresenting,
      "Attempt to present <\(type(of: presented))> on \(presenterName) (from \(presenterName)) "
        + "which is already presenting <\(type(of: current))>.", severity: .alert)
  }

  /// A layout with no attributes for an item the collection view has, asked for them to
  /// scroll to it or to show it after a batch.
  static func noLayoutAttributes(for path: IndexPath) -> UpdateViolation {
    UpdateViolation(
      .noLayoutAttributes,
      "no UICollectionViewLayoutAttributes instance for -layoutAttributesForItemAtIndexPath: "
        + "<NSIndexPath> \(describe(path))")
  }

  /// The public logs end the sentence here; some builds add "Please file a bug."
  static let reentrantLayout = UpdateViolation(
    .reentrantLayout,
    "[CollectionView] An attempt to prepare a layout while a prepareLayout call was already in "
      + "progress (i.e. reentrant call) has been ignored.", severity: .alert)

  static let layoutLoop = UpdateViolation(
    .layoutLoop,
    "UICollectionView (<HeadlessCollectionView>) is stuck in its update/layout loop. This can "
      + "happen for various reasons, including self-sizing views whose preferred attributes are "
      + "not returning a consistent size. To debug this issue, check the Console app for logs in "
      + "the \"UICollectionViewRecursion\" category. In particular, look for messages about "
      + "layout invalidations, or changes to properties like contentOffset (bounds.origin), "
      + "bounds.size, frame, etc.")

  /// Since iOS 13 a log, no longer an exception; iOS 18's wording.
  static func layoutAttributesForInvalidIndexPath(_ path: IndexPath, _ counts: [Int])
    -> UpdateViolation
  {
    UpdateViolation(
      .layoutAttributesForInvalidIndexPath,
      "[CollectionView] Received layout attributes with an invalid index path. Attributes will "
        + "be ignored. Attributes: <UICollectionViewLayoutAttributes; index path: "
        + "(\(describe(path)))>; layout: <HeadlessCollectionViewLayout>; data source counts: "
        + "\(counts)", severity: .alert)
  }

  static let registrationInsideProvider = UpdateViolation(
    .registrationInsideProvider,
    "Attempted to dequeue a cell using a registration that was created inside "
      + "-collectionView:cellForItemAtIndexPath: or inside a UICollectionViewDiffableDataSource "
      + "cell provider. Creating a new registration each time a cell is requested will prevent "
      + "reuse and cause created cells to remain inaccessible in memory for the lifetime of the "
      + "collection view. Registrations should be created up front and reused. Registration: "
      + "<UICollectionViewCellRegistration>")
}
