import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// The values a view is set with: its autoresizing mask and content mode, its layer, edge insets
// and layout priorities.

extension HeadlessView {
  /// How a view resizes with its superview (`UIView.AutoresizingMask`).
  public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    /// The mask's bits, as UIKit numbers them.
    public let rawValue: UInt
    /// The mask of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The distance to the superview's left edge changes.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width changes.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The distance to the superview's right edge changes.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The distance to the superview's top edge changes.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height changes.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The distance to the superview's bottom edge changes.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }

  /// How a view's content fills it (`UIView.ContentMode`).
  public enum ContentMode: Int, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right,
      topLeft, topRight, bottomLeft, bottomRight
  }
}

/// A view's layer (`CALayer`, as far as views set it): kept as set, drawn by nothing.
@MainActor
public final class HeadlessLayer {
  /// The radius of the rounded corners.
  public var cornerRadius: CGFloat = 0
  /// Whether sublayers are clipped to the bounds (a view's `clipsToBounds`).
  public var masksToBounds = false
  /// The border's width.
  public var borderWidth: CGFloat = 0
  /// The border's colour (a `CGColor` on a device: `UIColor.cgColor` gives one).
  public var borderColor: HeadlessColor?
  /// The shadow's colour.
  public var shadowColor: HeadlessColor?
  /// The shadow's opacity, from 0 to 1.
  public var shadowOpacity: Float = 0
  /// The shadow's blur radius.
  public var shadowRadius: CGFloat = 3
  /// The shadow's offset.
  public var shadowOffset = CGSize(width: 0, height: -3)
  /// The layer's opacity.
  public var opacity: Float = 1

  init() {}
}

/// Distances inward from the four edges of a rectangle (`UIEdgeInsets` where UIKit does not
/// exist).
public struct HeadlessEdgeInsets: Hashable, Sendable {
  /// From the top edge.
  public var top: CGFloat
  /// From the left edge.
  public var left: CGFloat
  /// From the bottom edge.
  public var bottom: CGFloat
  /// From the right edge.
  public var right: CGFloat

  /// Insets from each edge.
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No insets.
  public static let zero = HeadlessEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// How firmly a size is held when a view is measured (`UILayoutPriority`).
public struct HeadlessLayoutPriority: RawRepresentable, Hashable, Sendable {
  /// The priority, from 1 to 1,000.
  public var rawValue: Float
  /// A priority of `rawValue`.
  public init(rawValue: Float) { self.rawValue = rawValue }
  /// Held exactly.
  public static let required = HeadlessLayoutPriority(rawValue: 1_000)
  /// Held firmly, though not exactly.
  public static let defaultHigh = HeadlessLayoutPriority(rawValue: 750)
  /// Held loosely.
  public static let defaultLow = HeadlessLayoutPriority(rawValue: 250)
  /// As small as the content allows: the size to fit.
  public static let fittingSizeLevel = HeadlessLayoutPriority(rawValue: 50)
}
