import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Optional in UIKit, requirements with defaults here (no `@objc optional` without the
// Objective-C runtime): each default does what UIKit does without the method.

/// What a scroll view tells its delegate as the user drags and lets go
/// (`UIScrollViewDelegate` where UIKit does not exist).
@MainActor
public protocol HeadlessScrollViewDelegate: AnyObject {
  /// The content offset changed.
  func scrollViewDidScroll(_ scrollView: HeadlessScrollView)
  /// The user put a finger down and started to drag.
  func scrollViewWillBeginDragging(_ scrollView: HeadlessScrollView)
  /// The user lifted the finger: `velocity` is in points per millisecond and
  /// `targetContentOffset` is where the deceleration will stop (the delegate may change it).
  func scrollViewWillEndDragging(
    _ scrollView: HeadlessScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>)
  /// The drag ended; `decelerate` says whether the content goes on moving.
  func scrollViewDidEndDragging(_ scrollView: HeadlessScrollView, willDecelerate decelerate: Bool)
  /// The deceleration came to rest.
  func scrollViewDidEndDecelerating(_ scrollView: HeadlessScrollView)
  /// An animated scroll the code asked for (`setContentOffset(_:animated:)`, a scroll to a row
  /// or an item) reached its offset.
  func scrollViewDidEndScrollingAnimation(_ scrollView: HeadlessScrollView)
  /// The adjusted content inset changed: the safe area, the keyboard or the content inset.
  func scrollViewDidChangeAdjustedContentInset(_ scrollView: HeadlessScrollView)
}

extension HeadlessScrollViewDelegate {
  /// Does nothing.
  public func scrollViewDidScroll(_ scrollView: HeadlessScrollView) {}
  /// Does nothing.
  public func scrollViewWillBeginDragging(_ scrollView: HeadlessScrollView) {}
  /// Does nothing.
  public func scrollViewWillEndDragging(
    _ scrollView: HeadlessScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {}
  /// Does nothing.
  public func scrollViewDidEndDragging(
    _ scrollView: HeadlessScrollView, willDecelerate decelerate: Bool
  ) {}
  /// Does nothing.
  public func scrollViewDidEndDecelerating(_ scrollView: HeadlessScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndScrollingAnimation(_ scrollView: HeadlessScrollView) {}
  /// Does nothing.
  public func scrollViewDidChangeAdjustedContentInset(_ scrollView: HeadlessScrollView) {}
}
