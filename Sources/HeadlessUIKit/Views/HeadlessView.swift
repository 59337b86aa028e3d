import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The part of a view HeadlessUIKit models (`UIView` where UIKit does not exist): a frame, a
/// place in a view hierarchy, and the window that hierarchy is in.
///
/// A view is on screen when it is in a window's hierarchy, as in UIKit: add it to a
/// ``HeadlessWindow`` with ``addSubview(_:)`` (``HeadlessWindow/show(_:)-(HeadlessView)`` does that and keeps
/// the window alive), and take it off with ``removeFromSuperview()``.
@MainActor
open class HeadlessView: HeadlessResponder {
  /// The view's frame in its superview. A new size resizes the subviews as their
  /// ``autoresizingMask`` says, as UIKit does.
  open var frame: CGRect {
    didSet {
      if frame.size != oldValue.size {
        resizeSubviews(from: oldValue.size)
        setNeedsLayout()  // a new size lays the view out again, as in UIKit
      }
      frameDidChange()
      if frame != oldValue, window != nil { geometryDidChange() }
      keyValueObservers.valuesMayHaveChanged()
    }
  }

  /// The view's centre, in its superview's coordinates.
  open var center: CGPoint {
    get { CGPoint(x: frame.midX, y: frame.midY) }
    set {
      frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
    }
  }

  /// The view's own coordinate space: its size, at the origin (a scroll view's origin is its
  /// content offset).
  open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

  /// The view that contains this one. Not retained: a superview owns its subviews, as in UIKit.
  public private(set) weak var superview: HeadlessView?

  /// The views this one contains, back to front.
  public private(set) var subviews: [HeadlessView] = []

  /// Whether the view is hidden.
  open var isHidden = false {
    didSet {
      // A stack gives a hidden arranged view no room, as UIKit's does.
      if isHidden != oldValue, let stack = superview as? HeadlessStackView,
        stack.arrangedSubviews.contains(where: { $0 === self })
      {
        stack.arrangementChanged()
      }
    }
  }

  /// The view's background colour.
  open var backgroundColor: HeadlessColor?

  /// The view's opacity, from 0 to 1.
  open var alpha: CGFloat = 1

  /// Whether touches reach the view (and its subviews); a control that does not take them
  /// sends nothing when tapped.
  open var isUserInteractionEnabled = true

  /// The colour controls and images tint with: the superview's unless set.
  open var tintColor: HeadlessColor {
    get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
    set { ownTintColor = newValue }
  }
  private var ownTintColor: HeadlessColor?

  /// How the view's content fills it (`UIView.ContentMode`).
  open var contentMode = ContentMode.scaleToFill

  /// Whether subviews are clipped to the view's bounds (the layer's `masksToBounds`).
  open var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }

  /// The view's layer: its corners, border and shadow, kept as set (HeadlessUIKit draws
  /// nothing).
  public let layer = HeadlessLayer()

  /// How the view resizes when its superview's size changes (`UIView.AutoresizingMask`).
  open var autoresizingMask: AutoresizingMask = []

  /// A number to find the view by.
  open var tag = 0

  /// The identifier UI tests find the view by.
  open var accessibilityIdentifier: String?

  // MARK: Accessibility (§7.10)

  /// Whether VoiceOver reads the view as one element (its subviews are then not read). By
  /// default, as UIKit: labels, buttons, text fields and table and list cells are; other views
  /// are containers of their subviews.
  open var isAccessibilityElement: Bool {
    get { accessibilityElementSetting ?? isAccessibilityElementByDefault }
    set { accessibilityElementSetting = newValue }
  }
  private var accessibilityElementSetting: Bool?
  /// Whether views of this class are elements unless told.
  var isAccessibilityElementByDefault: Bool { false }

  /// What VoiceOver reads for the view. By default a label's text, a button's title, and a
  /// cell's texts, joined by commas.
  open var accessibilityLabel: String? {
    get { accessibilityLabelSetting ?? defaultAccessibilityLabel }
    set { accessibilityLabelSetting = newValue }
  }
  private var accessibilityLabelSetting: String?
  /// The label read when none was set.
  var defaultAccessibilityLabel: String? { nil }

  /// The element's value, read after its label (a slider's position, a count).
  open var accessibilityValue: String?

  /// What activating the element does, read after a pause.
  open var accessibilityHint: String?

  /// What the element is (a button, a header, selected…). By default a label is static text, a
  /// button a button, a selected cell selected.
  open var accessibilityTraits: HeadlessAccessibilityTraits {
    get { accessibilityTraitsSetting ?? defaultAccessibilityTraits }
    set { accessibilityTraitsSetting = newValue }
  }
  private var accessibilityTraitsSetting: HeadlessAccessibilityTraits?
  /// The traits when none were set.
  var defaultAccessibilityTraits: HeadlessAccessibilityTraits { .none }

  /// Whether VoiceOver skips the view and everything in it.
  open var accessibilityElementsHidden = false

  /// Called when VoiceOver's cursor comes to the element; does nothing by default.
  open func accessibilityElementDidBecomeFocused() {}

  /// Called when VoiceOver's cursor leaves the element; does nothing by default.
  open func accessibilityElementDidLoseFocus() {}

  /// Whether VoiceOver's cursor is on the element.
  open func accessibilityElementIsFocused() -> Bool {
    accessibilityWindow?.voiceOver.focusedElement === self
  }

  /// The window VoiceOver finds the view in: its own, or its list's for a cell and what a cell
  /// holds (HeadlessUIKit keeps cells out of the view hierarchy).
  var accessibilityWindow: HeadlessWindow? {
    if let window { return window }
    var view: HeadlessView? = self
    while let current = view {
      if let cell = current as? HeadlessReusableView, let list = cell.hostingList {
        return list.window
      }
      view = current.superview
    }
    return nil
  }

  /// Whether the view's frame is made into constraints; set it to `false` for a view placed
  /// with anchors, which its superview's layout then places (§7.11).
  open var translatesAutoresizingMaskIntoConstraints = true

  /// The active constraints kept with this view.
  public internal(set) var constraints: [HeadlessLayoutConstraint] = []

  /// The layout guides given to this view with `addLayoutGuide(_:)`.
  public internal(set) var layoutGuides: [HeadlessLayoutGuide] = []

  /// The space inside the view's edges that content keeps to: 8 points each way by default.
  open var layoutMargins = HeadlessEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

  /// The layout margins, by leading and trailing edges.
  open var directionalLayoutMargins: HeadlessDirectionalEdgeInsets {
    get {
      HeadlessDirectionalEdgeInsets(
        top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom,
        trailing: layoutMargins.right)
    }
    set {
      layoutMargins = HeadlessEdgeInsets(
        top: newValue.top, left: newValue.leading, bottom: newValue.bottom,
        right: newValue.trailing)
    }
  }

  /// Whether the view's margins grow to its superview's where they overlap.
  open var preservesSuperviewLayoutMargins = false

  /// The view's anchors and guides, made when first asked for.
  lazy var anchors = ViewAnchors(view: self)

  /// How far the view's edges are covered by what the screen shows over content — the status
  /// bar and sensor housing, the home indicator, a navigation bar — as UIKit computes it: the
  /// superview's safe area where it overlaps this view, plus what this view's controller adds
  /// (`additionalSafeAreaInsets`, a navigation controller's bar).
  open var safeAreaInsets: HeadlessEdgeInsets {
    guard let superview else { return .zero }
    let safe = superview.bounds.inset(by: superview.safeAreaInsets)
    var insets = HeadlessEdgeInsets(
      top: min(max(0, safe.minY - frame.minY), frame.height),
      left: min(max(0, safe.minX - frame.minX), frame.width),
      bottom: min(max(0, frame.maxY - safe.maxY), frame.height),
      right: min(max(0, frame.maxX - safe.maxX), frame.width))
    if let added = owningController?.addedSafeAreaInsets {
      insets.top += added.top
      insets.left += added.left
      insets.bottom += added.bottom
      insets.right += added.right
    }
    return insets
  }

  /// Called when ``safeAreaInsets`` changed: the window's screen turned, a bar came or went,
  /// the view moved. Does nothing by default.
  open func safeAreaInsetsDidChange() {}

  /// The traits the view is shown with: its window's, with what the views and controllers on
  /// the way override.
  open var traitCollection: HeadlessTraitCollection {
    var traits =
      superview?.traitCollection ?? (self as? HeadlessReusableView)?.hostingList?.traitCollection
      ?? (self as? HeadlessWindow)?.windowTraits ?? HeadlessTraitCollection()
    if let style = owningController?.overrideUserInterfaceStyle, style != .unspecified {
      traits.userInterfaceStyle = style
    }
    if overrideUserInterfaceStyle != .unspecified {
      traits.userInterfaceStyle = overrideUserInterfaceStyle
    }
    return traits
  }

  /// Called when the view's traits changed (the call before iOS 17's registrations, still
  /// made); does nothing by default.
  open func traitCollectionDidChange(_ previousTraitCollection: HeadlessTraitCollection?) {}

  /// The observations of this view's properties (`observe(_:options:changeHandler:)`).
  public let keyValueObservers = HeadlessKeyValueObservers()

  /// The controller whose view this is, if any: it adds to the safe area and the traits.
  weak var owningController: HeadlessViewController?
  /// The safe area last told to ``safeAreaInsetsDidChange()``.
  var toldSafeArea = HeadlessEdgeInsets.zero
  /// The traits last told to `traitCollectionDidChange(_:)`, once the view was in a window.
  var toldTraits: HeadlessTraitCollection?
  /// The handlers registered with `registerForTraitChanges(_:handler:)`.
  public let traitChangeRegistry = HeadlessTraitChangeRegistry()

  /// The interface style this view and those inside it take, whatever the window's
  /// (`.unspecified`, the default, follows the window).
  open var overrideUserInterfaceStyle = HeadlessTraitCollection.UserInterfaceStyle.unspecified {
    didSet { traitsMayHaveChanged() }
  }

  /// Creates a view with a frame.
  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  /// Creates a view from an archive, as UIKit's required initializer does; HeadlessUIKit has no
  /// archives, so this gives a view with a zero frame. It exists so that subclasses written for
  /// UIKit, which must declare it, compile unchanged.
  public required init?(coder: NSCoder) {
    self.frame = .zero
    super.init()
  }

  /// Creates a view with a zero frame.
  public override convenience init() {
    self.init(frame: .zero)
  }

  deinit {
    #if !canImport(ObjectiveC)
      // The view's associated objects go with it, as the Objective-C runtime lets them go.
      associations.removeAll(for: ObjectIdentifier(self))
    #endif
  }

  /// The window the view is in, or `nil` when it is off screen. Kept as the view moves, as
  /// UIKit keeps it: read at every scrolled frame, it is not looked for up the superviews.
  open var window: HeadlessWindow? {
    if let keptWindow { return keptWindow }
    return type(of: self).isWindow ? self as? HeadlessWindow : nil
  }

  /// The window of the view's superview, kept as views move in and out of superviews (a window
  /// itself is its own, and keeps none: no view retains its window).
  private weak var keptWindow: HeadlessWindow?

  /// Keeps `window` as this view's window and its subviews'.
  private func keepWindow(_ window: HeadlessWindow?) {
    let isWindow = type(of: self).isWindow
    keptWindow = isWindow ? nil : window
    let subviewsWindow = isWindow ? self as? HeadlessWindow : window
    for subview in subviews { subview.keepWindow(subviewsWindow) }
  }

  /// Whether views of this class are windows (``HeadlessWindow``'s).
  class var isWindow: Bool { false }

  /// Adds a view on top of the others, taking it from its previous superview.
  open func addSubview(_ view: HeadlessView) {
    insertSubview(view, at: subviews.count)
  }

  /// Adds a view at a place in the subviews, back to front, taking it from its previous
  /// superview.
  open func insertSubview(_ view: HeadlessView, at index: Int) {
    guard view !== self else { return }
    let previousWindow = view.window
    view.detachFromSuperview()
    subviews.insert(view, at: min(max(0, index), subviews.count))
    view.superview = self
    // Its subviews' windows are its own: they change only if it moved to another window.
    if window !== previousWindow { view.keepWindow(window) }
    // The safe area is known before the view lays out in its new window, as in UIKit.
    if window != nil { view.geometryDidChange() }
    if view.window !== previousWindow { view.windowDidChange() }
    if window != nil { view.traitsMayHaveChanged() }
    setNeedsLayout()  // a new subview lays its superview out, as in UIKit
  }

  /// Adds a view just behind `sibling` (on top, if `sibling` is not a subview).
  open func insertSubview(_ view: HeadlessView, belowSubview sibling: HeadlessView) {
    insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? subviews.count)
  }

  /// Adds a view just in front of `sibling` (on top, if `sibling` is not a subview).
  open func insertSubview(_ view: HeadlessView, aboveSubview sibling: HeadlessView) {
    insertSubview(view, at: subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count)
  }

  /// Moves a subview in front of the others.
  open func bringSubviewToFront(_ view: HeadlessView) {
    guard view.superview === self, let index = subviews.firstIndex(where: { $0 === view })
    else { return }
    subviews.append(subviews.remove(at: index))
  }

  /// Whether the view is `view` or inside it.
  open func isDescendant(of view: HeadlessView) -> Bool {
    var current: HeadlessView? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  /// The view, or the first subview inside it, with `tag`.
  open func viewWithTag(_ tag: Int) -> HeadlessView? {
    if self.tag == tag { return self }
    for subview in subviews {
      if let found = subview.viewWithTag(tag) { return found }
    }
    return nil
  }

  /// The size the view would take to fit `size`: by default its own size.
  open func sizeThatFits(_ size: CGSize) -> CGSize { frame.size }

  /// Resizes the view to ``sizeThatFits(_:)`` its current size.
  open func sizeToFit() {
    frame.size = sizeThatFits(frame.size)
  }

  /// The size the view's content needs; no size of its own by default
  /// (``noIntrinsicMetric`` each way).
  open var intrinsicContentSize: CGSize {
    CGSize(width: HeadlessView.noIntrinsicMetric, height: HeadlessView.noIntrinsicMetric)
  }

  /// A dimension the view's content does not decide.
  public static let noIntrinsicMetric: CGFloat = -1

  /// Lays out subviews: called in the layout pass at the end of the main-actor turn for a view
  /// in a window that asked for one (``setNeedsLayout()``, a new size, a subview added), or by
  /// ``layoutIfNeeded()``. Does nothing by default.
  open func layoutSubviews() {}

  /// Takes the view out of its superview (and so off screen, if it was in a window).
  open func removeFromSuperview() {
    let previousWindow = window
    previousWindow?.voiceOver.viewLeft(self)
    detachFromSuperview()
    if previousWindow != nil { keepWindow(nil) }
    if window !== previousWindow { windowDidChange() }
  }

  /// Called after the view moved into a window or out of one; does nothing by default.
  open func didMoveToWindow() {}

  /// The size the view needs to fit `targetSize`'s width, as Auto Layout works it out (UIKit's
  /// `systemLayoutSizeFitting(_:)`): self-sizing cells report their height through it. A view
  /// whose content is constrained from its top to its bottom is as tall as the constraints
  /// and its content's sizes make it at that width (§7.11); otherwise a view says what it
  /// needs by overriding this, and by default it is 44 points tall, a standard cell's height.
  open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    if ConstraintSolver.hasConstrainedViews(in: self),
      let height = ConstraintSolver.frames(in: self, width: targetSize.width, freeHeight: true)
        .height
    {
      return CGSize(width: targetSize.width, height: height)
    }
    return CGSize(width: targetSize.width, height: ListEngine.defaultRowHeight)
  }

  /// The size the view needs for `targetSize`, each dimension held as firmly as its priority
  /// says (UIKit's `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`:
  /// a `.required` width, a `.fittingSizeLevel` height, measures a view at a given width): the
  /// one-size version answers.
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

  /// Asks for a layout pass, as UIKit's next frame makes it: at the end of the main-actor turn,
  /// once however often it was asked, for a view in a window (a view off screen lays out when it
  /// comes into one), or sooner with ``layoutIfNeeded()``. The list views lay out their cells
  /// the same way.
  open func setNeedsLayout() {
    guard !needsLayout else { return }
    needsLayout = true
    if window != nil { PendingLayouts.shared.add(self) }
  }

  /// Lays out now what is due: this view, if it asked for a layout, then each view inside it
  /// that did, from the top down; nothing for a view that did not ask (UIKit's
  /// `layoutIfNeeded()`). The list views lay out their cells.
  open func layoutIfNeeded() {
    if needsLayout { performLayout() }
    for subview in subviews { subview.layoutIfNeeded() }
  }

  /// Whether a layout is due (UIKit's layout flag).
  private(set) var needsLayout = false

  /// The layout itself: the controller whose view this is hears `viewWillLayoutSubviews()`
  /// before and `viewDidLayoutSubviews()` after, as in UIKit.
  func performLayout() {
    needsLayout = false
    owningController?.viewWillLayoutSubviews()
    applyConstraints()
    layoutSubviews()
    owningController?.viewDidLayoutSubviews()
  }

  /// Puts the views inside this one that are placed by constraints (and the guides of one's
  /// own) where Auto Layout says, as UIKit's `layoutSubviews()` applies its engine's frames
  /// before a subclass's code runs (§7.11).
  func applyConstraints() {
    guard ConstraintSolver.hasConstrainedViews(in: self) || !layoutGuides.isEmpty else { return }
    let frames = ConstraintSolver.frames(in: self).frames
    func apply(under view: HeadlessView) {
      for guide in view.layoutGuides {
        if let frame = frames[ObjectIdentifier(guide)] { guide.solvedFrame = frame }
      }
      for subview in view.subviews {
        if let frame = frames[ObjectIdentifier(subview)], subview.frame != frame {
          subview.frame = frame
        }
        apply(under: subview)
      }
    }
    apply(under: self)
  }

  /// The content's size changed (a label's text, a font): a view placed by constraints is laid
  /// out again with its new size, and the views its size places (UIKit's
  /// `invalidateIntrinsicContentSize()`).
  open func invalidateIntrinsicContentSize() {
    guard !translatesAutoresizingMaskIntoConstraints else { return }
    var view = superview
    while let current = view {
      current.setNeedsLayout()
      if current.translatesAutoresizingMaskIntoConstraints { break }
      view = current.superview
    }
  }

  /// Called when the frame changed.
  func frameDidChange() {}

  /// UIKit's autoresizing: each subview's flexible parts share the change of size, along each
  /// axis equally.
  private func resizeSubviews(from oldSize: CGSize) {
    let widthChange = frame.width - oldSize.width
    let heightChange = frame.height - oldSize.height
    for subview in subviews where !subview.autoresizingMask.isEmpty {
      let mask = subview.autoresizingMask
      var next = subview.frame
      let horizontal = Self.share(
        widthChange, lead: mask.contains(.flexibleLeftMargin), size: mask.contains(.flexibleWidth),
        trail: mask.contains(.flexibleRightMargin))
      next.origin.x += horizontal.lead
      next.size.width += horizontal.size
      let vertical = Self.share(
        heightChange, lead: mask.contains(.flexibleTopMargin),
        size: mask.contains(.flexibleHeight), trail: mask.contains(.flexibleBottomMargin))
      next.origin.y += vertical.lead
      next.size.height += vertical.size
      if next != subview.frame { subview.frame = next }
    }
  }

  /// How a change of size is shared between a leading margin, a size and a trailing margin.
  private static func share(_ change: CGFloat, lead: Bool, size: Bool, trail: Bool)
    -> (lead: CGFloat, size: CGFloat)
  {
    let parts = CGFloat([lead, size, trail].filter { $0 }.count)
    guard parts > 0, change != 0 else { return (0, 0) }
    let part = change / parts
    return (lead ? part : 0, size ? part : 0)
  }

  private func detachFromSuperview() {
    guard let superview else { return }
    superview.willRemoveSubview(self)
    superview.subviews.removeAll { $0 === self }
    self.superview = nil
  }

  private func windowDidChange() {
    didMoveToWindow()
    // A layout asked for off screen is made once the view is in a window.
    if window != nil, needsLayout { PendingLayouts.shared.add(self) }
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

  /// How an animation runs (`UIView.AnimationOptions`): HeadlessUIKit keeps no presentation
  /// layer, so the curve and the other options change nothing it shows.
  public struct AnimationOptions: OptionSet, Sendable, Hashable {
    /// The options' bits, as UIKit numbers them.
    public let rawValue: UInt
    /// The options of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Views take touches while they animate.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// The animation starts from what is on screen.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Slow at both ends (the default curve).
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    /// Slow at the start.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Slow at the end.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// At one speed.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
  }

  /// Animates changes to views (UIKit's `UIView.animate(withDuration:delay:options:animations:
  /// completion:)`), on the key window's ``HeadlessAnimationClock``: `animations` runs at once
  /// (what it sets is the views' state, as UIKit's model layer takes it at once), and
  /// `completion` once `delay` and `duration` have passed on that clock, on a later main-actor
  /// turn, with `true` — or on the next turn, when no window is visible or animations are off.
  public static func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    animations()
    guard let completion else { return }
    let total = areAnimationsEnabled ? max(0, duration) + max(0, delay) : 0
    let finish = UncheckedCompletion(run: completion)
    if let clock = HeadlessWindow.keyWindow?.animationClock {
      _ = clock.schedule(after: .milliseconds(Int((total * 1_000).rounded()))) { finish.run(true) }
    } else {
      Task { @MainActor in finish.run(true) }
    }
  }

  /// Animates changes to views with no delay and the default curve (UIKit's
  /// `UIView.animate(withDuration:animations:completion:)`).
  public static func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    animate(
      withDuration: duration, delay: 0, options: [], animations: animations,
      completion: completion)
  }

  /// Animates changes to views (UIKit's `UIView.animate(withDuration:animations:)`).
  public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void)
  {
    animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
  }
}

/// An animation's completion, called later on the main actor where it was handed over.
private struct UncheckedCompletion: @unchecked Sendable {
  let run: (Bool) -> Void
}
