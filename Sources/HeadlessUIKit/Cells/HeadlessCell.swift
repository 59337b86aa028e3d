import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What reusable views share (cells, table headers and footers, collection supplementary
/// views): a reuse identifier and the reuse cycle.
///
/// Swift without the Objective-C runtime can create a registered class only through a
/// `required` initializer, so the initializers the views use to create registered classes —
/// `HeadlessTableViewCell.init(style:reuseIdentifier:)` and
/// `HeadlessCollectionReusableView.init(frame:)` — are `required` here, where UIKit's are not. A
/// subclass that keeps the inherited initializers, or declares `required init?(coder:)` as
/// UIKit asks, compiles unchanged; one that overrides the designated initializer marks it
/// `required` for HeadlessUIKit.
@MainActor
open class HeadlessReusableView: HeadlessView {
  /// The identifier the view was registered and dequeued with.
  public internal(set) var reuseIdentifier: String?
  /// How many times the list view called ``prepareForReuse()``, for tests of the reuse cycle.
  public internal(set) var prepareForReuseCount = 0
  /// The element kind a supplementary view was registered and dequeued for; `nil` for cells.
  var elementKind: String?

  /// Called by the list view just before it hands a recycled view out of the reuse pool. Not
  /// called when a reconfigure dequeues the cell that is already at that index path
  /// (UIKit rules §2).
  open func prepareForReuse() {}
}

/// A text label (`UILabel` where UIKit does not exist), so that cell code such as
/// `cell.textLabel?.text = name` compiles and can be read back in tests.
@MainActor
open class HeadlessLabel: HeadlessView {
  /// The label's text.
  open var text: String?
}

/// An image (`UIImage` where UIKit does not exist): it has a size and nothing to draw.
public final class HeadlessImage: Sendable, CustomStringConvertible {
  /// The image's size in points.
  public let size: CGSize
  /// Pixels per point: 1 here (UIKit's `scale`; 2 or 3 for images drawn for a Retina screen).
  public var scale: CGFloat { 1 }
  /// A name, for tests and descriptions; `nil` for images made from data.
  public let name: String?

  /// An empty image.
  public convenience init() {
    self.init(size: .zero, name: nil)
  }

  /// An image decoded from data; `nil` when the data is empty. HeadlessUIKit decodes nothing:
  /// any bytes make a 1 × 1 image.
  public convenience init?(data: Data) {
    guard !data.isEmpty else { return nil }
    self.init(size: CGSize(width: 1, height: 1), name: nil)
  }

  /// An image of a size, with a name to recognise it by in tests (HeadlessUIKit only).
  public init(size: CGSize, name: String? = nil) {
    self.size = size
    self.name = name
  }

  /// The name, or the size.
  public var description: String { name ?? "image \(size.width)×\(size.height)" }
}

/// A view that shows an image (`UIImageView` where UIKit does not exist).
@MainActor
open class HeadlessImageView: HeadlessView {
  /// The image shown.
  open var image: HeadlessImage?

  /// Creates an image view showing an image.
  public convenience init(image: HeadlessImage?) {
    self.init(frame: .zero)
    self.image = image
  }
}

/// The table view's cell (`UITableViewCell` where UIKit does not exist).
@MainActor
open class HeadlessTableViewCell: HeadlessReusableView {
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

  /// What editing does to a row, as UIKit's `UITableViewCell.EditingStyle`.
  public enum EditingStyle: Int, Sendable {
    /// No editing control.
    case none
    /// The row is deleted.
    case delete
    /// A row is inserted.
    case insert
  }

  /// The view that holds the cell's content.
  public let contentView = HeadlessView()
  /// The cell's main label.
  open private(set) var textLabel: HeadlessLabel? = HeadlessLabel()
  /// The cell's secondary label.
  open private(set) var detailTextLabel: HeadlessLabel? = HeadlessLabel()
  /// The cell's image, shown before the text.
  open private(set) var imageView: HeadlessImageView? = HeadlessImageView()
  /// What the cell shows, as a value (iOS 14): it takes the place of the labels.
  open var contentConfiguration: (any HeadlessContentConfiguration)?
  /// What the cell shows behind its content.
  open var backgroundConfiguration: HeadlessBackgroundConfiguration?
  /// The style the cell was made with, for ``defaultContentConfiguration()``.
  let style: CellStyle

  /// Creates a cell. `required` so that a registered class can be created from its type (see
  /// ``HeadlessReusableView``).
  public required init(style: CellStyle, reuseIdentifier: String?) {
    self.style = style
    super.init(frame: .zero)
    self.reuseIdentifier = reuseIdentifier
  }

  /// Creates a cell from an archive (UIKit's required initializer); see
  /// ``HeadlessView/init(coder:)``.
  public required init?(coder: NSCoder) {
    style = .default
    super.init(coder: coder)
  }
}

/// The view a table shows for a section's header or footer title
/// (`UITableViewHeaderFooterView` where UIKit does not exist).
@MainActor
open class HeadlessTableViewHeaderFooterView: HeadlessReusableView {
  /// The view that holds the header's content.
  public let contentView = HeadlessView()
  private let label = HeadlessLabel()
  private let detailLabel = HeadlessLabel()

  /// What the view shows, as a value; setting one replaces the labels, as in UIKit.
  open var contentConfiguration: (any HeadlessContentConfiguration)?

  /// The title label; `nil` once a ``contentConfiguration`` is set, as in UIKit (UIKit has
  /// deprecated it in favour of content configurations).
  open var textLabel: HeadlessLabel? { contentConfiguration == nil ? label : nil }
  /// The detail label; `nil` once a ``contentConfiguration`` is set.
  open var detailTextLabel: HeadlessLabel? { contentConfiguration == nil ? detailLabel : nil }

  /// The table's style and whether this is a footer, for ``defaultContentConfiguration()``.
  var tableStyle = HeadlessTableView.Style.plain
  var isFooter = false

  /// A configuration styled for this view in its table: a plain or grouped header or footer.
  public func defaultContentConfiguration() -> HeadlessListContentConfiguration {
    switch (tableStyle, isFooter) {
    case (.plain, false): .plainHeader()
    case (.plain, true): .plainFooter()
    case (_, false): .groupedHeader()
    case (_, true): .groupedFooter()
    }
  }

  /// The text the view shows, from its content configuration or its label (HeadlessUIKit only).
  public var displayedText: String? {
    if let configuration = contentConfiguration as? HeadlessListContentConfiguration {
      return configuration.text
    }
    return contentConfiguration == nil ? label.text : nil
  }

  /// Creates a header or footer view.
  public init(reuseIdentifier: String?) {
    super.init(frame: .zero)
    self.reuseIdentifier = reuseIdentifier
  }

  /// Creates a header or footer from an archive (UIKit's required initializer).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

/// A collection view's supplementary view, and the base of its cells
/// (`UICollectionReusableView` where UIKit does not exist).
@MainActor
open class HeadlessCollectionReusableView: HeadlessReusableView {
  /// Creates a view. `required` so that a registered class can be created from its type (see
  /// ``HeadlessReusableView``).
  public required override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// Creates a view from an archive (UIKit's required initializer).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

/// The collection view's cell (`UICollectionViewCell` where UIKit does not exist).
@MainActor
open class HeadlessCollectionViewCell: HeadlessCollectionReusableView {
  /// The view that holds the cell's content.
  public let contentView = HeadlessView()
  /// What the cell shows, as a value (iOS 14).
  open var contentConfiguration: (any HeadlessContentConfiguration)?
  /// What the cell shows behind its content.
  open var backgroundConfiguration: HeadlessBackgroundConfiguration?

  /// Configures the cell for its state (iOS 15): called before the cell is shown and after
  /// ``setNeedsUpdateConfiguration()``.
  public typealias ConfigurationUpdateHandler =
    @MainActor (HeadlessCollectionViewCell, HeadlessCellConfigurationState) -> Void
  /// Configures the cell for its state.
  open var configurationUpdateHandler: ConfigurationUpdateHandler? {
    didSet { setNeedsUpdateConfiguration() }
  }
  /// The cell's state.
  open var configurationState: HeadlessCellConfigurationState { HeadlessCellConfigurationState() }

  /// Asks for the configuration to be updated: HeadlessUIKit does it at once.
  open func setNeedsUpdateConfiguration() {
    updateConfiguration(using: configurationState)
  }

  /// Updates the configuration for a state: calls ``configurationUpdateHandler``.
  open func updateConfiguration(using state: HeadlessCellConfigurationState) {
    configurationUpdateHandler?(self, state)
  }
}

extension HeadlessReusableView {
  /// The text a cell or header shows: its list content configuration's, or its label's
  /// (HeadlessUIKit only, for tests).
  public var shownText: String? {
    let configuration: (any HeadlessContentConfiguration)? =
      switch self {
      case let cell as HeadlessTableViewCell: cell.contentConfiguration
      case let cell as HeadlessCollectionViewCell: cell.contentConfiguration
      case let header as HeadlessTableViewHeaderFooterView: header.contentConfiguration
      default: nil
      }
    if let list = configuration as? HeadlessListContentConfiguration { return list.text }
    if let cell = self as? HeadlessTableViewCell { return cell.textLabel?.text }
    if let header = self as? HeadlessTableViewHeaderFooterView { return header.displayedText }
    return nil
  }
}
