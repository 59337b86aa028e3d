import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Insets that follow the reading direction (`NSDirectionalEdgeInsets` where UIKit does not
/// exist).
public struct HeadlessDirectionalEdgeInsets: Hashable, Sendable {
  /// The inset at the top.
  public var top: CGFloat
  /// The inset where lines start.
  public var leading: CGFloat
  /// The inset at the bottom.
  public var bottom: CGFloat
  /// The inset where lines end.
  public var trailing: CGFloat

  /// Insets on each side.
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
  }

  /// No insets.
  public init() { (top, leading, bottom, trailing) = (0, 0, 0, 0) }

  /// No insets.
  public static let zero = Self(top: 0, leading: 0, bottom: 0, trailing: 0)
}
