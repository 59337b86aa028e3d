import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension ContentStore {
  /// Makes the store shed the content nobody wants (``ContentStore/purge(downToCost:)``) when
  /// the app receives a memory warning, for as long as the store lives. Binding a store with
  /// content does this; calling it again changes nothing.
  ///
  /// - Parameter center: where the warning is posted; the default center, as UIKit does it
  ///   (tests pass their own, so that their warnings reach no other test's store).
  public func purgesOnMemoryWarning(from center: NotificationCenter = .default) {
    let id = ObjectIdentifier(MemoryWarningPurge.self)
    guard companions[id] == nil else { return }
    companions[id] = MemoryWarningPurge(center: center) { [weak self] in self?.purge() }
  }
}

/// Observes UIKit's memory warning for as long as it lives.
final class MemoryWarningPurge: @unchecked Sendable {
  // Written once in `init`, read in `deinit`: no other access.
  private var token: (any NSObjectProtocol)?
  private let center: NotificationCenter

  init(center: NotificationCenter, purge: @escaping @MainActor () -> Void) {
    self.center = center
    // UIKit posts the warning on the main thread; the purge happens there, at once. No
    // `queue: .main`: swift-corelibs-foundation's NotificationCenter waits for the queue when
    // the poster is not on it, which deadlocks on the main actor.
    token = center.addObserver(
      forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: nil
    ) { @Sendable _ in
      if Thread.isMainThread {
        MainActor.assumeIsolated { purge() }
      } else {
        Task { @MainActor in purge() }
      }
    }
  }

  deinit {
    if let token { center.removeObserver(token) }
  }
}
