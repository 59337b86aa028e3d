import Foundation

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
