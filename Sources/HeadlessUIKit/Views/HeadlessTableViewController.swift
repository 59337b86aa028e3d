import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A screen that is a table (`UITableViewController` where UIKit does not exist): its view is
/// a table whose data source and delegate it is, the selection cleared as it comes back, and
/// the keyboard kept off the rows.
///
/// While the keyboard covers the table, the controller adds what it covers to the bottom of the
/// table's `adjustedContentInset` (its `contentInset` stays yours), so every row can still be
/// scrolled into view; a plain table in a screen of your own is left alone, as in UIKit (UIKit
/// rules §4g). Override the data source and delegate methods you need, as with UIKit's.
@MainActor
open class HeadlessTableViewController: HeadlessViewController, HeadlessTableViewDataSource,
  HeadlessTableViewDelegate
{
  private let tableStyle: HeadlessTableView.Style

  /// Whether a selected row is deselected as the screen appears again; `true` by default.
  open var clearsSelectionOnViewWillAppear = true

  /// A table view controller whose table has `style`.
  public init(style: HeadlessTableView.Style) {
    tableStyle = style
    super.init(nibName: nil, bundle: nil)
  }

  /// A plain table's controller.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    tableStyle = .plain
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  /// A controller from an archive: a plain table's (HeadlessUIKit has no archives).
  public required init?(coder: NSCoder) {
    tableStyle = .plain
    super.init(coder: coder)
  }

  /// The table: the controller's view.
  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  open var tableView: HeadlessTableView! {
    get { view as? HeadlessTableView }
    set { view = newValue }
  }

  /// Makes a table of the controller's style, with the controller as its data source and
  /// delegate.
  open override func loadView() {
    let table = HeadlessTableView(frame: HeadlessWindow.screenBounds, style: tableStyle)
    table.dataSource = self
    table.delegate = self
    view = table
  }

  override func appearanceWillBegin() {
    if clearsSelectionOnViewWillAppear, let table = viewIfLoaded as? HeadlessTableView,
      let selected = table.indexPathsForSelectedRows
    {
      for path in selected { table.deselectRow(at: path, animated: false) }
    }
  }

  override func keyboardMoved() {
    super.keyboardMoved()
    guard let table = viewIfLoaded as? HeadlessTableView else { return }
    let covered = table.keyboardOverlap?.height ?? 0
    table.keyboardAdjustment = max(0, covered - table.safeAreaInsets.bottom)
  }

  // MARK: The data source and delegate, to override

  /// 1 section.
  open func numberOfSections(in tableView: HeadlessTableView) -> Int { 1 }

  /// No rows.
  open func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int {
    0
  }

  /// Override it to give the row's cell; asked only for rows you have.
  open func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
    -> HeadlessTableViewCell
  { HeadlessTableViewCell(style: .default, reuseIdentifier: nil) }

  /// No title.
  open func tableView(_ tableView: HeadlessTableView, titleForHeaderInSection section: Int)
    -> String?
  { nil }

  /// No title.
  open func tableView(_ tableView: HeadlessTableView, titleForFooterInSection section: Int)
    -> String?
  { nil }

  /// Every row can be edited, as in UIKit.
  open func tableView(_ tableView: HeadlessTableView, canEditRowAt indexPath: IndexPath) -> Bool {
    true
  }

  /// Does nothing.
  open func tableView(
    _ tableView: HeadlessTableView, commit editingStyle: HeadlessTableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}

  /// No row can move.
  open func tableView(_ tableView: HeadlessTableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    false
  }

  /// Does nothing.
  open func tableView(
    _ tableView: HeadlessTableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}

  /// Does nothing.
  open func tableView(_ tableView: HeadlessTableView, didSelectRowAt indexPath: IndexPath) {}

  /// Does nothing.
  open func tableView(_ tableView: HeadlessTableView, didDeselectRowAt indexPath: IndexPath) {}

  /// The table's `rowHeight`.
  open func tableView(_ tableView: HeadlessTableView, heightForRowAt indexPath: IndexPath)
    -> CGFloat
  { tableView.rowHeight }
}
