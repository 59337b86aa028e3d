import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

extension BindingFuzzer {
  // MARK: Steps

  /// One step, drawn from the generator, then the checks.
  func runStep() async throws {
    guard let view else { return }
    let roll = Int.random(in: 0..<100, using: &random)
    var mark: PlaceMark?
    switch roll {
    case 0..<18:
      mark = placeMark(allowingMoves: false)
      let edit = lists.edit(using: &random)
      if edit.moved { mark = nil }
      note("list: \(edit.description)")
      binding?.submit(lists.sections)
      tally.lists += 1
    case 18..<40:
      let distance = CGFloat(Int.random(in: -300...300, using: &random))
      note("scroll by \(distance)")
      view.scroll(by: distance)
      tally.scrolls += 1
    case 40..<44:
      let length = max(0, view.contentSize.height - view.bounds.height)
      let offset = CGFloat(Int.random(in: -50...Int(length) + 50, using: &random))
      note("jump to \(offset)")
      view.contentOffset.y = offset
      tally.jumps += 1
    case 44..<50:
      await fling(view)
    case 50..<55:
      await drag(view)
    case 55..<59 where world.canReorder:
      await reorder(view)
    case 59..<62 where world.canDelete:
      await swipeToDelete(view)
    case 62 where world.anchor == .end && view.window != nil:
      mark = await tripAway(view)
    case 62..<65:
      coverOrUncover(view)
    case 65..<67:
      note("memory warning")
      UIApplication.simulateMemoryWarning(in: center)
      tally.memoryWarnings += 1
    case 67..<82 where world.hasContent:
      mark = placeMark(allowingMoves: true)
      await settleContent()
    case 82..<84:
      note("cancel and bind again")
      binding?.cancel()
      if let binding { earlierBindings.append(Weak(binding)) }
      binding = nil
      bind()
      tally.rebinds += 1
    case 86..<89 where world.loadsMoreAt != nil:
      // The page (the last may be empty) is sent to the source, and the request returns, as
      // `load` is documented to do; the list is on the main actor before the request goes on,
      // whatever the threads do.
      mark = placeMark(allowingMoves: false)
      note(lists.addPage(atStart: world.loadsMoreAt == .start, using: &random))
      await submitAndLetItArrive()
      if let arrives = pageArrives {
        let returned = pagesReturned
        arrives.yield()
        pageArrives = nil
        _ = await waitFor(movingAnimations: false) { self.pagesReturned > returned }
      }
      tally.lists += 1
    case 84:
      let width: CGFloat = view.frame.width == 390 ? 300 : 390
      note("resize to \(width)")
      view.frame = CGRect(x: 0, y: 0, width: width, height: view.frame.height)
      tally.resizes += 1
    case 85:
      rotate(view)
    case 89..<92:
      // The keyboard comes up (or goes down), and the app makes room for it as a constraint to
      // the keyboard's guide does: the view's bottom edge moves, its top stays.
      mark = placeMark(allowingMoves: false)
      keyboardIsUp.toggle()
      note(keyboardIsUp ? "the keyboard comes up" : "the keyboard goes down")
      if keyboardIsUp { window?.userShowsKeyboard() } else { window?.userHidesKeyboard() }
      fitViewToKeyboard(view)
      tally.keyboards += 1
    case 92..<94:
      // Rows measured again at a new text size keep the reader's place, as any change does.
      mark = placeMark(allowingMoves: false)
      let change = Int.random(in: 0..<3, using: &random)
      note(
        ["Dark Mode toggled", "the text size made larger", "the text size back to Large"][change])
      window?.userChangesTraits { traits in
        switch change {
        case 0: traits.userInterfaceStyle = traits.userInterfaceStyle == .dark ? .light : .dark
        case 1: traits.preferredContentSizeCategory = .accessibilityExtraLarge
        default: traits.preferredContentSizeCategory = .large
        }
      }
      tally.traitChanges += 1
    case 94..<97:
      let scroll = await appScrolls(view)
      tally.steps += 1
      try await settleAndCheck(placeMark: nil)
      if let scroll { try checkScrolled(to: scroll, view) }
      return
    case 97..<99:
      await whileItAnimates(view)
    default:
      note("a turn passes")
      await Task.yield()
    }
    tally.steps += 1
    try await settleAndCheck(placeMark: mark)
  }

  /// The user turns the device: the window takes the screen the other way round, and the view
  /// fills the width it has and as much of its height as before, the keyboard's room kept.
  private func rotate(_ view: UIScrollView) {
    guard let window else { return }
    let orientation: HeadlessInterfaceOrientation =
      window.interfaceOrientation.isLandscape ? .portrait : .landscapeLeft
    note("the device turns \(orientation.isLandscape ? "on its side" : "upright")")
    window.userRotates(to: orientation)
    let safe = window.safeAreaInsets
    let area = CGRect(
      x: 0, y: 0, width: window.bounds.width - safe.left - safe.right,
      height: window.bounds.height - safe.top - safe.bottom)
    viewHeight = min(700, area.height)
    view.frame = CGRect(x: 0, y: 0, width: area.width, height: viewHeight)
    fitViewToKeyboard(view)
    tally.rotations += 1
  }

  /// The app makes room for the keyboard, as a constraint to the keyboard's guide does: the
  /// view's bottom edge moves up by what the keyboard covers of it, its top stays.
  private func fitViewToKeyboard(_ view: UIScrollView) {
    let covered = keyboardIsUp ? (window?.keyboardFrame?.height ?? Self.keyboardHeight) : 0
    view.frame.size.height = max(100, viewHeight - covered)
  }

  /// A list arrives, or content, and while its batch animates — the fuzzer moves the clock part
  /// of the way — the user or the app does something else: scrolls, sends another list, covers
  /// the screen, binds again, turns the device, or takes a memory warning.
  private func whileItAnimates(_ view: UIScrollView) async {
    let byContent = world.hasContent && !loader.pendingKeys.isEmpty && Bool.random(using: &random)
    if byContent {
      note("content arrives, and while it animates:")
      loader.settle(
        count: 1, pick: { Int.random(in: 0..<$0, using: &random) }, outcome: { _ in .content })
      // Taken in by the store (its worker back, its outcome drained), and what that set off on
      // the main actor run to its end.
      _ = await waitFor(movingAnimations: false) {
        self.loader.pendingCount == self.store.loadsInFlight + self.store.abandonedLoads
          && self.store.outcomesNotTakenIn == 0
      }
      for _ in 0..<8 { await Task.yield() }
    } else {
      _ = lists.edit(using: &random)
      note("a list arrives, and while it animates:")
      await submitAndLetItArrive()
    }
    let elapsed = Int.random(in: 0...280, using: &random)
    window?.animationClock.advance(by: .milliseconds(elapsed))
    switch Int.random(in: 0..<7, using: &random) {
    case 0:
      let distance = CGFloat(Int.random(in: -300...300, using: &random))
      note("  \(elapsed) ms in, a scroll by \(distance)")
      view.scroll(by: distance)
    case 1:
      _ = lists.edit(using: &random)
      note("  \(elapsed) ms in, another list")
      await submitAndLetItArrive()
    case 2:
      note("  \(elapsed) ms in, the screen is covered or uncovered")
      coverOrUncover(view)
    case 3:
      note("  \(elapsed) ms in, cancel and bind again")
      binding?.cancel()
      if let binding { earlierBindings.append(Weak(binding)) }
      binding = nil
      bind()
    case 4:
      note("  \(elapsed) ms in:")
      rotate(view)
    case 5:
      note("  \(elapsed) ms in, a memory warning")
      UIApplication.simulateMemoryWarning(in: center)
    default:
      note("  \(elapsed) ms in, the app scrolls to the end")
      binding?.scrollToEnd()
    }
    tally.inFlight += 1
  }

  /// Sends the list and waits, the animations' clock still, until the main actor has it —
  /// applied (its batches animating as the step goes on) or held for the user — so that it
  /// lands at this moment of the step whatever the diff's thread took.
  func submitAndLetItArrive() async {
    guard let binding else { return }
    binding.submit(lists.sections)
    _ = await waitFor(movingAnimations: false) { binding.hasHandledEverything }
    // The work the list set off on the main actor (a turn's anchor, cells to release, checks)
    // runs to its end before the step goes on, however many turns the wait took.
    for _ in 0..<8 { await Task.yield() }
  }

  /// Where the app asked the binding to scroll, to check that it went there.
  enum AppScroll {
    case item(id: Int)
    case end
  }

  /// The app scrolls by itself: through the binding, to an item by id or to the end, or with
  /// UIKit's own call to a row or item. Returns what the binding was asked for.
  private func appScrolls(_ view: UIScrollView) async -> AppScroll? {
    tally.appScrolls += 1
    let ids = lists.shownIDs
    let choice = Int.random(in: 0..<4, using: &random)
    let positions: [ListScrollPosition] = [.start, .center, .end]
    let position = positions[Int.random(in: 0..<3, using: &random)]
    if choice == 0 || ids.isEmpty {
      note("the app scrolls to the end")
      binding?.scrollToEnd()
      return .end
    }
    let index = Int.random(in: 0..<ids.count, using: &random)
    if choice == 1 {
      // UIKit's own scroll, to a row of the list the view shows: Bindery's place gives way.
      guard view.window != nil, let path = indexPath(ofFlatIndex: index, in: view) else {
        return nil
      }
      // Animated, the scroll takes 0.3 s on the clock, which the settling moves on: the rows on
      // the way are laid out, and a list may arrive while it runs.
      let animated = Bool.random(using: &random)
      note("the app scrolls to \(path) itself (\(position)\(animated ? ", animated" : ""))")
      if let table = view as? UITableView {
        let at: UITableView.ScrollPosition = [.top, .middle, .bottom][
          positions.firstIndex(of: position) ?? 0]
        table.scrollToRow(at: path, at: at, animated: animated)
      } else if let grid = view as? UICollectionView {
        let at: UICollectionView.ScrollPosition = [.top, .centeredVertically, .bottom][
          positions.firstIndex(of: position) ?? 0]
        grid.scrollToItem(at: path, at: at, animated: animated)
      }
      if animated, Bool.random(using: &random) {
        let elapsed = Int.random(in: 0...280, using: &random)
        window?.animationClock.advance(by: .milliseconds(elapsed))
        _ = lists.edit(using: &random)
        note("  \(elapsed) ms into the scroll, a list arrives")
        await submitAndLetItArrive()
      }
      return nil
    }
    note("the app scrolls to item \(ids[index]) (\(position))")
    binding?.scroll(toItemWithID: ids[index], at: position)
    return .item(id: ids[index])
  }

  /// The index path of the list's `flat`-th item, by the counts the view shows.
  private func indexPath(ofFlatIndex flat: Int, in view: UIScrollView) -> IndexPath? {
    var rest = flat
    for (section, count) in counts(of: view).enumerated() {
      if rest < count { return IndexPath(item: rest, section: section) }
      rest -= count
    }
    return nil
  }

  /// The binding scrolled where the app asked: the item, or the list's last item, is on
  /// screen (once the view is in its window; a covered view scrolls when it comes back).
  private func checkScrolled(to scroll: AppScroll, _ view: UIScrollView) throws {
    guard view.window != nil, let binding, !binding.isCancelled, !view.isDragging,
      !view.isDecelerating, lists.shown.numberOfItems > 0
    else { return }
    let visibleIDs = visiblePaths(view).compactMap {
      lists.shown.item(at: ItemPosition(section: $0[0], item: $0[1]))?.id
    }
    switch scroll {
    case .item(let id):
      guard lists.shownIDs.contains(id) else { return }
      // Without an anchor, UIKit keeps the offset: the loading view that a scroll near the
      // start brings in above the rows moves them down by its height, the item with them.
      if world.anchor == .none, world.loadsMoreAt == .start,
        case .loading = binding.pageLoader?.state
      {
        return
      }
      tally.placesChecked += 1
      if !visibleIDs.contains(id) {
        throw finding("the app scrolled to item \(id); on screen: \(visibleIDs)")
      }
    case .end:
      tally.placesChecked += 1
      guard let last = lists.shownIDs.last, visibleIDs.contains(last) else {
        throw finding("the app scrolled to the end; on screen: \(visibleIDs)")
      }
    }
  }

  private func fling(_ view: UIScrollView) async {
    let velocity = CGFloat(Int.random(in: -30_000...30_000, using: &random))
    let catchAt = Int.random(in: 0..<60, using: &random)
    let listAt = Int.random(in: 0..<60, using: &random)
    note("fling at \(velocity)" + (catchAt < 20 ? ", caught at \(catchAt)" : ""))
    view.userFlings(velocity: velocity)
    for tick in 0..<60 where view.isDecelerating {
      if tick == catchAt && catchAt < 20 {
        view.userBeginsDragging()
        view.userEndsDragging(velocity: 0)
        break
      }
      if tick == listAt && listAt < 30 {
        _ = lists.edit(using: &random)
        note("  a list arrives during the fling")
        await submitAndLetItArrive()
      }
      view.decelerate(for: .milliseconds(16))
      if tick % 8 == 0 { await Task.yield() }
    }
    // The rest of the fling, in larger steps: on a device it comes to rest within seconds.
    for _ in 0..<100 where view.isDecelerating { view.decelerate(for: .milliseconds(100)) }
    tally.flings += 1
  }

  private func drag(_ view: UIScrollView) async {
    note("drag")
    view.userBeginsDragging()
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      view.userDrags(by: CGFloat(Int.random(in: -80...80, using: &random)))
      if Int.random(in: 0..<4, using: &random) == 0 {
        _ = lists.edit(using: &random)
        note("  a list arrives under the finger")
        await submitAndLetItArrive()
      }
    }
    view.userEndsDragging(velocity: CGFloat(Int.random(in: -2_000...2_000, using: &random)))
    for _ in 0..<30 where view.isDecelerating { view.decelerate(for: .milliseconds(16)) }
    tally.drags += 1
  }

  /// The user moves a visible row to another visible place; now and then a list arrives while
  /// the row is held, which must wait for the drop.
  private func reorder(_ view: UIScrollView) async {
    let visible = visiblePaths(view)
    guard visible.count > 1, let binding else { return }
    let source = visible[Int.random(in: 0..<visible.count, using: &random)]
    let destination = visible[Int.random(in: 0..<visible.count, using: &random)]
    let arrives = Int.random(in: 0..<3, using: &random) == 0
    note("reorder \(source) to \(destination)" + (arrives ? " with a list meanwhile" : ""))
    if let table = view as? UITableView {
      table.setEditing(true, animated: false)
      guard table.userBeginsReorderingRow(at: source) else {
        table.setEditing(false, animated: false)
        return
      }
      table.userDragsReorderedRow(to: destination)
      if arrives { try? await listWhileHeld(binding, table) }
      table.userDropsReorderedRow()
      table.setEditing(false, animated: false)
    } else if let grid = view as? UICollectionView {
      guard grid.beginInteractiveMovementForItem(at: source) else { return }
      grid.updateInteractiveMovementTargetPosition(
        grid.layoutAttributesForItem(at: destination)?.frame.center ?? .zero)
      if arrives { try? await listWhileHeld(binding, grid) }
      grid.endInteractiveMovement()
    }
    tally.reorders += 1
  }

  /// A list sent while the user holds a row: nothing of it reaches the view until the drop.
  private func listWhileHeld(_ binding: ViewBinding<FuzzSection, FuzzItem>, _ view: UIScrollView)
    async throws
  {
    let before = counts(of: view)
    _ = lists.edit(using: &random)
    binding.submit(lists.sections)
    for _ in 0..<20 { await Task.yield() }
    if counts(of: view) != before {
      throw finding("a list was applied while the user held a row")
    }
  }

  private func swipeToDelete(_ view: UIScrollView) async {
    let visible = visiblePaths(view)
    guard !visible.isEmpty else { return }
    let path = visible[Int.random(in: 0..<visible.count, using: &random)]
    note("swipe to delete \(path)")
    if let table = view as? UITableView {
      table.userDeletesRow(at: path)
    } else if let grid = view as? UICollectionView,
      let action = grid.userSwipes(itemAt: path, from: .trailing)?.actions.first
    {
      grid.userTaps(action, onItemAt: path)
    }
    tally.swipes += 1
  }

  private func coverOrUncover(_ view: UIScrollView) {
    if view.window == nil, let window {
      note("uncover")
      window.addSubview(view)
    } else {
      note("cover")
      view.removeFromSuperview()
    }
    tally.covers += 1
  }

  /// A chat scrolled to its end goes away — a screen pushed over it — while lists arrive, and
  /// comes back; returns the place it had, which the anchor promises to keep: its end.
  private func tripAway(_ view: UIScrollView) async -> PlaceMark? {
    note("the app scrolls to the end, then a trip away")
    binding?.scrollToEnd()
    for _ in 0..<8 { await Task.yield() }
    let mark = placeMark(allowingMoves: true)
    coverOrUncover(view)
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      note("  list while away: \(lists.edit(using: &random).description)")
      await submitAndLetItArrive()
      tally.lists += 1
    }
    coverOrUncover(view)
    return mark?.wasAtEnd == true ? mark : nil
  }

  /// Content arrives for some of the loads under way, fails, or fails for good; time passes
  /// for the store (timeouts, retries). One load at a time, each taken in by the store and shown
  /// before the next ends: outcomes that end together reach the store in batches the threads
  /// decide, and each batch moves the screen its own way.
  private func settleContent() async {
    let count = Int.random(in: 0...8, using: &random)
    var outcomes: [FuzzLoader.Outcome] = []
    for _ in 0..<count where !loader.pendingKeys.isEmpty {
      loader.settle(
        count: 1, pick: { Int.random(in: 0..<$0, using: &random) },
        outcome: { _ in
          let roll = Int.random(in: 0..<10, using: &random)
          let outcome: FuzzLoader.Outcome =
            roll < 7 ? .content : roll < 9 ? .failure : .permanentFailure
          outcomes.append(outcome)
          return outcome
        })
      if let view { await quiesce(view) }
    }
    let advance = Int.random(in: 0..<4, using: &random) == 0
    if advance { await letTimePass(.milliseconds(Int.random(in: 100...3_000, using: &random))) }
    note(
      "content: \(outcomes.filter { $0 == .content }.count) arrive, "
        + "\(outcomes.filter { $0 != .content }.count) fail" + (advance ? ", time passes" : ""))
    tally.contentSettled += 1
  }

  // MARK: Reading the view

  func visiblePaths(_ view: UIScrollView) -> [IndexPath] {
    if let table = view as? UITableView { return table.indexPathsForVisibleRows ?? [] }
    if let grid = view as? UICollectionView { return grid.indexPathsForVisibleItems }
    return []
  }

  func counts(of view: UIScrollView) -> [Int] {
    if let table = view as? UITableView {
      return (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
    }
    if let grid = view as? UICollectionView {
      return (0..<grid.numberOfSections).map { grid.numberOfItems(inSection: $0) }
    }
    return []
  }

  func frame(of path: IndexPath, in view: UIScrollView) -> CGRect? {
    if let table = view as? UITableView { return table.rectForRow(at: path) }
    return (view as? UICollectionView)?.layoutAttributesForItem(at: path)?.frame
  }
}

extension CGRect {
  var center: CGPoint { CGPoint(x: midX, y: midY) }
}
