import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What UIKit says when a list view is misused, beyond the batch checks of
/// ``BatchUpdateValidator``: one place for the words, so that each rule reads the same wherever
/// it is found. Where UIKit has a message of its own it is kept word for word (its typos too);
/// where it has none, the text is HeadlessUIKit's and the violation says so.
enum UIKitMessages {
  /// How UIKit prints an index path, without the object address.
  static func describe(_ path: IndexPath) -> String {
    "{length = \(path.count), path = \(path.map(String.init).joined(separator: " - "))}"
  }

  static func updateDuringDataSourceCall(_ operation: String, kind: ListViewKind)
    -> UpdateViolation
  {
    UpdateViolation(
      .updateDuringDataSourceCall,
      "\(operation) issued while the \(kind.viewName) was asking its data source for the "
        + "contents it shows (a cell, a supplementary view, a count or a title). UIKit is "
        + "updating its visible cells then; changing them from inside is re-entrant and "
        + "undefined. Defer the update to the next turn of the main queue.",
      isUIKitMessage: false)
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
  static func itemTooWide(_ horizontal: Bool) -> UpdateViolation {
    let (dimension, edges) = horizontal ? ("height", "top and bottom") : ("width", "left and right")
    return UpdateViolation(
      .itemTooWide,
      "The behavior of the UICollectionViewFlowLayout is not defined because:\nthe item "
        + "\(dimension) must be less than the \(dimension) of the UICollectionView minus the "
        + "section insets \(edges) values, minus the content insets \(edges) values.\nThe "
        + "relevant UICollectionViewFlowLayout instance is <HeadlessCollectionViewFlowLayout>, "
        + "and it is attached to <HeadlessCollectionView>.\nMake a symbolic breakpoint at "
        + "UICollectionViewFlowLayoutBreakForInvalidSizes to catch this in the debugger.",
      severity: .alert)
  }
}
