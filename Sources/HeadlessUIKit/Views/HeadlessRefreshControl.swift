import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The control a scroll view shows above its content while the user's pull refreshes it
/// (`UIRefreshControl`). UIKit sends `.valueChanged` when the user pulls, not when refreshing
/// starts from code (``beginRefreshing()``); the control shows until ``endRefreshing()``, and a
/// pull while it refreshes starts nothing (UIKit rules §4e).
@MainActor
open class HeadlessRefreshControl: HeadlessControl {
  /// Whether a refresh is under way: from the user's pull or ``beginRefreshing()`` until
  /// ``endRefreshing()``.
  open private(set) var isRefreshing = false

  /// A refresh control.
  public convenience init() {
    self.init(frame: .zero)
  }

  /// Shows the control refreshing, started from code: no action is sent.
  open func beginRefreshing() { isRefreshing = true }

  /// Ends the refresh: the control hides.
  open func endRefreshing() { isRefreshing = false }

  /// The user's pull: starts refreshing and sends `.valueChanged`; nothing while refreshing.
  func userPulls() {
    guard !isRefreshing else { return }
    isRefreshing = true
    sendActions(for: .valueChanged)
  }
}

extension HeadlessScrollView {
  /// The user pulls the content down past its start to refresh it (HeadlessUIKit only): the
  /// scroll view's refresh control starts refreshing and sends `.valueChanged`. Returns whether
  /// a refresh started — not without a refresh control, nor while it refreshes already, nor
  /// when the content cannot be dragged: shorter than the view without
  /// ``alwaysBounceVertical``, or with ``bounces`` off.
  @discardableResult
  public func userPullsToRefresh() -> Bool {
    let inset = adjustedContentInset
    let canDrag =
      bounces
      && (alwaysBounceVertical || contentSize.height + inset.top + inset.bottom > bounds.height)
    guard canDrag, let control = refreshControl, !control.isRefreshing else { return false }
    control.userPulls()
    return true
  }
}
