import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Optional in UIKit, requirements with defaults here (no `@objc optional` without the
// Objective-C runtime): each default does what UIKit does without the method.

/// The table view's delegate (`UITableViewDelegate` where UIKit does not exist): selection and
/// the scroll view's events.
@MainActor
public protocol HeadlessTableViewDelegate: HeadlessScrollViewDelegate {
  /// The user selected a row.
  func tableView(_ tableView: HeadlessTableView, didSelectRowAt indexPath: IndexPath)

  /// The user's tap deselected a row (another row's selection, or a second tap with multiple
  /// selection).
  func tableView(_ tableView: HeadlessTableView, didDeselectRowAt indexPath: IndexPath)

  /// A row's height; `HeadlessTableView.automaticDimension` lets its cell decide
  /// (self-sizing). The table's `rowHeight` by default.
  func tableView(_ tableView: HeadlessTableView, heightForRowAt indexPath: IndexPath) -> CGFloat

  /// A row's estimated height, used until its cell is shown; 0 for none. The table's
  /// `estimatedRowHeight` by default.
  func tableView(_ tableView: HeadlessTableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> CGFloat

  /// A cell is about to be shown, measured and in its place.
  func tableView(
    _ tableView: HeadlessTableView, willDisplay cell: HeadlessTableViewCell,
    forRowAt indexPath: IndexPath)

  /// A cell left the screen (or its row went away).
  func tableView(
    _ tableView: HeadlessTableView, didEndDisplaying cell: HeadlessTableViewCell,
    forRowAt indexPath: IndexPath)
}

extension HeadlessTableViewDelegate {
  /// Does nothing.
  public func tableView(_ tableView: HeadlessTableView, didSelectRowAt indexPath: IndexPath) {}

  /// Does nothing.
  public func tableView(_ tableView: HeadlessTableView, didDeselectRowAt indexPath: IndexPath) {}

  /// The table's `rowHeight`.
  public func tableView(_ tableView: HeadlessTableView, heightForRowAt indexPath: IndexPath)
    -> CGFloat
  { tableView.rowHeight }

  /// The table's `estimatedRowHeight`.
  public func tableView(
    _ tableView: HeadlessTableView, estimatedHeightForRowAt indexPath: IndexPath
  ) -> CGFloat { tableView.estimatedRowHeight }

  /// Does nothing.
  public func tableView(
    _ tableView: HeadlessTableView, willDisplay cell: HeadlessTableViewCell,
    forRowAt indexPath: IndexPath
  ) {}

  /// Does nothing.
  public func tableView(
    _ tableView: HeadlessTableView, didEndDisplaying cell: HeadlessTableViewCell,
    forRowAt indexPath: IndexPath
  ) {}
}
