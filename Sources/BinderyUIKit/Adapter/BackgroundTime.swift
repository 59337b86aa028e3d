import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension ContentStore {
  /// Makes the store's time stand still while the app is in the background
  /// (``ContentStore/pauseTime()`` and ``ContentStore/resumeTime()`` from UIKit's
  /// notifications), for as long as the store lives: loads under way when the app is suspended
  /// are not timed out on its return. Binding a store with content does this; calling it
  /// again changes nothing.
  ///
  /// - Parameter center: where UIKit posts the notifications; the default center.
  public func pausesTimeInBackground(from center: NotificationCenter = .default) {
    let id = ObjectIdentifier(BackgroundTimePause.self)
    guard companions[id] == nil else { return }
    companions[id] = BackgroundTimePause(center: center) { [weak self] away in
      if away { self?.pauseTime() } else { self?.resumeTime() }
    }
  }
}

/// Observes the app leaving for the background and coming back, for as long as it lives.
final class BackgroundTimePause: @unchecked Sendable {
  // Written once in `init`, read in `deinit`: no other access.
  private var tokens: [any NSObjectProtocol] = []
  private let center: NotificationCenter

  init(center: NotificationCenter, moved: @escaping @MainActor (_ away: Bool) -> Void) {
    self.center = center
    for (name, away) in [
      (UIApplication.didEnterBackgroundNotification, true),
      (UIApplication.willEnterForegroundNotification, false),
    ] {
      // On the main thread, where UIKit posts them; no `queue: .main`, as for the warning.
      tokens.append(
        center.addObserver(forName: name, object: nil, queue: nil) { @Sendable _ in
          if Thread.isMainThread {
            MainActor.assumeIsolated { moved(away) }
          } else {
            Task { @MainActor in moved(away) }
          }
        })
    }
  }

  deinit {
    for token in tokens { center.removeObserver(token) }
  }
}
