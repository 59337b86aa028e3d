import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A stack of screens, the top one shown (`UINavigationController` where UIKit does not exist).
///
/// As in UIKit, a push covers the top screen: it gets `viewWillDisappear(_:)`, the new one
/// `viewWillAppear(_:)` and its view comes into the navigation controller's view; once the
/// transition is done the covered screen's view leaves the window (`viewDidDisappear(_:)`) and
/// the new one is on screen (`viewDidAppear(_:)`). A pop uncovers the screen below the same way
/// and lets the popped one go (the stack held it). While the navigation controller is not on
/// screen its stack changes without appearance calls, which come when it appears.
@MainActor
open class HeadlessNavigationController: HeadlessViewController {
  /// The stack, bottom first; the last is on screen.
  open var viewControllers: [HeadlessViewController] {
    get { children }
    set { setViewControllers(newValue, animated: false) }
  }

  /// The screen on top of the stack.
  open var topViewController: HeadlessViewController? { children.last }

  /// A navigation bar's height below the status bar, as its screens' safe area counts it:
  /// 44 points, the standard bar's, without a large title.
  public static let navigationBarHeight: CGFloat = 44

  /// The bar: how it looks.
  public let navigationBar = HeadlessNavigationBar()

  /// Whether the bar is hidden; shown by default. Its screens' safe area follows.
  open var isNavigationBarHidden = false {
    didSet {
      guard isNavigationBarHidden != oldValue else { return }
      for child in children { child.viewIfLoaded?.geometryDidChange() }
    }
  }

  /// Hides or shows the bar.
  open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    isNavigationBarHidden = hidden
  }

  /// The screen on top, or the one it presents.
  open var visibleViewController: HeadlessViewController? {
    presentedViewController ?? topViewController
  }

  /// A navigation controller showing `rootViewController`.
  public init(rootViewController: HeadlessViewController) {
    super.init(nibName: nil, bundle: nil)
    adopt(rootViewController)
  }

  /// An empty navigation controller.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  /// A navigation controller from an archive: an empty one (HeadlessUIKit has no archives).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  /// The top screen's view comes in with the navigation controller's.
  open override func loadView() {
    super.loadView()
    if let top = topViewController { place(top) }
  }

  /// Pushes `viewController` on the stack, covering the top screen.
  open func pushViewController(_ viewController: HeadlessViewController, animated: Bool) {
    guard !children.contains(where: { $0 === viewController }) else { return }
    let covered = topViewController
    viewController.isMovingToParent = true
    adopt(viewController)
    transition(from: covered, to: viewController, animated: animated) {
      viewController.isMovingToParent = false
      viewController.didMove(toParent: self)
    }
  }

  /// Pops the top screen, uncovering the one below; returns the popped one (`nil` for a stack
  /// of one, which stays).
  @discardableResult
  open func popViewController(animated: Bool) -> HeadlessViewController? {
    guard children.count > 1, let popped = children.last else { return nil }
    pop([popped], animated: animated)
    return popped
  }

  /// Pops every screen above the bottom one; returns them, bottom first.
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [HeadlessViewController]? {
    guard children.count > 1 else { return [] }
    let popped = Array(children.dropFirst())
    pop(popped, animated: animated)
    return popped
  }

  /// Pops every screen above `viewController`; returns them, bottom first (`nil` when it is not
  /// in the stack).
  @discardableResult
  open func popToViewController(_ viewController: HeadlessViewController, animated: Bool)
    -> [HeadlessViewController]?
  {
    guard let index = children.firstIndex(where: { $0 === viewController }) else { return nil }
    let popped = Array(children[(index + 1)...])
    if !popped.isEmpty { pop(popped, animated: animated) }
    return popped
  }

  /// Replaces the stack; the new top is shown as a push (or a pop, if it was in the stack).
  open func setViewControllers(_ controllers: [HeadlessViewController], animated: Bool) {
    let covered = topViewController
    for old in children where !controllers.contains(where: { $0 === old }) {
      old.willMove(toParent: nil)
      if old !== covered { old.viewIfLoaded?.removeFromSuperview() }
      old.removeFromParent()
    }
    for controller in controllers where controller.parent !== self { adopt(controller) }
    children = controllers
    guard let top = controllers.last, top !== covered else { return }
    transition(from: covered, to: top, animated: animated) {}
  }

  // MARK: Transitions

  private func adopt(_ controller: HeadlessViewController) {
    addChild(controller)
  }

  private func pop(_ popped: [HeadlessViewController], animated: Bool) {
    guard let leaving = popped.last else { return }
    for controller in popped {
      controller.isMovingFromParent = true
      controller.willMove(toParent: nil)
    }
    children.removeAll { child in popped.contains { $0 === child } }
    // Screens popped from under the top leave without calls, as in UIKit.
    for controller in popped where controller !== leaving {
      controller.viewIfLoaded?.removeFromSuperview()
      controller.parent = nil
      controller.isMovingFromParent = false
      controller.didMove(toParent: nil)
    }
    transition(from: leaving, to: topViewController, animated: animated) {
      leaving.parent = nil
      leaving.isMovingFromParent = false
      leaving.didMove(toParent: nil)
    }
  }

  /// Covers `from` with `to`: appearance calls only while this controller is on screen.
  private func transition(
    from: HeadlessViewController?, to: HeadlessViewController?, animated: Bool,
    then end: @escaping @MainActor () -> Void
  ) {
    guard isViewLoaded else {
      end()
      return
    }
    let onScreen = view.window != nil && appearance != .disappeared
    if onScreen {
      // A device loads the screen coming in first: its viewDidLoad comes before the covered
      // screen's viewWillDisappear.
      to?.loadViewIfNeeded()
      from?.beginDisappearing(animated: animated)
      to?.beginAppearing(animated: animated)
    }
    if let to { place(to) }
    Transition.finish(animated: animated, in: onScreen ? view.window : nil) { [weak self] in
      if let from, from !== self?.topViewController {
        from.viewIfLoaded?.removeFromSuperview()
        if onScreen { from.endDisappearing(animated: animated) }
      }
      if onScreen { to?.endAppearing(animated: animated) }
      end()
    }
  }

  /// Puts a screen's view in this controller's, filling it.
  private func place(_ controller: HeadlessViewController) {
    guard let container = viewIfLoaded else { return }
    let child: HeadlessView = controller.view
    child.frame = container.bounds
    child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    container.addSubview(child)
  }
}

/// What a navigation bar shows for a screen (`UINavigationItem`): its title and buttons.
@MainActor
public final class HeadlessNavigationItem {
  /// The title; a controller's ``HeadlessViewController/title`` sets it.
  public var title: String?
  /// The button at the leading edge.
  public var leftBarButtonItem: HeadlessBarButtonItem?
  /// The button at the trailing edge.
  public var rightBarButtonItem: HeadlessBarButtonItem? {
    get { rightBarButtonItems?.first }
    set { rightBarButtonItems = newValue.map { [$0] } }
  }
  /// The buttons at the trailing edge, from the edge inward.
  public var rightBarButtonItems: [HeadlessBarButtonItem]?
  /// The title the back button shows on the next screen.
  public var backButtonTitle: String?
  /// How the bar looks while this item's screen is on top; the bar's own when `nil`.
  public var standardAppearance: HeadlessNavigationBarAppearance?
  /// How the bar looks at the content's top edge while this item's screen is on top.
  public var scrollEdgeAppearance: HeadlessNavigationBarAppearance?
  /// How the bar looks in a compact height while this item's screen is on top.
  public var compactAppearance: HeadlessNavigationBarAppearance?

  /// An empty item.
  public init() {}

  /// An item with a title.
  public init(title: String) { self.title = title }
}

/// A button in a navigation bar or a toolbar (`UIBarButtonItem`).
@MainActor
public final class HeadlessBarButtonItem {
  /// The system's buttons (`UIBarButtonItem.SystemItem`).
  public enum SystemItem: Int, Sendable {
    case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action,
      organize, bookmarks, search, refresh, stop, camera, trash, play, pause, rewind,
      fastForward, undo, redo
    /// `.close`, iOS 13.
    case close = 24
  }

  /// The title.
  public var title: String?
  /// The image.
  public var image: HeadlessImage?
  /// The system button it is, if any.
  public let systemItem: SystemItem?
  /// What a tap does.
  public var primaryAction: HeadlessAction?
  /// Whether it can be tapped.
  public var isEnabled = true

  /// A button with a title or an image, and what a tap does (UIKit's iOS 14 initializer).
  public init(
    title: String? = nil, image: HeadlessImage? = nil, primaryAction: HeadlessAction? = nil,
    menu: HeadlessMenu? = nil
  ) {
    self.title = title ?? primaryAction?.title
    self.image = image ?? primaryAction?.image
    self.primaryAction = primaryAction
    systemItem = nil
  }

  /// One of the system's buttons, and what a tap does.
  public init(
    systemItem: SystemItem, primaryAction: HeadlessAction? = nil, menu: HeadlessMenu? = nil
  ) {
    self.systemItem = systemItem
    self.primaryAction = primaryAction
  }

  /// The user taps the button: its action runs if it is enabled (HeadlessUIKit only). Returns
  /// whether it ran.
  @discardableResult
  public func userTaps() -> Bool {
    guard isEnabled, let primaryAction else { return false }
    primaryAction.handler(primaryAction)
    return true
  }
}

/// A menu (`UIMenu`): declared so that code that passes one compiles; HeadlessUIKit shows no
/// menus.
@MainActor
public final class HeadlessMenu {
  /// The menu's title.
  public let title: String
  /// Its actions.
  public let children: [HeadlessAction]

  /// A menu of actions.
  public init(title: String = "", children: [HeadlessAction] = []) {
    self.title = title
    self.children = children
  }
}
