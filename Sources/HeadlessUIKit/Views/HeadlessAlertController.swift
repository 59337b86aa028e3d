import Foundation

/// An alert or an action sheet (`UIAlertController` where UIKit does not exist): a screen with a
/// title, a message, text fields and actions, presented as any screen is.
///
/// A test taps an action with ``userTaps(_:)``: as on a device, the alert is dismissed and the
/// action's handler runs once the dismissal is done.
@MainActor
open class HeadlessAlertController: HeadlessViewController {
  /// How it shows (`UIAlertController.Style`).
  public enum Style: Int, Sendable {
    /// Slides up from the bottom: choices for an action the user started.
    case actionSheet
    /// In the middle of the screen: something the user must read or decide.
    case alert
  }

  /// The message under the title.
  open var message: String?
  /// How it shows.
  public let preferredStyle: Style
  /// Its actions, in the order they were added.
  public private(set) var actions: [HeadlessAlertAction] = []
  /// The action the return key runs, shown in bold.
  open var preferredAction: HeadlessAlertAction?
  /// Its text fields (alerts only), in the order they were added.
  public private(set) var textFields: [HeadlessTextField]?

  /// An alert or action sheet with a title and a message.
  public init(title: String?, message: String?, preferredStyle: Style) {
    self.message = message
    self.preferredStyle = preferredStyle
    super.init(nibName: nil, bundle: nil)
    self.title = title
    modalPresentationStyle = .overFullScreen
  }

  /// An alert from an archive (UIKit's required initializer): HeadlessUIKit has no archives.
  public required init?(coder: NSCoder) {
    preferredStyle = .alert
    super.init(coder: coder)
  }

  /// Adds an action.
  open func addAction(_ action: HeadlessAlertAction) {
    actions.append(action)
  }

  /// Adds a text field, configured by `configurationHandler` (alerts only, as in UIKit).
  open func addTextField(configurationHandler: ((HeadlessTextField) -> Void)? = nil) {
    let field = HeadlessTextField()
    configurationHandler?(field)
    textFields = (textFields ?? []) + [field]
  }

  /// The user taps `action` (HeadlessUIKit only): nothing for a disabled one or one that is
  /// not the alert's; otherwise the alert is dismissed and the action's handler runs once the
  /// dismissal is done, as on a device.
  public func userTaps(_ action: HeadlessAlertAction) {
    guard action.isEnabled, actions.contains(where: { $0 === action }) else { return }
    let handler = action.handler
    dismiss(animated: true) { handler?(action) }
  }
}

/// An action of an alert (`UIAlertAction`).
@MainActor
public final class HeadlessAlertAction {
  /// How an action looks (`UIAlertAction.Style`).
  public enum Style: Int, Sendable {
    /// A plain choice.
    case `default`
    /// Backs out, leaving things as they were.
    case cancel
    /// Destroys or deletes something.
    case destructive
  }

  /// The button's title.
  public let title: String?
  /// How it looks.
  public let style: Style
  /// Whether the user can tap it; `true` by default.
  public var isEnabled = true
  /// What a tap runs.
  let handler: ((HeadlessAlertAction) -> Void)?

  /// An action with a title, a style and what a tap runs.
  public init(
    title: String?, style: Style, handler: ((HeadlessAlertAction) -> Void)? = nil
  ) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}

/// A one-line text field (`UITextField` where UIKit does not exist): its text and placeholder.
@MainActor
open class HeadlessTextField: HeadlessControl {
  override var isAccessibilityElementByDefault: Bool { true }
  override var defaultAccessibilityLabel: String? { placeholder }

  /// The text typed.
  open var text: String? = ""
  /// What it shows while empty.
  open var placeholder: String?
  /// Whether it hides what is typed.
  open var isSecureTextEntry = false

  /// The user types `typed` at the end of the text (HeadlessUIKit only): a character at a time,
  /// each sending `editingChanged`, as the keyboard does.
  public func userTypes(_ typed: String) {
    for character in typed {
      text = (text ?? "") + String(character)
      sendActions(for: .editingChanged)
    }
  }
}
