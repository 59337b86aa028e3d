import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// An action a control runs for its events (`UIAction`).
@MainActor
public final class HeadlessAction {
  /// What the action does; it receives the action itself.
  public let handler: @MainActor (HeadlessAction) -> Void

  /// An action that runs `handler`.
  public init(handler: @escaping @MainActor (HeadlessAction) -> Void) {
    self.handler = handler
  }
}

/// A view that sends actions for events (`UIControl`): the events HeadlessUIKit's controls send.
@MainActor
open class HeadlessControl: HeadlessView {
  /// The events a control sends actions for (`UIControl.Event`).
  public struct Event: OptionSet, Sendable, Hashable {
    /// The events' bits, as UIKit numbers them.
    public let rawValue: UInt
    /// The events of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The control's value changed: a refresh control's pull.
    public static let valueChanged = Event(rawValue: 1 << 12)
  }

  private var actions: [(action: HeadlessAction, events: Event)] = []

  /// Runs `action` whenever the control sends one of `events`.
  open func addAction(_ action: HeadlessAction, for events: Event) {
    actions.append((action, events))
  }

  /// Stops running `action` for `events`.
  open func removeAction(_ action: HeadlessAction, for events: Event) {
    actions.removeAll { $0.action === action && $0.events == events }
  }

  /// Runs the actions added for any of `events`, in the order they were added.
  open func sendActions(for events: Event) {
    for entry in actions where !entry.events.isDisjoint(with: events) {
      entry.action.handler(entry.action)
    }
  }
}

/// The control a scroll view shows above its content while the user's pull refreshes it
/// (`UIRefreshControl`). UIKit sends `.valueChanged` when the user pulls, not when refreshing
/// starts from code (``beginRefreshing()``); the control shows until ``endRefreshing()``, and a
/// pull while it refreshes starts nothing (UIKit rules §4e).
@MainActor
open class HeadlessRefreshControl: HeadlessControl {
  /// Whether a refresh is under way: from the user's pull or ``beginRefreshing()`` until
  /// ``endRefreshing()``.
  open private(set) var isRefreshing = false

  /// A refresh control.
  public convenience init() {
    self.init(frame: .zero)
  }

  /// Shows the control refreshing, started from code: no action is sent.
  open func beginRefreshing() { isRefreshing = true }

  /// Ends the refresh: the control hides.
  open func endRefreshing() { isRefreshing = false }

  /// The user's pull: starts refreshing and sends `.valueChanged`; nothing while refreshing.
  func userPulls() {
    guard !isRefreshing else { return }
    isRefreshing = true
    sendActions(for: .valueChanged)
  }
}

extension HeadlessScrollView {
  /// The user pulls the content down past its start to refresh it (HeadlessUIKit only): the
  /// scroll view's refresh control starts refreshing and sends `.valueChanged`. Returns whether
  /// a refresh started — not without a refresh control, nor while it refreshes already, nor
  /// when the content cannot be dragged: shorter than the view without
  /// ``alwaysBounceVertical``, or with ``bounces`` off.
  @discardableResult
  public func userPullsToRefresh() -> Bool {
    let inset = adjustedContentInset
    let canDrag =
      bounces
      && (alwaysBounceVertical || contentSize.height + inset.top + inset.bottom > bounds.height)
    guard canDrag, let control = refreshControl, !control.isRefreshing else { return false }
    control.userPulls()
    return true
  }
}
