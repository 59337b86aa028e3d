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
  let cells: CellProvider<Item>
  // The adapter's parts, each one value (`ListAdapter+Parts.swift`).
  /// The empty state behind the rows (``ViewBinding/emptyState(_:)``).
  var empty = EmptyStatePart()
  /// The scrolls the app asked for, until they are made.
  var scrollRequests = ScrollRequests<Item.ID>()
  /// Reconfigures that wait: for the view to come back, for UIKit, for the user's gesture.
  var waitingReconfigures = WaitingReconfigures<Item.ID>()
  /// Row heights remembered by id (``TableBinding/keepsRowHeights()``).
  var keptHeights = KeptHeights<Item.ID>()
  /// What the scroll's work at the end of a turn knows of the scrolls since it last ran.
  var scrollWork = ScrollWork()
  /// The reader's place, as the adapter keeps it through changes, scrolls and trips away.
  var keptPlace = KeptPlace<Item.ID>()
  var features = ListFeatures<Section, Item>() {
    didSet { featuresChanged() }
  }
  /// The load-more views shown past an end of the content (``ViewBinding/loadMore(edge:threshold:hasMore:footer:load:)``):
  /// placed again as cells are configured and lists shown, gone when the binding stops.
  var edgeAccessories: [any LoadingEdgeAccessory] = []
  /// What the app does when the reader comes to the end (``ViewBinding/onReachingEnd(_:)``),
  /// judged at the end of each turn the view moved or showed a list in.
  var reachingEnd: [ReachingEnd] = []
  /// What is left to do when this main-actor turn ends (``TurnWork``), run by one job.
  var turnWork: TurnWork = []
  /// Where VoiceOver's cursor was when rows were given new cells this turn.
  var voiceOverFocus: VoiceOverPlace<Item.ID>?
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
  var answers: UInt64 = 0
  /// The visible positions last read, and the view they were read from.
  var visibleRead: (signature: ScreenSignature, positions: [ItemPosition])?
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
  var registeredSupplementaries: Set<RegisteredSupplementary> = []
  struct RegisteredSupplementary: Hashable {
    var kind: String
    var identifier: String
  }
  /// The kind of cell each item with a cell shows (`replacesCells(byKind:)`).
  var cellKinds = CellKinds<Item.ID>()
  /// The phase of the late content a cell configured now would be handed for an item, when
  /// `bind(to:content:…)` bound.
  var contentPhase: (@MainActor (Item) -> ContentPhase)?
  /// Watches the viewport between updates (``ViewportWatcher``).
  var viewportWatcher: ViewportWatcher?

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

  /// After the view moved: at the end of this main-actor turn, once however often it moved in
  /// it, measures the rows on screen for kept heights (a stopped binding's view too: it still
  /// shows its list) and tells a live binding's parts that follow the view, all from one read
  /// of the rows on screen. The offset's observers run before the view lays out the rows a
  /// scroll brings; by the end of the turn it usually has, and a cell it configures later is
  /// measured as a configured cell at the next measure either way. One job a frame, not one for
  /// each part of the binding that follows the scroll. `offsetOnly` when the view only
  /// scrolled, its viewport's shape kept: if nothing else asks in the turn and the rows on
  /// screen are the ones the parts were last told of, they hear that no row moved.
  func setNeedsScrollWork(offsetOnly: Bool = false) {
    if !offsetOnly { scrollWork.followsOnlyTheOffset = false }
    guard !turnWork.contains(.scroll) else { return }
    // A binding with no kept heights and nobody to tell follows its scrolls with no job at all.
    guard
      scrollWork.looksAtViewportAfterLayout || keptHeights.byID != nil || hasScrollObserversToTell
    else {
      scrollWork.rowsTold = nil
      return
    }
    schedule(.scroll)
  }

  /// The scroll's work, at the end of the turn (``setNeedsScrollWork(offsetOnly:)``).
  func doScrollWork() {
    let offsetOnly = scrollWork.followsOnlyTheOffset
    scrollWork.followsOnlyTheOffset = true
    if scrollWork.looksAtViewportAfterLayout {
      // A change of the viewport the view did not tell of (a safe area that came back with
      // the window as it laid out) is told before the scroll's work.
      scrollWork.looksAtViewportAfterLayout = false
      viewportWatcher?.check()
    }
    measureRowHeights()
    // With nobody to tell (a binding without late content or a page loader), the rows on
    // screen are not read.
    guard hasScrollObserversToTell else {
      scrollWork.rowsTold = nil
      return
    }
    let positions = visibleItemPositions
    let rows = (first: positions.first, last: positions.last, writes: shownList.writes)
    let rowsMoved = !offsetOnly || scrollWork.rowsTold.map { $0 != rows } ?? true
    scrollWork.rowsTold = rows
    // The parts first (late content, page loaders), then the app's end of the list.
    binding?.viewDidScroll(rowsMoved: rowsMoved)
    judgeReachingEnd()
  }

  /// Whether a live binding has parts or app hooks that follow its scrolls: without them, the
  /// scroll's work does not read the rows on screen.
  var hasScrollObserversToTell: Bool {
    guard let binding, !binding.isCancelled else { return false }
    return binding.partsFollowTheView || !reachingEnd.isEmpty
  }

  /// Stops the binding and lets go of the view: the view is bound anew, and a new data source
  /// takes this one's place.
  func detachBinding() {
    // The next binding must not take this one's empty state for the app's background view.
    if let view, let shown = empty.background, view.backgroundView === shown {
      view.backgroundView = empty.appBackground
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
    // The ids the stage deletes, read once for the cells' trackings and the reader's row, and
    // only when either is there to need them.
    let hasReaderPlace = keptPlace.reader != nil || keptPlace.rowAtTheTop != nil
    let deleted =
      cellTrackings.isEmpty && !hasReaderPlace ? [] : idsDeleted(by: stage)
    if hasReaderPlace { forgetReaderPlace(amongDeleted: deleted, by: stage) }
    // The cells of items that leave follow them no more (their cells go to the reuse pool).
    let leaving = cellTrackings.isEmpty ? [] : deleted
    defer { endTrackings(of: leaving) }
    let batch = StageBatch(
      stage: stage, reloads: reloads(in: stage),
      install: install)
    let anchor = scrollAnchorMark()
    if keptHeights.memory != nil {
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
  }

  /// A reader's row that `stage` deletes — one of `deleted`, the ids it deletes — is no place to
  /// keep, and its id is not held on to. From the stage's deletes, O(deletes): looking the id
  /// up in the new list would index every item of it on the main actor, at every list.
  private func forgetReaderPlace(
    amongDeleted deleted: Set<Item.ID>, by stage: StagedChangeset<Section, Item>.Stage
  ) {
    guard !deleted.isEmpty else { return }
    var deleted = deleted
    // An item that leaves a deleted section for another, inserted or moved there, stays.
    for position in stage.itemInserts + stage.itemMoves.map(\.to) {
      if let id = stage.snapshot.item(at: position)?.id { deleted.remove(id) }
    }
    if let id = keptPlace.reader?.id, deleted.contains(id) { keptPlace.reader = nil }
    if let id = keptPlace.rowAtTheTop?.id, deleted.contains(id) { keptPlace.rowAtTheTop = nil }
  }

  /// After a reload: a reader's row that left the list is no place to keep.
  private func forgetReaderPlaceIfGone() {
    if let id = keptPlace.reader?.id, shown.position(of: id) == nil { keptPlace.reader = nil }
    if let id = keptPlace.rowAtTheTop?.id, shown.position(of: id) == nil {
      keptPlace.rowAtTheTop = nil
    }
  }

  private func apply<S, I>(
    _ batch: StageBatch<S, I>, animation: UpdateAnimation,
    completion: @escaping @MainActor () -> Void
  ) {
    if let view {
      keepingWhatAReloadTakes(of: batch.reloads.map(IndexPath.init)) {
        view.apply(batch, animation: animation, completion: completion)
      }
    } else {
      batch.install()
      completion()
    }
  }

  func reloadData(installing install: () -> Void) {
    noteVoiceOverFocus()
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
    waitingReconfigures.whileCovered = []
    forgetRowHeights(changedSince: previous)
    view?.reloadData()
    for id in selected {
      if let position = shown.position(of: id) { view?.selectItem(at: IndexPath(position)) }
    }
    // UIKit lays a reloaded view out on its next pass: now, to find where the rows went, and
    // so that a batch the next list makes before that pass does not find a collection view
    // still flagged for its reload (a crash reported since iOS 10; IGListKit lays out after
    // its reloads for the same reason). Not off screen, where UIKit warns and sizes cells for
    // nothing: there the rows' places come from the layout's estimates, and the view lays out
    // at the kept place when it is back.
    if isInWindow { scrollView?.layoutIfNeeded() }
    if let anchor {
      // The shift the prefetcher hears is from where the reader was, not from past the end.
      keepPlace(anchor, from: placedFrom)
    }
    forgetReaderPlaceIfGone()
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
    reachingEnd = []
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
}

/// The cells, as the bound view asks for them.
@usableFromInline
enum CellProvider<Item> {
  case table(@MainActor (UITableView, IndexPath, Item) -> UITableViewCell)
  case collection(@MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell)
}
