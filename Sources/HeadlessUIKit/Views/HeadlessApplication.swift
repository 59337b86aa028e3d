import Foundation

/// The application, as far as lists need it: UIKit's memory-warning notification, which a test
/// posts with ``simulateMemoryWarning(in:)`` (as the simulator's Debug menu does).
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
}
