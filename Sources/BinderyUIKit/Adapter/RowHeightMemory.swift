import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// Lives as long as the app's delegate it is attached to, and tells the memory when that goes.
final class DelegateSentinel: NSObject {
  private weak var memory: RowHeightMemory?

  init(memory: RowHeightMemory) {
    self.memory = memory
  }

  deinit {
    let memory = memory
    // Delegates go on the main thread in practice: at once there, before UIKit calls again.
    if Thread.isMainThread {
      MainActor.assumeIsolated { memory?.appDelegateWentAway() }
    } else {
      Task { @MainActor in memory?.appDelegateWentAway() }
    }
  }
}

/// What a table's rows measured, by item id: the binding's side of ``ListBinding/keepsRowHeights()``.
/// It stands between the table and the app's delegate, answering estimates from what it
/// remembers and handing everything else on.
@MainActor
final class RowHeightMemory: NSObject {
  /// The delegate the table had: it hears every call. Read by `responds(to:)` from any thread.
  nonisolated(unsafe) weak var appDelegate: (any UITableViewDelegate)?
  /// The id of the item at an index path of what the view shows.
  private let identify: @MainActor (IndexPath) -> AnyHashable?
  private var heights: [AnyHashable: CGFloat] = [:]
  /// The item each cell on screen was shown for: UIKit tells a cell's end with the index path
  /// it had, which after a reload names another item.
  private var shownCells: [ObjectIdentifier: AnyHashable] = [:]
  /// The width the heights were measured at: another width forgets them all.
  private var width: CGFloat = 0

  init(identify: @escaping @MainActor (IndexPath) -> AnyHashable?) {
    self.identify = identify
  }

  /// The height remembered for the row at `indexPath`, if its item was measured at this width.
  func height(at indexPath: IndexPath, width: CGFloat) -> CGFloat? {
    guard width == self.width, let id = identify(indexPath), let height = heights[id] else {
      return nil
    }
    return height
  }

  /// Remembers what a cell about to be shown measures, for the item at `indexPath`.
  func cellWillShow(_ cell: UITableViewCell, at indexPath: IndexPath, width: CGFloat) {
    guard let id = identify(indexPath) else { return }
    shownCells[ObjectIdentifier(cell)] = id
    remember(cell.frame.height, for: id, width: width)
  }

  /// Remembers what a cell that leaves the screen measures last (content that arrived while it
  /// was shown may have changed it), for the item it was shown for.
  func cellDidEnd(_ cell: UITableViewCell, width: CGFloat) {
    guard let id = shownCells.removeValue(forKey: ObjectIdentifier(cell)) else { return }
    remember(cell.frame.height, for: id, width: width)
  }

  private func remember(_ height: CGFloat, for id: AnyHashable, width: CGFloat) {
    guard height > 0, height.isFinite else { return }
    if width != self.width {
      heights.removeAll()
      self.width = width
    }
    heights[id] = height
  }

  /// Forgets the heights of items whose content changed, and which cells on screen showed
  /// them: a cell that ends after a reload measures the old content.
  func forget(_ ids: some Sequence<AnyHashable>) {
    let forgotten = Set(ids)
    guard !forgotten.isEmpty else { return }
    for id in forgotten { heights[id] = nil }
    shownCells = shownCells.filter { !forgotten.contains($0.value) }
  }

  /// Lets go of the ids no longer in the list once they are more than half of what is kept.
  ///
  /// - Complexity: O(kept) when it prunes, amortized O(1) per item shown.
  func prune(itemCount: Int, contains: (AnyHashable) -> Bool) {
    guard heights.count > 2 * max(64, itemCount) else { return }
    heights = heights.filter { contains($0.key) }
  }

  /// The estimate for a row: what it measured before, or what the app's delegate or the table
  /// would have said.
  func estimate(_ tableView: UITableView, at indexPath: IndexPath) -> CGFloat {
    if let height = height(at: indexPath, width: tableView.bounds.width) { return height }
    #if canImport(UIKit)
      return appDelegate?.tableView?(tableView, estimatedHeightForRowAt: indexPath)
        ?? tableView.estimatedRowHeight
    #else
      return appDelegate?.tableView(tableView, estimatedHeightForRowAt: indexPath)
        ?? tableView.estimatedRowHeight
    #endif
  }

  /// The table this memory is the delegate of.
  weak var tableView: UITableView?

  /// Takes the app's delegate behind this one, and keeps an eye on its lifetime: UIKit asks a
  /// delegate which methods it has once, when it is set, so when the app's delegate goes the
  /// table is given this one again (else UIKit would call methods nobody has any more).
  func forward(to delegate: (any UITableViewDelegate)?, of tableView: UITableView) {
    appDelegate = delegate
    self.tableView = tableView
    guard let delegate else { return }
    let sentinel = DelegateSentinel(memory: self)
    objc_setAssociatedObject(
      delegate, Unmanaged.passUnretained(self).toOpaque(), sentinel,
      .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
  }

  /// The app's delegate went away: the table asks again which methods there are.
  func appDelegateWentAway() {
    guard let tableView, tableView.delegate === self else { return }
    tableView.delegate = nil
    tableView.delegate = self
  }

  #if canImport(UIKit)
    /// Answers for the app's delegate too: UIKit asks before each optional method it calls. A
    /// question that comes back here through another proxy that forwards to this one (a
    /// delegate proxy set after it) is answered for this object alone, which ends the loop.
    nonisolated override func responds(to selector: Selector!) -> Bool {
      if super.responds(to: selector) { return true }
      let key = "Bindery.RowHeightMemory.responding"
      let thread = Thread.current.threadDictionary
      guard thread[key] == nil else { return false }
      thread[key] = true
      defer { thread[key] = nil }
      return appDelegate?.responds(to: selector) ?? false
    }

    /// Hands what it does not answer itself to the app's delegate.
    nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
      if let appDelegate, appDelegate.responds(to: selector) { return appDelegate }
      return super.forwardingTarget(for: selector)
    }
  #endif
}

extension RowHeightMemory: UITableViewDelegate {
  func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> CGFloat
  { estimate(tableView, at: indexPath) }

  func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {
    cellWillShow(cell, at: indexPath, width: tableView.bounds.width)
    appDelegateWillDisplay(tableView, cell, indexPath)
  }

  func tableView(
    _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
    forRowAt indexPath: IndexPath
  ) {
    cellDidEnd(cell, width: tableView.bounds.width)
    appDelegateDidEndDisplaying(tableView, cell, indexPath)
  }
}

#if canImport(UIKit)
  extension RowHeightMemory {
    // Optional methods: called when the app's delegate has them; the rest reach it through
    // `forwardingTarget(for:)`.
    fileprivate func appDelegateWillDisplay(
      _ tableView: UITableView, _ cell: UITableViewCell, _ indexPath: IndexPath
    ) { appDelegate?.tableView?(tableView, willDisplay: cell, forRowAt: indexPath) }

    fileprivate func appDelegateDidEndDisplaying(
      _ tableView: UITableView, _ cell: UITableViewCell, _ indexPath: IndexPath
    ) { appDelegate?.tableView?(tableView, didEndDisplaying: cell, forRowAt: indexPath) }
  }
#else
  // HeadlessUIKit's delegate has no optional methods to forward by selector: each is handed on.
  extension RowHeightMemory {
    fileprivate func appDelegateWillDisplay(
      _ tableView: UITableView, _ cell: UITableViewCell, _ indexPath: IndexPath
    ) { appDelegate?.tableView(tableView, willDisplay: cell, forRowAt: indexPath) }

    fileprivate func appDelegateDidEndDisplaying(
      _ tableView: UITableView, _ cell: UITableViewCell, _ indexPath: IndexPath
    ) { appDelegate?.tableView(tableView, didEndDisplaying: cell, forRowAt: indexPath) }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
      appDelegate?.tableView(tableView, heightForRowAt: indexPath) ?? tableView.rowHeight
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      appDelegate?.tableView(tableView, didSelectRowAt: indexPath)
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
      appDelegate?.tableView(tableView, didDeselectRowAt: indexPath)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
      appDelegate?.scrollViewDidScroll(scrollView)
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
      appDelegate?.scrollViewWillBeginDragging(scrollView)
    }

    func scrollViewWillEndDragging(
      _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
      targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
      appDelegate?.scrollViewWillEndDragging(
        scrollView, withVelocity: velocity, targetContentOffset: targetContentOffset)
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
      appDelegate?.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
      appDelegate?.scrollViewDidEndDecelerating(scrollView)
    }

    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
      appDelegate?.scrollViewDidChangeAdjustedContentInset(scrollView)
    }
  }
#endif

extension ListAdapter {
  /// Puts a ``RowHeightMemory`` between the table and its delegate (once).
  func keepRowHeights() {
    guard let tableView, rowHeightMemory == nil else { return }
    rowHeightMemory = RowHeightMemory { [weak self] path in
      self?.item(at: path).map { AnyHashable($0.id) }
    }
    installRowHeightMemory(on: tableView)
  }

  /// Makes the memory the table's delegate again if the app set its own since, handing calls on
  /// to that one.
  func installRowHeightMemory(on tableView: UITableView) {
    guard let memory = rowHeightMemory, tableView.delegate !== memory else { return }
    memory.forward(to: tableView.delegate, of: tableView)
    tableView.delegate = memory
  }

  /// Forgets the heights of the items whose content changes in a stage, and the ids that left
  /// the list.
  func forgetRowHeights<S, I>(changing stage: StagedChangeset<S, I>.Stage) {
    guard let memory = rowHeightMemory, let next = stage.snapshot as? Snapshot<Section, Item>
    else { return }
    memory.forget(
      stage.itemReconfigures.compactMap { next.item(at: $0).map { AnyHashable($0.id) } })
    if stage.isStructural { prune(memory, keeping: next) }
  }

  /// Forgets, after a reload, the heights of the items whose content differs from `previous`,
  /// and the ids that left the list.
  ///
  /// - Complexity: O(n) for n items, as the reload itself.
  func forgetRowHeights(changedSince previous: Snapshot<Section, Item>) {
    guard let memory = rowHeightMemory else { return }
    var changed: [AnyHashable] = []
    for section in 0..<shown.numberOfSections {
      for item in shown.items(inSection: section) {
        if let position = previous.position(of: item.id), previous.item(at: position) != item {
          changed.append(AnyHashable(item.id))
        }
      }
    }
    memory.forget(changed)
    prune(memory, keeping: shown)
  }

  /// Lets the memory go of ids that are not in `snapshot` (when they are most of it).
  private func prune(_ memory: RowHeightMemory, keeping snapshot: Snapshot<Section, Item>) {
    memory.prune(itemCount: snapshot.numberOfItems) { id in
      (id.base as? Item.ID).map { snapshot.position(of: $0) != nil } ?? false
    }
  }

  /// Gives the table its own delegate back (the view is bound anew).
  func removeRowHeightMemory() {
    guard let memory = rowHeightMemory, let tableView, tableView.delegate === memory else { return }
    tableView.delegate = memory.appDelegate
  }
}
