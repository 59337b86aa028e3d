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
  /// UIKit has finished every one. Reloads chosen by `reloadItems(when:)` go in a batch of their
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

extension UITableView {
  /// Applies one stage (see `StageBatch.run`). Section reconfigures are not batch operations:
  /// the adapter updates those views in place.
  func apply<Section, Item>(
    _ batch: StageBatch<Section, Item>, animation: RowAnimation,
    completion: @escaping @MainActor () -> Void
  ) {
    let stage = batch.stage
    let path = IndexPath.init(_:)
    batch.run(
      perform: { performBatchUpdates($0, completion: $1) },
      reload: { [self] in reloadRows(at: $0, with: animation) },
      reconfigure: { [self] in reconfigureRows(at: $0) },
      structure: { [self] in
        if !stage.sectionDeletes.isEmpty {
          deleteSections(IndexSet(stage.sectionDeletes), with: animation)
        }
        if !stage.sectionInserts.isEmpty {
          insertSections(IndexSet(stage.sectionInserts), with: animation)
        }
        for move in stage.sectionMoves { moveSection(move.from, toSection: move.to) }
        if !stage.itemDeletes.isEmpty {
          deleteRows(at: stage.itemDeletes.map(path), with: animation)
        }
        if !stage.itemInserts.isEmpty {
          insertRows(at: stage.itemInserts.map(path), with: animation)
        }
        for move in stage.itemMoves { moveRow(at: path(move.from), to: path(move.to)) }
      }, completion: completion)
  }

  /// Rows on one screen: the frame's height (or, before layout, the window's or the screen's)
  /// over the row height (or the estimate; 44 points, UIKit's default row).
  var itemsPerScreen: Int {
    let height = frame.height > 0 ? frame.height : screenSize(window: window).height
    let row = rowHeight > 0 ? rowHeight : (estimatedRowHeight > 0 ? estimatedRowHeight : 44)
    return max(1, Int((height / row).rounded(.up)))
  }
}

extension UICollectionView {
  /// Applies one stage, as a table does (see `StageBatch.run`).
  func apply<Section, Item>(
    _ batch: StageBatch<Section, Item>, completion: @escaping @MainActor () -> Void
  ) {
    let stage = batch.stage
    let path = IndexPath.init(_:)
    batch.run(
      perform: { performBatchUpdates($0, completion: $1) },
      reload: { [self] in reloadItems(at: $0) },
      reconfigure: { [self] in reconfigureItems(at: $0) },
      structure: { [self] in
        if !stage.sectionDeletes.isEmpty { deleteSections(IndexSet(stage.sectionDeletes)) }
        if !stage.sectionInserts.isEmpty { insertSections(IndexSet(stage.sectionInserts)) }
        for move in stage.sectionMoves { moveSection(move.from, toSection: move.to) }
        if !stage.itemDeletes.isEmpty { deleteItems(at: stage.itemDeletes.map(path)) }
        if !stage.itemInserts.isEmpty { insertItems(at: stage.itemInserts.map(path)) }
        for move in stage.itemMoves { moveItem(at: path(move.from), to: path(move.to)) }
      }, completion: completion)
  }

  /// Items on one screen. For a flow layout, lines × columns from its item size (the
  /// delegate's size for the first item, or the estimate when one is set), spacing and section
  /// insets, along its scroll direction, and the frame (or, before layout, the window's or the
  /// screen's size); for other layouts, the visible items once there are any, else 44-point
  /// rows of one item.
  var itemsPerScreen: Int {
    let size = frame.height > 0 ? frame.size : screenSize(window: window)
    guard let flow = collectionViewLayout as? UICollectionViewFlowLayout else {
      return max(1, indexPathsForVisibleItems.count, Int((size.height / 44).rounded(.up)))
    }
    let item = itemSize(in: flow)
    let inset = flow.sectionInset
    let horizontal = flow.scrollDirection == .horizontal
    let (along, across) =
      horizontal
      ? (size.width, size.height - inset.top - inset.bottom)
      : (size.height, size.width - inset.left - inset.right)
    let (itemAlong, itemAcross) = horizontal ? (item.width, item.height) : (item.height, item.width)
    let spacing = max(0, flow.minimumInteritemSpacing)
    let columns = Int(((across + spacing) / max(1, itemAcross + spacing)).rounded(.down))
    let lines = Int((along / max(1, itemAlong + max(0, flow.minimumLineSpacing))).rounded(.up))
    return max(1, max(1, columns) * max(1, lines))
  }

  /// The size a flow layout gives items: the delegate's for the first item once there is one,
  /// else the estimate when it is a size (not `automaticSize`), else `itemSize`.
  private func itemSize(in flow: UICollectionViewFlowLayout) -> CGSize {
    if numberOfSections > 0, numberOfItems(inSection: 0) > 0,
      let size = delegateItemSize(flow, at: IndexPath(item: 0, section: 0)),
      size.width > 0, size.height > 0
    {
      return size
    }
    let estimate = flow.estimatedItemSize
    if estimate.width > 0, estimate.height > 0,
      estimate != UICollectionViewFlowLayout.automaticSize
    {
      return estimate
    }
    return flow.itemSize
  }

  private func delegateItemSize(_ flow: UICollectionViewFlowLayout, at path: IndexPath)
    -> CGSize?
  {
    // The method is optional in UIKit (called through `?`), a default in HeadlessUIKit.
    #if canImport(UIKit)
      (delegate as? UICollectionViewDelegateFlowLayout)?.collectionView?(
        self, layout: flow, sizeForItemAt: path)
    #else
      (delegate as? UICollectionViewDelegateFlowLayout)?.collectionView(
        self, layout: flow, sizeForItemAt: path)
    #endif
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
