import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// Where the reader was before a step: what the anchor promises to keep.
struct PlaceMark {
  /// The items on screen, by id, and where each started on screen: those that start on screen
  /// first, then the one cut off at the top.
  var visible: [(id: Int, screenStart: CGFloat)]
  /// Every item's id, in order, as the list was.
  var order: [Int]
  /// The content offset then.
  var offset: CGFloat
  /// The view's height and width: a chat keeps its rows by its bottom edge as the keyboard
  /// moves it (the fuzzer's app makes room by the keyboard's guide), at the same width. Not
  /// the bottom inset: a page loading at the end adds its loading view's height there, which
  /// is content, not the viewport.
  var height: CGFloat
  var width: CGFloat
  var wasAtStart: Bool
  var wasAtEnd: Bool
}

extension BindingFuzzer {
  // MARK: Checks

  /// Where the reader is now, for a step that is not the user's scroll; `nil` when the view
  /// is not on screen or the user is moving it.
  func placeMark(allowingMoves: Bool) -> PlaceMark? {
    guard let view, view.window != nil, !view.isDragging, !view.isDecelerating,
      world.anchor != .none
    else { return nil }
    let offset = view.contentOffset.y
    let inset = view.adjustedContentInset
    let maximum = max(-inset.top, view.contentSize.height + inset.bottom - view.bounds.height)
    // An offset set by code past the content is kept only until the content changes (UIKit
    // rules §4c): no place there can be promised.
    guard offset >= -inset.top - 0.5, offset <= maximum + 0.5 else { return nil }
    // The first item that starts on screen, else the one cut off at the top: the row cut off
    // is measured again when it changes height, and UIKit keeps what is below it in place.
    let marks = visiblePaths(view).sorted().compactMap { path -> (id: Int, screenStart: CGFloat)? in
      guard let item = lists.shown.item(at: ItemPosition(section: path[0], item: path[1])),
        let frame = frame(of: path, in: view)
      else { return nil }
      return (item.id, frame.minY - offset)
    }
    let visible = marks.filter { $0.screenStart >= -0.5 } + marks.filter { $0.screenStart < -0.5 }
    return PlaceMark(
      visible: visible, order: lists.shownIDs, offset: offset,
      height: view.bounds.height, width: view.bounds.width,
      wasAtStart: offset <= -inset.top + 0.5,
      wasAtEnd: offset >= maximum - 0.5)
  }

  /// Lets the binding show the last list and the view finish its animations, then checks.
  func settleAndCheck(placeMark: PlaceMark?) async throws {
    guard let view else { return }
    // Off the main actor the worker diffs, and the store's loads run; the view's animations end
    // as the fuzzer moves their clock on, frame by frame, while it waits.
    await quiesce(view)
    try checkReports(view)
    // Content reaches its cells a few main-actor turns after it arrives (the store announces
    // it, the binding reconfigures), or — after the user held a row, which UIKit does not say
    // the end of when nothing moved — within the binding's 50 ms look. The wait is counted in
    // turns and naps, not measured against a deadline, so that a seed finds the same on a
    // busy machine as on an idle one: 200 turns, then 500 naps of a millisecond at least
    // (half a second or more, ten of the binding's looks), then it counts as lost.
    var turns = 0
    while true {
      do {
        try checkShown(view)
        break
      } catch let finding as Finding where finding.isContentLag && turns < 700 {
        turns += 1
        if turns < 200 {
          await pass()
        } else {
          try? await Task.sleep(for: .milliseconds(1))
        }
      }
    }
    try checkReports(view)
    try checkAccessories(view)
    if let placeMark { try checkPlace(placeMark, view) }
    if Self.traces {
      // What a replay must find the same, step by step.
      note(
        "  settled: content \(view.contentSize.height), offset \(view.contentOffset.y), "
          + "loads \(loader.pendingKeys), waiting \(store.waitingKeys)")
    }
  }

  /// The empty state shows exactly when no item does, and the loading view exactly while a
  /// page loads, the app's own header view in its place otherwise.
  private func checkAccessories(_ view: UIScrollView) throws {
    guard let binding, !binding.isCancelled else { return }
    if world.showsEmptyState {
      // What the view shows, which a covered view may not have brought up to the last list.
      let items = counts(of: view).reduce(0, +)
      let hasItems = items > 0
      let background =
        (view as? UITableView)?.backgroundView
        ?? (view as? UICollectionView)?.backgroundView
      if hasItems && background != nil {
        throw finding("an empty state behind \(items) items")
      }
      if !hasItems && !(background is FuzzStateView) {
        throw finding("no empty state behind a list without items")
      }
    }
    guard world.loadsMoreAt != nil, let loader = binding.pageLoader else { return }
    var isLoading = false
    if case .loading = loader.state { isLoading = true }
    let shown: Bool
    if let table = view as? UITableView {
      shown = table.tableHeaderView is FuzzLoadingView || table.tableFooterView is FuzzLoadingView
      if !isLoading, world.kind == .groupedTable, world.loadsMoreAt == .start,
        table.tableHeaderView !== appHeaderView
      {
        throw finding("the app's header view is not back after loading")
      }
    } else {
      shown = view.subviews.contains { $0 is FuzzLoadingView }
    }
    if shown != isLoading {
      throw finding(isLoading ? "no loading view while a page loads" : "a loading view at rest")
    }
  }

  private func checkReports(_ view: UIScrollView) throws {
    if let violation = view.violations.first { throw finding("violation: \(violation)") }
    if let alert = view.alerts.first { throw finding("alert: \(alert)") }
    if let report = reported.first { throw finding("reported: \(report)") }
  }

  /// The view shows the last list, and each visible cell its own item and that item's content.
  private func checkShown(_ view: UIScrollView) throws {
    guard let binding, !binding.isCancelled else { return }
    let expected = lists.shown
    let shownCounts = counts(of: view)
    let expectedCounts = expected.sections.indices.map { expected.numberOfItems(inSection: $0) }
    guard view.window == nil || shownCounts == expectedCounts else {
      throw finding("the view shows counts \(shownCounts), the last list has \(expectedCounts)")
    }
    guard view.window != nil else { return }
    for path in visiblePaths(view) {
      guard let item = expected.item(at: ItemPosition(section: path[0], item: path[1])) else {
        throw finding("a visible cell at \(path) past the list's end")
      }
      let cell: UIView? =
        (view as? UITableView)?.cellForRow(at: path)
        ?? (view as? UICollectionView)?.cellForItem(at: path)
      let shown = (cell as? FuzzTableCell)?.shown ?? (cell as? FuzzCollectionCell)?.shown
      guard let shown else { throw finding("no cell, or not the app's, at \(path)") }
      guard shown.item == item else {
        throw finding("the cell at \(path) shows \(shown.item), the list has \(item) there")
      }
      let identifier =
        (cell as? UITableViewCell)?.reuseIdentifier
        ?? (cell as? UICollectionViewCell)?
        .reuseIdentifier
      if identifier != world.reuseIdentifier(showing: shown.content) {
        throw finding(
          "the cell at \(path) is a \(identifier ?? "nil") cell showing "
            + "\(shown.content ?? "no content")")
      }
      if world.hasContent { try checkContent(shown.content, of: item, at: path) }
      tally.cellsChecked += 1
    }
  }

  /// A cell shows its item's content, or — while the item's current key loads — content of an
  /// earlier key of the same item; never another item's.
  private func checkContent(_ content: String?, of item: FuzzItem, at path: IndexPath) throws {
    let state = store.state(for: item.contentKey)
    guard let content else {
      let content =
        binding?.screenParts.lateContent.first
        as? ContentBinding<FuzzSection, FuzzItem, Int, String>
      let cell: AnyObject? =
        (view as? UITableView)?.cellForRow(at: path)
        ?? (view as? UICollectionView)?.cellForItem(at: path)
      let details =
        "(interest \(store.interest(in: item.contentKey)), "
        + "\(binding?.statistics.contentReconfigures ?? -1) reconfigures, "
        + "\(view?.cellRequestCount ?? -1) cell requests; the cell's key "
        + "\(String(describing: cell.flatMap { content?.cells.key(of: $0) })), a cell shows it "
        + "\(content?.cells.hasCell(showing: item.contentKey) ?? false), decelerating "
        + "\(view?.isDecelerating ?? false))"
      if case .loaded = state {
        var lag = finding("the cell at \(path) shows no content, \(item)'s has arrived \(details)")
        lag.isContentLag = true
        throw lag
      }
      if case .notRequested = state {
        // A cell on screen that nobody loads for: a cell the view kept and showed again
        // without asking for it must ask again.
        var lag = finding(
          "the cell at \(path) waits for \(item)'s content, which nobody asks for \(details)")
        lag.isContentLag = true
        throw lag
      }
      return
    }
    guard let key = FuzzLoader.key(ofContent: content), key / 1_000 == item.id else {
      throw finding("the cell at \(path) shows \(content), another item's content")
    }
    if key == item.contentKey { return }
    if case .loaded = state {
      var lag = finding(
        "the cell at \(path) shows \(content), an old key's, though \(item)'s arrived")
      lag.isContentLag = true
      throw lag
    }
  }

  /// The anchor's promise: `.end` keeps a reader at the end there; `.firstVisibleItem` keeps
  /// the first item on screen where it was, within a point, unless the content's bounds make
  /// it impossible.
  private func checkPlace(_ mark: PlaceMark, _ view: UIScrollView) throws {
    guard view.window != nil, !view.isDragging, !view.isDecelerating, let binding,
      !binding.isCancelled
    else { return }
    let offset = view.contentOffset.y
    let inset = view.adjustedContentInset
    let minimum = -inset.top
    let maximum = max(minimum, view.contentSize.height + inset.bottom - view.bounds.height)
    switch world.anchor {
    case .end where mark.wasAtEnd:
      tally.placesChecked += 1
      if lists.shown.numberOfItems > 0 && offset < maximum - 1 {
        throw finding("a chat at its end left it: offset \(offset) of \(maximum)")
      }
    case .end, .firstVisibleItem:
      if world.anchor == .firstVisibleItem && mark.wasAtStart { return }
      // Some item that was on screen and is still in the list is where it was on screen: the
      // first that did not move, for the binding — which one that is depends on which items
      // the diff moved (a repeated id whose first occurrence went moves it, and which of two
      // items moves is the diff's choice).
      // When the items on screen change order among themselves (the diff moved one), which of
      // them the binding keeps depends on the diff's choice, and on the steps' stages: no place
      // is checked.
      let newOrder = lists.shownIDs
      let index = Dictionary(
        newOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
      // An offset at either end of the content may have been held there by the scroll view
      // on the way (a row above the reader shrank at the top, and content cannot start before
      // its start): the place is not checked there.
      guard offset > minimum + 0.5, offset < maximum - 0.5 else { return }
      let onScreen = mark.order.filter { id in mark.visible.contains { $0.id == id } }
      let stillThere = onScreen.compactMap { index[$0] }
      guard stillThere == stillThere.sorted() else { return }
      var kept = false
      var nearest: (id: Int, distance: CGFloat)?
      var moved: [String] = []
      // A chat read in the middle keeps its rows by the bottom edge as that edge moves (the
      // keyboard), at the same width: each row as far above it as it was.
      let edgeMoved =
        world.anchor == .end && view.bounds.width == mark.width
        ? view.bounds.height - mark.height : 0
      for candidate in mark.visible {
        guard let position = lists.shown.position(of: candidate.id),
          let frame = frame(of: IndexPath(item: position.item, section: position.section), in: view)
        else { continue }
        let target = frame.minY - (candidate.screenStart + edgeMoved)
        // Out of the content's bounds the place cannot be kept.
        guard target >= minimum - 0.5, target <= maximum + 0.5 else { return }
        let distance = offset - target
        if abs(distance) <= 1 {
          kept = true
          break
        }
        if nearest == nil { nearest = (candidate.id, distance) }
        moved.append("\(candidate.id) by \(-distance)")
      }
      guard nearest != nil || kept else { return }
      tally.placesChecked += 1
      guard let nearest, !kept else { return }
      throw finding(
        "no item on screen kept its place: item \(nearest.id) moved \(-nearest.distance) "
          + "points on screen (offset \(mark.offset) → \(offset), content "
          + "\(view.contentSize.height)); on screen: \(moved.joined(separator: ", "))")
    case .none:
      return
    }
  }
}
