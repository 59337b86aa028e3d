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
  public func purgesOnMemoryWarning() {
    let id = ObjectIdentifier(MemoryWarningPurge.self)
    guard companions[id] == nil else { return }
    companions[id] = MemoryWarningPurge { [weak self] in self?.purge() }
  }
}

/// Observes UIKit's memory warning for as long as it lives.
final class MemoryWarningPurge: @unchecked Sendable {
  // Written once in `init`, read in `deinit`: no other access.
  private var token: (any NSObjectProtocol)?

  init(purge: @escaping @MainActor () -> Void) {
    // UIKit posts the warning on the main thread; the purge happens there, at once. No
    // `queue: .main`: swift-corelibs-foundation's NotificationCenter waits for the queue when
    // the poster is not on it, which deadlocks on the main actor.
    token = NotificationCenter.default.addObserver(
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
    if let token { NotificationCenter.default.removeObserver(token) }
  }
}
