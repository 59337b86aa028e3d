import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// What keeps the user's place when the list changes around what they are reading.
///
/// UIKit keeps the content offset through a batch update: rows inserted or removed above the
/// screen push what the user reads down or pull it up. Bindery corrects the offset in the same
/// turn as the batch (no frame shows the content in between), using the item identities it
/// already has, so that the reading position survives whatever arrives.
public enum ScrollAnchor: Sendable, Hashable {
  /// UIKit's own behaviour: the content offset stays as it is.
  case none
  /// The first item on screen that is still in the list stays where it is on screen — the
  /// first that starts on screen, before the one cut off at the top, whose own changes of
  /// height UIKit keeps below it: new posts above a feed's reading position appear above it,
  /// out of sight, and a row removed above does not pull the screen up. Until the user scrolls,
  /// the item kept by the last change stays the one kept, while it is where it was: rows a
  /// change brought on screen above it (a row cut off at the top that shrank) do not take its
  /// place. At the very start of the list the start stays in view instead, so that what arrives
  /// on top shows, as in Mail (and after a pull to refresh). The default.
  case firstVisibleItem
  /// A chat's: the list opens at its end (the newest message), and while the user is at the
  /// end the end stays in view as items arrive; anywhere else, as ``firstVisibleItem`` —
  /// history prepended at the start keeps the reading position. A list shown by a reload at
  /// the end (the first, say) is laid out at the end from the start: the offset goes past the
  /// content's end just before, and a `scrollViewDidScroll(_:)` of yours hears it there once.
  case end
}

/// Where the user is, before a change: the items on screen, where each starts on screen, and
/// whether the view is scrolled to its end.
struct ScrollAnchorMark<ID: Hashable> {
  struct Mark {
    var id: ID
    var position: ItemPosition
    var flatIndex: Int
    /// The item's start along the scroll, less the content offset.
    var screenStart: CGFloat
  }
  var marks: [Mark]
  var wasAtStart: Bool
  var wasAtEnd: Bool
  /// The app asked for the end (``ViewBinding/scrollToEnd(animated:)``), whatever the anchor.
  var isEndAsked = false

  /// Whether the change keeps a chat's end in view: a message that grows where the user reads
  /// the newest (streamed text, an image arriving) is followed too.
  func pinsEnd(_ anchor: ScrollAnchor) -> Bool { isEndAsked || (anchor == .end && wasAtEnd) }
}

/// The place a correction kept, for the rest of the main actor's turn: nothing is drawn until
/// the turn ends, so the place the user saw before the turn's first change is the one every
/// later change keeps — though a stage in between let another row onto the screen above it (a
/// row cut off at the top that shrank), or the content's end held the offset short of it (a
/// footer that went and came back).
struct TurnAnchor<ID: Hashable> {
  /// The item kept, and where it started on screen before the turn's first change.
  var id: ID
  var screenStart: CGFloat
  var wasAtStart: Bool
  var wasAtEnd: Bool
  /// The offset the correction left: another one since (the app scrolled) ends the turn's
  /// place.
  var offset: CGFloat
  /// Where each item on screen before the turn's first change started on screen: should the
  /// kept item leave in a later stage, the next one is kept where the user saw it, not where
  /// a stage in between left it.
  var screenStarts: [ID: CGFloat] = [:]
}

extension ListAdapter {
  /// What ``keepPlace(_:moves:radius:from:)`` needs to put the user back where they are now; `nil` when nothing
  /// is to be kept (anchoring off, nothing shown).
  ///
  /// `nearestOnly` for a change that moves no item (a reconfigure, a reload of rows in place):
  /// only the marks that can be kept are worked out — the items on screen up to the first that
  /// starts on screen, and the reader's — not one per item on screen: each costs the view a
  /// frame query.
  func scrollAnchorMark(nearestOnly: Bool = false) -> ScrollAnchorMark<Item.ID>? {
    guard features.anchor != .none, let scrollView else { return nil }
    guard shown.numberOfItems > 0 else {
      // Nothing shown yet: a chat opens at its end, and pins it again once laid out.
      guard features.anchor == .end else { return nil }
      scrollRequests.endPin = true
      return ScrollAnchorMark(marks: [], wasAtStart: true, wasAtEnd: true)
    }
    let horizontal = scrollsHorizontally
    let axis = ScrollAxis(scrollView, horizontal: horizontal)
    var marks: [ScrollAnchorMark<Item.ID>.Mark] = []
    // From the layout, not the cells: a covered screen's list is reloaded, and its place kept.
    let onScreen = itemPositions(atOffset: Double(axis.offset + axis.insetStart), axis: axis)
      .sorted()
    func mark(_ id: Item.ID, at position: ItemPosition) {
      guard let flat = shown.flatIndex(of: position), let frame = view?.frameOfItem(at: position)
      else { return }
      let start = horizontal ? frame.minX : frame.minY
      marks.append(
        .init(id: id, position: position, flatIndex: flat, screenStart: start - axis.offset))
    }
    // Every item on screen, or with `nearestOnly` those up to the first that starts on screen.
    var rest = onScreen[...]
    while let position = rest.popFirst() {
      if let item = shown.item(at: position) { mark(item.id, at: position) }
      if nearestOnly, let last = marks.last, last.screenStart >= -0.5 { break }
    }
    // Past the nearest, only the items kept by the last changes, found by their ids rather
    // than by looking at each item on screen (a reconfigure's mark, at every arrival of
    // content, while the reader's place is kept).
    if nearestOnly {
      var keptIDs: [Item.ID] = []
      for case let id? in [keptPlace.turnAnchor?.id, keptPlace.reader?.id]
      where !keptIDs.contains(id) {
        keptIDs.append(id)
        guard let position = shown.position(of: id), rest.contains(position) else { continue }
        mark(id, at: position)
      }
    }
    guard !marks.isEmpty else {
      // No row on screen (the screen shows a footer, a load-more view, the spacing of a
      // grouped table's last sections): a chat at its end still stays there.
      guard features.anchor == .end, axis.isAtEnd else { return nil }
      return ScrollAnchorMark(marks: [], wasAtStart: axis.isAtStart, wasAtEnd: true)
    }
    // The items that start on screen come first: the one cut off at the top is measured again
    // as it changes height, and UIKit then keeps what is below it in place (UIKit rules §4b).
    marks.sort {
      ($0.screenStart < -0.5 ? 1 : 0, $0.flatIndex) < ($1.screenStart < -0.5 ? 1 : 0, $1.flatIndex)
    }
    if let turn = keptPlace.turnAnchor, abs(axis.offset - turn.offset) < 0.5,
      marks.contains(where: { $0.id == turn.id })
    {
      // The kept item first, then the others the user saw before the turn, each where it was
      // then, then those a stage brought on screen since.
      var seen: [ScrollAnchorMark<Item.ID>.Mark] = []
      var since: [ScrollAnchorMark<Item.ID>.Mark] = []
      for var mark in marks {
        if mark.id == turn.id {
          mark.screenStart = turn.screenStart
          seen.insert(mark, at: 0)
        } else if let start = turn.screenStarts[mark.id] {
          mark.screenStart = start
          seen.append(mark)
        } else {
          since.append(mark)
        }
      }
      return ScrollAnchorMark(
        marks: seen + since, wasAtStart: turn.wasAtStart, wasAtEnd: turn.wasAtEnd)
    }
    // In a later turn, the row the last correction kept is still the reader's while nothing
    // moved it: a change may have brought rows on screen above it (a row cut off at the top
    // shrank), and the reader did not start reading those. Not a row cut off at the top: it
    // changes height at its top edge's expense, and the rows below it are the reader's.
    if let reader = keptPlace.reader, abs(axis.offset - reader.offset) < 0.5,
      let index = marks.firstIndex(where: {
        $0.id == reader.id && abs($0.screenStart - reader.screenStart) < 0.5
          && $0.screenStart >= -0.5
      })
    {
      marks.insert(marks.remove(at: index), at: 0)
    }
    return ScrollAnchorMark(
      marks: marks, wasAtStart: axis.isAtStart, wasAtEnd: axis.isAtEnd)
  }

  /// Makes `change` — content reconfigured, a row the user deleted, a view coming or going
  /// around the rows — and keeps the anchor's promise across it; `radius` as for
  /// ``keepPlace(_:moves:radius:from:)`` (0: the change moves no item).
  func keepingPlace(radius: Int? = nil, _ change: () -> Void) {
    // A list at its very start keeps its start in view, as UIKit does by itself: with no
    // correction of this turn to follow, there is no mark to work out (a reconfigure at the
    // top of a feed, at every change its cells observe).
    let mark = isAtStartKeptByUIKit ? nil : scrollAnchorMark(nearestOnly: radius == 0)
    let start = currentOffset
    keptPlace.keepingDepth += 1
    change()
    if let mark { keepPlace(mark, radius: radius) }
    keptPlace.keepingDepth -= 1
    viewportWatcher?.resync()
    tellMoveIfDone(from: start)
  }

  /// Whether the view is at its very start with the default anchor and no correction of this
  /// turn to follow: ``keepPlace(_:moves:radius:from:)`` leaves the start to UIKit then (a
  /// mark's `wasAtStart`), so no mark need be worked out.
  private var isAtStartKeptByUIKit: Bool {
    guard features.anchor == .firstVisibleItem, keptPlace.turnAnchor == nil, let scrollView else {
      return false
    }
    return ScrollAxis.isAtStart(scrollView, horizontal: scrollsHorizontally)
  }

  /// The content offset along the scroll now; `nil` without a scroll view.
  private var currentOffset: CGFloat? {
    scrollView.map { ScrollAxis.offset(of: $0, horizontal: scrollsHorizontally) }
  }

  /// Once Bindery is done keeping the place, tells those who follow the scroll that the offset
  /// moved since `start`, as a scroll does: the viewport watcher does not tell of Bindery's own
  /// moves, and rows they brought on screen — cells UIKit kept and shows again without asking —
  /// want their content as after any scroll.
  private func tellMoveIfDone(from start: CGFloat?) {
    guard keptPlace.keepingDepth == 0, let start, let now = currentOffset, abs(now - start) >= 0.5
    else { return }
    setNeedsScrollWork()
  }

  /// Moves the content offset so that the first marked item still in the list is where it was
  /// on screen — or, for a chat at its end, so that the end shows; a feed at its start stays
  /// there — and tells the binding's prefetcher it was a shift, not a scroll: from `start`
  /// when given (where the offset was before the change moved it), else from the offset now.
  func keepPlace(
    _ mark: ScrollAnchorMark<Item.ID>, moves: [ItemMove] = [], radius: Int? = nil,
    from start: CGFloat? = nil
  ) {
    let moves = Dictionary(moves.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
    guard let scrollView else { return }
    let startOffset = currentOffset
    keptPlace.keepingDepth += 1
    defer {
      keptPlace.keepingDepth -= 1
      viewportWatcher?.resync()
      tellMoveIfDone(from: startOffset)
    }
    if features.anchor == .firstVisibleItem && mark.wasAtStart { return }  // UIKit's own
    let horizontal = scrollsHorizontally
    let before = start ?? ScrollAxis(scrollView, horizontal: horizontal).offset
    if mark.pinsEnd(features.anchor) {
      // Off screen the end is worked out from estimates, or from a content size the view has
      // not laid out yet: a chat's end is pinned again over its measured rows once it is back.
      // On screen, the rows a change brought into view (a taller view, the keyboard gone) are
      // measured first: the end is where they put it.
      if isInWindow { scrollView.layoutIfNeeded() } else { scrollRequests.endPin = true }
    }
    var rows = 0
    var kept: ScrollAnchorMark<Item.ID>.Mark?
    // Rows shown at the new offset may be measured other than their estimates, which moves
    // the content again: rounds until it holds settle it, as an app scrolling to a chat's end
    // does. A round that does not hold has measured a row that was not (one that pushed the
    // rows below it, still estimated, further down), so a layout converges: the bound is for
    // cells whose height changes at every measure.
    for _ in 0..<Self.anchoringRounds {
      let axis = ScrollAxis(scrollView, horizontal: horizontal)
      guard
        let (target, shift, item) = anchorTarget(
          mark, moves: moves, radius: radius, axis: axis, horizontal: horizontal)
      else { break }
      rows = shift
      kept = item
      let clamped = min(max(axis.minimumOffset, target), axis.maximumOffset)
      guard abs(clamped - axis.offset) >= 0.5 else { break }
      ScrollAxis.setOffset(clamped, of: scrollView, horizontal: horizontal)
      // Off screen nothing is measured (UIKit would warn): the estimates place the rows.
      guard isInWindow else { break }
      scrollView.layoutIfNeeded()
    }
    let after = ScrollAxis(scrollView, horizontal: horizontal).offset
    if let kept {
      keepForTurn(
        TurnAnchor(
          id: kept.id, screenStart: kept.screenStart, wasAtStart: mark.wasAtStart,
          wasAtEnd: mark.wasAtEnd, offset: after,
          // The mark's places are the turn's first ones already when it is the turn's.
          screenStarts: Dictionary(
            mark.marks.map { ($0.id, $0.screenStart) }, uniquingKeysWith: { first, _ in first })))
    }
    if after != before { binding?.contentDidShift(byOffset: Double(after - before), rows: rows) }
  }

  /// Tells the parts that follow the view (page loaders) a cell was configured, places the
  /// load-more views again, and pins a chat's end once its first rows
  /// are laid out on screen: the first list's pin was worked out from estimates, or before the
  /// view had a size.
  func cellWasConfigured(at indexPath: IndexPath) {
    if let binding, binding.partsFollowTheView {
      binding.cellConfigured(at: ItemPosition(indexPath))
    }
    // Cells that resize move the end of the content: the load-more view follows it.
    for accessory in edgeAccessories { accessory.place() }
    guard scrollRequests.endPin, isInWindow else { return }
    schedule(.endPin)
  }

  /// Pins a chat's end at the end of the turn its first rows were laid out in, if the view is
  /// still on screen with a size and nothing took the pin back.
  func pinEndIfLaidOut() {
    guard isInWindow else { return }
    keptPlace.isComingBack = false
    guard scrollRequests.endPin, let scrollView, scrollView.bounds.height > 0,
      scrollView.bounds.width > 0
    else { return }
    scrollRequests.endPin = false
    keepPlace(ScrollAnchorMark(marks: [], wasAtStart: true, wasAtEnd: true))
  }

  /// Remembers the place a correction kept until the main actor's turn is over, and as the
  /// reader's place until the view scrolls or changes shape.
  private func keepForTurn(_ anchor: TurnAnchor<Item.ID>) {
    keptPlace.reader = anchor
    keptPlace.turnAnchor = anchor
    schedule(.forgetTurnAnchor)
  }

  /// How many times the offset is corrected at most for one change, and a scroll to an item
  /// made: four rounds left the end 146 points off screen with rows about four times their
  /// estimate (binding fuzzer, seed 12685853766267214561).
  static var anchoringRounds: Int { 32 }

  /// The offset that puts the user back, how many rows down the list the rows on screen
  /// went, and the mark of the item kept there (none for a chat's end); `nil` when no marked
  /// item is left.
  private func anchorTarget(
    _ mark: ScrollAnchorMark<Item.ID>, moves: [ItemPosition: ItemPosition], radius: Int?,
    axis: ScrollAxis, horizontal: Bool
  ) -> (CGFloat, Int, ScrollAnchorMark<Item.ID>.Mark?)? {
    if mark.pinsEnd(features.anchor) {
      let last = mark.marks.lazy.map { $0.flatIndex }.max()
      let rows = last.map { (shown.numberOfItems - 1) - $0 } ?? 0
      return (axis.maximumOffset, rows, nil)
    }
    // An item that moved away (a conversation that got a message and went to the top) is not
    // where the user reads: the first one that stayed is, unless every one moved.
    var fallback: (CGFloat, Int, ScrollAnchorMark<Item.ID>.Mark?)?
    for item in mark.marks {
      guard let position = locate(item, within: radius, moves: moves),
        let flat = shown.flatIndex(of: position),
        let frame = view?.frameOfItem(at: position)
      else { continue }
      let target = (
        (horizontal ? frame.minX : frame.minY) - item.screenStart, flat - item.flatIndex,
        Optional(item)
      )
      if moves[item.position] == nil { return target }
      fallback = fallback ?? target
    }
    return fallback
  }

  /// Where a marked item is now. A stage of k operations moves an item at most k places in the
  /// flat list, so it is looked for there, outward from where it was, without the snapshot's id
  /// table — which a stage's snapshot may not have, and which would cost O(n) on the main
  /// actor to build. A reload (no radius) or a wide search uses the table.
  private func locate(
    _ mark: ScrollAnchorMark<Item.ID>.Mark, within radius: Int?,
    moves: [ItemPosition: ItemPosition]
  ) -> ItemPosition? {
    // A moved item can land anywhere: its move says where.
    if let destination = moves[mark.position] { return destination }
    guard let radius, radius <= Self.searchRadiusLimit else { return shown.position(of: mark.id) }
    for distance in 0...radius {
      for flat in distance == 0
        ? [mark.flatIndex] : [mark.flatIndex - distance, mark.flatIndex + distance]
      where flat >= 0 {
        if let position = shown.position(atFlatIndex: flat), shown.item(at: position)?.id == mark.id
        {
          return position
        }
      }
    }
    return nil
  }

  /// How far a marked item is looked for place by place before the id table is used.
  private static var searchRadiusLimit: Int { 256 }

  /// Whether a stage changes rows or sections before the first item on screen: the changes
  /// the anchor hides by moving the offset.
  func changesAbove<S, I>(_ mark: ScrollAnchorMark<Item.ID>, in stage: StagedChangeset<S, I>.Stage)
    -> Bool
  {
    guard stage.isStructural, !mark.pinsEnd(features.anchor),
      !(features.anchor == .firstVisibleItem && mark.wasAtStart),
      let first = mark.marks.lazy.map({ $0.position }).min()
    else { return false }
    return stage.itemDeletes.contains { $0 < first } || stage.itemInserts.contains { $0 < first }
      || stage.itemMoves.contains { $0.from < first || $0.to < first }
      || stage.sectionDeletes.contains { $0 <= first.section }
      || stage.sectionInserts.contains { $0 <= first.section }
      || stage.sectionMoves.contains { $0.from <= first.section || $0.to <= first.section }
  }
}

extension ListAdapter {
  /// A chat's list opens at its newest message: the prefetcher's first screen is the last one.
  var opensAtEnd: Bool { features.anchor == .end }

  /// Moves the offset past the end of any content, where the next layout brings it back to
  /// the end.
  func placePastTheEnd(_ scrollView: UIScrollView) {
    let axis = ScrollAxis(scrollView, horizontal: scrollsHorizontally)
    ScrollAxis.setOffset(
      axis.maximumOffset + Self.pastTheEnd, of: scrollView, horizontal: scrollsHorizontally)
  }

  /// How far past the content's known end the offset goes for a layout at the end: farther
  /// than any estimate can be short of it.
  private static var pastTheEnd: CGFloat { 100_000_000 }
}
