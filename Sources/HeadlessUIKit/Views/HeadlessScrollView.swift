import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What the headless table and collection views share, as their UIKit counterparts share
/// `UIScrollView`: a frame whose height is the viewport, a content offset, and the batch and
/// inspection surface of the engine behind them. The view is on screen while it is in a
/// window's hierarchy (see ``HeadlessView``).
@MainActor
open class HeadlessScrollView: HeadlessView {
  let engine: ListEngine

  /// The view's own coordinate space: its origin is the content offset, as in UIKit.
  open override var bounds: CGRect {
    CGRect(origin: contentOffset, size: frame.size)
  }

  /// How far the content is scrolled; setting it scrolls, lays out and prefetches. Only the
  /// component along the scroll counts (`y`, or `x` for a horizontal collection view).
  ///
  /// As in UIKit, an offset set here is kept as it is, past either end of the content too,
  /// until the content's size changes (UIKit rules §4c). Set during a fling, the deceleration
  /// goes on from the new offset at its speed, as UIKit's does (its target moves by as much);
  /// ``setContentOffset(_:animated:)`` stops it instead.
  open var contentOffset: CGPoint {
    get { engine.transposed(CGPoint(x: 0, y: engine.viewport.offset)) }
    set {
      let offset = engine.transposed(newValue).y
      engine.viewport.shiftDeceleration(by: offset - engine.viewport.offset)
      engine.setContentOffset(offset, clamped: false)
    }
  }

  /// Scrolls to an offset, kept as it is like ``contentOffset``, stopping a deceleration or an
  /// animated scroll under way, as UIKit does (UIKit rules §7.5).
  ///
  /// Animated, on screen, the content moves to the offset at a constant rate over
  /// ``scrollAnimationDuration`` on the window's ``HeadlessWindow/animationClock``: each frame
  /// sets the offset in between, lays the rows out and tells the delegate
  /// `scrollViewDidScroll(_:)`; at the end the delegate hears
  /// `scrollViewDidEndScrollingAnimation(_:)`. An offset the content is already at does not
  /// animate and ends nothing, as on a device. Setting ``contentOffset`` meanwhile moves the
  /// content until the next frame, which puts it back on the animation's way; calling this
  /// method again, or the user's finger, stops the animation where it is, without its end.
  open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
    engine.viewport.deceleration = nil
    scroll(toOffset: engine.transposed(contentOffset).y, animated: animated)
  }

  // MARK: Animated scrolls (§7.5)

  /// How long an animated scroll takes, whatever its distance: about 0.3 s on a device (UIKit
  /// does not document it; UIKit rules §7.5).
  public static let scrollAnimationDuration = Duration.milliseconds(300)

  /// An animated scroll under way: from where to where, since when on which clock.
  private struct ScrollAnimation {
    var id: Int
    var from: CGFloat
    var to: CGFloat
    var start: Duration
    var clock: HeadlessAnimationClock
    var nextFrame: Int
  }

  private var scrollAnimation: ScrollAnimation?
  private var scrollAnimationCount = 0

  /// Whether an animated scroll is under way (HeadlessUIKit only): from
  /// ``setContentOffset(_:animated:)`` or a scroll to a row or an item, until its end.
  public var isScrollAnimating: Bool { scrollAnimation != nil }

  /// Scrolls to `target` along the scroll, animated when asked and on screen; stops an animated
  /// scroll under way first.
  func scroll(toOffset target: CGFloat, animated: Bool) {
    stopScrollAnimation()
    let from = engine.viewport.offset
    guard animated, let clock = engine.animationClock else {
      engine.setContentOffset(target, clamped: false)
      return
    }
    guard target != from else { return }
    scrollAnimationCount += 1
    scrollAnimation = ScrollAnimation(
      id: scrollAnimationCount, from: from, to: target, start: clock.now, clock: clock,
      nextFrame: 0)
    scheduleScrollFrame()
  }

  /// Stops the animated scroll under way, where it is, without telling its end.
  func stopScrollAnimation() {
    guard let animation = scrollAnimation else { return }
    animation.clock.cancel(animation.nextFrame)
    scrollAnimation = nil
  }

  private func scheduleScrollFrame() {
    guard let animation = scrollAnimation else { return }
    // A frame at a time, the last at the end of the duration exactly.
    let left = Self.scrollAnimationDuration - (animation.clock.now - animation.start)
    scrollAnimation?.nextFrame = animation.clock.schedule(
      after: min(HeadlessAnimationClock.frameDuration, left)
    ) { [weak self] in
      self?.scrollFrame(animation.id)
    }
  }

  /// One frame of the animated scroll: the offset for the time on its clock, laid out and told;
  /// the end, told, once its duration has passed.
  private func scrollFrame(_ id: Int) {
    guard let animation = scrollAnimation, animation.id == id else { return }
    let fraction = CGFloat(
      min(1, (animation.clock.now - animation.start) / Self.scrollAnimationDuration))
    let ended = fraction >= 1
    if ended { scrollAnimation = nil }
    engine.setContentOffset(
      ended ? animation.to : animation.from + (animation.to - animation.from) * fraction,
      clamped: false)
    if ended {
      engine.view?.scrollEventDelegate?.scrollViewDidEndScrollingAnimation(self)
    } else if scrollAnimation?.id == id {
      // Unless the delegate, told of this frame, scrolled anew.
      scheduleScrollFrame()
    }
  }

  /// The size of the content: the laid-out length along the scroll, the frame's breadth
  /// across it.
  open var contentSize: CGSize {
    let size = CGSize(width: engine.viewport.breadth, height: engine.contentLength)
    return engine.viewport.isHorizontal ? CGSize(width: size.height, height: size.width) : size
  }

  /// Room around the content the view can scroll into (UIKit's `contentInset`); only the
  /// insets along the scroll count here. The content offset at the very start is
  /// `-contentInset.top` (or `.left`).
  open var contentInset = HeadlessEdgeInsets.zero {
    didSet { contentInsetDidChange() }
  }

  /// How the safe area adds to ``contentInset`` (`UIScrollView.ContentInsetAdjustmentBehavior`).
  public enum ContentInsetAdjustmentBehavior: Int, Sendable {
    /// As `.scrollableAxes`, and vertically always for the view of a screen in a navigation
    /// controller (the default).
    case automatic
    /// Along each axis the content scrolls: longer than the view, or always bouncing (a
    /// table's `alwaysBounceVertical` is on by default, a collection view's off).
    case scrollableAxes
    /// Never: ``adjustedContentInset`` is ``contentInset``.
    case never
    /// All four edges of the safe area, whatever the view scrolls.
    case always
  }

  /// How the safe area adds to ``contentInset``; `.automatic` by default, as in UIKit.
  open var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic {
    didSet { adjustedContentInsetMayHaveChanged() }
  }

  /// What a table view controller adds at the bottom while the keyboard covers its table.
  var keyboardAdjustment: CGFloat = 0 {
    didSet { if keyboardAdjustment != oldValue { adjustedContentInsetMayHaveChanged() } }
  }

  /// The insets the content is laid out with: ``contentInset``, plus the safe area as
  /// ``contentInsetAdjustmentBehavior`` says (UIKit rules §4g): a table under the status bar
  /// starts 47 points down and its last row clears the home indicator; a collection view with
  /// less content than its height, not bouncing, starts under the bar.
  open var adjustedContentInset: HeadlessEdgeInsets {
    var insets = contentInset
    let safe = safeAreaInsets
    switch contentInsetAdjustmentBehavior {
    case .never: break
    case .always:
      insets.top += safe.top
      insets.left += safe.left
      insets.bottom += safe.bottom
      insets.right += safe.right
    case .automatic, .scrollableAxes:
      let size = contentSize
      let inNavigation =
        contentInsetAdjustmentBehavior == .automatic
        && owningController?.parent is HeadlessNavigationController
      if alwaysBounceVertical || size.height > frame.height || inNavigation {
        insets.top += safe.top
        insets.bottom += safe.bottom
      }
      if alwaysBounceHorizontal || size.width > frame.width {
        insets.left += safe.left
        insets.right += safe.right
      }
    }
    insets.bottom += keyboardAdjustment
    return insets
  }

  /// The last adjusted inset the content was laid out with.
  private var appliedAdjustedInset = HeadlessEdgeInsets.zero

  /// Called when ``adjustedContentInset`` changed; does nothing by default.
  open func adjustedContentInsetDidChange() {}

  /// The list's traits changed, and its own subviews heard: the cells it holds hear next (they
  /// are outside the view hierarchy), and a new text size measures the rows again, as UIKit
  /// measures self-sizing cells again when the content size category changes (§4g).
  func traitsReachedSubviews() {
    let current = traitCollection
    let category = lastTextSize
    lastTextSize = current.preferredContentSizeCategory
    for held in engine.heldViews { held.traitsMayHaveChanged() }
    if let category, category != current.preferredContentSizeCategory {
      engine.rowGeometry.forgetHeights()
      engine.layout()
    }
  }

  /// The text size the rows were last measured at.
  private var lastTextSize: HeadlessContentSizeCategory?

  /// The safe area changed: the adjusted inset follows.
  open override func safeAreaInsetsDidChange() {
    super.safeAreaInsetsDidChange()
    adjustedContentInsetMayHaveChanged()
  }

  /// Lays the content out with a new adjusted inset, if it changed: a view at its start stays
  /// at its start, as UIKit keeps it; the delegate hears
  /// `scrollViewDidChangeAdjustedContentInset(_:)`.
  func adjustedContentInsetMayHaveChanged() {
    let adjusted = adjustedContentInset
    guard adjusted != appliedAdjustedInset else { return }
    let atStart = engine.viewport.offset <= engine.minimumOffset
    appliedAdjustedInset = adjusted
    applyContentInsets()
    engine.setContentOffset(atStart ? engine.minimumOffset : engine.viewport.offset)
    adjustedContentInsetDidChange()
    engine.view?.scrollEventDelegate?.scrollViewDidChangeAdjustedContentInset(self)
    keyValueObservers.valuesMayHaveChanged()
  }

  /// The refresh control the user pulls to refresh the content (`refreshControl`); `nil` by
  /// default.
  open var refreshControl: HeadlessRefreshControl?
  /// Whether the content bounces past its ends (`bounces`); `true` by default.
  open var bounces = true
  /// Whether the user can drag the content up and down even when it is shorter than the view
  /// (`alwaysBounceVertical`): on for a table, off for a collection view, by default, as in
  /// UIKit; off, a short list cannot be pulled to refresh (UIKit rules §4e), and takes no safe
  /// area at its ends with `.scrollableAxes` (§4g).
  open var alwaysBounceVertical = false {
    didSet { adjustedContentInsetMayHaveChanged() }
  }
  /// As ``alwaysBounceVertical``, sideways (`alwaysBounceHorizontal`); off by default.
  open var alwaysBounceHorizontal = false {
    didSet { adjustedContentInsetMayHaveChanged() }
  }

  /// How fast the content slows down after a fling; UIKit's `.normal` by default.
  open var decelerationRate = DecelerationRate.normal

  /// Whether the user's finger is on the content (see ``userBeginsDragging()``).
  open var isDragging: Bool { engine.viewport.isDragging }

  /// Whether the user has touched the content and may begin to drag it. UIKit sets it at the
  /// touch, before the drag starts; HeadlessUIKit's gestures begin with the drag, so it is
  /// ``isDragging``.
  open var isTracking: Bool { engine.viewport.isDragging }

  /// Whether the content is still moving after the finger lifted (see ``decelerate(for:)``).
  open var isDecelerating: Bool { engine.viewport.deceleration != nil }

  /// Whether prefetching is on (UIKit's default: `true`): the view prepares cells for the rows
  /// just beyond the screen in the direction of the scroll (``cellPrefetchLines`` of them)
  /// before they are shown, and tells the prefetch data source about the rows after those.
  /// Turning it off turns both off, as in UIKit.
  open var isPrefetchingEnabled: Bool {
    get { engine.prefetching.isEnabled }
    set {
      engine.prefetching.isEnabled = newValue
      // Turned off, the cells prepared beyond the screen go at once.
      if !newValue { engine.layout() }
    }
  }

  /// How many lines of cells are prepared beyond the screen while scrolling; 2 by default.
  /// UIKit does not document its number (UIKit rules §4); 0 turns cell prefetching off alone.
  public var cellPrefetchLines: Int {
    get { engine.prefetching.cellLines }
    set {
      engine.prefetching.cellLines = newValue
      engine.layout()
    }
  }

  init(frame: CGRect, kind: ListViewKind) {
    engine = ListEngine(
      kind: kind, viewport: Viewport(length: frame.height, breadth: frame.width))
    super.init(frame: frame)
  }

  /// HeadlessUIKit has no archives: a list view cannot be decoded, and this returns `nil`.
  public required init?(coder: NSCoder) {
    return nil
  }

  override func frameDidChange() {
    applyAxisLengths()
    engine.layout()
  }

  /// The viewport's length along the scroll and its breadth across it, from the frame.
  func applyAxisLengths() {
    let size =
      engine.viewport.isHorizontal ? CGSize(width: frame.height, height: frame.width) : frame.size
    engine.viewport.length = size.height
    // Cells measured at another width are measured again, as UIKit does.
    if engine.viewport.breadth != size.width { engine.rowGeometry.forgetHeights() }
    engine.viewport.breadth = size.width
  }

  private func contentInsetDidChange() {
    let atStart = engine.viewport.offset <= engine.minimumOffset
    appliedAdjustedInset = adjustedContentInset
    applyContentInsets()
    // A view at its start stays at its start, as UIKit keeps it when insets are adjusted.
    engine.setContentOffset(atStart ? engine.minimumOffset : engine.viewport.offset)
    adjustedContentInsetDidChange()
    engine.view?.scrollEventDelegate?.scrollViewDidChangeAdjustedContentInset(self)
    keyValueObservers.valuesMayHaveChanged()
  }

  /// The adjusted content insets along the scroll axis.
  func applyContentInsets() {
    let insets = adjustedContentInset
    engine.viewport.insets =
      engine.viewport.isHorizontal ? (insets.left, insets.right) : (insets.top, insets.bottom)
  }

  /// Puts the view on screen or takes it off, as its window changes.
  open override func didMoveToWindow() {
    engine.isInWindow = window != nil
  }

  /// Lays out now: requests cells for visible rows that have none, recycles the others. A
  /// table off screen that has a data source is told to lay out its cells all the same, and
  /// UIKit warns about it once (an alert), whether or not a reload is pending (§7.7).
  open override func layoutIfNeeded() {
    // In a window's hierarchy is what counts: a view coming into one is, before it is told.
    if engine.kind == .tableView && window == nil && engine.view?.hasDataSource == true {
      engine.warnLayoutOutsideHierarchy()
    }
    // As UIKit: nothing when no layout is due (a scroll lays out as the offset is set).
    guard engine.needsLayout else { return }
    engine.layout()
  }

  /// Asks for a layout as the main actor's turn ends (UIKit's next frame); ``layoutIfNeeded()``
  /// makes it now.
  open override func setNeedsLayout() { engine.setNeedsLayout() }

  /// Places the cells and supplementary views for the visible area, as UIKit's table and
  /// collection views do in theirs: a subclass that overrides it calls `super`, and its own
  /// code runs before or after the cells are placed (UIKit rules §7.7).
  open override func layoutSubviews() {
    super.layoutSubviews()
    engine.layOutFromView()
  }

  /// Whether the view asks for cells at index paths a batch just removed, as UIKit's cell
  /// prefetching has been seen to (rdar 30632322): a data source that reads its model at the
  /// index path unchecked crashes there on a device. `false` by default.
  public var requestsCellsAtStalePaths: Bool {
    get { engine.requests.asksAtStalePaths }
    set { engine.requests.asksAtStalePaths = newValue }
  }

  /// Groups operations into one batch, validated when the outermost batch ends.
  ///
  /// As in UIKit, `completion` is called when the batch's animation ends, never inside this
  /// call: on screen with animations on, 0.3 s later on the window's
  /// ``HeadlessWindow/animationClock`` (more batches, scrolls and cell requests may come
  /// meanwhile); otherwise on the next main-actor turn. It is told whether the batch was
  /// accepted and its animation finished: a reload, a new data source or the view leaving its
  /// window ends the animations under way, unfinished. ``pendingCompletionCount`` tells how
  /// many are due.
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    engine.beginBatch()
    if let completion { engine.addBatchCompletion(completion) }
    updates?()
    engine.endBatch()
  }

  /// Forgets the cached counts and cells and asks the data source again; a violation inside a
  /// batch (§1.3).
  open func reloadData() { engine.reloadData() }

  /// Moves a section.
  open func moveSection(_ section: Int, toSection newSection: Int) {
    engine.record("moveSection") { $0.sectionMoves.append(.init(from: section, to: newSection)) }
  }

  /// The number of sections, as the view last read it.
  open var numberOfSections: Int { engine.counts().count }

  // MARK: HeadlessUIKit's own surface

  /// Whether batches are also checked against what UIKit is not known to accept (see
  /// ``BatchUpdateValidator/isStrict``).
  public var isStrict: Bool {
    get { engine.isStrict }
    set { engine.isStrict = newValue }
  }

  /// Every update UIKit would have rejected, in order.
  public var violations: [UpdateViolation] { engine.log.violations }

  /// Called with each violation as it happens.
  public var onViolation: ((UpdateViolation) -> Void)? {
    get { engine.log.onViolation }
    set { engine.log.onViolation = newValue }
  }

  /// What UIKit would only have logged to the console (``UpdateViolation/Severity/alert``), in
  /// order: nothing crashes, but the behaviour that follows is undefined or slow.
  public var alerts: [UpdateViolation] { engine.log.alerts }

  /// Forgets the recorded violations and alerts.
  public func clearViolations() { engine.log.clear() }

  /// Batches whose `performBatchUpdates` completion has not been called yet: it is called on a
  /// later main-actor turn, as UIKit calls it when the animations end.
  public var pendingCompletionCount: Int { engine.pendingCompletionCount }

  /// How many times the view asked its data source for a cell.
  public var cellRequestCount: Int { engine.requests.count }

  /// The rows the view has asked to be prefetched and not cancelled, nearest first.
  public var prefetchedIndexPaths: [IndexPath] { engine.prefetching.tracker.prefetched }

  /// How the view calls its prefetch data source: as a device does (seeded) by default, or
  /// tidily, for a test about something else (UIKit rules §4).
  public var prefetchPattern: PrefetchPattern {
    get { engine.prefetching.pattern }
    set { engine.prefetching.pattern = newValue }
  }

  /// Rows (or lines of items) of lookahead for data prefetching; `nil`, the default, means one
  /// screen. UIKit does not document its distance (UIKit rules §4, §6).
  public var prefetchLookahead: Int? {
    get { engine.prefetching.tracker.lookahead }
    set { engine.prefetching.tracker.lookahead = newValue }
  }

  /// The total height of the content.
  public var contentHeight: CGFloat { engine.contentLength }

  /// Scrolls by a distance in points (negative: up), as one step of a user's scroll.
  public func scroll(by distance: CGFloat) {
    engine.setContentOffset(engine.viewport.offset + distance)
  }

  /// How many batches the view accepted.
  public var acceptedBatchCount: Int { engine.animations.acceptedBatchCount }

  /// Whether the last accepted batch animated: `false` when it was applied inside
  /// `performWithoutAnimation(_:)`; `nil` before the first batch.
  public var lastBatchAnimated: Bool? { engine.animations.lastBatchAnimated }

  func sortedCells<Cell>(as type: Cell.Type) -> [Cell] {
    engine.cells.sorted { $0.key < $1.key }.compactMap { $0.value as? Cell }
  }

  /// Puts a list view's background view (UIKit's `backgroundView`, on tables and collection
  /// views) in place of the old one: a subview that fills the bounds.
  func replaceBackground(_ old: HeadlessView?, with new: HeadlessView?) {
    guard old !== new else { return }
    old?.removeFromSuperview()
    guard let new else { return }
    new.frame = CGRect(origin: .zero, size: frame.size)
    addSubview(new)
  }
}
