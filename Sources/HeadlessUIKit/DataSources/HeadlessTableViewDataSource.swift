import Foundation

// Optional in UIKit, requirements with defaults here (no `@objc optional` without the
// Objective-C runtime): each default does what UIKit does without the method.

/// The table view's data source (`UITableViewDataSource` where UIKit does not exist).
@MainActor
public protocol HeadlessTableViewDataSource: AnyObject {
  /// The number of sections; 1 by default.
  func numberOfSections(in tableView: HeadlessTableView) -> Int
  /// The number of rows in a section.
  func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int
  /// A cell for the row.
  func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
    -> HeadlessTableViewCell
  /// The title of a section's header; none by default.
  func tableView(_ tableView: HeadlessTableView, titleForHeaderInSection section: Int) -> String?
  /// The title of a section's footer; none by default.
  func tableView(_ tableView: HeadlessTableView, titleForFooterInSection section: Int) -> String?
  /// The titles of the section index along the side; none by default.
  func sectionIndexTitles(for tableView: HeadlessTableView) -> [String]?
  /// The section a tap on a section index title scrolls to; the title's index by default.
  func tableView(
    _ tableView: HeadlessTableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int
  /// Whether a row can be edited (swiped to delete); `true` by default, as in UIKit.
  func tableView(_ tableView: HeadlessTableView, canEditRowAt indexPath: IndexPath) -> Bool
  /// The user committed an edit (a delete) on a row; does nothing by default.
  func tableView(
    _ tableView: HeadlessTableView, commit editingStyle: HeadlessTableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath)
  /// Whether a row can be reordered; `false` by default.
  func tableView(_ tableView: HeadlessTableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// The user moved a row; the table already shows it at its new place. Does nothing by
  /// default.
  func tableView(
    _ tableView: HeadlessTableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
}

extension HeadlessTableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: HeadlessTableView) -> Int { 1 }
  /// No header title.
  public func tableView(_ tableView: HeadlessTableView, titleForHeaderInSection section: Int)
    -> String?
  { nil }
  /// No footer title.
  public func tableView(_ tableView: HeadlessTableView, titleForFooterInSection section: Int)
    -> String?
  { nil }
  /// No section index.
  public func sectionIndexTitles(for tableView: HeadlessTableView) -> [String]? { nil }
  /// The section at the title's index.
  public func tableView(
    _ tableView: HeadlessTableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int { index }
  /// Every row can be edited.
  public func tableView(_ tableView: HeadlessTableView, canEditRowAt indexPath: IndexPath)
    -> Bool
  { true }
  /// Ignores the edit.
  public func tableView(
    _ tableView: HeadlessTableView, commit editingStyle: HeadlessTableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}
  /// No row can be reordered.
  public func tableView(_ tableView: HeadlessTableView, canMoveRowAt indexPath: IndexPath)
    -> Bool
  { false }
  /// Ignores the move.
  public func tableView(
    _ tableView: HeadlessTableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}
