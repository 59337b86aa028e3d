import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A colour (`UIColor` where UIKit does not exist): a name, for tests; nothing to draw.
public final class HeadlessColor: Sendable, Equatable, CustomStringConvertible {
  /// The colour's name (a system colour's, or the components it was made from).
  public let name: String

  /// A colour from red, green, blue and alpha components, each from 0 to 1.
  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(name: "rgba(\(red), \(green), \(blue), \(alpha))")
  }

  /// A grey from white (0 black, 1 white) and alpha.
  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(name: "white(\(white), \(alpha))")
  }

  init(name: String) { self.name = name }

  /// The colour as a layer takes it (`CGColor` on a device): HeadlessUIKit's layers take the
  /// colour itself.
  public var cgColor: HeadlessColor { self }

  /// The same colour with another alpha.
  public func withAlphaComponent(_ alpha: CGFloat) -> HeadlessColor {
    HeadlessColor(name: "\(name) × \(alpha)")
  }

  /// Equal when named alike.
  public static func == (lhs: HeadlessColor, rhs: HeadlessColor) -> Bool { lhs.name == rhs.name }
  /// The name.
  public var description: String { name }

  /// No colour.
  public static let clear = HeadlessColor(name: "clear")
  /// Black.
  public static let black = HeadlessColor(name: "black")
  /// White.
  public static let white = HeadlessColor(name: "white")
  /// Text's primary colour.
  public static let label = HeadlessColor(name: "label")
  /// Text's secondary colour.
  public static let secondaryLabel = HeadlessColor(name: "secondaryLabel")
  /// Text's tertiary colour.
  public static let tertiaryLabel = HeadlessColor(name: "tertiaryLabel")
  /// A screen's background.
  public static let systemBackground = HeadlessColor(name: "systemBackground")
  /// A background on a background.
  public static let secondarySystemBackground = HeadlessColor(name: "secondarySystemBackground")
  /// A grouped list's background.
  public static let systemGroupedBackground = HeadlessColor(name: "systemGroupedBackground")
  /// The view's tint.
  public static let tintColor = HeadlessColor(name: "tintColor")
  /// Blue.
  public static let systemBlue = HeadlessColor(name: "systemBlue")
  /// Green.
  public static let systemGreen = HeadlessColor(name: "systemGreen")
  /// Orange.
  public static let systemOrange = HeadlessColor(name: "systemOrange")
  /// Red.
  public static let systemRed = HeadlessColor(name: "systemRed")
  /// Grey.
  public static let systemGray = HeadlessColor(name: "systemGray")
  /// A separator line's colour.
  public static let separator = HeadlessColor(name: "separator")
  /// Grey, lighter.
  public static let systemGray2 = HeadlessColor(name: "systemGray2")
  /// A fill for thin shapes.
  public static let systemFill = HeadlessColor(name: "systemFill")
  /// Text that is a placeholder.
  public static let placeholderText = HeadlessColor(name: "placeholderText")
  /// Yellow.
  public static let systemYellow = HeadlessColor(name: "systemYellow")
  /// Purple.
  public static let systemPurple = HeadlessColor(name: "systemPurple")
  /// Pink.
  public static let systemPink = HeadlessColor(name: "systemPink")
  /// Teal.
  public static let systemTeal = HeadlessColor(name: "systemTeal")
  /// Indigo.
  public static let systemIndigo = HeadlessColor(name: "systemIndigo")
  /// Grey (UIKit's fixed `gray`, 50% white).
  public static let gray = HeadlessColor(name: "gray")
  /// Dark grey (33% white).
  public static let darkGray = HeadlessColor(name: "darkGray")
  /// Light grey (67% white).
  public static let lightGray = HeadlessColor(name: "lightGray")
  /// Red.
  public static let red = HeadlessColor(name: "red")
  /// Green.
  public static let green = HeadlessColor(name: "green")
  /// Blue.
  public static let blue = HeadlessColor(name: "blue")
  /// Orange.
  public static let orange = HeadlessColor(name: "orange")
  /// Yellow.
  public static let yellow = HeadlessColor(name: "yellow")
  /// The system's third grey.
  public static let systemGray3 = HeadlessColor(name: "systemGray3")
  /// The system's fourth grey.
  public static let systemGray4 = HeadlessColor(name: "systemGray4")
  /// The system's fifth grey.
  public static let systemGray5 = HeadlessColor(name: "systemGray5")
  /// The system's sixth grey.
  public static let systemGray6 = HeadlessColor(name: "systemGray6")
}
