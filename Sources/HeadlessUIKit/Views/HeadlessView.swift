import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The part of a view HeadlessUIKit models (`UIView` where UIKit does not exist): a frame, a
/// place in a view hierarchy, and the window that hierarchy is in.
///
/// A view is on screen when it is in a window's hierarchy, as in UIKit: add it to a
/// ``HeadlessWindow`` with ``addSubview(_:)`` (``HeadlessWindow/show(_:)`` does that and keeps
/// the window alive), and take it off with ``removeFromSuperview()``.
@MainActor
open class HeadlessView {
  /// The view's frame in its superview.
  open var frame: CGRect {
    didSet { frameDidChange() }
  }

  /// The view's own coordinate space: its size, at the origin (a scroll view's origin is its
  /// content offset).
  open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

  /// The view that contains this one. Not retained: a superview owns its subviews, as in UIKit.
  public private(set) weak var superview: HeadlessView?

  /// The views this one contains, back to front.
  public private(set) var subviews: [HeadlessView] = []

  /// Whether the view is hidden.
  open var isHidden = false

  /// The view's background colour.
  open var backgroundColor: HeadlessColor?

  /// Creates a view with a frame.
  public init(frame: CGRect) {
    self.frame = frame
  }

  /// Creates a view from an archive, as UIKit's required initializer does; HeadlessUIKit has no
  /// archives, so this gives a view with a zero frame. It exists so that subclasses written for
  /// UIKit, which must declare it, compile unchanged.
  public required init?(coder: NSCoder) {
    self.frame = .zero
  }

  /// Creates a view with a zero frame.
  public convenience init() {
    self.init(frame: .zero)
  }

  deinit {
    #if !canImport(ObjectiveC)
      // The view's associated objects go with it, as the Objective-C runtime lets them go.
      associations.removeAll(for: ObjectIdentifier(self))
    #endif
  }

  /// The window the view is in, or `nil` when it is off screen.
  open var window: HeadlessWindow? {
    var view: HeadlessView? = self
    while let current = view {
      if let window = current as? HeadlessWindow { return window }
      view = current.superview
    }
    return nil
  }

  /// Adds a view on top of the others, taking it from its previous superview.
  open func addSubview(_ view: HeadlessView) {
    guard view !== self else { return }
    let previousWindow = view.window
    view.detachFromSuperview()
    subviews.append(view)
    view.superview = self
    if view.window !== previousWindow { view.windowDidChange() }
  }

  /// Takes the view out of its superview (and so off screen, if it was in a window).
  open func removeFromSuperview() {
    let previousWindow = window
    detachFromSuperview()
    if window !== previousWindow { windowDidChange() }
  }

  /// Called after the view moved into a window or out of one; does nothing by default.
  open func didMoveToWindow() {}

  /// The size the view needs to fit `targetSize`'s width, as Auto Layout would work it out
  /// (UIKit's `systemLayoutSizeFitting(_:)`): self-sizing cells report their height through it.
  /// HeadlessUIKit has no constraints: a view says what it needs by overriding this; by default
  /// it is as wide as the target and 44 points tall, a standard cell's height.
  open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    CGSize(width: targetSize.width, height: 44)
  }

  /// The size the view needs for `targetSize`, each dimension held as firmly as its priority
  /// says (UIKit's `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`:
  /// a `.required` width, a `.fittingSizeLevel` height, measures a view at a given width).
  /// HeadlessUIKit has no constraints: the one-size version answers.
  open func systemLayoutSizeFitting(
    _ targetSize: CGSize, withHorizontalFittingPriority horizontalPriority: HeadlessLayoutPriority,
    verticalFittingPriority verticalPriority: HeadlessLayoutPriority
  ) -> CGSize {
    systemLayoutSizeFitting(targetSize)
  }

  /// The smallest size a view can take (UIKit's `layoutFittingCompressedSize`).
  public static let layoutFittingCompressedSize = CGSize.zero

  /// Called before a subview leaves this view; does nothing by default.
  open func willRemoveSubview(_ subview: HeadlessView) {}

  /// Asks for a layout pass; HeadlessUIKit lays out at once, so this does nothing.
  open func setNeedsLayout() {}

  /// Lays out now; overridden by the list views.
  open func layoutIfNeeded() {}

  /// Called when the frame changed.
  func frameDidChange() {}

  private func detachFromSuperview() {
    guard let superview else { return }
    superview.willRemoveSubview(self)
    superview.subviews.removeAll { $0 === self }
    self.superview = nil
  }

  private func windowDidChange() {
    didMoveToWindow()
    for subview in subviews { subview.windowDidChange() }
  }

  // MARK: Animation

  /// Whether changes animate (UIKit's `UIView.areAnimationsEnabled`); `false` inside
  /// ``performWithoutAnimation(_:)``.
  public private(set) static var areAnimationsEnabled = true

  /// Runs `actions` with animations off, as UIKit's `UIView.performWithoutAnimation(_:)`: list
  /// views record the batches applied inside it as not animated.
  public static func performWithoutAnimation(_ actions: () -> Void) {
    let previous = areAnimationsEnabled
    areAnimationsEnabled = false
    defer { areAnimationsEnabled = previous }
    actions()
  }
}

/// The window a view is shown in (`UIWindow` where UIKit does not exist). A view in a window's
/// hierarchy is on screen; a list view with no window creates no cells.
@MainActor
open class HeadlessWindow: HeadlessView {
  /// Windows made visible with ``makeKeyAndVisible()``; the application keeps them alive, as
  /// UIKit's scene does.
  private static var visibleWindows: [HeadlessWindow] = []
  /// Set by ``show(_:)``: the window goes away with the view it was made for.
  private var resignsWhenEmptied = false

  /// A window the size of a phone screen, 390 × 844 points.
  public convenience init() {
    self.init(frame: HeadlessWindow.screenBounds)
  }

  /// The bounds of the screen a window fills by default: 390 × 844 points.
  public static let screenBounds = CGRect(x: 0, y: 0, width: 390, height: 844)

  /// Shows the window and keeps it alive until it is hidden with ``resignVisible()``.
  open func makeKeyAndVisible() {
    isHidden = false
    if !Self.visibleWindows.contains(where: { $0 === self }) { Self.visibleWindows.append(self) }
  }

  /// Hides the window and lets it go (HeadlessUIKit's counterpart of hiding it in a scene).
  public func resignVisible() {
    isHidden = true
    Self.visibleWindows.removeAll { $0 === self }
  }

  /// Puts a view on screen: a new visible window the size of a phone screen, holding `view`.
  /// Take the view off screen with `view.removeFromSuperview()`.
  @discardableResult
  public static func show(_ view: HeadlessView) -> HeadlessWindow {
    let window = HeadlessWindow()
    window.addSubview(view)
    window.makeKeyAndVisible()
    window.resignsWhenEmptied = true
    return window
  }

  /// A window made by ``show(_:)`` stops being visible, and is released, when its view leaves.
  open override func willRemoveSubview(_ subview: HeadlessView) {
    if resignsWhenEmptied && subviews.count == 1 { resignVisible() }
  }
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
