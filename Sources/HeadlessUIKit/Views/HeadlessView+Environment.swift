import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// What a view's place gives it: the safe area its window's screen and its controllers leave,
// the keyboard's guide, and its traits, with the calls UIKit makes when they change.

extension HeadlessView {
  /// Tells the views in this one whose safe area changed. Cells and the views in them are
  /// placed by their list, and are not told.
  func geometryDidChange() {
    guard !(self is HeadlessReusableView) else { return }
    let insets = safeAreaInsets
    if insets != toldSafeArea {
      toldSafeArea = insets
      safeAreaInsetsDidChange()
      owningController?.viewSafeAreaInsetsDidChange()
      keyValueObservers.valuesMayHaveChanged()
    }
    for subview in subviews { subview.geometryDidChange() }
  }

  /// The guide that follows the keyboard's top edge (iOS 15's `keyboardLayoutGuide`): its
  /// ``HeadlessLayoutGuide/layoutFrame`` is the part of the view the keyboard covers, or, while
  /// the keyboard is down, the strip the safe area leaves at the bottom.
  public var keyboardLayoutGuide: HeadlessLayoutGuide {
    anchors.guide(\.keyboard, of: self)
  }

  /// The part of the view the keyboard covers, in its coordinates; `nil` while it is down.
  var keyboardOverlap: CGRect? {
    guard let window, let keyboard = window.keyboardFrame else { return nil }
    let mine = convert(bounds, to: window)
    let overlap = mine.intersection(keyboard)
    guard !overlap.isNull, overlap.height > 0 else { return nil }
    return CGRect(
      x: bounds.minX + overlap.minX - mine.minX, y: bounds.minY + overlap.minY - mine.minY,
      width: overlap.width, height: overlap.height)
  }

  /// A rectangle in this view's coordinates, in another view's (the window's if `nil`).
  public func convert(_ rect: CGRect, to view: HeadlessView?) -> CGRect {
    let inWindow = rectInWindow(rect)
    guard let view else { return inWindow }
    let origin = view.rectInWindow(view.bounds).origin
    return CGRect(
      x: inWindow.minX - origin.x + view.bounds.minX,
      y: inWindow.minY - origin.y + view.bounds.minY, width: rect.width, height: rect.height)
  }

  /// A rectangle in this view's coordinates, in its window's (or its topmost superview's).
  private func rectInWindow(_ rect: CGRect) -> CGRect {
    var result = rect
    var view: HeadlessView? = self
    while let current = view, let superview = current.superview {
      result.origin.x += current.frame.minX - current.bounds.minX
      result.origin.y += current.frame.minY - current.bounds.minY
      _ = superview
      view = superview
    }
    return result
  }

  // MARK: Traits

  /// Tells this view and those inside it whose traits changed: `traitCollectionDidChange(_:)`,
  /// then the handlers registered for a trait that changed. A view out of a window hears when
  /// it is back in one.
  func traitsMayHaveChanged() {
    guard isShownInAWindow else { return }
    let current = traitCollection
    if let told = toldTraits, told != current {
      toldTraits = current
      let changed = current.changedTraits(from: told)
      traitCollectionDidChange(told)
      for registration in traitChangeRegistry.registrations
      where !registration.traits.isDisjoint(with: changed) {
        registration.handler(self, told)
      }
      owningController?.traitsChanged(from: told, changed: changed)
    } else {
      toldTraits = current
    }
    for subview in subviews { subview.traitsMayHaveChanged() }
    if let list = self as? HeadlessScrollView { list.traitsReachedSubviews() }
  }

  /// Whether the view is in a window, or in a cell of a list view that is.
  var isShownInAWindow: Bool {
    var view: HeadlessView = self
    while let superview = view.superview { view = superview }
    if view is HeadlessWindow { return true }
    return (view as? HeadlessReusableView)?.hostingList?.window != nil
  }
}

/// A handler registered for changes of some traits.
@MainActor
final class TraitRegistration: HeadlessTraitChangeRegistration {
  let traits: Set<HeadlessTrait>
  let handler: @MainActor (AnyObject, HeadlessTraitCollection) -> Void

  init(
    traits: Set<HeadlessTrait>,
    handler: @escaping @MainActor (AnyObject, HeadlessTraitCollection) -> Void
  ) {
    self.traits = traits
    self.handler = handler
  }
}

/// What `registerForTraitChanges(_:handler:)` returns: pass it to `unregisterForTraitChanges(_:)`
/// to stop (`UITraitChangeRegistration`).
@MainActor
public protocol HeadlessTraitChangeRegistration: AnyObject {}

/// Where a view or a controller keeps the handlers registered for its trait changes.
@MainActor
public final class HeadlessTraitChangeRegistry {
  var registrations: [TraitRegistration] = []
  init() {}
}

/// Something with traits that can register for their changes (iOS 17's
/// `UITraitChangeObservable`): views and view controllers.
@MainActor
public protocol HeadlessTraitEnvironment: AnyObject {
  /// The traits it is shown with.
  var traitCollection: HeadlessTraitCollection { get }
  /// Where its registrations are kept.
  var traitChangeRegistry: HeadlessTraitChangeRegistry { get }
}

extension HeadlessTraitEnvironment {
  /// Calls `handler` with the object and its previous traits whenever one of `traits` changes
  /// (iOS 17): `registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { … }`.
  @discardableResult
  public func registerForTraitChanges(
    _ traits: [any HeadlessTraitDefinition.Type],
    handler: @escaping @MainActor (Self, HeadlessTraitCollection) -> Void
  ) -> any HeadlessTraitChangeRegistration {
    let registration = TraitRegistration(traits: Set(traits.map { $0.trait })) { object, previous in
      if let me = object as? Self { handler(me, previous) }
    }
    traitChangeRegistry.registrations.append(registration)
    return registration
  }

  /// Stops a registration's calls.
  public func unregisterForTraitChanges(_ registration: any HeadlessTraitChangeRegistration) {
    traitChangeRegistry.registrations.removeAll { $0 === registration }
  }
}

extension HeadlessView: HeadlessTraitEnvironment {}
