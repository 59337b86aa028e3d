import Foundation

/// What views and view controllers inherit (`UIResponder` where UIKit does not exist): the
/// keyboard's notifications and the keys of their `userInfo`, under UIKit's names.
///
/// A window posts them as the user's keyboard comes and goes (``HeadlessWindow/userShowsKeyboard(height:)``),
/// with the window as their `object` (UIKit's name none), so that a test or a controller can
/// tell its own window's keyboard from another test's. The frames are `CGRect`s in screen
/// coordinates: read them with `as? CGRect`, which works against UIKit too.
@MainActor
open class HeadlessResponder {
  /// A responder.
  public init() {}

  /// The keyboard is about to come up.
  public nonisolated static let keyboardWillShowNotification = Notification.Name(
    "UIKeyboardWillShowNotification")
  /// The keyboard came up.
  public nonisolated static let keyboardDidShowNotification = Notification.Name(
    "UIKeyboardDidShowNotification")
  /// The keyboard is about to go down.
  public nonisolated static let keyboardWillHideNotification = Notification.Name(
    "UIKeyboardWillHideNotification")
  /// The keyboard went down.
  public nonisolated static let keyboardDidHideNotification = Notification.Name(
    "UIKeyboardDidHideNotification")
  /// The keyboard's frame is about to change (on showing and hiding too).
  public nonisolated static let keyboardWillChangeFrameNotification = Notification.Name(
    "UIKeyboardWillChangeFrameNotification")
  /// The keyboard's frame changed.
  public nonisolated static let keyboardDidChangeFrameNotification = Notification.Name(
    "UIKeyboardDidChangeFrameNotification")

  /// The keyboard's frame before the change, a `CGRect` in screen coordinates.
  public nonisolated static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
  /// The keyboard's frame after the change, a `CGRect` in screen coordinates.
  public nonisolated static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
  /// The animation's duration in seconds, a `TimeInterval`.
  public nonisolated static let keyboardAnimationDurationUserInfoKey =
    "UIKeyboardAnimationDurationUserInfoKey"
  /// The animation's curve, an `Int` (7: the keyboard's own).
  public nonisolated static let keyboardAnimationCurveUserInfoKey =
    "UIKeyboardAnimationCurveUserInfoKey"
  /// Whether the keyboard belongs to this app, a `Bool`.
  public nonisolated static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}
