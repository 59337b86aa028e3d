import Foundation

/// A table view without a screen that keeps UIKit's rules (`UITableView` where UIKit does not
/// exist).
///
/// It has UIKit's Swift signatures for everything Bindery uses, and it judges every batch the
/// way UIKit does: an update a device would crash on is recorded as an ``UpdateViolation`` with
/// UIKit's message (``violations``, ``onViolation``) and the view carries on from what its data
/// source says. It has a viewport, scrolling, cell reuse and UIKit's prefetch timing, so that the
/// code that drives a real table can be run and checked in a unit test, on any platform.
///
/// ```swift
/// let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
/// table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
/// table.dataSource = myDataSource
/// table.window = HeadlessWindow()          // on screen: the visible cells are requested
/// table.performBatchUpdates { … }
/// #expect(table.violations.isEmpty)
/// ```
@MainActor
open class HeadlessTableView: HeadlessScrollView {
  /// The animation of row changes, as UIKit's `UITableView.RowAnimation`; headless views do not
  /// animate.
  public enum RowAnimation: Int, Sendable {
    /// Fade in or out.
    case fade
    /// Slide from or to the right.
    case right
    /// Slide from or to the left.
    case left
    /// Slide from or to the top.
    case top
    /// Slide from or to the bottom.
    case bottom
    /// No animation.
    case none
    /// Keep the row centred while it appears or disappears.
    case middle
    /// Whatever suits.
    case automatic = 100
  }

  /// The data source. Not retained, as in UIKit.
  open weak var dataSource: (any HeadlessTableViewDataSource)? {
    didSet { engine.dataSourceChanged() }
  }
  /// The prefetching data source. Not retained, as in UIKit.
  open weak var prefetchDataSource: (any HeadlessTableViewDataSourcePrefetching)?

  /// The height of every row, unless ``heightForRow`` is set.
  open var rowHeight: CGFloat {
    get { engine.rowHeight }
    set {
      engine.rowHeight = newValue
      engine.layout()
    }
  }

  /// Per-row heights, standing in for the delegate's `tableView(_:heightForRowAt:)`.
  public var heightForRow: ((IndexPath) -> CGFloat)? {
    get { engine.heightForRow }
    set {
      engine.heightForRow = newValue
      engine.layout()
    }
  }

  /// Creates a table view with a frame, off screen until it gets a ``window``.
  public init(frame: CGRect) {
    super.init(frame: frame, kind: .tableView)
    engine.sectionCountSource = { [weak self] in
      guard let self, let dataSource = self.dataSource else { return 0 }
      return dataSource.numberOfSections(in: self)
    }
    engine.itemCountSource = { [weak self] section in
      guard let self, let dataSource = self.dataSource else { return 0 }
      return dataSource.tableView(self, numberOfRowsInSection: section)
    }
    engine.cellSource = { [weak self] path in
      guard let self, let dataSource = self.dataSource else { return nil }
      return dataSource.tableView(self, cellForRowAt: path)
    }
    engine.prefetchSink = { [weak self] paths in
      guard let self else { return }
      self.prefetchDataSource?.tableView(self, prefetchRowsAt: paths)
    }
    engine.cancelPrefetchSink = { [weak self] paths in
      guard let self else { return }
      self.prefetchDataSource?.tableView(self, cancelPrefetchingForRowsAt: paths)
    }
  }

  /// The header title the data source gives for a section.
  public func headerTitle(forSection section: Int) -> String? {
    dataSource?.tableView(self, titleForHeaderInSection: section)
  }

  // MARK: UIKit's surface

  /// Registers a cell class (a `HeadlessTableViewCell` subclass) for an identifier.
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    let cellType = (cellClass as? HeadlessTableViewCell.Type) ?? HeadlessTableViewCell.self
    engine.register(identifier) { cellType.init(style: .default, reuseIdentifier: $0) }
  }

  /// A cell for the row being requested: only valid inside `tableView(_:cellForRowAt:)`.
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> HeadlessTableViewCell
  {
    let cell = engine.dequeue(identifier: identifier, for: indexPath) as? HeadlessTableViewCell
    return cell ?? HeadlessTableViewCell(style: .default, reuseIdentifier: identifier)
  }

  /// A recycled or registered cell, or `nil` when there is neither (the pre-iOS 6 variant).
  open func dequeueReusableCell(withIdentifier identifier: String) -> HeadlessTableViewCell? {
    guard engine.isRegistered(identifier) else { return nil }
    return engine.dequeue(identifier: identifier, for: nil) as? HeadlessTableViewCell
  }

  /// Starts a batch (nestable).
  open func beginUpdates() { engine.beginBatch() }
  /// Ends a batch; the outermost end validates and applies it.
  open func endUpdates() { engine.endBatch() }

  /// Inserts rows at index paths after the batch.
  open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    engine.record { $0.itemInserts += indexPaths }
  }
  /// Deletes rows at index paths before the batch.
  open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    engine.record { $0.itemDeletes += indexPaths }
  }
  /// Moves a row from an index path before the batch to one after it.
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    engine.record { $0.itemMoves.append(.init(from: indexPath, to: newIndexPath)) }
  }
  /// Replaces rows with new cells (a delete and an insert, reference §1.2).
  open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    engine.record { $0.itemReloads += indexPaths }
  }
  /// Re-asks the data source for the existing cells of rows, getting the same cells back (§2).
  open func reconfigureRows(at indexPaths: [IndexPath]) {
    engine.record { $0.itemReconfigures += indexPaths }
  }
  /// Inserts sections at indices after the batch.
  open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    engine.record { $0.sectionInserts += Array(sections) }
  }
  /// Deletes sections at indices before the batch.
  open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    engine.record { $0.sectionDeletes += Array(sections) }
  }
  /// Replaces sections (a delete and an insert).
  open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    engine.record { $0.sectionReloads += Array(sections) }
  }

  /// The number of rows in a section, as the view last read it.
  open func numberOfRows(inSection section: Int) -> Int {
    let counts = engine.counts()
    return counts.indices.contains(section) ? counts[section] : 0
  }

  /// The visible rows in order, or `nil` when none is visible.
  open var indexPathsForVisibleRows: [IndexPath]? {
    let paths = engine.cells.keys.sorted()
    return paths.isEmpty ? nil : paths
  }

  /// The visible cells, in row order.
  open var visibleCells: [HeadlessTableViewCell] {
    sortedCells(as: HeadlessTableViewCell.self)
  }

  /// The cell showing a row, or `nil` when the row has none (it is not visible).
  open func cellForRow(at indexPath: IndexPath) -> HeadlessTableViewCell? {
    engine.cells[indexPath] as? HeadlessTableViewCell
  }
}
