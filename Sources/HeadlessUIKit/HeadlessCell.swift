import Foundation

/// The part of a cell HeadlessUIKit models: its reuse identifier and its reuse cycle.
///
/// `HeadlessTableViewCell` and `HeadlessCollectionViewCell` (`UITableViewCell` and
/// `UICollectionViewCell` where UIKit does not exist) build on it.
@MainActor
open class HeadlessCell {
  /// The identifier the cell was registered and dequeued with.
  public internal(set) var reuseIdentifier: String?
  /// How many times the view called ``prepareForReuse()``, for tests of the reuse cycle.
  public internal(set) var prepareForReuseCount = 0

  /// Creates a cell; the view sets the reuse identifier when it dequeues one.
  public init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
  }

  /// Called by the view just before it hands a recycled cell out of the reuse pool. Not called
  /// when a reconfigure dequeues the cell that is already at that index path (reference §2).
  open func prepareForReuse() {}
}

/// A text label, so cell code such as `cell.textLabel?.text = name` compiles and can be read
/// back in tests.
@MainActor
open class HeadlessLabel {
  /// The label's text.
  open var text: String?

  /// Creates an empty label.
  public init() {}
}

/// The table view's cell (`UITableViewCell` where UIKit does not exist).
@MainActor
open class HeadlessTableViewCell: HeadlessCell {
  /// The cell style, as UIKit's `UITableViewCell.CellStyle`.
  public enum CellStyle: Int, Sendable {
    /// A label on the left.
    case `default`
    /// A label on the left and a right-aligned detail label.
    case value1
    /// A right-aligned label and a left-aligned detail label.
    case value2
    /// A label above a detail label.
    case subtitle
  }

  /// The cell's main label.
  open private(set) var textLabel: HeadlessLabel? = HeadlessLabel()
  /// The cell's secondary label.
  open private(set) var detailTextLabel: HeadlessLabel? = HeadlessLabel()

  /// Creates a cell. `required` so that a registered class can be instantiated from its type.
  public required init(style: CellStyle, reuseIdentifier: String?) {
    super.init(reuseIdentifier: reuseIdentifier)
  }
}

/// The collection view's cell (`UICollectionViewCell` where UIKit does not exist).
@MainActor
open class HeadlessCollectionViewCell: HeadlessCell {
  /// The cell's frame as laid out by the view.
  open var frame: CGRect

  /// Creates a cell. `required` so that a registered class can be instantiated from its type.
  public required init(frame: CGRect) {
    self.frame = frame
    super.init(reuseIdentifier: nil)
  }
}

/// The window a view is shown in (`UIWindow` where UIKit does not exist). A view with no window
/// is off screen: it creates no cells.
@MainActor
open class HeadlessWindow {
  /// Creates a window.
  public init() {}
}
