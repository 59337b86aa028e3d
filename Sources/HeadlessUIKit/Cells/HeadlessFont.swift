import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A font (`UIFont` where UIKit does not exist): a size, a weight and, for the fonts of Dynamic
/// Type, the text style it was made for. HeadlessUIKit draws no glyphs; labels measure text
/// with a font's size (see ``HeadlessLabel``).
public final class HeadlessFont: Sendable, Equatable, CustomStringConvertible {
  /// The styles of Dynamic Type (`UIFont.TextStyle`).
  public struct TextStyle: RawRepresentable, Hashable, Sendable {
    /// UIKit's name for the style.
    public let rawValue: String
    /// A style by UIKit's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A screen's largest title.
    public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
    /// A first-level title.
    public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
    /// A second-level title.
    public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
    /// A third-level title.
    public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
    /// A heading.
    public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
    /// A subheading.
    public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
    /// Body text.
    public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
    /// A callout.
    public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
    /// A footnote.
    public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
    /// A caption.
    public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
    /// A smaller caption.
    public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

    /// The style's sizes at each text size, smallest first (xSmall to xxxLarge, then the five
    /// accessibility sizes), from Apple's Human Interface Guidelines' tables of Dynamic Type
    /// sizes for iOS.
    var sizes: [CGFloat] {
      switch self {
      case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
      case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
      case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
      case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
      case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
      case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
      case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
      case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
      case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
      // Headline and body share their sizes (headline is semibold).
      default: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
      }
    }

    /// The style's size and weight at the default text size (Large), from Apple's Human
    /// Interface Guidelines' table of Dynamic Type sizes.
    var standard: (size: CGFloat, weight: Weight) {
      switch self {
      case .largeTitle: (34, .regular)
      case .title1: (28, .regular)
      case .title2: (22, .regular)
      case .title3: (20, .regular)
      case .headline: (17, .semibold)
      case .subheadline: (15, .regular)
      case .callout: (16, .regular)
      case .footnote: (13, .regular)
      case .caption1: (12, .regular)
      case .caption2: (11, .regular)
      default: (17, .regular)
      }
    }
  }

  /// A font's weight (`UIFont.Weight`), with UIKit's values.
  public struct Weight: RawRepresentable, Hashable, Sendable {
    /// The weight, from -1 (lightest) to 1 (heaviest).
    public let rawValue: CGFloat
    /// A weight of `rawValue`.
    public init(rawValue: CGFloat) { self.rawValue = rawValue }

    /// The lightest.
    public static let ultraLight = Weight(rawValue: -0.8)
    /// Thin.
    public static let thin = Weight(rawValue: -0.6)
    /// Light.
    public static let light = Weight(rawValue: -0.4)
    /// The body text's.
    public static let regular = Weight(rawValue: 0)
    /// Medium.
    public static let medium = Weight(rawValue: 0.23)
    /// A headline's.
    public static let semibold = Weight(rawValue: 0.3)
    /// Bold.
    public static let bold = Weight(rawValue: 0.4)
    /// Heavy.
    public static let heavy = Weight(rawValue: 0.56)
    /// The heaviest.
    public static let black = Weight(rawValue: 0.62)
  }

  /// The size in points.
  public let pointSize: CGFloat
  /// The weight.
  public let weight: Weight
  /// The Dynamic Type style the font was made for, if any.
  public let textStyle: TextStyle?
  /// Whether it is italic.
  public let isItalic: Bool
  /// Whether its digits are all one width.
  public let hasMonospacedDigits: Bool

  init(
    pointSize: CGFloat, weight: Weight, textStyle: TextStyle? = nil, isItalic: Bool = false,
    hasMonospacedDigits: Bool = false
  ) {
    self.pointSize = pointSize
    self.weight = weight
    self.textStyle = textStyle
    self.isItalic = isItalic
    self.hasMonospacedDigits = hasMonospacedDigits
  }

  /// The system font at a size.
  public static func systemFont(ofSize fontSize: CGFloat) -> HeadlessFont {
    HeadlessFont(pointSize: fontSize, weight: .regular)
  }

  /// The system font at a size and weight.
  public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> HeadlessFont {
    HeadlessFont(pointSize: fontSize, weight: weight)
  }

  /// The bold system font at a size.
  public static func boldSystemFont(ofSize fontSize: CGFloat) -> HeadlessFont {
    HeadlessFont(pointSize: fontSize, weight: .bold)
  }

  /// The italic system font at a size.
  public static func italicSystemFont(ofSize fontSize: CGFloat) -> HeadlessFont {
    HeadlessFont(pointSize: fontSize, weight: .regular, isItalic: true)
  }

  /// The system font with digits of one width.
  public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight)
    -> HeadlessFont
  {
    HeadlessFont(pointSize: fontSize, weight: weight, hasMonospacedDigits: true)
  }

  /// The font of a Dynamic Type style, at the default text size (Large). UIKit's is at the
  /// app's current text size; HeadlessUIKit keeps the setting per window, so ask with the
  /// view's traits (``preferredFont(forTextStyle:compatibleWith:)``), or set
  /// `adjustsFontForContentSizeCategory` on the label.
  public static func preferredFont(forTextStyle style: TextStyle) -> HeadlessFont {
    preferredFont(forTextStyle: style, compatibleWith: nil)
  }

  /// The font of a Dynamic Type style at the text size of `traitCollection` (Large without
  /// one), at the size the Human Interface Guidelines' table gives every style at every text
  /// size (UIKit rules §4g).
  public static func preferredFont(
    forTextStyle style: TextStyle, compatibleWith traitCollection: HeadlessTraitCollection?
  ) -> HeadlessFont {
    let category = traitCollection?.preferredContentSizeCategory ?? .large
    let size = style.sizes[category.sizeIndex]
    return HeadlessFont(pointSize: size, weight: style.standard.weight, textStyle: style)
  }

  /// The system font's size for labels: 17 points.
  public static var labelFontSize: CGFloat { 17 }

  /// The same font at another size.
  public func withSize(_ fontSize: CGFloat) -> HeadlessFont {
    HeadlessFont(
      pointSize: fontSize, weight: weight, textStyle: textStyle, isItalic: isItalic,
      hasMonospacedDigits: hasMonospacedDigits)
  }

  /// The height of a line of text in this font: UIKit's system font's line height is about
  /// 1.19 times its size (17 points give 20.3).
  public var lineHeight: CGFloat { (pointSize * 1.193).rounded(.up) }

  /// Equal in size, weight, style and traits.
  public static func == (lhs: HeadlessFont, rhs: HeadlessFont) -> Bool {
    lhs.pointSize == rhs.pointSize && lhs.weight == rhs.weight && lhs.textStyle == rhs.textStyle
      && lhs.isItalic == rhs.isItalic && lhs.hasMonospacedDigits == rhs.hasMonospacedDigits
  }

  /// The size, weight and style.
  public var description: String {
    "font \(pointSize) pt, weight \(weight.rawValue)"
      + (textStyle.map { ", \($0.rawValue)" } ?? "")
  }
}

/// How text lines up in a label (`NSTextAlignment`).
public enum HeadlessTextAlignment: Int, Sendable {
  case left = 0
  case center = 1
  case right = 2
  case justified = 3
  /// Leading, by the writing direction: UIKit's default.
  case natural = 4
}

/// Where a label's text breaks or is cut (`NSLineBreakMode`).
public enum HeadlessLineBreakMode: Int, Sendable {
  case byWordWrapping = 0
  case byCharWrapping = 1
  case byClipping = 2
  case byTruncatingHead = 3
  case byTruncatingTail = 4
  case byTruncatingMiddle = 5
}
