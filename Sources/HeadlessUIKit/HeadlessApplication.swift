import Foundation

/// The application, as far as lists need it: UIKit's memory-warning notification, which a test
/// posts with ``simulateMemoryWarning()`` (as the simulator's Debug menu does).
@MainActor
open class HeadlessApplication {
  /// UIKit's `UIApplication.didReceiveMemoryWarningNotification`, posted on the main thread.
  public nonisolated static let didReceiveMemoryWarningNotification = Notification.Name(
    "UIApplicationDidReceiveMemoryWarningNotification")

  /// Posts the memory warning on the main thread, as the system does (HeadlessUIKit only).
  public static func simulateMemoryWarning() {
    NotificationCenter.default.post(name: didReceiveMemoryWarningNotification, object: nil)
  }
}
