import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// An action a control runs for its events (`UIAction`).
@MainActor
public final class HeadlessAction {
  /// The action's title, shown by a button or a menu made from it.
  public var title: String
  /// The action's image.
  public var image: HeadlessImage?
  /// What the action does; it receives the action itself.
  public let handler: @MainActor (HeadlessAction) -> Void

  /// An action that runs `handler`, with UIKit's initializer's title and image.
  public init(
    title: String = "", image: HeadlessImage? = nil,
    handler: @escaping @MainActor (HeadlessAction) -> Void
  ) {
    self.title = title
    self.image = image
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
    /// A touch went down in the control.
    public static let touchDown = Event(rawValue: 1 << 0)
    /// A touch lifted inside the control: a tap.
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// The control's value changed: a refresh control's pull, a switch's flip.
    public static let valueChanged = Event(rawValue: 1 << 12)
    /// The control's primary action: a button's tap (iOS 9).
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    /// A text field's text changed.
    public static let editingChanged = Event(rawValue: 1 << 17)
  }

  /// A control's state, for the values that depend on it (`UIControl.State`).
  public struct State: OptionSet, Sendable, Hashable {
    /// The state's bits, as UIKit numbers them.
    public let rawValue: UInt
    /// The state of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Enabled, not selected, not highlighted.
    public static let normal = State([])
    /// Being touched.
    public static let highlighted = State(rawValue: 1 << 0)
    /// Not enabled.
    public static let disabled = State(rawValue: 1 << 1)
    /// Selected.
    public static let selected = State(rawValue: 1 << 2)
  }

  private var actions: [(action: HeadlessAction, events: Event)] = []

  /// Whether the control responds to touches; a disabled control sends nothing when tapped.
  open var isEnabled = true
  /// Whether the control is selected.
  open var isSelected = false
  /// Whether a touch is on the control.
  open var isHighlighted = false

  /// The state made of ``isEnabled``, ``isSelected`` and ``isHighlighted``.
  open var state: State {
    var state = State.normal
    if !isEnabled { state.insert(.disabled) }
    if isSelected { state.insert(.selected) }
    if isHighlighted { state.insert(.highlighted) }
    return state
  }

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

  /// The user taps the control: if it is enabled, visible and in a window, it sends
  /// `.touchDown`, `.touchUpInside` and `.primaryActionTriggered`, as a tap on a device does
  /// (HeadlessUIKit only). Returns whether the tap reached it.
  @discardableResult
  public func userTaps() -> Bool {
    guard isEnabled, isUserInteractionEnabled, !isHidden, window != nil else { return false }
    sendActions(for: .touchDown)
    sendActions(for: [.touchUpInside, .primaryActionTriggered])
    return true
  }
}
