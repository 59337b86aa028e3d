import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A screen's controller (`UIViewController` where UIKit does not exist): its view, loaded on
/// first use, the appearance calls UIKit makes as the screen is shown, covered and uncovered,
/// children, and modal presentation.
///
/// As in UIKit, reading ``view`` loads it — ``loadView()`` (a plain view the size of the
/// screen, unless overridden), then ``viewDidLoad()`` — and a controller's view is on screen
/// when it is in a window: as a window's ``HeadlessWindow/rootViewController``, a navigation
/// controller's top screen, or a presented screen. The appearance calls come in UIKit's order:
/// `viewWillAppear(_:)` before the view is in the window, `viewDidAppear(_:)` once the
/// transition is done; `viewWillDisappear(_:)` while it is still there, `viewDidDisappear(_:)`
/// once it has left. A controller gets each call once per transition, and children whose views
/// are in their parent's view get them with their parent, as UIKit forwards them.
///
/// Transitions: an unanimated one is done when the call returns (on a device, at the next
/// layout pass, before anything is drawn); an animated one is done on a later main-actor turn,
/// and until then both screens' views are in the window, as during UIKit's animation.
@MainActor
open class HeadlessViewController: HeadlessResponder {
  /// How a presented screen covers the one that presents it (`UIModalPresentationStyle`).
  public enum ModalPresentationStyle: Int, Sendable {
    /// A sheet (since iOS 13 the default, `.automatic`'s meaning for most screens): the
    /// presenting screen stays in the window, behind, and gets no appearance calls.
    case automatic = -2
    /// The whole screen: once the transition is done the presenting screen's view leaves the
    /// window, after `viewWillDisappear(_:)`, and `viewDidDisappear(_:)` follows.
    case fullScreen = 0
    /// A sheet over part of the screen; as ``automatic``.
    case pageSheet = 1
    /// A smaller sheet; as ``automatic``.
    case formSheet = 2
    /// Over the whole screen, the presenting screen left in the window and told nothing.
    case overFullScreen = 5
  }

  private var loadedView: HeadlessView?
  /// Where the controller is in its appearance: UIKit makes each call once per transition.
  var appearance = Appearance.disappeared

  /// The controller's title, shown by a navigation controller's bar.
  open var title: String? {
    didSet { navigationItem.title = title }
  }

  /// What a navigation controller's bar shows for this screen.
  public let navigationItem = HeadlessNavigationItem()

  /// The controller that contains this one (a navigation controller, or one that added it
  /// with ``addChild(_:)``).
  public internal(set) weak var parent: HeadlessViewController?

  /// The controllers this one contains, in the order they were added.
  public internal(set) var children: [HeadlessViewController] = []

  /// The screen that presented this one's screen, while it is presented. As in UIKit, the
  /// children of a presented controller answer their presented ancestor's presenter.
  open var presentingViewController: HeadlessViewController? { screenRoot.presenter }

  /// The screen presented over this one's, while it is presented. As in UIKit, every
  /// controller of the presenting screen answers it.
  open var presentedViewController: HeadlessViewController? { screenRoot.presented }

  /// Kept on the screen's root: the screen it presents, and the one that presented it.
  private var presented: HeadlessViewController?
  private weak var presenter: HeadlessViewController?

  /// What UIKit logged about this controller's presentations (an alert each): a present from
  /// a screen that is not in a window is ignored, as on a device.
  public private(set) var alerts: [UpdateViolation] = []

  /// How this controller covers its presenter when it is presented; ``ModalPresentationStyle/automatic``
  /// (a sheet) by default, as on iOS 13 and later.
  open var modalPresentationStyle = ModalPresentationStyle.automatic

  /// Whether the controller is being presented, between ``present(_:animated:completion:)``
  /// and the end of its transition.
  public internal(set) var isBeingPresented = false

  /// Whether the controller is being dismissed, until its transition ends.
  public internal(set) var isBeingDismissed = false

  /// Whether the controller is being added to a parent (pushed), until its transition ends.
  public internal(set) var isMovingToParent = false

  /// Whether the controller is being taken from its parent (popped), until its transition ends.
  public internal(set) var isMovingFromParent = false

  /// A controller without a nib, as UIKit's designated initializer makes one; HeadlessUIKit
  /// has no nibs, so both arguments are ignored.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init()
  }

  /// A controller from an archive, as UIKit's required initializer does; HeadlessUIKit has no
  /// archives, so this makes a controller without one. It exists so that subclasses written
  /// for UIKit, which must declare it, compile unchanged.
  public required init?(coder: NSCoder) {
    super.init()
  }

  /// A controller without a nib.
  public override convenience init() {
    self.init(nibName: nil, bundle: nil)
  }

  // MARK: The view

  /// The controller's view, loaded the first time it is read: ``loadView()``, then
  /// ``viewDidLoad()``. Implicitly unwrapped, as UIKit's is, so that code written for UIKit
  /// (`view = tableView`, `view.addSubview(_:)`) compiles unchanged.
  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  open var view: HeadlessView! {
    get {
      loadViewIfNeeded()
      return loadedView
    }
    set {
      loadedView = newValue
      newValue?.owningController = self
    }
  }

  /// The view if it is loaded, without loading it.
  open var viewIfLoaded: HeadlessView? { loadedView }

  /// Whether the view has been loaded.
  open var isViewLoaded: Bool { loadedView != nil }

  /// Makes the view: by default a plain view the size of the screen. Override it to set
  /// ``view`` to a view of your own (don't call `super`).
  open func loadView() {
    view = HeadlessView(frame: HeadlessWindow.screenBounds)
  }

  /// Loads the view if it is not loaded yet.
  open func loadViewIfNeeded() {
    guard loadedView == nil else { return }
    loadView()
    if loadedView == nil {  // a loadView that set no view: UIKit gives the controller one
      loadedView = HeadlessView(frame: HeadlessWindow.screenBounds)
    }
    viewDidLoad()
  }

  /// Called once the view is loaded; does nothing by default.
  open func viewDidLoad() {}

  /// Called before the view lays out its subviews (each layout pass of the view); does nothing
  /// by default.
  open func viewWillLayoutSubviews() {}

  /// Called after the view laid out its subviews; does nothing by default.
  open func viewDidLayoutSubviews() {}

  /// Called before the view is added to a window's hierarchy; does nothing by default.
  open func viewWillAppear(_ animated: Bool) {}

  /// Called once the view is on screen and its transition is done; does nothing by default.
  open func viewDidAppear(_ animated: Bool) {}

  /// Called before the view leaves the screen; does nothing by default.
  open func viewWillDisappear(_ animated: Bool) {}

  /// Called once the view has left the screen; does nothing by default.
  open func viewDidDisappear(_ animated: Bool) {}

  // MARK: Safe area and traits

  /// Insets this controller adds to its view's safe area, on top of what the screen and its
  /// containers cover (a bar of your own, say).
  open var additionalSafeAreaInsets = HeadlessEdgeInsets.zero {
    didSet { viewIfLoaded?.geometryDidChange() }
  }

  /// What the controller adds to its view's safe area: its own insets, and its navigation
  /// controller's bar, 44 points under the status bar while the bar shows (UIKit rules §4g).
  var addedSafeAreaInsets: HeadlessEdgeInsets {
    var insets = additionalSafeAreaInsets
    if let navigation = parent as? HeadlessNavigationController, !navigation.isNavigationBarHidden {
      insets.top += HeadlessNavigationController.navigationBarHeight
    }
    return insets
  }

  /// Called when the view's safe area changed; does nothing by default.
  open func viewSafeAreaInsetsDidChange() {}

  /// The interface style this controller's screen takes, whatever the window's
  /// (`.unspecified`, the default, follows it).
  open var overrideUserInterfaceStyle = HeadlessTraitCollection.UserInterfaceStyle.unspecified {
    didSet { viewIfLoaded?.traitsMayHaveChanged() }
  }

  /// The traits the controller's view is shown with (a phone's, upright, before it has a
  /// view in a window).
  open var traitCollection: HeadlessTraitCollection {
    viewIfLoaded?.traitCollection ?? HeadlessTraitCollection()
  }

  /// The handlers registered with `registerForTraitChanges(_:handler:)`.
  public let traitChangeRegistry = HeadlessTraitChangeRegistry()

  /// Called when the view's traits changed; does nothing by default.
  open func traitCollectionDidChange(_ previousTraitCollection: HeadlessTraitCollection?) {}

  /// The view's traits changed: UIKit's call, then the registered handlers.
  func traitsChanged(from previous: HeadlessTraitCollection, changed: Set<HeadlessTrait>) {
    traitCollectionDidChange(previous)
    for registration in traitChangeRegistry.registrations
    where !registration.traits.isDisjoint(with: changed) {
      registration.handler(self, previous)
    }
  }

  /// Called before the view's size changes with the window's (a rotation); the coordinator
  /// runs animations alongside and calls completions once the change is done. Forwards to the
  /// children and the presented screen, as UIKit does, by default.
  open func viewWillTransition(
    to size: CGSize, with coordinator: any HeadlessViewControllerTransitionCoordinator
  ) {
    for child in children { child.viewWillTransition(to: size, with: coordinator) }
    presented?.viewWillTransition(to: size, with: coordinator)
  }

  /// Starts a change of size: `viewWillTransition(to:with:)`, then the animations alongside;
  /// the completions come once the window has its new size, when the transition's animation
  /// ends on `clock`.
  func willTransition(to size: CGSize, on clock: HeadlessAnimationClock) {
    let coordinator = SizeTransitionCoordinator()
    viewWillTransition(to: size, with: coordinator)
    coordinator.runAlongside()
    _ = clock.schedule(after: .milliseconds(Int(coordinator.transitionDuration * 1_000))) {
      coordinator.complete()
    }
  }

  // MARK: Containment

  /// The nearest navigation controller this controller is in.
  open var navigationController: HeadlessNavigationController? {
    var current = parent
    while let controller = current {
      if let navigation = controller as? HeadlessNavigationController { return navigation }
      current = controller.parent
    }
    return nil
  }

  /// Makes `child` a child of this controller (add its view to this one's yourself, then call
  /// `child.didMove(toParent: self)`, as in UIKit).
  open func addChild(_ child: HeadlessViewController) {
    guard child.parent !== self else { return }
    child.removeFromParent()
    child.willMove(toParent: self)
    children.append(child)
    child.parent = self
  }

  /// Takes the controller from its parent (call `willMove(toParent: nil)` first and take its
  /// view out yourself, as in UIKit).
  open func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
  }

  /// Called before the controller is added to a parent or taken from one; does nothing by
  /// default.
  open func willMove(toParent parent: HeadlessViewController?) {}

  /// Called after the controller was added to a parent or taken from one; does nothing by
  /// default.
  open func didMove(toParent parent: HeadlessViewController?) {}

  // MARK: Presentation

  /// Presents `viewController` over this controller's screen, as its
  /// ``modalPresentationStyle`` says, then calls `completion` once the transition is done. As in
  /// UIKit, the screen (the root of this controller's parents) presents it; a screen that
  /// already presents one passes the request to the one it presents; and a screen that is not
  /// in a window presents nothing and logs why (an alert in ``alerts``).
  open func present(
    _ viewController: HeadlessViewController, animated flag: Bool,
    completion: (@MainActor () -> Void)? = nil
  ) {
    let screen = screenRoot
    if let presented = screen.presented {
      // A device refuses, with a warning: present from the presented screen instead.
      alerts.append(
        UIKitMessages.presentationWhileAlreadyPresenting(
          viewController, on: self, presenting: presented))
      return
    }
    guard let window = screen.viewIfLoaded?.window else {
      alerts.append(UIKitMessages.presentationOutsideWindow(viewController, on: self))
      return
    }
    screen.presented = viewController
    viewController.presenter = screen
    viewController.isBeingPresented = true
    let covered = viewController.modalPresentationStyle == .fullScreen ? screen : nil
    covered?.beginDisappearing(animated: flag)
    viewController.beginAppearing(animated: flag)
    let presentedView: HeadlessView = viewController.view
    presentedView.frame = window.bounds
    window.addSubview(presentedView)
    Transition.finish(animated: flag, in: window) {
      viewController.isBeingPresented = false
      viewController.endAppearing(animated: flag)
      if let covered {
        covered.viewIfLoaded?.removeFromSuperview()
        covered.endDisappearing(animated: flag)
      }
      completion?()
    }
  }

  /// Dismisses the screen this one's screen presented or, if it presents none, this one's
  /// screen, if it was presented — with any screens presented over it — then calls
  /// `completion` once the transition is done. A full-screen presentation's presenter comes
  /// back into the window, with its appearance calls.
  open func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
    let screen = screenRoot
    guard let dismissed = screen.presented ?? (screen.presenter != nil ? screen : nil),
      let presenter = dismissed.presenter
    else {
      completion?()
      return
    }
    // The screens it presented in turn go with it, without appearance calls of their own.
    var top = dismissed
    while let next = top.presented {
      next.viewIfLoaded?.removeFromSuperview()
      next.endAppearanceAbruptly()
      next.presenter = nil
      top.presented = nil
      top = next
    }
    dismissed.isBeingDismissed = true
    dismissed.beginDisappearing(animated: flag)
    let window = dismissed.viewIfLoaded?.window
    let uncovers = presenter.viewIfLoaded?.window == nil
    if uncovers, let window, let presenterView = presenter.viewIfLoaded {
      presenter.beginAppearing(animated: flag)
      presenterView.frame = window.bounds
      window.insertSubview(presenterView, belowSubview: dismissed.view)
    }
    Transition.finish(animated: flag, in: window) {
      dismissed.viewIfLoaded?.removeFromSuperview()
      dismissed.isBeingDismissed = false
      dismissed.endDisappearing(animated: flag)
      presenter.presented = nil
      dismissed.presenter = nil
      if uncovers { presenter.endAppearing(animated: flag) }
      completion?()
    }
  }

  /// The controller whose view is this screen's root in the window: the top of the chain of
  /// parents.
  var screenRoot: HeadlessViewController {
    var root = self
    while let parent = root.parent { root = parent }
    return root
  }

  // MARK: Appearance

  /// Where a controller is between its appearance calls.
  enum Appearance {
    case disappeared, appearing, appeared, disappearing
  }

  /// The children that get their parent's appearance calls: those whose views are in the
  /// parent's view (a navigation controller's top screen, not the ones under it).
  var childrenOnScreen: [HeadlessViewController] {
    guard let view = viewIfLoaded else { return [] }
    return children.filter { child in child.viewIfLoaded?.isDescendant(of: view) ?? false }
  }

  /// Called just before `viewWillAppear(_:)`, for HeadlessUIKit's own controllers.
  func appearanceWillBegin() {}

  /// The keyboard moved in the window: controllers that keep it off their content follow,
  /// and tell their children and the screen they present.
  func keyboardMoved() {
    for child in children { child.keyboardMoved() }
    presented?.keyboardMoved()
  }

  func beginAppearing(animated: Bool) {
    guard appearance == .disappeared || appearance == .disappearing else { return }
    _ = view  // loaded first, as UIKit loads it before viewWillAppear
    appearance = .appearing
    appearanceWillBegin()
    viewWillAppear(animated)
    for child in childrenOnScreen { child.beginAppearing(animated: animated) }
  }

  func endAppearing(animated: Bool) {
    guard appearance == .appearing else { return }
    appearance = .appeared
    viewDidAppear(animated)
    for child in childrenOnScreen { child.endAppearing(animated: animated) }
  }

  func beginDisappearing(animated: Bool) {
    guard appearance == .appeared || appearance == .appearing else { return }
    appearance = .disappearing
    viewWillDisappear(animated)
    for child in childrenOnScreen { child.beginDisappearing(animated: animated) }
  }

  /// The view left with a screen that went away under it: no calls, as UIKit makes none.
  func endAppearanceAbruptly() {
    appearance = .disappeared
    for child in children { child.endAppearanceAbruptly() }
  }

  func endDisappearing(animated: Bool) {
    guard appearance == .disappearing else { return }
    appearance = .disappeared
    viewDidDisappear(animated)
    for child in children where child.appearance == .disappearing {
      child.endDisappearing(animated: animated)
    }
  }
}

/// Ends a transition: at once when it is not animated; animated, once ``duration`` has passed
/// on the window's ``HeadlessAnimationClock``, as a push, a pop, a presentation or a dismissal
/// takes its time on a device (UIKit rules §7.5) — or on the next main-actor turn with no
/// window to animate in, or inside `performWithoutAnimation(_:)`.
@MainActor
enum Transition {
  /// How long an animated transition takes: UIKit does not document it; a navigation
  /// controller's slide and a sheet's rise are about a third of a second on a device.
  static let duration = Duration.milliseconds(350)

  static func finish(
    animated: Bool, in window: HeadlessWindow?, _ end: @escaping @MainActor () -> Void
  ) {
    guard animated else { return end() }
    if HeadlessView.areAnimationsEnabled, let clock = window?.animationClock {
      _ = clock.schedule(after: duration, end)
    } else {
      Task { @MainActor in end() }
    }
  }
}

/// What a controller hears a change of size with (`UIViewControllerTransitionCoordinator`).
@MainActor
public protocol HeadlessViewControllerTransitionCoordinator:
  HeadlessViewControllerTransitionCoordinatorContext
{
  /// Runs `animation` alongside the change and `completion` once it is done; returns whether
  /// they will be run.
  @discardableResult
  func animate(
    alongsideTransition animation: (
      @MainActor (any HeadlessViewControllerTransitionCoordinatorContext) -> Void
    )?,
    completion: (@MainActor (any HeadlessViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
}

/// What a change of size's animations are told (`UIViewControllerTransitionCoordinatorContext`).
@MainActor
public protocol HeadlessViewControllerTransitionCoordinatorContext: AnyObject {
  /// Whether the change animates: a rotation does.
  var isAnimated: Bool { get }
  /// How long it takes: a rotation's 0.4 s.
  var transitionDuration: TimeInterval { get }
}

/// A rotation's coordinator: animations alongside run as the window changes, completions after.
@MainActor
final class SizeTransitionCoordinator: HeadlessViewControllerTransitionCoordinator {
  private var alongside:
    [@MainActor (any HeadlessViewControllerTransitionCoordinatorContext) -> Void] = []
  private var completions:
    [@MainActor (any HeadlessViewControllerTransitionCoordinatorContext) -> Void] = []
  var isAnimated: Bool { true }
  var transitionDuration: TimeInterval { 0.4 }

  func animate(
    alongsideTransition animation: (
      @MainActor (any HeadlessViewControllerTransitionCoordinatorContext) -> Void
    )?,
    completion: (@MainActor (any HeadlessViewControllerTransitionCoordinatorContext) -> Void)? = nil
  ) -> Bool {
    if let animation { alongside.append(animation) }
    if let completion { completions.append(completion) }
    return true
  }

  func runAlongside() {
    for animation in alongside { animation(self) }
    alongside = []
  }

  func complete() {
    for completion in completions { completion(self) }
    completions = []
  }
}

extension HeadlessViewController: HeadlessTraitEnvironment {}
