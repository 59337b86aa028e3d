import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A table view without a screen that keeps UIKit's rules (`UITableView` where UIKit does not
/// exist).
///
/// It has UIKit's Swift signatures for what a data source and its owner use, and it judges every
/// batch the way UIKit does: an update a device would crash on is recorded as an
/// ``UpdateViolation`` with UIKit's message (``HeadlessScrollView/violations``,
/// ``HeadlessScrollView/onViolation``) and the view carries on from what its data source says. It
/// has a viewport, scrolling, cell reuse, header and footer views for section titles, and UIKit's
/// prefetch timing, so that the code that drives a real table can be run and checked in a unit
/// test, on any platform.
///
/// ```swift
/// let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
/// table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
/// table.dataSource = myDataSource
/// HeadlessWindow.show(table)          // on screen: the visible cells are requested
/// table.performBatchUpdates { … }
/// #expect(table.violations.isEmpty)
/// ```
@MainActor
open class HeadlessTableView: HeadlessScrollView {
  /// The table's style.
  public let style: Style

  /// The data source. Not retained, as in UIKit.
  open weak var dataSource: (any HeadlessTableViewDataSource)? {
    didSet { engine.dataSourceChanged() }
  }
  /// The prefetching data source. Not retained, as in UIKit.
  open weak var prefetchDataSource: (any HeadlessTableViewDataSourcePrefetching)?
  /// The delegate: selection and scroll events. Not retained, as in UIKit.
  open weak var delegate: (any HeadlessTableViewDelegate)? {
    didSet { updateRowSizing() }
  }

  /// The height of every row the delegate does not size; ``automaticDimension`` by default,
  /// as in UIKit: each row is as tall as its cell needs (`systemLayoutSizeFitting(_:)`), which
  /// for a plain cell is a standard row of 44 points (UIKit rules §4b).
  open var rowHeight: CGFloat {
    get { automaticRowHeight ? Self.automaticDimension : engine.lineLayout.rowHeight }
    set {
      engine.lineLayout.rowHeight =
        newValue == Self.automaticDimension ? ListEngine.defaultRowHeight : newValue
      automaticRowHeight = newValue == Self.automaticDimension
      updateRowSizing()
    }
  }
  private(set) var automaticRowHeight = true
  /// Whether and how the user can select rows.
  var selectionSettings = SelectionSettings()

  /// The height that lets a row's cell decide (UIKit's `UITableView.automaticDimension`).
  public static let automaticDimension: CGFloat = -1

  /// The view behind the rows (UIKit's `backgroundView`): it fills the view's bounds, and stays
  /// put as the content scrolls. Bindery's empty state goes here.
  open var backgroundView: HeadlessView? {
    didSet { replaceBackground(oldValue, with: backgroundView) }
  }

  /// The view above the first section (UIKit's `tableHeaderView`): it takes the top of the
  /// content, as tall as its frame, as wide as the table, and the rows start below it.
  ///
  /// As in UIKit, the table reads the view's height when the view is set: one whose frame
  /// changes afterwards is set again for the rows to follow. Setting it keeps the content
  /// offset, so the rows on screen move by the change in height (UIKit rules §4c).
  open var tableHeaderView: HeadlessView? {
    didSet { accessoryDidChange(from: oldValue, to: tableHeaderView, leading: true) }
  }

  /// The view below the last section (UIKit's `tableFooterView`): as tall as its frame when
  /// set, as wide as the table, placed after the last section as rows come and go.
  open var tableFooterView: HeadlessView? {
    didSet { accessoryDidChange(from: oldValue, to: tableFooterView, leading: false) }
  }

  /// Puts a header or footer view in the content in place of the old one, and lays out.
  private func accessoryDidChange(from old: HeadlessView?, to new: HeadlessView?, leading: Bool) {
    if old !== new {
      old?.removeFromSuperview()
      if let new { addSubview(new) }
    }
    let length = max(0, new?.frame.height ?? 0)
    if leading {
      engine.accessoryLengths.leading = length
    } else {
      engine.accessoryLengths.trailing = length
    }
    placeAccessories()
    engine.layout()
  }

  /// Places the header view at the top of the content and the footer view after the last
  /// section, both as wide as the table; their heights stay their own.
  func placeAccessories() {
    let width = frame.width
    if let header = tableHeaderView {
      let frame = CGRect(x: 0, y: 0, width: width, height: header.frame.height)
      if header.frame != frame { header.frame = frame }
    }
    if let footer = tableFooterView {
      let frame = CGRect(x: 0, y: engine.sectionsEnd, width: width, height: footer.frame.height)
      if footer.frame != frame { footer.frame = frame }
    }
  }

  /// An estimate of row heights, used until a row's cell is shown and measured;
  /// ``automaticDimension`` by default, as in UIKit, which estimates a row at an explicit
  /// ``rowHeight``, else 44 points. 0 turns estimates off: every height is read up front.
  ///
  /// With estimates, a row above the screen that turns out taller or shorter than its estimate
  /// moves the content offset by the difference, so that what is on screen stays put, as UIKit
  /// does (HeadlessUIKit counts these in ``offsetCorrections``).
  open var estimatedRowHeight: CGFloat = HeadlessTableView.automaticDimension {
    didSet { updateRowSizing() }
  }

  /// The height of a section header that has a title; ``automaticDimension`` by default, as
  /// in UIKit, which gives a title header ``standardTitleHeight`` points. A section without a
  /// title has no header in a plain table; in a grouped one its header is room between the
  /// sections, ``groupedSectionSpacing`` points by default (``groupedFirstSectionSpacing`` above
  /// the first), or this height when one is set.
  open var sectionHeaderHeight: CGFloat = HeadlessTableView.automaticDimension {
    didSet { engine.layout() }
  }

  /// The height of a section footer that has a title; ``automaticDimension`` by default. An
  /// untitled section's footer is room in a grouped table, as its header is.
  open var sectionFooterHeight: CGFloat = HeadlessTableView.automaticDimension {
    didSet { engine.layout() }
  }

  /// An estimate of section header heights (UIKit's `estimatedSectionHeaderHeight`);
  /// ``automaticDimension`` by default, as in UIKit. HeadlessUIKit knows a title header's
  /// height before it shows it, so the estimate never differs from it.
  open var estimatedSectionHeaderHeight: CGFloat = HeadlessTableView.automaticDimension

  /// An estimate of section footer heights (UIKit's `estimatedSectionFooterHeight`);
  /// ``automaticDimension`` by default.
  open var estimatedSectionFooterHeight: CGFloat = HeadlessTableView.automaticDimension

  /// The room above each section header (UIKit's `sectionHeaderTopPadding`, iOS 15);
  /// ``automaticDimension`` by default, which is ``standardHeaderTopPadding`` points in a plain
  /// table and none in a grouped one.
  open var sectionHeaderTopPadding: CGFloat = HeadlessTableView.automaticDimension {
    didSet { engine.layout() }
  }

  /// The room a plain table leaves above each section header by default, as UIKit does since
  /// iOS 15.
  public static let standardHeaderTopPadding: CGFloat = 22

  /// The height a header or footer with a title takes when its height is automatic: about
  /// what UIKit gives a plain table's title.
  public static let standardTitleHeight: CGFloat = 28

  /// The room a grouped table leaves for an untitled section's header and footer each, when
  /// their heights are automatic: about what UIKit leaves (UIKit rules §4c).
  public static let groupedSectionSpacing: CGFloat = 17.5

  /// The room a grouped table leaves above its first section when it has no title.
  public static let groupedFirstSectionSpacing: CGFloat = 35

  /// The length a section's header or footer takes: a title's, or a grouped table's room
  /// between sections; none in a plain table without a title.
  func supplementaryHeight(_ kind: SupplementaryKind, section: Int) -> CGFloat {
    if title(kind, section: section) != nil { return titleHeight(kind) }
    guard style != .plain else { return 0 }
    let height = kind == .header ? sectionHeaderHeight : sectionFooterHeight
    if height != Self.automaticDimension { return max(0, height) }
    return kind == .header && section == 0
      ? Self.groupedFirstSectionSpacing : Self.groupedSectionSpacing
  }

  /// The room above a section header, resolved.
  var resolvedHeaderPadding: CGFloat {
    if sectionHeaderTopPadding != Self.automaticDimension { return max(0, sectionHeaderTopPadding) }
    return style == .plain ? Self.standardHeaderTopPadding : 0
  }

  /// The height of a header or footer with a title.
  func titleHeight(_ kind: SupplementaryKind) -> CGFloat {
    let height = kind == .header ? sectionHeaderHeight : sectionFooterHeight
    return height == Self.automaticDimension ? Self.standardTitleHeight : max(0, height)
  }

  /// Per-row heights that take the place of the delegate's `tableView(_:heightForRowAt:)`
  /// (HeadlessUIKit only: a test's shortcut to a delegate).
  public var heightForRow: ((IndexPath) -> CGFloat)? {
    didSet { updateRowSizing() }
  }

  /// The content-offset corrections the table made because a row above the screen turned out
  /// taller or shorter than its estimate, oldest first (HeadlessUIKit only).
  public var offsetCorrections: [OffsetCorrection] { engine.rowGeometry.offsetCorrections }

  /// The section index titles as the table last read them: at ``reloadData()`` and
  /// ``reloadSectionIndexTitles()`` (HeadlessUIKit only).
  public private(set) var displayedSectionIndexTitles: [String]?

  /// The last row animation a batch asked for (HeadlessUIKit only).
  public private(set) var lastRowAnimation: RowAnimation?

  /// How rows are separated (`UITableViewCell.SeparatorStyle`).
  public enum SeparatorStyle: Int, Sendable {
    /// No separators.
    case none
    /// A line between rows, the default.
    case singleLine
  }

  /// How rows are separated; a line by default. HeadlessUIKit draws none either way: row
  /// heights are the rows' own, as on a device (a separator takes no height of its own).
  open var separatorStyle = SeparatorStyle.singleLine
  /// The separators' colour; the system's separator colour by default.
  open var separatorColor: HeadlessColor? = .separator

  /// Whether the table is in editing mode, where rows show their reorder controls (and
  /// deletion controls); `false` by default.
  open var isEditing = false

  /// Enters or leaves editing mode; leaving it drops a row the user is still dragging, as
  /// UIKit ends the reorder.
  open func setEditing(_ editing: Bool, animated: Bool) {
    isEditing = editing
    if !editing { engine.interactiveMove = nil }
  }

  /// Creates a table view with a frame and a style, off screen until it is in a window.
  public init(frame: CGRect, style: Style) {
    self.style = style
    super.init(frame: frame, kind: .tableView)
    // UIKit's tables bounce vertically however short their content (UIKit rules §4e).
    alwaysBounceVertical = true
    engine.view = self
    for kind in SupplementaryKind.allCases {
      engine.registerSupplementary(kind: elementKindName(kind), Self.headerFooterIdentifier) {
        HeadlessTableViewHeaderFooterView(reuseIdentifier: $0)
      }
    }
    // UIKit's defaults: rows estimated, and sized by their cells.
    updateRowSizing()
  }

  /// Creates a plain table view with a frame.
  public convenience init(frame: CGRect) {
    self.init(frame: frame, style: .plain)
  }

  /// Creates a plain table view with a zero frame.
  public convenience init() {
    self.init(frame: .zero, style: .plain)
  }

  /// HeadlessUIKit has no archives: a table view cannot be decoded, and this returns `nil`.
  public required init?(coder: NSCoder) {
    return nil
  }

  // MARK: UIKit's surface

  /// Registers a cell class (a `HeadlessTableViewCell` subclass) for an identifier.
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    let cellType = (cellClass as? HeadlessTableViewCell.Type) ?? HeadlessTableViewCell.self
    engine.register(identifier) { cellType.init(registeredWith: $0) }
  }

  /// A cell for the row being requested, recycled or new.
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> HeadlessTableViewCell
  {
    if checkIndexPath(indexPath), !engine.contains(indexPath), !engine.requests.isAskingAtStalePath
    {
      engine.report(UIKitMessages.rectForInvalidIndexPath(indexPath))
    }
    let cell = engine.dequeue(identifier: identifier, for: indexPath) as? HeadlessTableViewCell
    return cell ?? HeadlessTableViewCell(style: .default, reuseIdentifier: identifier)
  }

  /// A recycled or registered cell, or `nil` when there is neither (the pre-iOS 6 variant).
  open func dequeueReusableCell(withIdentifier identifier: String) -> HeadlessTableViewCell? {
    guard engine.isRegistered(identifier) else { return nil }
    return engine.dequeue(identifier: identifier, for: nil) as? HeadlessTableViewCell
  }

  /// Reloads everything, the section index included.
  open override func reloadData() {
    super.reloadData()
    displayedSectionIndexTitles = dataSource?.sectionIndexTitles(for: self)
  }

  /// Reads the section index titles again.
  open func reloadSectionIndexTitles() {
    displayedSectionIndexTitles = dataSource?.sectionIndexTitles(for: self)
  }

  /// Starts a batch (nestable).
  open func beginUpdates() { engine.beginBatch() }
  /// Ends a batch; the outermost end validates and applies it.
  open func endUpdates() { engine.endBatch() }

  /// Inserts rows at index paths after the batch.
  open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    lastRowAnimation = animation
    let paths = indexPaths.filter(checkIndexPath)
    engine.record("insertRows") { $0.itemInserts += paths }
  }
  /// Deletes rows at index paths before the batch.
  open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    lastRowAnimation = animation
    let paths = indexPaths.filter(checkIndexPath)
    engine.record("deleteRows") { $0.itemDeletes += paths }
  }
  /// Moves a row from an index path before the batch to one after it.
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    guard checkIndexPath(indexPath), checkIndexPath(newIndexPath) else { return }
    engine.record("moveRow") { $0.itemMoves.append(.init(from: indexPath, to: newIndexPath)) }
  }
  /// Replaces rows with new cells (a delete and an insert, UIKit rules §1.2).
  open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    lastRowAnimation = animation
    let paths = indexPaths.filter(checkIndexPath)
    engine.record("reloadRows") { $0.itemReloads += paths }
  }
  /// Re-asks the data source for the existing cells of rows, getting the same cells back (§2).
  open func reconfigureRows(at indexPaths: [IndexPath]) {
    let paths = indexPaths.filter(checkIndexPath)
    engine.record("reconfigureRows") { $0.itemReconfigures += paths }
  }
  /// Inserts sections at indices after the batch.
  open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    lastRowAnimation = animation
    engine.record("insertSections") { $0.sectionInserts += Array(sections) }
  }
  /// Deletes sections at indices before the batch.
  open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    lastRowAnimation = animation
    engine.record("deleteSections") { $0.sectionDeletes += Array(sections) }
  }
  /// Replaces sections (a delete and an insert).
  open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    lastRowAnimation = animation
    engine.record("reloadSections") { $0.sectionReloads += Array(sections) }
  }

  /// The number of rows in a section, as the view last read it. UIKit raises for a section
  /// that does not exist; this reports it and answers 0.
  open func numberOfRows(inSection section: Int) -> Int {
    let counts = engine.counts()
    guard counts.indices.contains(section) else {
      engine.report(
        UIKitMessages.sectionOutOfBounds(section, sections: counts.count, kind: .tableView))
      return 0
    }
    return counts[section]
  }

  /// The visible rows in order, or `nil` when none is visible.
  open var indexPathsForVisibleRows: [IndexPath]? {
    let paths = engine.visibleIndexPathsForRead()
    return paths.isEmpty ? nil : paths
  }

  /// The visible cells, in row order. Read while the table updates them (from inside a cell
  /// request, a height, `willDisplay`), UIKit logs that they are being updated (an alert).
  open var visibleCells: [HeadlessTableViewCell] {
    if engine.isUpdatingVisibleCells { engine.report(UIKitMessages.visibleCellsDuringUpdate) }
    return engine.visibleCellsForRead().compactMap { $0 as? HeadlessTableViewCell }
  }

  /// The cell showing a row, or `nil` when the row is not visible. Asked while the table updates
  /// its cells (from inside a cell request, a height, `willDisplay`), UIKit logs that the cells
  /// are being updated (an alert).
  open func cellForRow(at indexPath: IndexPath) -> HeadlessTableViewCell? {
    if engine.isUpdatingVisibleCells { engine.report(UIKitMessages.cellForRowDuringUpdate) }
    guard checkIndexPath(indexPath), engine.isVisibleForRead(indexPath) else { return nil }
    return engine.cells[indexPath] as? HeadlessTableViewCell
  }

  /// The row a cell shows, or `nil` when the cell shows no visible row (in the reuse pool, or
  /// made for a row that scrolled away), as UIKit's `indexPath(for:)`.
  ///
  /// - Complexity: O(c) for the c cells the table holds.
  open func indexPath(for cell: HeadlessTableViewCell) -> IndexPath? {
    engine.cells.first { $0.value === cell && engine.isVisibleForRead($0.key) }?.key
  }

  /// The rows whose frames meet a rectangle of the content, in order; `nil` when none does.
  open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
    let paths = engine.indexPaths(from: rect.minY, to: rect.maxY)
    return paths.isEmpty ? nil : paths
  }

  /// The frame of a row in the table's content. UIKit raises for a row the table does not have
  /// (by the counts it last read); this reports it and answers `.zero`.
  open func rectForRow(at indexPath: IndexPath) -> CGRect {
    guard checkIndexPath(indexPath) else { return .zero }
    guard engine.contains(indexPath) else {
      engine.report(UIKitMessages.rectForInvalidIndexPath(indexPath))
      return .zero
    }
    return engine.frame(of: indexPath)
  }

  /// The frame of a section, header and footer included. UIKit raises for a section the table
  /// does not have (by the counts it last read); this reports it and answers `.zero`.
  open func rect(forSection section: Int) -> CGRect {
    guard let frame = sectionFrame(section, part: .whole) else { return .zero }
    return CGRect(x: 0, y: frame.top, width: self.frame.width, height: frame.bottom - frame.top)
  }

  /// The frame of a section's header (of no height when it has none). UIKit raises for a
  /// section the table does not have; this reports it and answers `.zero`.
  open func rectForHeader(inSection section: Int) -> CGRect {
    guard let frame = sectionFrame(section, part: .header) else { return .zero }
    return CGRect(
      x: 0, y: frame.headerTop, width: self.frame.width, height: frame.headerHeight)
  }

  /// The frame of a section's footer (of no height when it has none). UIKit raises for a
  /// section the table does not have; this reports it and answers `.zero`.
  open func rectForFooter(inSection section: Int) -> CGRect {
    guard let frame = sectionFrame(section, part: .footer) else { return .zero }
    return CGRect(
      x: 0, y: frame.bottom - frame.footerHeight, width: self.frame.width,
      height: frame.footerHeight)
  }

  private func sectionFrame(_ section: Int, part: UIKitMessages.SectionPart) -> SectionFrame? {
    let frames = engine.sectionFrames()
    guard frames.indices.contains(section) else {
      engine.report(UIKitMessages.rectForInvalidSection(section, part: part))
      return nil
    }
    return frames[section]
  }

  /// Whether an index path has the two indices a table needs; UIKit raises for any other.
  func checkIndexPath(_ indexPath: IndexPath) -> Bool {
    guard indexPath.count != 2 else { return true }
    engine.report(UIKitMessages.invalidIndexPath)
    return false
  }

  /// The header view of a visible section, or `nil`.
  open func headerView(forSection section: Int) -> HeadlessTableViewHeaderFooterView? {
    engine.supplementaries[SupplementaryKey(kind: .header, section: section)]
      as? HeadlessTableViewHeaderFooterView
  }

  /// The footer view of a visible section, or `nil`.
  open func footerView(forSection section: Int) -> HeadlessTableViewHeaderFooterView? {
    engine.supplementaries[SupplementaryKey(kind: .footer, section: section)]
      as? HeadlessTableViewHeaderFooterView
  }
}
