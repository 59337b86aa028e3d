import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What a view shows, as a value (`UIContentConfiguration` where UIKit does not exist): set it
/// on a cell or a header and the view shows it.
public protocol HeadlessContentConfiguration {
  /// A view that shows this configuration.
  @MainActor func makeContentView() -> any HeadlessView & HeadlessContentView
  /// The configuration for a state of its view (selected, highlighted, …).
  func updated(for state: any HeadlessConfigurationState) -> Self
}

/// A view that shows a content configuration (`UIContentView` where UIKit does not exist).
@MainActor
public protocol HeadlessContentView: AnyObject {
  /// The configuration it shows.
  var configuration: any HeadlessContentConfiguration { get set }
}

/// A view's state, for configurations (`UIConfigurationState` where UIKit does not exist).
public protocol HeadlessConfigurationState {}

/// A cell's state (`UICellConfigurationState` where UIKit does not exist).
public struct HeadlessCellConfigurationState: HeadlessConfigurationState, Hashable, Sendable {
  /// Whether the cell is selected.
  public var isSelected = false
  /// Whether the cell is highlighted (a finger on it).
  public var isHighlighted = false
  /// Whether the cell is disabled.
  public var isDisabled = false
  /// Whether the cell has the focus.
  public var isFocused = false
  /// Whether the list is editing.
  public var isEditing = false
  /// Whether the cell's outline item shows its children.
  public var isExpanded = false
  /// Whether the cell is swiped open.
  public var isSwiped = false
  /// Whether the cell is being moved.
  public var isReordering = false

  /// A cell's state, all off.
  public init() {}
}

/// The view that shows a list content configuration (`UIListContentView` where UIKit does not
/// exist); HeadlessUIKit draws nothing.
@MainActor
public final class HeadlessListContentView: HeadlessView, HeadlessContentView {
  /// The configuration shown.
  public var configuration: any HeadlessContentConfiguration

  /// A view showing a configuration.
  public init(configuration: HeadlessListContentConfiguration) {
    self.configuration = configuration
    super.init(frame: .zero)
  }

  /// HeadlessUIKit has no archives.
  public required init?(coder: NSCoder) {
    configuration = HeadlessListContentConfiguration.cell()
    super.init(coder: coder)
  }
}

/// The standard content of a list row, header or footer: text, secondary text and an image
/// (`UIListContentConfiguration` where UIKit does not exist). HeadlessUIKit draws nothing; it
/// keeps the values, so that tests can read what a view shows.
public struct HeadlessListContentConfiguration: HeadlessContentConfiguration, Hashable, Sendable {
  /// Which of UIKit's standard styles the configuration started from.
  public enum Style: String, Sendable, Hashable {
    /// A cell.
    case cell
    /// A cell with its secondary text under the text.
    case subtitleCell
    /// A cell with its secondary text after the text.
    case valueCell
    /// A header.
    case header
    /// A footer.
    case footer
    /// A plain table's header.
    case plainHeader
    /// A plain table's footer.
    case plainFooter
    /// A grouped table's header.
    case groupedHeader
    /// A grouped table's footer.
    case groupedFooter
  }

  /// The style it started from (HeadlessUIKit only).
  public var style: Style
  /// The primary text.
  public var text: String?
  /// The secondary text.
  public var secondaryText: String?
  /// The image.
  public var image: HeadlessImage?
  /// How the text is shown.
  public var textProperties = TextProperties()
  /// How the secondary text is shown.
  public var secondaryTextProperties = TextProperties()
  /// How the image is shown.
  public var imageProperties = ImageProperties()

  init(style: Style) { self.style = style }

  /// A cell's content.
  public static func cell() -> Self { Self(style: .cell) }
  /// A cell's content with the secondary text under the text.
  public static func subtitleCell() -> Self { Self(style: .subtitleCell) }
  /// A cell's content with the secondary text after the text.
  public static func valueCell() -> Self { Self(style: .valueCell) }
  /// A header's content.
  public static func header() -> Self { Self(style: .header) }
  /// A footer's content.
  public static func footer() -> Self { Self(style: .footer) }
  /// A plain table's header content.
  public static func plainHeader() -> Self { Self(style: .plainHeader) }
  /// A plain table's footer content.
  public static func plainFooter() -> Self { Self(style: .plainFooter) }
  /// A grouped table's header content.
  public static func groupedHeader() -> Self { Self(style: .groupedHeader) }
  /// A grouped table's footer content.
  public static func groupedFooter() -> Self { Self(style: .groupedFooter) }

  /// A view showing the configuration.
  @MainActor public func makeContentView() -> any HeadlessView & HeadlessContentView {
    HeadlessListContentView(configuration: self)
  }

  /// The same configuration: HeadlessUIKit styles nothing by state.
  public func updated(for state: any HeadlessConfigurationState) -> Self { self }

  /// Equal when every value is, the image compared by identity.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.style == rhs.style && lhs.text == rhs.text && lhs.secondaryText == rhs.secondaryText
      && lhs.image === rhs.image && lhs.textProperties == rhs.textProperties
      && lhs.secondaryTextProperties == rhs.secondaryTextProperties
      && lhs.imageProperties == rhs.imageProperties
  }

  /// Hashes the texts and the style.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(style)
    hasher.combine(text)
    hasher.combine(secondaryText)
  }
}
