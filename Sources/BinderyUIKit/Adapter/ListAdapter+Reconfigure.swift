import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension ListAdapter {
  // MARK: Reconfiguring

  func reconfigureItems(at positions: [ItemPosition]) {
    guard answeringDepth == 0, !isUserInteracting else {
      // UIKit is asking for a cell (content announced from inside a cell request), or the user
      // is moving a row: changing cells now is re-entrant, or breaks the gesture. Later, by id,
      // as the positions may change meanwhile.
      waitingReconfigures.deferred += positions.compactMap { shown.item(at: $0)?.id }
      if !waitingReconfigures.isWaitingOutGesture { schedule(.deferredReconfigures) }
      return
    }
    guard isInWindow else {
      // Off screen a table warns about laying out (and nothing shows): the cells are
      // configured again when the view is back in its window (``WindowSentinel``).
      waitingReconfigures.whileCovered.formUnion(positions.compactMap { shown.item(at: $0)?.id })
      return
    }
    // A row whose cell is of another kind now (a photo where a placeholder was) gets a new
    // cell: UIKit's reconfigure hands the provider the cell the row has, and raises when it
    // dequeues another identifier or registration.
    var replaced: [IndexPath] = []
    var reconfigured: [IndexPath] = []
    // Cells all of one kind (no `cellKind` given) need no look at the items.
    let kindsDiffer = features.cellKind != nil
    for position in positions {
      if kindsDiffer, shown.item(at: position).map(needsAnotherKindOfCell) == true {
        replaced.append(IndexPath(position))
      } else {
        reconfigured.append(IndexPath(position))
      }
    }
    // Content that arrives can change a row's height (a photo): the reader's place is kept
    // as for any other change — a chat at its end stays there.
    keepingPlace(radius: 0) {
      if !replaced.isEmpty { replaceCells(at: replaced) }
      if !reconfigured.isEmpty { view?.reconfigure(at: reconfigured) }
    }
  }

  private func replaceCells(at paths: [IndexPath]) {
    let animation = features.animation
    keepingWhatAReloadTakes(of: paths) {
      guard animation != .none else {
        return UIView.performWithoutAnimation {
          view?.replaceCells(at: paths, animation: animation)
        }
      }
      view?.replaceCells(at: paths, animation: animation)
    }
  }

  /// Runs `reload`, which reloads the rows at `paths`, and gives back what a reload takes from
  /// them though the new cell shows the same item: their selection, selected again at once, and
  /// VoiceOver's cursor, put back at the end of the turn (``noteVoiceOverFocus(amongRows:)``).
  /// The one place rows get new cells by a reload of rows.
  func keepingWhatAReloadTakes(of paths: [IndexPath], _ reload: () -> Void) {
    guard !paths.isEmpty, let view else { return reload() }
    noteVoiceOverFocus(amongRows: paths)
    let selected = Set(view.selectedIndexPaths).intersection(paths)
    reload()
    for path in selected { view.selectItem(at: path) }
  }

  /// Reconfigures what waited, at the end of the turn, or once the user's gesture ended (UIKit
  /// says nothing when a reorder is cancelled, so a wait looks again now and then).
  func reconfigureDeferred() {
    guard !(isLive && isUserInteracting) else { return waitOutGesture() }
    let ids = waitingReconfigures.deferred
    waitingReconfigures.deferred = []
    guard isLive else { return }
    let positions = ids.compactMap { shown.position(of: $0) }
    if !positions.isEmpty { reconfigureItems(at: positions) }
  }

  /// Waits for the user's gesture to end, then reconfigures what waited for it.
  private func waitOutGesture() {
    guard !waitingReconfigures.isWaitingOutGesture else { return }
    waitingReconfigures.isWaitingOutGesture = true
    Task { [weak self] in
      while let self, self.isLive, self.isUserInteracting {
        try? await Task.sleep(for: ListBinding<Section, Item>.interactionPollInterval)
      }
      self?.waitingReconfigures.isWaitingOutGesture = false
      self?.reconfigureDeferred()
    }
  }

  /// The positions of a content-only stage whose change ``ListFeatures/reloadWhen`` says needs
  /// a new cell (another cell type, say): reloaded, where the rest are reconfigured.
  func reloads(in stage: StagedChangeset<Section, Item>.Stage) -> [ItemPosition] {
    guard features.reloadWhen != nil || features.cellKind != nil,
      !stage.itemReconfigures.isEmpty, !stage.isStructural
    else { return [] }
    let next = stage.snapshot
    return stage.itemReconfigures.filter { position in
      guard let old = shown.item(at: position), let new = next.item(at: position) else {
        return false
      }
      return features.reloadWhen?(old, new) == true || needsAnotherKindOfCell(new)
    }
  }

  /// Whether the cell that shows `item` is of another kind than the provider now dequeues for
  /// it (`replacesCells(byKind:)`): a reconfigure would get back a cell UIKit refuses.
  func needsAnotherKindOfCell(_ item: Item) -> Bool {
    guard let kind = features.cellKind else { return false }
    return cellKinds.hasCell(of: item.id, otherThan: kind(item))
  }
}
