import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A collection view without a screen that keeps UIKit's rules (`UICollectionView` where UIKit
/// does not exist).
///
/// Its ``collectionViewLayout`` places items in lines, section after section, with optional
/// section headers and footers (see ``HeadlessCollectionViewFlowLayout``); that is all of a
/// layout that batch updates, visibility and prefetching depend on. Everything else is as
/// ``HeadlessTableView``: UIKit's signatures, UIKit's judgement of every batch, recorded as
/// ``UpdateViolation``s, and iOS 18's rule that cells and supplementary views are dequeued only
/// inside the data source's request for them.
@MainActor
open class HeadlessCollectionView: HeadlessScrollView {
  /// The element kind of section headers, as UIKit's `UICollectionView.elementKindSectionHeader`.
  public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
  /// The element kind of section footers, as UIKit's `UICollectionView.elementKindSectionFooter`.
  public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

  /// The data source. Not retained, as in UIKit.
  open weak var dataSource: (any HeadlessCollectionViewDataSource)? {
    didSet { engine.dataSourceChanged() }
  }
  /// The prefetching data source. Not retained, as in UIKit.
  open weak var prefetchDataSource: (any HeadlessCollectionViewDataSourcePrefetching)?
  /// The delegate: selection and scroll events. Not retained, as in UIKit.
  open weak var delegate: (any HeadlessCollectionViewDelegate)? {
    didSet {
      updateItemSizing()
    }
  }

  /// Whether the list is editing: list cells show their accessories displayed `.whenEditing`
  /// (a reorder handle, a delete button) instead of those `.whenNotEditing`.
  open var isEditing = false

  /// Whether and how many items the user may select (see `allowsSelection`).
  var selectionSettings = SelectionSettings()
  /// How items get their lengths along the scroll, as last set up (see `updateItemSizing()`).
  var itemSizing: ItemSizing?
  /// Items the flow delegate sized too wide, already logged.
  var tooWideItemsReported: Set<IndexPath> = []

  /// The layout; setting one lays out again.
  open var collectionViewLayout: HeadlessCollectionViewLayout {
    didSet {
      oldValue.collectionView = nil
      collectionViewLayout.collectionView = self
      layoutDidChange()
    }
  }

  /// Creates a collection view with a frame and a layout, off screen until it is in a window.
  public init(frame: CGRect, collectionViewLayout layout: HeadlessCollectionViewLayout) {
    collectionViewLayout = layout
    super.init(frame: frame, kind: .collectionView)
    layout.collectionView = self
    applyLayoutMetrics()
    engine.view = self
  }

  /// HeadlessUIKit has no archives: a collection view cannot be decoded, and this returns `nil`.
  public required init?(coder: NSCoder) {
    return nil
  }

  static func elementKind(_ kind: SupplementaryKind) -> String {
    kind == .header ? elementKindSectionHeader : elementKindSectionFooter
  }

  private static func supplementaryKind(_ elementKind: String) -> SupplementaryKind? {
    switch elementKind {
    case elementKindSectionHeader: .header
    case elementKindSectionFooter: .footer
    default: nil
    }
  }

  /// The direction a flow layout stacks its lines in (UIKit's
  /// `UICollectionView.ScrollDirection`).
  public enum ScrollDirection: Int, Sendable {
    /// Lines stack from top to bottom.
    case vertical
    /// Lines stack from left to right.
    case horizontal
  }

  /// The layout changed: take its axis, columns and line height, and lay out again (after the
  /// pass under way, if it changed during one).
  func layoutDidChange() {
    applyLayoutMetrics()
    engine.invalidateLayout()
  }

  /// What a custom layout (a subclass overriding ``HeadlessCollectionViewLayout/layoutAttributesForElements(in:)``)
  /// gives for the visible rectangle must name items the data source has: UIKit ignores and
  /// logs the others.
  func checkCustomLayoutAttributes() {
    let layout = collectionViewLayout
    guard type(of: layout) != HeadlessCollectionViewLayout.self,
      type(of: layout) != HeadlessCollectionViewFlowLayout.self,
      let attributes = layout.layoutAttributesForElements(in: bounds)
    else { return }
    let counts = engine.counts()
    if let invalid = attributes.first(where: {
      $0.representedElementCategory == .cell && !engine.contains($0.indexPath)
    }) {
      engine.report(UIKitMessages.layoutAttributesForInvalidIndexPath(invalid.indexPath, counts))
    }
  }

  override func frameDidChange() {
    applyLayoutMetrics()
    super.frameDidChange()
  }

  private func applyLayoutMetrics() {
    let layout = collectionViewLayout
    if engine.viewport.isHorizontal != layout.scrollsHorizontally {
      engine.viewport.isHorizontal = layout.scrollsHorizontally
      applyContentInsets()
      engine.viewport.offset = engine.minimumOffset
    }
    applyAxisLengths()
    engine.lineLayout.columns = layout.columns(forBreadth: engine.viewport.breadth)
    engine.lineLayout.sectionsMaySizeThemselves = layout.sectionsMaySizeThemselves
    engine.lineLayout.centersItemsInLine = layout is HeadlessCollectionViewFlowLayout
    engine.lineLayout.rowHeight = layout.lineHeight
    engine.lineLayout.lineSpacing = layout.lineSpacing
    (engine.lineLayout.sectionInsets, engine.lineLayout.crossInsets) = (
      (layout.sectionInsets.along.0, layout.sectionInsets.along.1),
      (layout.sectionInsets.across.0, layout.sectionInsets.across.1)
    )
    let crossContentInsets =
      engine.viewport.isHorizontal
      ? contentInset.top + contentInset.bottom : contentInset.left + contentInset.right
    if let flow = layout as? HeadlessCollectionViewFlowLayout, engine.viewport.breadth > 0,
      !flow.itemFits(breadth: engine.viewport.breadth - crossContentInsets)
    {
      engine.report(UIKitMessages.itemTooWide(flow.scrollDirection == .horizontal))
    }
    updateItemSizing()
  }

  // MARK: UIKit's surface

  /// Registers a cell class (a `HeadlessCollectionViewCell` subclass) for an identifier.
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    let cellType =
      (cellClass as? HeadlessCollectionViewCell.Type) ?? HeadlessCollectionViewCell.self
    engine.register(identifier) { cellType.init(registeredWith: $0) }
  }

  /// Registers a supplementary view class (a `HeadlessCollectionReusableView` subclass) for a
  /// kind and an identifier.
  open func register(
    _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
    withReuseIdentifier identifier: String
  ) {
    let viewType =
      (viewClass as? HeadlessCollectionReusableView.Type) ?? HeadlessCollectionReusableView.self
    engine.registerSupplementary(kind: elementKind, identifier) {
      viewType.init(registeredWith: $0)
    }
  }

  /// A cell for the item being requested: only valid inside `collectionView(_:cellForItemAt:)`.
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> HeadlessCollectionViewCell
  {
    _ = checkIndexPath(indexPath)
    let cell =
      engine.dequeue(identifier: identifier, for: indexPath) as? HeadlessCollectionViewCell
    return cell ?? HeadlessCollectionViewCell(frame: .zero)
  }

  /// A supplementary view for the one being requested: only valid inside
  /// `collectionView(_:viewForSupplementaryElementOfKind:at:)`.
  open func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> HeadlessCollectionReusableView {
    let view = engine.dequeueSupplementary(
      identifier: identifier, kindName: elementKind, for: indexPath)
    return (view as? HeadlessCollectionReusableView) ?? HeadlessCollectionReusableView(frame: .zero)
  }

  /// Inserts items at index paths after the batch.
  open func insertItems(at indexPaths: [IndexPath]) {
    let paths = indexPaths.filter(checkIndexPath)
    engine.record("insertItems") { $0.itemInserts += paths }
  }
  /// Deletes items at index paths before the batch.
  open func deleteItems(at indexPaths: [IndexPath]) {
    let paths = indexPaths.filter(checkIndexPath)
    engine.record("deleteItems") { $0.itemDeletes += paths }
  }
  /// Moves an item from an index path before the batch to one after it.
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    guard checkIndexPath(indexPath), checkIndexPath(newIndexPath) else { return }
    engine.record("moveItem") { $0.itemMoves.append(.init(from: indexPath, to: newIndexPath)) }
  }
  /// Replaces items with new cells (a delete and an insert, UIKit rules §1.2).
  open func reloadItems(at indexPaths: [IndexPath]) {
    let paths = indexPaths.filter(checkIndexPath)
    engine.record("reloadItems") { $0.itemReloads += paths }
  }
  /// Re-asks the data source for the existing cells of items, getting the same cells back (§2).
  open func reconfigureItems(at indexPaths: [IndexPath]) {
    let paths = indexPaths.filter(checkIndexPath)
    engine.record("reconfigureItems") { $0.itemReconfigures += paths }
  }
  /// Inserts sections at indices after the batch.
  open func insertSections(_ sections: IndexSet) {
    engine.record("insertSections") { $0.sectionInserts += Array(sections) }
  }
  /// Deletes sections at indices before the batch.
  open func deleteSections(_ sections: IndexSet) {
    engine.record("deleteSections") { $0.sectionDeletes += Array(sections) }
  }
  /// Replaces sections (a delete and an insert).
  open func reloadSections(_ sections: IndexSet) {
    engine.record("reloadSections") { $0.sectionReloads += Array(sections) }
  }

  /// The number of items in a section, as the view last read it. UIKit raises for a section
  /// that does not exist; this reports it and answers 0.
  open func numberOfItems(inSection section: Int) -> Int {
    let counts = engine.counts()
    guard counts.indices.contains(section) else {
      engine.report(
        UIKitMessages.sectionOutOfBounds(section, sections: counts.count, kind: .collectionView))
      return 0
    }
    return counts[section]
  }

  /// The view behind the rows (UIKit's `backgroundView`): it fills the view's bounds, and stays
  /// put as the content scrolls. Bindery's empty state goes here.
  open var backgroundView: HeadlessView? {
    didSet { replaceBackground(oldValue, with: backgroundView) }
  }

  /// The visible items (sorted here; UIKit does not promise an order).
  open var indexPathsForVisibleItems: [IndexPath] {
    engine.visibleIndexPathsForRead()
  }

  /// The visible cells, in item order.
  open var visibleCells: [HeadlessCollectionViewCell] {
    engine.visibleCellsForRead().compactMap { $0 as? HeadlessCollectionViewCell }
  }

  /// The item a cell shows, or `nil` when the cell shows no visible item, as UIKit's
  /// `indexPath(for:)`.
  ///
  /// - Complexity: O(c) for the c cells the collection view holds.
  open func indexPath(for cell: HeadlessCollectionViewCell) -> IndexPath? {
    engine.cells.first { $0.value === cell && engine.isVisibleForRead($0.key) }?.key
  }

  /// The cell showing an item, or `nil` when the item is not visible. UIKit raises for a
  /// section the view does not have (by the counts it last read); this reports it and answers
  /// `nil`.
  open func cellForItem(at indexPath: IndexPath) -> HeadlessCollectionViewCell? {
    guard checkIndexPath(indexPath) else { return nil }
    // UIKit counts the items before the path's section to find the cell: a section it does not
    // have (an index path kept from before a batch, say) raises (§7.6).
    // From inside a count, only the counts already read: asking again would recurse (§7.2).
    let sections =
      engine.isUpdatingVisibleCells ? engine.cachedCounts?.count : engine.counts().count
    if let sections, !(0..<sections).contains(indexPath.sectionIndex) {
      engine.report(
        UIKitMessages.itemsBeforeMissingSection(indexPath.sectionIndex, sections: sections))
      return nil
    }
    guard engine.isVisibleForRead(indexPath) else { return nil }
    return engine.cells[indexPath] as? HeadlessCollectionViewCell
  }

  /// Where the layout puts an item (its ``HeadlessCollectionViewLayout/layoutAttributesForItem(at:)``),
  /// or `nil` for an item that does not exist. A layout that has no attributes for an item
  /// that does exist makes UIKit raise; this reports it and answers `nil`.
  open func layoutAttributesForItem(at indexPath: IndexPath)
    -> HeadlessCollectionViewLayoutAttributes?
  {
    guard checkIndexPath(indexPath), engine.contains(indexPath) else { return nil }
    guard let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath) else {
      engine.report(UIKitMessages.noLayoutAttributes(for: indexPath))
      return nil
    }
    return attributes
  }

  /// The items a batch brought onto the screen (inserted, reloaded, or in an inserted
  /// section) are placed by their attributes: UIKit asks the layout for each.
  func didApplyBatch(_ plan: BatchUpdatePlan) {
    guard engine.isInWindow else { return }
    for path in engine.visibleIndexPaths() where plan.sourceIndexPath(forNew: path) == nil {
      // One report is enough: UIKit raises at the first.
      guard layoutAttributesForItem(at: path) != nil else { return }
    }
  }

  /// Whether an index path has the two indices a collection view needs (reported otherwise:
  /// UIKit reads its item as `NSNotFound` and fails the next check, UIKit rules §7.6).
  func checkIndexPath(_ indexPath: IndexPath) -> Bool {
    guard indexPath.count != 2 else { return true }
    engine.report(UIKitMessages.invalidCollectionIndexPath)
    return false
  }

  /// The attributes of a section's header or footer where it shows now — pinned to the visible
  /// bounds, for a layout that pins it — or `nil` for a section without one.
  open func layoutAttributesForSupplementaryElement(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> HeadlessCollectionViewLayoutAttributes? {
    guard let kind = Self.supplementaryKind(elementKind),
      let frame = engine.displayedFrame(
        of: SupplementaryKey(kind: kind, section: indexPath.sectionIndex))
    else { return nil }
    return HeadlessCollectionViewLayoutAttributes(
      forSupplementaryViewOfKind: elementKind, with: indexPath, frame: engine.transposed(frame))
  }

  /// The visible supplementary view of a kind at an index path, or `nil`.
  open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
    -> HeadlessCollectionReusableView?
  {
    guard let kind = Self.supplementaryKind(elementKind) else { return nil }
    return engine.supplementaries[SupplementaryKey(kind: kind, section: indexPath.sectionIndex)]
      as? HeadlessCollectionReusableView
  }

  /// The visible supplementary views of a kind.
  open func visibleSupplementaryViews(ofKind elementKind: String)
    -> [HeadlessCollectionReusableView]
  {
    indexPathsForVisibleSupplementaryElements(ofKind: elementKind).compactMap {
      supplementaryView(forElementKind: elementKind, at: $0)
    }
  }

  /// The index paths of the visible supplementary views of a kind.
  open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
    guard let kind = Self.supplementaryKind(elementKind) else { return [] }
    return engine.supplementaries.keys.filter { $0.kind == kind }.map(\.section).sorted().map {
      IndexPath(section: $0, index: 0)
    }
  }

  // MARK: HeadlessUIKit's own surface

  /// The user presses and holds an item: the delegate is asked for its context menu, and the
  /// menu its configuration's action provider makes is returned (`nil` for none, or for no
  /// item there). The finger is at the item's centre.
  public func userLongPressesItem(at indexPath: IndexPath) -> HeadlessMenu? {
    guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return nil }
    let point = CGPoint(x: frame.midX, y: frame.midY)
    let configuration = delegate?.collectionView(
      self, contextMenuConfigurationForItemsAt: [indexPath], point: point)
    return configuration?.actionProvider?([])
  }

  /// The user drags an item to a new place in one gesture: ``beginInteractiveMovementForItem(at:)``,
  /// the item carried to `destination`, ``endInteractiveMovement()``. The collection view shows
  /// it there at once, as UIKit does, and then tells the data source. Returns whether it moved.
  @discardableResult
  public func userMovesItem(at source: IndexPath, to destination: IndexPath) -> Bool {
    guard beginInteractiveMovementForItem(at: source) else { return false }
    engine.interactiveMove = (source, destination)
    return commitInteractiveMovement()
  }
}

/// Where a layout puts one item (`UICollectionViewLayoutAttributes` where UIKit does not exist).
@MainActor
open class HeadlessCollectionViewLayoutAttributes {
  /// What kind of element the attributes are for (UIKit's `UICollectionView.ElementCategory`).
  public enum ElementCategory: UInt, Sendable {
    /// A cell.
    case cell
    /// A supplementary view.
    case supplementaryView
    /// A decoration view.
    case decorationView
  }

  /// The item's index path.
  public let indexPath: IndexPath
  /// The kind of element: a cell, or a supplementary view.
  public let representedElementCategory: ElementCategory
  /// A supplementary view's element kind; `nil` for a cell.
  public let representedElementKind: String?
  /// The item's frame in the collection view's content.
  open var frame: CGRect

  /// Creates the attributes of a cell.
  public init(forCellWith indexPath: IndexPath, frame: CGRect = .zero) {
    self.indexPath = indexPath
    self.frame = frame
    representedElementCategory = .cell
    representedElementKind = nil
  }

  /// Creates the attributes of a supplementary view of an element kind.
  public init(
    forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath,
    frame: CGRect = .zero
  ) {
    self.indexPath = indexPath
    self.frame = frame
    representedElementCategory = .supplementaryView
    representedElementKind = elementKind
  }
}
