import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// A hidden, empty subview of a bound view that says when the view comes into a window or
/// leaves it — a screen pushed over it and popped, a tab switched away and back — which UIKit
/// tells only the view itself (`didMoveToWindow()`) and its subviews. Content that arrives
/// while the screen is covered waits for it, and is then shown as it would have been on screen:
/// reconfigured in place, keeping the reader's row and the selection.
@MainActor
final class WindowSentinel: UIView {
  /// Told with `true` when the view comes into a window, `false` when it leaves one.
  var moved: (@MainActor (_ isInWindow: Bool) -> Void)?

  override init(frame: CGRect) {
    super.init(frame: .zero)
    isHidden = true
    isUserInteractionEnabled = false
  }

  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  @available(*, unavailable, message: "made in code only")
  required init?(coder: NSCoder) { nil }

  override func didMoveToWindow() {
    super.didMoveToWindow()
    moved?(window != nil)
  }

  /// The sentinel in `view`, put there if it has none yet.
  static func installed(in view: UIView) -> WindowSentinel {
    if let sentinel = view.subviews.lazy.compactMap({ $0 as? WindowSentinel }).first {
      return sentinel
    }
    let sentinel = WindowSentinel(frame: .zero)
    view.insertSubview(sentinel, at: 0)
    return sentinel
  }
}
