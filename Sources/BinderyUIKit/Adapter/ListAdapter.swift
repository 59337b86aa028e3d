import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// What `bind(to:)` puts between a binding and its view, on a table view or a collection view
/// alike: it keeps the snapshot the view shows, so the cell provider always receives the current
/// value of an item; it applies the binding's stages to the view; and it answers, through the
/// ``ListDataSource`` it installs, for the features set with the binding's modifiers (titles,
/// an index, editing, reordering, supplementary views).
///
/// The view keeps the data source, and the data source keeps this adapter: UIKit holds data
/// sources weakly, so a view whose binding stopped or went away would otherwise be left showing
/// rows it can no longer ask for. Once the binding stops, the adapter answers from the last
/// snapshot it showed — no loads, no interest, no batches, no edits — until the view goes or is
/// bound again.
///
/// Written once for both views, so a feature added here exists on both.
@MainActor
final class ListAdapter<Section, Item>: ListView, ListDataSourceCore
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// The bound view: a table or a collection view. Everything the two do differently goes
  /// through it (``BoundView``).
  private(set) weak var view: (any BoundView)?
  private(set) weak var binding: ListBinding<Section, Item>?
  /// The empty state the view shows behind its rows, if any.
  var emptyStateShown: EmptyListState?
  /// The view the empty state put behind the rows, while it is there.
  var emptyStateBackground: UIView?
  /// The app's own background view, put back whenever the empty state shows nothing.
  var appBackground: UIView?
  /// What the app last said of its source's loading (``ViewBinding/emptyState(loading:_:)``):
  /// `nil` when it says nothing, `true` from the moment it is asked until it says otherwise.
  var sourceIsLoading: Bool?
  let cells: CellProvider<Item>
  var features = ListFeatures<Section, Item>() {
    didSet { featuresChanged() }
  }
  /// Told of every cell configured (page loaders watch the scroll through it).
  var cellObservers: [@MainActor (IndexPath) -> Void] = []
  /// Told after every scroll Bindery did not make (the user's, the app's), once at the end of
  /// the turn it happened in (``setNeedsScrollWork(offsetOnly:)``): page loaders, and content
  /// prefetching, which re-plans as the view scrolls. `rowsMoved` is `false` when only the
  /// offset moved since the last time they were told: the same rows on screen, the same list,
  /// the viewport's shape kept (most frames of a scroll), which leaves them little to do.
  var scrollObservers: [@MainActor (_ rowsMoved: Bool) -> Void] = []
  /// What is left to do when this main-actor turn ends (``TurnWork``), run by one job.
  var turnWork: TurnWork = []
  /// Whether everything that asked for the scroll's work since it last ran was a scroll that
  /// kept the viewport's shape.
  private var scrollWorkFollowsOnlyTheOffset = true
  /// The rows on screen and the list when the scroll's observers were last told.
  private var rowsToldToScrollObservers:
    (first: ItemPosition?, last: ItemPosition?, writes: UInt64)?
  /// Whether that work looks at the viewport first: the view came back into a window, and may
  /// change its safe area as it lays out without telling.
  private var looksAtViewportAfterLayout = false
  /// The object UIKit holds as data source; the view keeps it, and it keeps this adapter.
  private(set) weak var dataSource: ListDataSource?
  /// What the view shows: the binding's list (``ShownList``), shared with it from
  /// ``attach(_:)`` on. The binding writes it as it installs each stage and records the user's
  /// edits; the data source reads it, after the binding stopped too.
  private(set) var shownList = ShownList<Section, Item>()
  /// The snapshot installed last: what the data source answers from.
  var shown: Snapshot<Section, Item> { shownList.snapshot }
  /// How deep UIKit is in asking this adapter for something it shows (a cell, a supplementary
  /// view, a title): a change to the view from inside would be re-entrant.
  private(set) var answeringDepth = 0
  /// How many of UIKit's questions the adapter answered: it asks as it lays out.
  private var answers: UInt64 = 0
  /// The visible positions last read, and the view they were read from.
  private var visibleRead: (signature: ScreenSignature, positions: [ItemPosition])?
  /// Items whose content changed while the view was out of its window: configured again when
  /// it is back.
  private var reconfiguresWhileCovered: Set<Item.ID> = []
  /// Items whose reconfigure waits: asked for while UIKit was asking for a cell, or while the
  /// user moves a row by hand.
  private var deferredReconfigures: [Item.ID] = []
  /// Whether the reconfigures that waited wait for the user's gesture to end.
  private var isWaitingOutGesture = false
  /// Items whose cells read observable state that changed since, not yet configured again;
  /// added to on the thread that made the change (`ListAdapter+Observation.swift`).
  let observedChanges = Locked<Set<Item.ID>>([])
  /// The tracking of what each cell's provider read (`ListAdapter+Observation.swift`), by
  /// cell: ended when the cell is configured again or the binding stops.
  var cellTrackings: [ObjectIdentifier: (end: TrackingEnd, tracking: UInt64, id: Item.ID)] = [:]
  /// Ends of trackings that ended, to serve the next ones.
  var spareTrackingEnds: [TrackingEnd] = []
  /// The supplementary views of Bindery's own classes registered so far (empty views for kinds
  /// the binding was not told about, section title views), by kind and identifier.
  private var registeredSupplementaries: Set<RegisteredSupplementary> = []
  private struct RegisteredSupplementary: Hashable {
    var kind: String
    var identifier: String
  }
  /// Row heights remembered by id (``TableBinding/keepsRowHeights()``): the table's delegate,
  /// kept here as UIKit holds delegates weakly.
  var rowHeightMemory: RowHeightMemory?
  /// Its heights, by the items' ids.
  var rowHeights: RowHeightsByID<Item.ID>?
  /// The kind of cell each item with a cell shows (`replacesCells(byKind:)`).
  var cellKinds = CellKinds<Item.ID>()
  /// The phase of the late content a cell configured now would be handed for an item, when
  /// `bind(to:content:…)` bound.
  var contentPhase: (@MainActor (Item) -> ContentPhase)?
  /// A scroll the app asked for, to an item not yet shown or before the view could scroll:
  /// made once a list is shown that has it (``ViewBinding/scroll(toItemWithID:at:animated:)``).
  var pendingScroll: PendingScroll<Item.ID>?
  /// An animated scroll the app asked for, until it lands (``SettlingScroll``).
  var settlingScroll: SettlingScroll<Item.ID>?
  /// Whether the adapter hears of every list shown, for a pending scroll.
  var isWatchingShows = false
  /// A chat's first list asks for its end to be pinned again once laid out on screen.
  var pendingEndPin = false
  /// Where the reader was when the rows' heights changed under them (a text size change), to
  /// keep once the view has measured them again.
  var remeasureMark: ScrollAnchorMark<Item.ID>?
  /// Whether the view left its window, and what its return asks of the turn's job is not done
  /// yet: the offsets the view moves to once back in a window and until then are its own — its
  /// first layout back measures the rows that were estimated, which may come before the view
  /// tells its subviews it is back — and do not take a chat's pin back as a scroll would.
  var isComingBack = false
  /// The place the last correction kept, until the main actor's turn ends: the stages of one
  /// update, and the changes of one turn, are drawn as one frame.
  var turnAnchor: TurnAnchor<Item.ID>?
  /// The place the last correction kept, until the view scrolls or changes shape: the row
  /// the reader reads, for changes in later turns while it stays where it was.
  var readerPlace: TurnAnchor<Item.ID>?
  /// The row under the top edge at the last scroll not Bindery's (``RowAtTheTop``).
  var rowAtTheTop: RowAtTheTop<Item.ID>?
  /// Watches the viewport between updates (``ViewportWatcher``).
  var viewportWatcher: ViewportWatcher?
  /// How deep the adapter is in keeping the place itself: the viewport changes it makes then
  /// are its own.
  var placeKeepingDepth = 0

  init(tableView: UITableView, cells: CellProvider<Item>) {
    view = tableView
    self.cells = cells
  }

  init(collectionView: UICollectionView, cells: CellProvider<Item>) {
    view = collectionView
    self.cells = cells
  }

  /// The view, as the scroll view both are.
  var scrollView: UIScrollView? { view }

  /// Whether the binding is still running: a stopped or released binding's view keeps what it
  /// shows, and nothing about it changes any more. (A released binding's stop observers, which
  /// let go of the app's closures, run within a main-actor turn; until then this is `false`
  /// already.)
  var isLive: Bool {
    // Unwrapped, not `Optional.map`: in code generic over the app's types that is a call to
    // the unspecialized `map` on every read, and this is read several times a scrolled frame.
    guard let binding else { return false }
    return !binding.isCancelled
  }
  /// Whether ``bindingStopped()`` let go of the app's closures.
  private var hasLetGo = false

  // MARK: Installing

  /// Becomes the view's data source, detaching the binding that had it. The view keeps the
  /// data source for as long as it lives or until it is bound again.
  func install() {
    let dataSource = ListDataSource(core: self) { [weak binding] in binding?.cancel() }
    self.dataSource = dataSource
    _ = dataSource.offer(offeredMethods)
    view?.install(dataSource)
    watchViewport()
    watchWindow()
  }

  /// Hears when the view comes back into a window (``WindowSentinel``).
  private func watchWindow() {
    guard let view else { return }
    let sentinel = WindowSentinel.installed(in: view)
    sentinel.moved = { [weak self] isInWindow in
      if isInWindow { self?.cameBackOnScreen() } else { self?.wentOffScreen() }
    }
    sentinel.textSizeChanged = { [weak self] in self?.textSizeChanged() }
  }

  /// The user's text size changed, and every self-sizing row will be measured again at the
  /// view's next layout: where the reader is now — a chat at its end, the row read — is kept
  /// once the rows are measured, at the end of this turn, as for any change of Bindery's.
  private func textSizeChanged() {
    guard isLive, isInWindow, shown.numberOfItems > 0 else { return }
    rowHeights?.forgetAll()
    // A chat at its end is judged by where the reader was at the last scroll, which the view
    // may have measured again already (a system that tells the view's subviews of the new
    // traits as it lays out).
    if features.anchor == .end, let seen = viewportWatcher?.lastSeen, seen.isAtEnd {
      remeasureMark = ScrollAnchorMark(marks: [], wasAtStart: seen.isAtStart, wasAtEnd: true)
    } else {
      remeasureMark = scrollAnchorMark()
    }
    if remeasureMark != nil { schedule(.remeasured) }
  }

  /// The view left its window (its screen covered): the rows on screen are measured as they
  /// were shown, and the viewport as it is now, out of the window (no safe area), is the one
  /// the trip's change is told from when the view is back — the view may not tell of its
  /// insets as they change with the window.
  private func wentOffScreen() {
    isComingBack = true
    measureRowHeights()
    viewportWatcher?.resync()
  }

  /// The view is in a window again (its screen uncovered): the cells it kept are configured
  /// again for the content that arrived meanwhile, in place — its rows and selection kept, as
  /// they would have been on screen. Before the view lays out, so no frame shows them stale.
  /// A scroll the app asked for while the screen was covered is made now, where the list
  /// already has its item: not later, at the next list, after the user has read on. Once the
  /// view has laid out, those who follow the scroll hear of it: the viewport may have changed
  /// while covered (the keyboard, a rotation), and cells UIKit kept and shows again want their
  /// content as after any scroll.
  private func cameBackOnScreen() {
    // The viewport changed with the window (its safe area came back), whether or not the view
    // said so: a chat that was at its end stays at its end, and a scroll made later is told as
    // a scroll, not as the change of shape it would otherwise seem to carry.
    viewportWatcher?.check()
    reconfigureRowsChangedWhileCovered()
    scrollToPending()
    // A chat kept at its end while covered was placed from estimates: its end is pinned over
    // the rows measured as the view lays out, at the end of this turn.
    if pendingEndPin { schedule(.endPin) } else { isComingBack = false }
    looksAtViewportAfterLayout = true
    setNeedsScrollWork()
  }

  /// After the view moved: at the end of this main-actor turn, once however often it moved in
  /// it, measures the rows on screen for kept heights (a stopped binding's view too: it still
  /// shows its list) and tells a live binding's scroll observers, all from one read of the rows
  /// on screen. The offset's observers run before the view lays out the rows a scroll brings;
  /// by the end of the turn it usually has, and a cell it configures later is measured as a
  /// configured cell at the next measure either way. One job a frame, not one for each part of
  /// the binding that follows the scroll. `offsetOnly` when the view only scrolled, its
  /// viewport's shape kept: if nothing else asks in the turn and the rows on screen are the
  /// ones the observers were last told of, they hear that no row moved.
  func setNeedsScrollWork(offsetOnly: Bool = false) {
    if !offsetOnly { scrollWorkFollowsOnlyTheOffset = false }
    guard !turnWork.contains(.scroll) else { return }
    // A binding with no kept heights and nobody to tell follows its scrolls with no job at all.
    guard looksAtViewportAfterLayout || rowHeights != nil || hasScrollObserversToTell else {
      rowsToldToScrollObservers = nil
      return
    }
    schedule(.scroll)
  }

  /// The scroll's work, at the end of the turn (``setNeedsScrollWork(offsetOnly:)``).
  func doScrollWork() {
    let offsetOnly = scrollWorkFollowsOnlyTheOffset
    scrollWorkFollowsOnlyTheOffset = true
    if looksAtViewportAfterLayout {
      // A change of the viewport the view did not tell of (a safe area that came back with
      // the window as it laid out) is told before the scroll's work.
      looksAtViewportAfterLayout = false
      viewportWatcher?.check()
    }
    measureRowHeights()
    // With nobody to tell (a binding without late content or a page loader), the rows on
    // screen are not read.
    guard hasScrollObserversToTell else {
      rowsToldToScrollObservers = nil
      return
    }
    let positions = visibleItemPositions
    let rows = (first: positions.first, last: positions.last, writes: shownList.writes)
    let rowsMoved = !offsetOnly || rowsToldToScrollObservers.map { $0 != rows } ?? true
    rowsToldToScrollObservers = rows
    for observer in scrollObservers { observer(rowsMoved) }
  }

  /// Whether a live binding has observers of its scrolls: without them, the scroll's work does
  /// not read the rows on screen.
  private var hasScrollObserversToTell: Bool { isLive && !scrollObservers.isEmpty }

  private func reconfigureRowsChangedWhileCovered() {
    guard !reconfiguresWhileCovered.isEmpty else { return }
    let ids = reconfiguresWhileCovered
    reconfiguresWhileCovered = []
    guard isLive, let view else { return }
    // Only rows the view has cells for, by its own counts: the others are asked for afresh.
    let positions = ids.compactMap { shown.position(of: $0) }.filter { view.has($0) }
    if !positions.isEmpty { reconfigureItems(at: positions) }
  }

  /// Stops the binding and lets go of the view: the view is bound anew, and a new data source
  /// takes this one's place.
  func detachBinding() {
    // The next binding must not take this one's empty state for the app's background view.
    if let view, let shown = emptyStateBackground, view.backgroundView === shown {
      view.backgroundView = appBackground
    }
    binding?.detach()
    removeRowHeightMemory()
    if let dataSource { view?.remove(dataSource) }
    view = nil
  }

  private var offeredMethods: ListDataSource.OfferedMethods {
    ListDataSource.OfferedMethods(
      deletion: features.deletion != nil, reordering: features.reordering != nil)
  }

  private func featuresChanged() {
    // Once the binding stopped no row offers edits (`canEdit` says no): setting the data source
    // again would reload the view, from inside a data-source call perhaps.
    guard !hasLetGo, let dataSource, dataSource.offer(offeredMethods) else { return }
    // UIKit reads which optional methods a data source has when it is set: set it again.
    view?.reset(dataSource)
  }

  // MARK: Reading the snapshot

  func item(at indexPath: IndexPath) -> Item? {
    shown.item(at: ItemPosition(indexPath))
  }

  /// Runs something UIKit asked for while it lays out what it shows.
  func answering<Result>(_ body: () -> Result) -> Result {
    answeringDepth += 1
    defer {
      answeringDepth -= 1
      answers &+= 1
    }
    return body()
  }

  /// Makes `binding` the one this adapter serves, sharing the list it shows.
  func attach(_ binding: ListBinding<Section, Item>) {
    self.binding = binding
    shownList = binding.shown
  }

  // MARK: ListView

  func applyStage(
    _ stage: StagedChangeset<Section, Item>.Stage, animated: Bool,
    installing install: @escaping @MainActor () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    let animation = animated ? features.animation : .none
    // The cells of items that leave follow them no more (their cells go to the reuse pool).
    let leaving = idsLeaving(stage)
    defer { endTrackings(of: leaving) }
    let batch = StageBatch(
      stage: stage, reloads: reloads(in: stage),
      install: install)
    let anchor = scrollAnchorMark()
    if rowHeightMemory != nil {
      offerRowHeights()
      forgetRowHeights(changing: stage)
    }
    // Rows that change above the reading position would slide on screen while the offset is
    // put back under them: those batches are not animated (what changes below still is).
    let unanimated = anchor.map { changesAbove($0, in: stage) } ?? false
    if animation == .none || unanimated {
      UIView.performWithoutAnimation { apply(batch, animation: animation, completion: completion) }
    } else {
      apply(batch, animation: animation, completion: completion)
    }
    let reconfiguredSections = stage.sectionReconfigures + stage.emptySectionReconfigures
    if !reconfiguredSections.isEmpty { refreshSections(reconfiguredSections) }
    let sectionsMove =
      !(stage.sectionInserts.isEmpty && stage.sectionDeletes.isEmpty
      && stage.sectionMoves.isEmpty)
    if let anchor {
      // Every stage can change geometry — a reconfigured row measured again changes height —
      // so the place is kept after each. Each item inserted, deleted or moved shifts the others
      // by one place at most; a section shifts them by its items, so a stage with section
      // changes looks items up by id.
      keepPlace(
        anchor, moves: stage.itemMoves,
        radius: sectionsMove
          ? nil : stage.itemInserts.count + stage.itemDeletes.count + stage.itemMoves.count)
    }
    let sectionsChanged = sectionsMove || !reconfiguredSections.isEmpty
    if sectionsChanged && features.indexTitle != nil { view?.reloadIndexTitles() }
    forgetReaderPlaceIfGone()
  }

  /// A reader's row that left the list is no place to keep, and its id is not held on to.
  private func forgetReaderPlaceIfGone() {
    if let id = readerPlace?.id, shown.position(of: id) == nil { readerPlace = nil }
    if let id = rowAtTheTop?.id, shown.position(of: id) == nil { rowAtTheTop = nil }
  }

  private func apply<S, I>(
    _ batch: StageBatch<S, I>, animation: UpdateAnimation,
    completion: @escaping @MainActor () -> Void
  ) {
    if let view {
      keepingSelection(of: batch.reloads.map(IndexPath.init)) {
        view.apply(batch, animation: animation, completion: completion)
      }
    } else {
      batch.install()
      completion()
    }
  }

  /// The positions of a content-only stage whose change ``ListFeatures/reloadWhen`` says needs
  /// a new cell (another cell type, say): reloaded, where the rest are reconfigured.
  private func reloads(in stage: StagedChangeset<Section, Item>.Stage) -> [ItemPosition] {
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

  func reloadData(installing install: () -> Void) {
    let anchor = scrollAnchorMark()
    // A chat at its end (or opening) is laid out at its end at once, not where the offset was
    // first: past the content, the offset is brought back to its end when the layout sets the
    // content's size (UIKit rules §4c), and no cell of the history is asked for. Before the
    // new list is installed: the view may hear of the scroll at once.
    var placedFrom: CGFloat?
    if let anchor, anchor.pinsEnd(features.anchor), isInWindow, let scrollView {
      placedFrom = ScrollAxis(scrollView, horizontal: scrollsHorizontally).offset
      placePastTheEnd(scrollView)
    }
    let previous = shown
    // A reload deselects every row: the items selected stay selected, wherever they are now.
    let selected = (view?.selectedIndexPaths ?? []).compactMap {
      previous.item(at: ItemPosition($0))?.id
    }
    // The rows on screen are measured while they still show what they showed.
    offerRowHeights()
    install()
    // Every cell is asked for again: the new ones track what they read.
    endCellTrackings()
    reconfiguresWhileCovered = []
    forgetRowHeights(changedSince: previous)
    view?.reloadData()
    for id in selected {
      if let position = shown.position(of: id) { view?.selectItem(at: IndexPath(position)) }
    }
    if let anchor {
      // UIKit lays a reloaded view out on its next pass: now, to find where the rows went. Not
      // off screen, where UIKit warns and sizes cells for nothing: there the rows' places come
      // from the layout's estimates, and the view lays out at the kept place when it is back.
      if isInWindow { scrollView?.layoutIfNeeded() }
      // The shift the prefetcher hears is from where the reader was, not from past the end.
      keepPlace(anchor, from: placedFrom)
    }
    forgetReaderPlaceIfGone()
  }

  /// Moves the offset past the end of any content, where the next layout brings it back to
  /// the end.
  private func placePastTheEnd(_ scrollView: UIScrollView) {
    let axis = ScrollAxis(scrollView, horizontal: scrollsHorizontally)
    ScrollAxis.setOffset(
      axis.maximumOffset + Self.pastTheEnd, of: scrollView, horizontal: scrollsHorizontally)
  }

  /// How far past the content's known end the offset goes for a layout at the end: farther
  /// than any estimate can be short of it.
  private static var pastTheEnd: CGFloat { 100_000_000 }

  func reconfigureItems(at positions: [ItemPosition]) {
    guard answeringDepth == 0, !isUserInteracting else {
      // UIKit is asking for a cell (content announced from inside a cell request), or the user
      // is moving a row: changing cells now is re-entrant, or breaks the gesture. Later, by id,
      // as the positions may change meanwhile.
      deferredReconfigures += positions.compactMap { shown.item(at: $0)?.id }
      if !isWaitingOutGesture { schedule(.deferredReconfigures) }
      return
    }
    guard isInWindow else {
      // Off screen a table warns about laying out (and nothing shows): the cells are
      // configured again when the view is back in its window (``WindowSentinel``).
      reconfiguresWhileCovered.formUnion(positions.compactMap { shown.item(at: $0)?.id })
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
    keepingSelection(of: paths) {
      guard animation != .none else {
        return UIView.performWithoutAnimation {
          view?.replaceCells(at: paths, animation: animation)
        }
      }
      view?.replaceCells(at: paths, animation: animation)
    }
  }

  /// Runs `reload`, which reloads the rows at `paths`, and selects again those of them that
  /// were selected: a reload deselects, where the cell it replaces showed the same item.
  private func keepingSelection(of paths: [IndexPath], _ reload: () -> Void) {
    guard !paths.isEmpty, let view else { return reload() }
    let selected = Set(view.selectedIndexPaths).intersection(paths)
    reload()
    for path in selected { view.selectItem(at: path) }
  }

  /// Reconfigures what waited, at the end of the turn, or once the user's gesture ended (UIKit
  /// says nothing when a reorder is cancelled, so a wait looks again now and then).
  func reconfigureDeferred() {
    guard !(isLive && isUserInteracting) else { return waitOutGesture() }
    let ids = deferredReconfigures
    deferredReconfigures = []
    guard isLive else { return }
    let positions = ids.compactMap { shown.position(of: $0) }
    if !positions.isEmpty { reconfigureItems(at: positions) }
  }

  /// Waits for the user's gesture to end, then reconfigures what waited for it.
  private func waitOutGesture() {
    guard !isWaitingOutGesture else { return }
    isWaitingOutGesture = true
    Task { [weak self] in
      while let self, self.isLive, self.isUserInteracting {
        try? await Task.sleep(for: ListBinding<Section, Item>.interactionPollInterval)
      }
      self?.isWaitingOutGesture = false
      self?.reconfigureDeferred()
    }
  }

  /// The positions with a visible cell. After a frame each of Bindery's parts reads them (the
  /// prefetcher, the content's cells, page loaders): a read with nothing changed since the
  /// last — the offset, the viewport's size, the content's size, the list, a question UIKit
  /// asked (it asks as it lays out), the window — is answered from it, and so is one after a
  /// scroll that brought no row on screen and took none off (most frames of a scroll), which
  /// a table's first and last rows on screen tell. From inside one of UIKit's questions, the
  /// view is asked (it may be mid-layout).
  var visibleItemPositions: [ItemPosition] {
    guard let view, let scrollView else { return [] }
    guard answeringDepth == 0 else { return view.visibleIndexPaths.map(ItemPosition.init) }
    let signature = ScreenSignature(
      offset: scrollView.contentOffset, size: scrollView.bounds.size,
      contentSize: scrollView.contentSize, listWrites: shownList.writes, answers: answers,
      isInWindow: isInWindow)
    if let visibleRead {
      if visibleRead.signature == signature { return visibleRead.positions }
      if visibleRead.signature.differsOnlyAlongTheScroll(from: signature),
        showsTheSameRows(visibleRead.positions, in: scrollView.bounds)
      {
        self.visibleRead = (signature, visibleRead.positions)
        return visibleRead.positions
      }
    }
    let positions = view.visibleIndexPaths.map(ItemPosition.init)
    visibleRead = (signature, positions)
    return positions
  }

  /// Whether a table whose rows on screen were `positions`, first to last, still shows those
  /// rows with its bounds at `bounds`, its rows where they were: its first row still meets the
  /// bounds and starts at or above their top (so no row above it does: rows follow each other
  /// down a table), and its last row still meets them and ends at or below their bottom. A table
  /// shows every row between its first and last, so the rows between need no look. Two rows'
  /// frames, where the view would work out every row's on screen.
  private func showsTheSameRows(_ positions: [ItemPosition], in bounds: CGRect) -> Bool {
    guard let view, view is UITableView, let first = positions.first, let last = positions.last,
      let top = view.frameOfItem(at: first), let bottom = view.frameOfItem(at: last)
    else { return false }
    // Each row meets the bounds across their inside edge: the bounds' size is the last read's,
    // which had rows on screen, so not empty.
    return top.minY <= bounds.minY && top.maxY > bounds.minY
      && bottom.minY < bounds.maxY && bottom.maxY >= bounds.maxY
  }

  func isItemVisible(at position: ItemPosition) -> Bool {
    // Only positions the view has: UIKit raises for the rectangle of any other.
    guard let view, let frame = view.frameOfItem(at: position) else { return false }
    return frame.intersects(view.bounds)
  }

  var liveCells: [AnyObject] { view?.liveCells ?? [] }

  var isInWindow: Bool { scrollView?.window != nil }

  /// The view's own count once it shows items; before, the app's count of the first screen's
  /// items where it gave one (``ViewBinding/itemsOnFirstScreen(_:)``).
  var itemsPerScreen: Int {
    if let declared = features.itemsOnFirstScreen, view?.visibleIndexPaths.isEmpty ?? true {
      return declared
    }
    return view?.itemsPerScreen ?? 0
  }

  var isUserInteracting: Bool { view?.hasUncommittedUpdates ?? false }

  /// Whether the content scrolls sideways (see ``BoundView/scrollsHorizontally``).
  var scrollsHorizontally: Bool { view?.scrollsHorizontally ?? false }

  /// A content offset (UIKit's, as `scrollViewWillEndDragging` gives it) as a
  /// ``ScrollPosition`` offset: along the scroll, from the start of the inset area.
  func scrollOffset(atContentOffset contentOffset: CGPoint) -> Double? {
    guard let scrollView else { return nil }
    let horizontal = scrollsHorizontally
    let axis = ScrollAxis(scrollView, horizontal: horizontal)
    return Double((horizontal ? contentOffset.x : contentOffset.y) + axis.insetStart)
  }

  /// The scroll along its axis, from the start of the content's inset area: offsets from 0 to
  /// `maximumOffset`, whatever the insets and the direction.
  var scrollPosition: ScrollPosition {
    guard let scrollView else { return .resting }
    let axis = ScrollAxis(scrollView, horizontal: scrollsHorizontally)
    return ScrollPosition(
      offset: Double(axis.offset + axis.insetStart),
      maximumOffset: Double(axis.maximumOffset + axis.insetStart),
      isDecelerating: scrollView.isDecelerating,
      decelerationRate: Double(scrollView.decelerationRate.rawValue))
  }

  func itemPositions(atOffset offset: Double) -> [ItemPosition] {
    guard let scrollView else { return [] }
    return itemPositions(
      atOffset: offset, axis: ScrollAxis(scrollView, horizontal: scrollsHorizontally))
  }

  /// ``itemPositions(atOffset:)`` with the scroll view's axis as read already (its insets are
  /// worked out from the safe area).
  func itemPositions(atOffset offset: Double, axis: ScrollAxis) -> [ItemPosition] {
    guard let scrollView else { return [] }
    let horizontal = scrollsHorizontally
    let start = CGFloat(offset) - axis.insetStart
    let size = scrollView.bounds.size
    let screen =
      horizontal
      ? CGRect(x: start, y: 0, width: size.width, height: size.height)
      : CGRect(x: 0, y: start, width: size.width, height: size.height)
    return view?.itemPositions(in: screen) ?? []
  }

  /// The binding stopped: the view keeps answering with its cells — the cell provider and the
  /// registrations it dequeues with — and its section titles, as the strings the last list
  /// had; it lets go of every other closure the app gave it (one that holds the screen would
  /// otherwise live as long as the view). Supplementary views it dequeues from then on are
  /// empty ones.
  func bindingStopped() {
    hasLetGo = true
    var kept = ListFeatures<Section, Item>()
    kept.animation = features.animation
    kept.anchor = features.anchor
    kept.headerTitle = fixed(features.headerTitle)
    kept.footerTitle = fixed(features.footerTitle)
    kept.indexTitle = fixed(features.indexTitle)
    features = kept
    cellObservers = []
    scrollObservers = []
    endCellTrackings()
  }

  /// `title` as a lookup of what it gives the sections shown now, which a stopped view keeps.
  private func fixed(_ title: (@MainActor (Section) -> String?)?)
    -> (@MainActor (Section) -> String?)?
  {
    guard let title else { return nil }
    var titles: [Section.ID: String] = [:]
    answering {
      for section in shown.sections { titles[section.id] = title(section) }
    }
    return { [titles] in titles[$0.id] }
  }

  // MARK: Views that must be dequeued

  /// A cell for a row UIKit asks for but the snapshot does not have (a stale prefetch, say):
  /// empty, but dequeued, as UIKit requires of every cell.
  func placeholderCell(_ tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
    answering {
      tableView.dequeueReusableCell(
        withIdentifier: ListDataSource.placeholderIdentifier, for: indexPath)
    }
  }

  func placeholderCell(_ collectionView: UICollectionView, at indexPath: IndexPath)
    -> UICollectionViewCell
  {
    answering {
      collectionView.dequeueReusableCell(
        withReuseIdentifier: ListDataSource.placeholderIdentifier, for: indexPath)
    }
  }

  /// An empty supplementary view, for a kind the layout asks for and the binding was not told
  /// about: registered here the first time, and dequeued, as UIKit requires.
  func emptySupplementaryView(
    _ collectionView: UICollectionView, ofKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    dequeueSupplementary(
      UICollectionReusableView.self, ListDataSource.placeholderIdentifier, collectionView,
      ofKind: kind, at: indexPath)
  }

  /// A supplementary view of Bindery's own class, dequeued as UIKit requires: the class is
  /// registered for the kind and identifier the first time either is asked for.
  func dequeueSupplementary(
    _ viewClass: UICollectionReusableView.Type, _ identifier: String,
    _ collectionView: UICollectionView, ofKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    if registeredSupplementaries.insert(RegisteredSupplementary(kind: kind, identifier: identifier))
      .inserted
    {
      collectionView.register(
        viewClass, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
    }
    return collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
  }
}

/// The cells, as the bound view asks for them.
@usableFromInline
enum CellProvider<Item> {
  case table(@MainActor (UITableView, IndexPath, Item) -> UITableViewCell)
  case collection(@MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell)
}

/// What a list view looked like when an adapter read its visible positions. Not nested in the
/// adapter: a type inside a generic class is generic too, and the adapter's code, which runs
/// unspecialized for the app's types, would look its metadata up at every read.
struct ScreenSignature: Equatable {
  var offset: CGPoint
  var size: CGSize
  var contentSize: CGSize
  var listWrites: UInt64
  var answers: UInt64
  var isInWindow: Bool

  /// Whether `other` is this screen scrolled along its length, and nothing else changed.
  func differsOnlyAlongTheScroll(from other: ScreenSignature) -> Bool {
    var moved = self
    moved.offset.y = other.offset.y
    return moved == other
  }
}
