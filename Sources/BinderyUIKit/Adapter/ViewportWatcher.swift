import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// Watches a list view's viewport between updates — its size (a keyboard the app makes room
/// for, a rotation, split view) and its insets (the app's keyboard inset, the safe area) — and
/// tells the adapter of each change with where the user was just before it — and of every
/// scroll it did not make.
///
/// It observes the view's `bounds`, `contentOffset` and `contentInset` (and `adjustedContentInset`, which
/// HeadlessUIKit and some UIKit versions report), by key-value observation: the view tells of
/// a new value as it is set, so the adapter corrects the offset in the same turn, before a
/// frame is drawn. The place before the change is the one seen at the last event: the bounds
/// change with every scroll, so it is never older than the user's last move.
@MainActor
final class ViewportWatcher {
  /// The viewport along the scroll: what a change of it is judged by.
  struct Viewport: Equatable {
    var size: CGSize
    /// The content offset along the scroll: every scroll is a new viewport.
    var offset: CGFloat
    var insetStart: CGFloat
    var insetEnd: CGFloat
    var isAtStart: Bool
    var isAtEnd: Bool

    @MainActor
    init(_ view: UIScrollView, horizontal: Bool) {
      let axis = ScrollAxis(view, horizontal: horizontal)
      size = view.bounds.size
      offset = axis.offset
      insetStart = axis.insetStart
      insetEnd = axis.insetEnd
      isAtStart = axis.isAtStart
      isAtEnd = axis.isAtEnd
    }

    /// Whether the viewport itself changed (not just the offset within it).
    func differsInShape(from other: Viewport) -> Bool {
      size != other.size || insetStart != other.insetStart || insetEnd != other.insetEnd
    }
  }

  private weak var view: UIScrollView?
  private let horizontal: Bool
  private var observations: [AnyObject] = []
  private var last: Viewport
  /// The viewport at the last event: where the user was before a change the view has not told
  /// of (rows measured again move the content, not the offset).
  var lastSeen: Viewport { last }
  /// The view's bounds at the last look: a scroll tells of its offset and of the bounds it
  /// moves, one after the other, and the second finds them as the first left them.
  private var lookedAtBounds: CGRect?
  /// Told of a change of the viewport's shape, with the viewport before it; `false` from
  /// ``isSuspended`` lets the change pass.
  private let changed: @MainActor (_ before: Viewport) -> Void
  /// Told of a scroll (the offset moved, the viewport kept its shape) that Bindery did not
  /// make: the app's or the user's, or UIKit's bringing the offset within the content.
  private let scrolled: @MainActor (_ now: Viewport) -> Void
  /// Whether changes are being made by Bindery itself (a correction, an accessory it shows),
  /// which keeps the place on its own.
  private let isSuspended: @MainActor () -> Bool

  init(
    view: UIScrollView, horizontal: Bool, isSuspended: @escaping @MainActor () -> Bool,
    changed: @escaping @MainActor (_ before: Viewport) -> Void,
    scrolled: @escaping @MainActor (_ now: Viewport) -> Void
  ) {
    self.view = view
    self.horizontal = horizontal
    self.isSuspended = isSuspended
    self.changed = changed
    self.scrolled = scrolled
    last = Viewport(view, horizontal: horizontal)
    // UIKit sets these on the main thread, where it lays out.
    observations = [
      view.observe(\.bounds) { [weak self] _, _ in
        MainActor.assumeIsolated { self?.checkIfBoundsMoved() }
      },
      // The offset too: the scrolls every library watches by it, whichever way UIKit sets the
      // bounds underneath. A check that finds nothing new tells nothing.
      view.observe(\.contentOffset) { [weak self] _, _ in
        MainActor.assumeIsolated { self?.checkIfBoundsMoved() }
      },
      view.observe(\.contentInset) { [weak self] _, _ in
        MainActor.assumeIsolated { self?.check() }
      },
      view.observe(\.adjustedContentInset) { [weak self] _, _ in
        MainActor.assumeIsolated { self?.check() }
      },
    ]
  }

  /// Looks at the viewport: a new shape is told, with the viewport before it, unless Bindery
  /// is making the change; the place after it becomes the one the next change starts from.
  func check() {
    guard let view else { return }
    lookedAtBounds = view.bounds
    let now = Viewport(view, horizontal: horizontal)
    guard now != last else { return }
    let before = last
    last = now
    guard !isSuspended() else { return }
    guard now.differsInShape(from: before) else { return scrolled(now) }
    changed(before)
    lookedAtBounds = view.bounds
    last = Viewport(view, horizontal: horizontal)
  }

  /// Looks at the viewport if the view's bounds moved since the last look (the offset is their
  /// origin): the insets are told of by their own observations.
  private func checkIfBoundsMoved() {
    guard let view, view.bounds != lookedAtBounds else { return }
    check()
  }

  /// Takes the viewport as it is now for the one before the next change (after Bindery moved
  /// the offset itself).
  func resync() {
    guard let view else { return }
    lookedAtBounds = view.bounds
    last = Viewport(view, horizontal: horizontal)
  }
}
