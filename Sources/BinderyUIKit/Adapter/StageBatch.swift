import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// One stage as the view applies it: its operations, the rows among its reconfigures that are
/// reloaded instead (``ListFeatures/reloadWhen``), and what installs its snapshot.
@MainActor
struct StageBatch<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  let stage: StagedChangeset<Section, Item>.Stage
  /// Reconfigured positions whose cell is replaced: a reload, in a batch of its own.
  let reloads: [ItemPosition]
  /// Makes the stage's snapshot the one the data source reads; first thing in the first batch.
  let install: @MainActor () -> Void

  /// The reconfigures that stay reconfigures.
  var reconfigures: [ItemPosition] {
    reloads.isEmpty
      ? stage.itemReconfigures : stage.itemReconfigures.filter { !reloads.contains($0) }
  }
}

extension StageBatch {
  /// Runs the stage as UIKit batches through `perform` (a view's `performBatchUpdates`),
  /// installing its snapshot first inside the first one (§1.3), and calls `completion` once
  /// UIKit has finished every one. Reloads chosen by `replacesCells(when:)` go in a batch of their
  /// own, before the reconfigures, which are not mixed with structural changes; `structure`
  /// records the stage's inserts, deletes and moves.
  func run(
    perform: (_ updates: @escaping () -> Void, _ done: @escaping (Bool) -> Void) -> Void,
    reload: @escaping ([IndexPath]) -> Void, reconfigure: @escaping ([IndexPath]) -> Void,
    structure: @escaping () -> Void, completion: @escaping @MainActor () -> Void
  ) {
    let paths = { (positions: [ItemPosition]) in positions.map(IndexPath.init) }
    let reconfigures = self.reconfigures
    let batches = Countdown(reloads.isEmpty || reconfigures.isEmpty ? 1 : 2)
    let done: (Bool) -> Void = { _ in if batches.tick() { completion() } }
    if !reloads.isEmpty {
      perform(
        { [self] in
          install()
          reload(paths(reloads))
        }, done)
      if !reconfigures.isEmpty { perform({ reconfigure(paths(reconfigures)) }, done) }
      return
    }
    perform(
      { [self] in
        install()
        structure()
        if !reconfigures.isEmpty { reconfigure(paths(reconfigures)) }
      }, done)
  }
}

/// The size a view will most likely have once laid out, when its frame is still zero: its
/// window's, or the screen's, in each dimension the window does not yet have.
@MainActor
func screenSize(window: UIWindow?) -> CGSize {
  #if canImport(UIKit)
    var screen = window?.windowScene?.coordinateSpace.bounds.size ?? .zero
    if screen == .zero {
      #if os(visionOS)
        screen = CGSize(width: 1280, height: 720)  // visionOS has no screen: its default window
      #else
        screen = UIScreen.main.bounds.size
      #endif
    }
  #else
    let screen = HeadlessWindow.screenBounds.size
  #endif
  let bounds = window?.bounds.size ?? .zero
  return CGSize(
    width: bounds.width > 0 ? bounds.width : screen.width,
    height: bounds.height > 0 ? bounds.height : screen.height)
}

/// Counts the batches of one stage down to the last.
@MainActor
final class Countdown {
  private var remaining: Int
  init(_ count: Int) { remaining = count }

  /// One more done; `true` for the last.
  func tick() -> Bool {
    remaining -= 1
    return remaining == 0
  }
}
