import Foundation

/// The application, as far as lists need it: UIKit's memory-warning notification, which a test
/// posts with ``simulateMemoryWarning(in:)`` (as the simulator's Debug menu does), and its
/// notifications of leaving for the background and coming back
/// (``simulateLeaving(toBackground:in:)``).
@MainActor
open class HeadlessApplication {
  /// UIKit's `UIApplication.didReceiveMemoryWarningNotification`, posted on the main thread.
  public nonisolated static let didReceiveMemoryWarningNotification = Notification.Name(
    "UIApplicationDidReceiveMemoryWarningNotification")

  /// Posts the memory warning on the main thread, as the system does (HeadlessUIKit only); in
  /// `center`, the default one unless a test keeps its warnings to itself.
  public static func simulateMemoryWarning(in center: NotificationCenter = .default) {
    center.post(name: didReceiveMemoryWarningNotification, object: nil)
  }

  /// UIKit's `UIApplication.didEnterBackgroundNotification`: the app left the screen, and may
  /// be suspended soon after.
  public nonisolated static let didEnterBackgroundNotification = Notification.Name(
    "UIApplicationDidEnterBackgroundNotification")

  /// UIKit's `UIApplication.willEnterForegroundNotification`: the app comes back.
  public nonisolated static let willEnterForegroundNotification = Notification.Name(
    "UIApplicationWillEnterForegroundNotification")

  /// The user leaves the app (the home gesture), or comes back to it (HeadlessUIKit only):
  /// posts UIKit's notification on the main thread, in `center`.
  public static func simulateLeaving(
    toBackground leaves: Bool, in center: NotificationCenter = .default
  ) {
    center.post(
      name: leaves ? didEnterBackgroundNotification : willEnterForegroundNotification,
      object: nil)
  }
}
