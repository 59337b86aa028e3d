import Foundation

extension ListEngine {
  // MARK: Registration and reuse (§1.5 #21, #22; §2)

  func register(_ identifier: String, make: @escaping ReusePool.Maker) {
    reusePool.register(.cell(identifier), make: make)
  }

  func registerSupplementary(
    kind: String, _ identifier: String, make: @escaping ReusePool.Maker
  ) {
    reusePool.register(.supplementary(kind: kind, identifier), make: make)
  }

  func isRegistered(_ identifier: String) -> Bool {
    reusePool.maker(for: .cell(identifier)) != nil
  }

  func isRegisteredSupplementary(kind: String, _ identifier: String) -> Bool {
    reusePool.maker(for: .supplementary(kind: kind, identifier)) != nil
  }

  /// How many cell requests are under way, across every view: a registration made while one is
  /// was made inside a cell provider.
  static var activeCellRequests = 0

  func recycle(_ cell: HeadlessReusableView) {
    reusePool.recycle(cell, as: .cell(cell.reuseIdentifier ?? ""))
  }

  func recycleSupplementary(_ view: HeadlessReusableView) {
    reusePool.recycle(
      view, as: .supplementary(kind: view.elementKind ?? "", view.reuseIdentifier ?? ""))
  }

  /// A recycled view (after `prepareForReuse()`) or a new one of the registered class; `nil`
  /// when nothing is registered for `key`, which each caller reports in its own words.
  private func reusedOrMade(_ key: ReusePool.Key) -> HeadlessReusableView? {
    if let recycled = reusePool.takeRecycled(key) {
      recycled.prepareForReuseCount += 1
      // Reused for another row, the cell is another element to VoiceOver.
      view?.window?.voiceOver.viewLeft(recycled)
      recycled.prepareForReuse()
      // A view recycled before a change of traits learns of it as it comes back.
      recycled.traitsMayHaveChanged()
      return recycled
    }
    guard let make = reusePool.maker(for: key) else { return nil }
    let made = make(key.identifier)
    made.reuseIdentifier = key.identifier
    made.hostingList = view
    if let elementKind = key.elementKind { made.elementKind = elementKind }
    made.traitsMayHaveChanged()
    return made
  }

  /// Every cell and supplementary view the list holds on screen or keeps near it.
  var heldViews: [HeadlessReusableView] {
    cells.sorted { $0.key < $1.key }.map(\.value)
      + supplementaries.sorted { $0.key < $1.key }.map(\.value)
  }

  /// Every view the list holds, back to the reuse pool, in index-path order: which recycled
  /// view a dequeue gets must not depend on how a dictionary lays its keys out.
  func recycleAllViews() {
    for (path, cell) in cells.sorted(by: { $0.key < $1.key }) {
      endDisplay(cell, at: path)
      recycle(cell)
    }
    cells.removeAll()
    for (_, view) in supplementaries.sorted(by: { $0.key < $1.key }) { recycleSupplementary(view) }
    supplementaries.removeAll()
  }

  // MARK: Cells

  /// Asks the data source for the cell at `path`; during a reconfigure, `existing` is the cell
  /// a dequeue hands back. With no data source to ask, the view cannot show the row: UIKit
  /// raises, and this reports it.
  func requestCell(at path: IndexPath, reconfiguring existing: HeadlessReusableView?)
    -> HeadlessReusableView?
  {
    guard let view else { return nil }
    let outer = requests.cell
    requests.cell = CellRequests.Request(path: path, reconfiguring: existing)
    Self.activeCellRequests += 1
    defer {
      requests.cell = outer
      Self.activeCellRequests -= 1
    }
    requests.countCellRequest()
    guard let cell = askingDataSource({ view.dataSourceCell(at: path) }) else {
      report(UIKitMessages.noCell(at: path, kind: kind))
      return nil
    }
    if requests.cell?.dequeueFailed != true {
      checkReturnedCell(cell, dequeued: requests.cell?.dequeued ?? [], at: path)
    }
    // Before it shows: the row's selection, and the configuration update asked for while the
    // data source configured it (UIKit updates a cell's configuration before displaying it).
    if let cell = cell as? any StatefulCell {
      cell.isSelected = selected.contains(path)
      cell.updateConfigurationIfNeeded()
    }
    return cell
  }

  /// A collection view's cell must be the one cell dequeued in its request (iOS 18, §1.5 #21);
  /// one never dequeued at all has no reuse identifier, which UIKit checked first before iOS 18.
  /// A table may return a cell it made itself, but may not dequeue two for one row.
  private func checkReturnedCell(
    _ cell: HeadlessReusableView, dequeued: [HeadlessReusableView], at path: IndexPath
  ) {
    switch kind {
    case .tableView:
      if dequeued.count > 1 { report(UIKitMessages.twoCellsForOneIndexPath(path)) }
    case .collectionView:
      if dequeued.isEmpty && cell.reuseIdentifier == nil {
        report(UIKitMessages.cellWithoutReuseIdentifier(at: path))
      } else if dequeued.count != 1 || dequeued[0] !== cell {
        report(UIKitMessages.expectedDequeuedView)
      }
    }
  }

  /// Hands out a cell for the request in progress: the existing cell during a reconfigure, a
  /// recycled one (after `prepareForReuse()`), or a new one of the registered class.
  func dequeue(identifier: String, for path: IndexPath?) -> HeadlessReusableView? {
    guard var active = requests.cell, path == nil || active.path == path else {
      if kind == .collectionView {
        report(UIKitMessages.dequeueOutsideRequest(supplementary: false))
      }
      return reusedOrNew(identifier: identifier)
    }
    if let existing = active.reconfiguring {
      // Handed back either way, so one mistake is reported once.
      active.dequeued.append(existing)
      requests.cell = active
      if existing.reuseIdentifier != identifier {
        report(
          UIKitMessages.reconfigureWithDifferentIdentifier(
            dequeued: identifier, original: existing.reuseIdentifier ?? ""))
      }
      return existing
    }
    let cell = reusedOrNew(identifier: identifier)
    if let cell { active.dequeued.append(cell) } else { active.dequeueFailed = true }
    requests.cell = active
    return cell
  }

  private func reusedOrNew(identifier: String) -> HeadlessReusableView? {
    guard let cell = reusedOrMade(.cell(identifier)) else {
      report(UIKitMessages.unregisteredCell(identifier, kind: kind))
      return nil
    }
    return cell
  }

  /// A swipe to delete ended on `cell`, the row at `path` when the user swiped it: if the
  /// row is still there (its cell still shows a row), it slides back into place (§7.4).
  func checkSwipeDeleted(_ cell: HeadlessReusableView, at path: IndexPath) {
    guard cells.values.contains(where: { $0 === cell }) else { return }
    report(UIKitMessages.destructiveSwipeSnapBack(path, kind: kind))
  }

  // MARK: Supplementary views

  /// Asks for a section's header or footer view (of the element kind `kindName`).
  func requestSupplementary(_ key: SupplementaryKey, kindName: String) -> HeadlessReusableView? {
    guard let view else { return nil }
    let path = IndexPath(section: key.section, index: 0)
    let outer = requests.supplementary
    requests.supplementary = CellRequests.Request(path: path, elementKind: kindName)
    defer { requests.supplementary = outer }
    guard let view = askingDataSource({ view.supplementaryView(key.kind, section: key.section) })
    else {
      return nil
    }
    if requests.supplementary?.dequeueFailed != true {
      checkReturnedSupplementary(
        view, dequeued: requests.supplementary?.dequeued ?? [], kindName: kindName, at: path)
    }
    // Before it shows: the configuration update asked for while it was configured.
    (view as? any StatefulSupplementary)?.updateConfigurationIfNeeded()
    return view
  }

  /// The view must be the one dequeued in the request, for the kind asked (§1.5 #21).
  private func checkReturnedSupplementary(
    _ view: HeadlessReusableView, dequeued: [HeadlessReusableView], kindName: String,
    at path: IndexPath
  ) {
    guard kind == .collectionView else { return }
    if view is MissingSupplementaryView || (dequeued.isEmpty && view.reuseIdentifier == nil) {
      report(
        UIKitMessages.supplementaryViewNotDequeued(
          kindName, at: path, isNil: view is MissingSupplementaryView))
    } else if dequeued.count != 1 || dequeued[0] !== view {
      report(UIKitMessages.expectedDequeuedView)
    } else if let dequeuedKind = view.elementKind, dequeuedKind != kindName {
      report(UIKitMessages.supplementaryViewOfWrongKind(asked: kindName, dequeued: dequeuedKind))
    }
  }

  /// Hands out a supplementary view of a kind for the request in progress: recycled (after
  /// `prepareForReuse()`) or new.
  func dequeueSupplementary(identifier: String, kindName: String, for path: IndexPath)
    -> HeadlessReusableView?
  {
    let view = reusedOrMade(.supplementary(kind: kindName, identifier))
    if view == nil {
      report(UIKitMessages.unregisteredSupplementaryView(identifier, kind: kindName))
    }
    if var active = requests.supplementary, active.path.sectionIndex == path.sectionIndex {
      if let view { active.dequeued.append(view) } else { active.dequeueFailed = true }
      requests.supplementary = active
    } else if kind == .collectionView {
      report(UIKitMessages.dequeueOutsideRequest(supplementary: true))
    }
    return view
  }
}

/// What a collection view data source that does not make supplementary views returns (the
/// protocol's default): UIKit gets `nil` from such a data source, and raises.
final class MissingSupplementaryView: HeadlessCollectionReusableView {}
