import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif
#if canImport(UIKit)
  // For `NSValue(cgRect:)`, which the keyboard's notifications carry their frames in.
  import UIKit
#endif

/// The screen a window fills (`UIScreen`, as far as screens of lists need it): its size, the
/// edges its bars, sensor housing and home indicator cover, and its keyboard, in portrait and
/// in landscape.
///
/// An object, as `UIScreen` is: the keyboard's notifications come from it (since iOS 16.1), and
/// an observer that names it as their object hears them.
public final class HeadlessScreen: Sendable, Hashable {
  /// The screen's size held upright, in points.
  public let portraitSize: CGSize
  /// What the status bar and sensor housing (top) and home indicator (bottom) cover, upright.
  public let portraitSafeArea: HeadlessEdgeInsets
  /// What they cover turned on its side: the housing at one side, the home indicator below.
  public let landscapeSafeArea: HeadlessEdgeInsets
  /// The system keyboard's height upright, its suggestions bar and the home indicator's room
  /// included.
  public let portraitKeyboardHeight: CGFloat
  /// The system keyboard's height on its side.
  public let landscapeKeyboardHeight: CGFloat

  /// The same screen: screens are told apart by identity, as `UIScreen`s are.
  public static func == (lhs: HeadlessScreen, rhs: HeadlessScreen) -> Bool { lhs === rhs }

  /// Hashes the screen's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  /// A screen of these measures.
  public init(
    portraitSize: CGSize, portraitSafeArea: HeadlessEdgeInsets,
    landscapeSafeArea: HeadlessEdgeInsets, portraitKeyboardHeight: CGFloat,
    landscapeKeyboardHeight: CGFloat
  ) {
    self.portraitSize = portraitSize
    self.portraitSafeArea = portraitSafeArea
    self.landscapeSafeArea = landscapeSafeArea
    self.portraitKeyboardHeight = portraitKeyboardHeight
    self.landscapeKeyboardHeight = landscapeKeyboardHeight
  }

  /// A 6.1-inch iPhone with a notch (iPhone 12 to 14): 390 × 844 points; upright, 47 points
  /// covered at the top and 34 at the bottom; on its side, 47 at each side and 21 at the
  /// bottom; a keyboard of 336 points upright and 209 on its side (UIKit rules §4g).
  public static let phone = HeadlessScreen(
    portraitSize: CGSize(width: 390, height: 844),
    portraitSafeArea: HeadlessEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
    landscapeSafeArea: HeadlessEdgeInsets(top: 0, left: 47, bottom: 21, right: 47),
    portraitKeyboardHeight: 336, landscapeKeyboardHeight: 209)

  /// The device's screen (`UIScreen.main`): a phone's.
  public static var main: HeadlessScreen { .phone }

  /// The screen's bounds, upright (`UIScreen.bounds`).
  public var bounds: CGRect { bounds(.portrait) }

  /// Pixels per point: 3.
  public var scale: CGFloat { 3 }

  /// The screen's bounds held as `orientation` says.
  public func bounds(_ orientation: HeadlessInterfaceOrientation) -> CGRect {
    let size =
      orientation.isLandscape
      ? CGSize(width: portraitSize.height, height: portraitSize.width) : portraitSize
    return CGRect(origin: .zero, size: size)
  }

  /// What the screen's bars and housing cover, held as `orientation` says.
  public func safeArea(_ orientation: HeadlessInterfaceOrientation) -> HeadlessEdgeInsets {
    orientation.isLandscape ? landscapeSafeArea : portraitSafeArea
  }

  /// The keyboard's height, held as `orientation` says.
  public func keyboardHeight(_ orientation: HeadlessInterfaceOrientation) -> CGFloat {
    orientation.isLandscape ? landscapeKeyboardHeight : portraitKeyboardHeight
  }
}

/// How the device is held (`UIInterfaceOrientation`).
public enum HeadlessInterfaceOrientation: Int, Sendable {
  /// Upright.
  case portrait = 1
  /// Upside down.
  case portraitUpsideDown = 2
  /// On its side, the home button (or indicator) on the left.
  case landscapeLeft = 4
  /// On its side, the home button on the right.
  case landscapeRight = 3

  /// Whether the device is on its side.
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
  /// Whether the device is upright or upside down.
  public var isPortrait: Bool { !isLandscape }
}

/// The window a view is shown in (`UIWindow` where UIKit does not exist). A view in a window's
/// hierarchy is on screen; a list view with no window creates no cells.
///
/// A window fills its ``screen``: the safe area is what the screen's bars and housing leave
/// (``HeadlessView/safeAreaInsets``), and the user's keyboard and rotations
/// (``userShowsKeyboard(height:)``, ``userRotates(to:)``) change it as on a device, with UIKit's
/// notifications.
@MainActor
open class HeadlessWindow: HeadlessView {
  /// Windows made visible with ``makeKeyAndVisible()``; the application keeps them alive, as
  /// UIKit's scene does.
  private(set) static var visibleWindows: [HeadlessWindow] = []

  /// The key window: the one made visible last, of those that still are.
  static var keyWindow: HeadlessWindow? { visibleWindows.last }
  /// Set by ``show(_:)-(HeadlessView)``: the window goes away with the view it was made for.
  private var resignsWhenEmptied = false
  /// The view ``show(_:)-(HeadlessView)`` puts its view in: the safe area.
  private var contentArea: HeadlessView?

  /// The screen the window fills; a phone by default.
  public let screen: HeadlessScreen

  /// How the device is held; upright by default.
  public private(set) var interfaceOrientation = HeadlessInterfaceOrientation.portrait

  /// What the user set in Settings that views' traits carry: the interface style and the
  /// text size (and the display's scale); the size classes follow the orientation.
  private var userTraits = HeadlessTraitCollection()

  /// The traits at the root of the window: the user's settings, and the size classes of a
  /// phone held as it is (compact wide; regular tall upright, compact on its side).
  var windowTraits: HeadlessTraitCollection {
    var traits = userTraits
    traits.horizontalSizeClass = .compact
    traits.verticalSizeClass = interfaceOrientation.isLandscape ? .compact : .regular
    return traits
  }

  /// The user changes a setting the traits carry — Dark Mode, the text size
  /// (HeadlessUIKit only): every view in the window whose traits change hears
  /// `traitCollectionDidChange(_:)` and its registered handlers, as on a device.
  ///
  /// ```swift
  /// window.userChangesTraits { $0.preferredContentSizeCategory = .extraExtraLarge }
  /// ```
  public func userChangesTraits(_ change: (inout HeadlessTraitCollection) -> Void) {
    change(&userTraits)
    traitsMayHaveChanged()
  }

  /// The clock the window's animations run on: batch updates, the keyboard, rotations. It
  /// moves by itself, a frame each main-actor turn while anything animates, unless a test
  /// takes it in hand (``HeadlessAnimationClock/Mode/manual``).
  public let animationClock = HeadlessAnimationClock()

  /// VoiceOver on this window (HeadlessUIKit only): off until a test turns it on
  /// (``HeadlessVoiceOver/isRunning``), then its elements, its cursor and what it was told.
  public private(set) lazy var voiceOver: HeadlessVoiceOver = {
    let voiceOver = HeadlessVoiceOver()
    voiceOver.window = self
    return voiceOver
  }()

  /// Where the keyboard is, in the window's coordinates, while it shows; `nil` when hidden.
  public private(set) var keyboardFrame: CGRect?

  /// Where the window posts UIKit's keyboard notifications; the default center unless a test
  /// keeps its notifications to itself.
  public var notificationCenter = NotificationCenter.default

  /// A window that fills a phone's screen, 390 × 844 points.
  public convenience init() {
    self.init(screen: .phone)
  }

  /// A window that fills `screen`.
  public init(screen: HeadlessScreen) {
    self.screen = screen
    super.init(frame: screen.bounds(.portrait))
  }

  /// A window with a frame on a phone's screen.
  public override init(frame: CGRect) {
    screen = .phone
    super.init(frame: frame)
  }

  override class var isWindow: Bool { true }

  /// A window from an archive: one that fills a phone's screen (HeadlessUIKit has no
  /// archives).
  public required init?(coder: NSCoder) {
    screen = .phone
    super.init(coder: coder)
    frame = screen.bounds(.portrait)
  }

  /// The bounds of the screen a window fills by default: 390 × 844 points.
  public static let screenBounds = HeadlessScreen.phone.bounds(.portrait)

  /// What the screen's bars, housing and home indicator cover of the window.
  open override var safeAreaInsets: HeadlessEdgeInsets {
    let screenBounds = screen.bounds(interfaceOrientation)
    let safe = screen.safeArea(interfaceOrientation)
    let visible = screenBounds.inset(by: safe)
    return HeadlessEdgeInsets(
      top: max(0, visible.minY - frame.minY), left: max(0, visible.minX - frame.minX),
      bottom: max(0, frame.maxY - visible.maxY), right: max(0, frame.maxX - visible.maxX))
  }

  // MARK: Screens

  /// The screen the window shows: its view fills the window, and appears (its
  /// `viewWillAppear(_:)`, then `viewDidAppear(_:)`) when the window is visible.
  open var rootViewController: HeadlessViewController? {
    didSet {
      guard oldValue !== rootViewController else { return }
      if let oldValue {
        oldValue.beginDisappearing(animated: false)
        oldValue.viewIfLoaded?.removeFromSuperview()
        oldValue.endDisappearing(animated: false)
      }
      showRootViewController()
    }
  }

  /// Shows the window and keeps it alive until it is hidden with ``resignVisible()``; its root
  /// view controller appears.
  open func makeKeyAndVisible() {
    isHidden = false
    if !Self.visibleWindows.contains(where: { $0 === self }) { Self.visibleWindows.append(self) }
    showRootViewController()
  }

  /// Puts the root view controller's view in the window and, once the window is visible,
  /// makes it appear.
  private func showRootViewController() {
    guard let root = rootViewController else { return }
    let rootView: HeadlessView = root.view
    if rootView.superview !== self {
      rootView.frame = bounds
      rootView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      insertSubview(rootView, at: 0)
    }
    guard !isHidden, Self.visibleWindows.contains(where: { $0 === self }) else { return }
    root.beginAppearing(animated: false)
    root.endAppearing(animated: false)
  }

  /// Hides the window and lets it go (HeadlessUIKit's counterpart of hiding it in a scene).
  public func resignVisible() {
    isHidden = true
    Self.visibleWindows.removeAll { $0 === self }
  }

  /// Puts a view on screen as an app lays out a screen's content: a new visible window that
  /// fills a phone's screen, with `view` in its safe area — below the status bar and the
  /// sensor housing, above the home indicator — at its frame's origin there. Take the view off
  /// screen with `view.removeFromSuperview()`; the window then goes. To put a view under the
  /// bars, add it to a window yourself, or show a view controller.
  @discardableResult
  public static func show(_ view: HeadlessView) -> HeadlessWindow {
    let window = HeadlessWindow()
    let area = SafeAreaContent(frame: window.bounds.inset(by: window.safeAreaInsets))
    area.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    window.addSubview(area)
    window.contentArea = area
    area.addSubview(view)
    window.makeKeyAndVisible()
    window.resignsWhenEmptied = true
    return window
  }

  /// Puts a screen on screen: a new visible window that fills a phone's screen with
  /// `viewController` as its root; the window is released when it is hidden with
  /// ``resignVisible()``.
  @discardableResult
  public static func show(_ viewController: HeadlessViewController) -> HeadlessWindow {
    let window = HeadlessWindow()
    window.rootViewController = viewController
    window.makeKeyAndVisible()
    return window
  }

  /// A window made by ``show(_:)-(HeadlessView)`` stops being visible, and is released, when
  /// its view leaves.
  func contentAreaWillRemove(_ subview: HeadlessView, from area: HeadlessView) {
    if resignsWhenEmptied && area.subviews.count == 1 { resignVisible() }
  }

  // MARK: The keyboard

  /// The keyboard's animation, as UIKit reports it: 0.25 s on its own curve (raw value 7, not
  /// one of `UIView.AnimationCurve`'s cases).
  public static let keyboardAnimationDuration: TimeInterval = 0.25
  private static let keyboardAnimation = Duration.milliseconds(250)
  /// The keyboard's animation curve's raw value.
  public static let keyboardAnimationCurve = 7

  /// The user taps into a text field: the keyboard comes up from the bottom of the screen,
  /// `height` tall (the screen's keyboard by default), as UIKit shows it (HeadlessUIKit only).
  /// The window's notification center posts, from the window's ``screen`` as a device does
  /// (since iOS 16.1), `keyboardWillChangeFrameNotification` then
  /// `keyboardWillShowNotification` at once, with the frames (`NSValue`), duration and curve
  /// (`NSNumber`) in their `userInfo`, and `keyboardDidChangeFrameNotification` then
  /// `keyboardDidShowNotification` when the animation is done, 0.25 s later on the window's
  /// ``animationClock``. A keyboard already up changes its height the same way, with
  /// change-frame notifications only.
  public func userShowsKeyboard(height: CGFloat? = nil) {
    let height = height ?? screen.keyboardHeight(interfaceOrientation)
    let wasShown = keyboardFrame != nil
    let begin = keyboardFrame ?? offScreenKeyboard(height: height)
    let end = CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
    moveKeyboard(
      from: begin, to: end,
      will: wasShown ? [] : [HeadlessResponder.keyboardWillShowNotification],
      did: wasShown ? [] : [HeadlessResponder.keyboardDidShowNotification])
  }

  /// The keyboard goes down (the text field resigned): `keyboardWillChangeFrameNotification`
  /// then `keyboardWillHideNotification` at once, `keyboardDidChangeFrameNotification` then
  /// `keyboardDidHideNotification` 0.25 s later on the window's ``animationClock``, from the
  /// ``screen``.
  /// Nothing when no keyboard shows.
  public func userHidesKeyboard() {
    guard let shown = keyboardFrame else { return }
    moveKeyboard(
      from: shown, to: offScreenKeyboard(height: shown.height),
      will: [HeadlessResponder.keyboardWillHideNotification],
      did: [HeadlessResponder.keyboardDidHideNotification], hides: true)
  }

  private func offScreenKeyboard(height: CGFloat) -> CGRect {
    CGRect(x: 0, y: bounds.height, width: bounds.width, height: height)
  }

  private func moveKeyboard(
    from begin: CGRect, to end: CGRect, will: [Notification.Name], did: [Notification.Name],
    hides: Bool = false
  ) {
    // UIKit's payload: the frames as `NSValue`s, the numbers as `NSNumber`s (UIKit rules §4g).
    let info: [AnyHashable: Any] = [
      HeadlessResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
      HeadlessResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
      HeadlessResponder.keyboardAnimationDurationUserInfoKey: NSNumber(
        value: Self.keyboardAnimationDuration),
      HeadlessResponder.keyboardAnimationCurveUserInfoKey: NSNumber(
        value: Self.keyboardAnimationCurve),
      HeadlessResponder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
    ]
    keyboardFrame = hides ? nil : end
    // A device's order: the frame's change first, then the keyboard's showing or hiding; the
    // object is the screen (iOS 16.1), not the window.
    let screen = self.screen
    for name in [HeadlessResponder.keyboardWillChangeFrameNotification] + will {
      notificationCenter.post(name: name, object: screen, userInfo: info)
    }
    geometryDidChange()
    rootViewController?.keyboardMoved()
    let center = notificationCenter
    _ = animationClock.schedule(after: Self.keyboardAnimation) {
      for name in [HeadlessResponder.keyboardDidChangeFrameNotification] + did {
        center.post(name: name, object: screen, userInfo: info)
      }
    }
  }

  // MARK: Rotation

  /// The user turns the device (HeadlessUIKit only): the window takes the screen's bounds held
  /// that way and resizes what it holds (autoresizing), its screens hear
  /// `viewWillTransition(to:with:)` first, and the safe area and size classes follow. A
  /// keyboard that shows stays up at its new height.
  public func userRotates(to orientation: HeadlessInterfaceOrientation) {
    guard orientation != interfaceOrientation else { return }
    let size = screen.bounds(orientation).size
    rootViewController?.willTransition(to: size, on: animationClock)
    interfaceOrientation = orientation
    let keyboardWasShown = keyboardFrame != nil
    keyboardFrame = nil
    frame = screen.bounds(orientation)
    if let contentArea { contentArea.frame = bounds.inset(by: safeAreaInsets) }
    geometryDidChange()
    traitsMayHaveChanged()
    if keyboardWasShown { userShowsKeyboard() }
  }
}

/// The view a window shown with `show(_:)` keeps its view in: its safe area.
@MainActor
final class SafeAreaContent: HeadlessView {
  override func willRemoveSubview(_ subview: HeadlessView) {
    (superview as? HeadlessWindow)?.contentAreaWillRemove(subview, from: self)
  }
}

extension CGRect {
  /// The rectangle with `insets` taken from its edges (UIKit's `inset(by:)`, for
  /// HeadlessUIKit's own use where UIKit provides it).
  func inset(by insets: HeadlessEdgeInsets) -> CGRect {
    CGRect(
      x: minX + insets.left, y: minY + insets.top,
      width: max(0, width - insets.left - insets.right),
      height: max(0, height - insets.top - insets.bottom))
  }
}
