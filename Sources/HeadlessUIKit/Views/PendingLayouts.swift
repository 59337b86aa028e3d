import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The views in windows whose layout is due, laid out at the end of the main-actor turn, from
/// the top down — as a device lays out before it draws the next frame.
@MainActor
final class PendingLayouts {
  static let shared = PendingLayouts()
  private var views: [WeakView] = []
  private var isScheduled = false

  private struct WeakView {
    weak var view: HeadlessView?
  }

  /// Lays `view` out at the end of this turn, if it still needs it then.
  func add(_ view: HeadlessView) {
    views.append(WeakView(view: view))
    guard !isScheduled else { return }
    isScheduled = true
    Task { @MainActor [self] in flush() }
  }

  /// Lays out every view still due and still in a window, superviews before their subviews; a
  /// layout that asks for more (a subview resized) is made in the same pass.
  private func flush() {
    isScheduled = false
    var rounds = 0
    while !views.isEmpty, rounds < 100 {
      rounds += 1
      let due = views.compactMap(\.view).filter { $0.needsLayout && $0.window != nil }
      views = []
      for view in due.sorted(by: { $0.depth < $1.depth }) where view.needsLayout {
        view.performLayout()
      }
    }
  }
}

extension HeadlessView {
  /// How many superviews the view has.
  fileprivate var depth: Int {
    var count = 0
    var current = superview
    while let view = current {
      count += 1
      current = view.superview
    }
    return count
  }
}
