import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

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

extension HeadlessListContentConfiguration {
  /// How a text is shown (UIKit's `UIListContentConfiguration.TextProperties`, in part).
  public struct TextProperties: Hashable, Sendable {
    /// The most lines the text takes; 0, the default, for as many as it needs: a list row's
    /// text wraps, as UIKit's does.
    public var numberOfLines = 0
    /// The text's colour.
    public var color = HeadlessColor.label

    /// Equal when every property is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.numberOfLines == rhs.numberOfLines && lhs.color == rhs.color
    }
    /// Hashes the number of lines.
    public func hash(into hasher: inout Hasher) { hasher.combine(numberOfLines) }
  }

  /// How the image is shown (UIKit's `UIListContentConfiguration.ImageProperties`, in part).
  public struct ImageProperties: Hashable, Sendable {
    /// The largest size the image is shown at; zero for its own size.
    public var maximumSize = CGSize.zero
    /// The radius of the image's corners.
    public var cornerRadius: CGFloat = 0
    /// The colour a template image is tinted with; `nil` for the view's tint.
    public var tintColor: HeadlessColor?

    /// Equal when every property is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.maximumSize == rhs.maximumSize && lhs.cornerRadius == rhs.cornerRadius
        && lhs.tintColor == rhs.tintColor
    }
    /// Hashes the corner radius.
    public func hash(into hasher: inout Hasher) { hasher.combine(cornerRadius) }
  }
}
