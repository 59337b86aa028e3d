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
  /// Told when the user's text size changed: the view measures its self-sizing rows again.
  var textSizeChanged: (@MainActor () -> Void)?

  override init(frame: CGRect) {
    super.init(frame: .zero)
    isHidden = true
    isUserInteractionEnabled = false
    watchTextSize()
  }

  #if canImport(UIKit)
    /// Before iOS 17, the text size is heard here.
    @available(iOS, deprecated: 17)
    @available(tvOS, deprecated: 17)
    override func traitCollectionDidChange(_ previous: UITraitCollection?) {
      super.traitCollectionDidChange(previous)
      if #available(iOS 17, tvOS 17, visionOS 1, *) { return }
      if previous?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory {
        textSizeChanged?()
      }
    }
  #endif

  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  @available(*, unavailable, message: "made in code only")
  required init?(coder: NSCoder) { nil }

  override func didMoveToWindow() {
    super.didMoveToWindow()
    moved?(window != nil)
  }

  /// Hears the text size change as the traits reach the view's subviews: the list has
  /// forgotten its rows' heights, and measures them at its next layout.
  private func watchTextSize() {
    #if canImport(UIKit)
      guard #available(iOS 17, tvOS 17, visionOS 1, *) else { return }
      registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) {
        (sentinel: WindowSentinel, _: UITraitCollection) in sentinel.textSizeChanged?()
      }
    #else
      registerForTraitChanges([HeadlessTraitPreferredContentSizeCategory.self]) {
        (sentinel: WindowSentinel, _: HeadlessTraitCollection) in sentinel.textSizeChanged?()
      }
    #endif
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
