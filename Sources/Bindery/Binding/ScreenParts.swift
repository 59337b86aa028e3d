import BinderyDiff

// The parts of a bound screen that a binding runs, kept by their roles and told of the list in
// one order: what the screen knows of its own parts, instead of closures each part registered.

/// A part of a bound screen: late content (``ContentBinding``), a prefetcher
/// (``ContentPrefetcher``), a page loader (``PageLoader``). The binding keeps each in the slot
/// of its role (``ScreenParts``) and tells the parts, in the order of their roles, what
/// happens to the list; a part answers only to what its role needs (every requirement has a
/// default that does nothing).
@MainActor
package protocol ScreenPart<Section, Item>: AnyObject {
  associatedtype Section: Identifiable & Equatable & Sendable where Section.ID: Sendable
  associatedtype Item: Identifiable & Equatable & Sendable where Item.ID: Sendable

  /// A list is about to be installed and shown (before the view asks for a cell of it).
  func listWillShow(_ snapshot: Snapshot<Section, Item>)
  /// A list was applied: its batches issued (UIKit may still animate them) or the view reloaded.
  func listDidShow()
  /// The binding stopped for good (cancelled, detached, or released).
  func bindingDidStop()
  /// A fling will come to rest `offset` points along the scroll.
  func flingWillComeToRest(atOffset offset: Double)
  /// The view moved its content by `offset` points to keep the user's place as the list
  /// changed, the rows on screen now `rows` further down the list: a shift, not a scroll.
  func contentDidShift(byOffset offset: Double, rows: Int)
  /// The view scrolled or changed shape this turn; `rowsMoved` is `false` when only its
  /// offset moved over the same rows of the same list since the last time.
  func viewDidScroll(rowsMoved: Bool)
  /// The view configured the cell at `position` (on screen, or prepared ahead).
  func cellConfigured(at position: ItemPosition)
  /// The screen's turn ends: the work the part noted in it (``ListBinding/setNeedsEndOfTurn()``).
  func endOfTurn()
  /// For the view's part: runs the other parts' ``endOfTurn()`` from its own end-of-turn job,
  /// after its own work, through ``ListBinding/endOfTurn()``; returns `false` when it has no
  /// such job, and the binding schedules one of its own.
  func scheduleEndOfTurn() -> Bool
}

extension ScreenPart {
  package func listWillShow(_ snapshot: Snapshot<Section, Item>) {}
  package func listDidShow() {}
  package func bindingDidStop() {}
  package func flingWillComeToRest(atOffset offset: Double) {}
  package func contentDidShift(byOffset offset: Double, rows: Int) {}
  package func viewDidScroll(rowsMoved: Bool) {}
  package func cellConfigured(at position: ItemPosition) {}
  package func endOfTurn() {}
  package func scheduleEndOfTurn() -> Bool { false }
}

/// The parts of a bound screen, by role, and the order the binding tells them in: prefetchers
/// first — a first list's screen is asked for before the view asks for a cell, and a new list
/// is planned for before its cells' interest is tidied — then late content, then page loaders,
/// which look at the rows the list left on screen, then the view's own parts (its adapter: the
/// empty state, a pending scroll, the load-more views). The app's own observers
/// (``ListBinding/onShow(_:)`` and the others) hear after every part.
///
/// Invariant: a part is in one slot, once; the slots are let go of together, with the binding.
package struct ScreenParts<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// What keeps content ahead of the scroll, one per store.
  package private(set) var prefetchers: [any ScreenPart<Section, Item>] = []
  /// What hands cells their late content, one per kind of content the rows show.
  package private(set) var lateContent: [any ScreenPart<Section, Item>] = []
  /// What asks for more rows near an edge.
  package private(set) var pageLoaders: [PageLoader<Section, Item>] = []
  /// Whether the screen has no part to tell: most lists of a screen without late content or
  /// pages are shown without looking at the slots (unspecialized code looks the existential's
  /// type up to walk them).
  private(set) var isEmpty = true
  /// The view's own parts (its adapter), told last. Held weakly, as the view holds it: a
  /// binding the app keeps does not keep a view's adapter after the view went.
  package private(set) weak var view: (any ScreenPart<Section, Item>)?
  /// Whether the screen's end-of-turn job is asked for (``ListBinding/setNeedsEndOfTurn()``).
  var isEndOfTurnScheduled = false
  /// Whether a part follows the view's scrolls and cells (late content, a page loader): without
  /// one, the view reads nothing for them.
  package private(set) var followsTheView = false
  /// A tree's expansion (`bind(to:outline:…)`): its own type is the view's module's.
  package var outline: AnyObject?
  /// What the app keeps alive with the binding (``ListBinding/retain(_:)``): nobody asks it
  /// anything.
  var kept: [AnyObject] = []

  mutating func add(prefetcher: any ScreenPart<Section, Item>) {
    prefetchers.append(prefetcher)
    isEmpty = false
  }

  mutating func add(lateContent part: any ScreenPart<Section, Item>) {
    lateContent.append(part)
    (isEmpty, followsTheView) = (false, true)
  }

  mutating func add(pageLoader: PageLoader<Section, Item>) {
    pageLoaders.append(pageLoader)
    (isEmpty, followsTheView) = (false, true)
  }

  mutating func set(view part: any ScreenPart<Section, Item>) {
    view = part
    isEmpty = false
  }

  /// Tells every part, in order, without gathering them into one array first (a list shown
  /// tells them twice).
  @MainActor func tell(_ message: (any ScreenPart<Section, Item>) -> Void) {
    guard !isEmpty else { return }
    for part in prefetchers { message(part) }
    for part in lateContent { message(part) }
    for part in pageLoaders { message(part) }
    if let view { message(view) }
  }

  /// Tells the parts that follow the view (late content, then page loaders).
  @MainActor func tellFollowers(_ message: (any ScreenPart<Section, Item>) -> Void) {
    guard followsTheView else { return }
    for part in lateContent { message(part) }
    for part in pageLoaders { message(part) }
  }
}

extension ListBinding {
  /// The parts of the screen this binding runs, by role.
  package var screenParts: ScreenParts<Section, Item> { parts.screen }

  /// Adds a prefetcher to the screen. A binding that already stopped tells it so at once.
  package func attach(prefetcher: any ScreenPart<Section, Item>) {
    parts.screen.add(prefetcher: prefetcher)
    if isStopped { prefetcher.bindingDidStop() }
  }

  /// Adds late content to the screen. A binding that already stopped tells it so at once.
  package func attach(lateContent: any ScreenPart<Section, Item>) {
    parts.screen.add(lateContent: lateContent)
    if isStopped { lateContent.bindingDidStop() }
  }

  /// Adds a page loader to the screen. A binding that already stopped tells it so at once.
  package func attach(pageLoader: PageLoader<Section, Item>) {
    parts.screen.add(pageLoader: pageLoader)
    if isStopped { pageLoader.bindingDidStop() }
  }

  /// Gives the screen its view's own parts (its adapter), told after every other part.
  package func attach(view: any ScreenPart<Section, Item>) {
    parts.screen.set(view: view)
    if isStopped { view.bindingDidStop() }
  }

  /// Asks for the parts' share of the screen's end-of-turn job, once however often the turn
  /// asks: run by the view's part after its own work when it has a job of its own (the
  /// adapter), else by one task of the binding's. Nothing is asked once the binding stopped.
  package func setNeedsEndOfTurn() {
    guard !parts.screen.isEndOfTurnScheduled, !isStopped else { return }
    parts.screen.isEndOfTurnScheduled = true
    if parts.screen.view?.scheduleEndOfTurn() == true { return }
    Task { [weak self] in self?.endOfTurn() }
  }

  /// The parts' share of the screen's end-of-turn job, in its order: late content gives back
  /// the interest of cells that left, then prefetchers plan, then page loaders look at the
  /// edge. Does nothing unless asked for since it last ran.
  package func endOfTurn() {
    guard parts.screen.isEndOfTurnScheduled else { return }
    parts.screen.isEndOfTurnScheduled = false
    let screen = parts.screen
    for part in screen.lateContent { part.endOfTurn() }
    for part in screen.prefetchers { part.endOfTurn() }
    for part in screen.pageLoaders { part.endOfTurn() }
  }

  /// Whether a part follows the view's scrolls and cells: read each scrolled frame, without
  /// copying the parts.
  package var partsFollowTheView: Bool { parts.screen.followsTheView }

  /// Tells late content and page loaders that the view scrolled or changed shape.
  package func viewDidScroll(rowsMoved: Bool) {
    parts.screen.tellFollowers { $0.viewDidScroll(rowsMoved: rowsMoved) }
  }

  /// Tells late content and page loaders that the view configured the cell at `position`.
  package func cellConfigured(at position: ItemPosition) {
    parts.screen.tellFollowers { $0.cellConfigured(at: position) }
  }

  /// Gives the screen its tree's expansion.
  package func attach(outline: AnyObject) {
    parts.screen.outline = outline
  }

  /// Tells what watches the scroll that the view moved its content offset by `offset` points to
  /// keep the user's place as the list changed, the rows on screen now `rows` further down
  /// the list: a shift, not a scroll.
  package func contentDidShift(byOffset offset: Double, rows: Int) {
    parts.screen.tell { $0.contentDidShift(byOffset: offset, rows: rows) }
  }
}
