import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What a cell shows behind its content (`UIBackgroundConfiguration` where UIKit does not
/// exist): a colour and corners.
public struct HeadlessBackgroundConfiguration: Hashable, Sendable {
  /// Which of UIKit's standard backgrounds it started from (HeadlessUIKit only).
  public var style: String
  /// The background's colour; `nil` for the style's own.
  public var backgroundColor: HeadlessColor?
  /// The radius of the background's corners.
  public var cornerRadius: CGFloat = 0

  init(style: String) { self.style = style }

  /// A plain list cell's background.
  public static func listPlainCell() -> Self { Self(style: "listPlainCell") }
  /// A grouped list cell's background.
  public static func listGroupedCell() -> Self { Self(style: "listGroupedCell") }
  /// A sidebar cell's background.
  public static func listSidebarCell() -> Self { Self(style: "listSidebarCell") }
  /// A plain list header or footer's background.
  public static func listPlainHeaderFooter() -> Self { Self(style: "listPlainHeaderFooter") }
  /// No background.
  public static func clear() -> Self { Self(style: "clear") }

  /// Equal when every property is.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.style == rhs.style && lhs.backgroundColor == rhs.backgroundColor
      && lhs.cornerRadius == rhs.cornerRadius
  }
  /// Hashes the style.
  public func hash(into hasher: inout Hasher) { hasher.combine(style) }
}
