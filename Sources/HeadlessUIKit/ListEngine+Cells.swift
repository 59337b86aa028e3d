import Foundation

extension ListEngine {
  // MARK: Cells (§1.5 #21, #22; §2)

  func register(_ identifier: String, make: @escaping (String) -> HeadlessReusableView) {
    registrations[identifier] = make
  }

  func registerSupplementary(
    _ identifier: String, make: @escaping (String) -> HeadlessReusableView
  ) {
    supplementaryRegistrations[identifier] = make
  }

  func isRegistered(_ identifier: String) -> Bool { registrations[identifier] != nil }

  func recycle(_ cell: HeadlessReusableView) {
    reusePool[cell.reuseIdentifier ?? "", default: []].append(cell)
  }

  func recycleSupplementary(_ view: HeadlessReusableView) {
    supplementaryPool[view.reuseIdentifier ?? "", default: []].append(view)
  }

  func recycleAllViews() {
    for cell in cells.values { recycle(cell) }
    cells.removeAll()
    for view in supplementaries.values { recycleSupplementary(view) }
    supplementaries.removeAll()
  }

  /// Asks the data source for the cell at `path`; during a reconfigure, `existing` is the cell
  /// a dequeue hands back.
  func requestCell(at path: IndexPath, reconfiguring existing: HeadlessReusableView?)
    -> HeadlessReusableView?
  {
    guard let cellSource else { return nil }
    let outer = request
    request = ViewRequest(path: path, reconfiguring: existing)
    defer { request = outer }
    cellRequestCount += 1
    guard let cell = cellSource(path) else { return nil }
    checkReturned(cell, dequeued: request?.dequeued ?? [])
    return cell
  }

  /// §1.5 #21, a collection view rule only: the view returned must be the one view dequeued
  /// in the request. A table may return a cell it made itself.
  private func checkReturned(_ view: HeadlessReusableView, dequeued: [HeadlessReusableView]) {
    guard kind == .collectionView,
      !dequeued.contains(where: { $0 === view }) || dequeued.count > 1
    else { return }
    report(
      UpdateViolation(
        .dequeueOutsideCellRequest,
        "Expected dequeued view to be returned to the collection view in preparation for "
          + "display. When the collection view's data source is asked to provide a view for a "
          + "given index path, ensure that a single view is dequeued and returned to the "
          + "collection view. Avoid dequeuing views without a request from the collection "
          + "view."))
  }

  /// Hands out a cell for the request in progress: the existing cell during a reconfigure, a
  /// recycled one (after `prepareForReuse()`), or a new one of the registered class.
  func dequeue(identifier: String, for path: IndexPath?) -> HeadlessReusableView? {
    guard var active = request, path == nil || active.path == path else {
      if kind == .collectionView {
        report(
          UpdateViolation(
            .dequeueOutsideCellRequest,
            "Attempted to dequeue a cell for a different index path than the one requested, "
              + "or outside the data source's cell request. Avoid dequeuing views without a "
              + "request from the collection view."))
      }
      return reusedOrNew(identifier: identifier)
    }
    if let existing = active.reconfiguring {
      // Handed back either way, so one mistake is reported once.
      active.dequeued.append(existing)
      request = active
      if existing.reuseIdentifier != identifier {
        report(
          UpdateViolation(
            .reconfigureWithDifferentIdentifier,
            "reconfigure\(kind == .tableView ? "Rows" : "Items") requires the same type of cell "
              + "for an existing index path: dequeued '\(identifier)' for a cell registered as "
              + "'\(existing.reuseIdentifier ?? "")'", isUIKitMessage: false))
      }
      return existing
    }
    let cell = reusedOrNew(identifier: identifier)
    if let cell { active.dequeued.append(cell) }
    request = active
    return cell
  }

  private func reusedOrNew(identifier: String) -> HeadlessReusableView? {
    if let recycled = reusePool[identifier]?.popLast() {
      recycled.prepareForReuseCount += 1
      recycled.prepareForReuse()
      return recycled
    }
    return makeCell(identifier: identifier)
  }

  private func makeCell(identifier: String) -> HeadlessReusableView? {
    guard let make = registrations[identifier] else {
      report(
        kind == .tableView
          ? UpdateViolation(
            .unregisteredReuseIdentifier,
            "unable to dequeue a cell with identifier \(identifier) - must register a nib or a "
              + "class for the identifier or connect a prototype cell in a storyboard")
          : UpdateViolation(
            .unregisteredReuseIdentifier,
            "could not dequeue a view of kind: UICollectionElementKindCell with identifier "
              + "\(identifier) - must register a nib or a class for the identifier or connect a "
              + "prototype cell in a storyboard"))
      return nil
    }
    let cell = make(identifier)
    cell.reuseIdentifier = identifier
    return cell
  }

  // MARK: Supplementary views

  /// Asks for a section's header or footer view.
  func requestSupplementary(_ key: SupplementaryKey) -> HeadlessReusableView? {
    guard let supplementarySource else { return nil }
    let outer = supplementaryRequest
    supplementaryRequest = ViewRequest(path: IndexPath(section: key.section, index: 0))
    defer { supplementaryRequest = outer }
    guard let view = supplementarySource(key.kind, key.section) else { return nil }
    checkReturned(view, dequeued: supplementaryRequest?.dequeued ?? [])
    return view
  }

  /// Hands out a supplementary view for the request in progress: recycled (after
  /// `prepareForReuse()`) or new.
  func dequeueSupplementary(identifier: String, kindName: String, for path: IndexPath)
    -> HeadlessReusableView?
  {
    let view: HeadlessReusableView?
    if let recycled = supplementaryPool[identifier]?.popLast() {
      recycled.prepareForReuseCount += 1
      recycled.prepareForReuse()
      view = recycled
    } else if let make = supplementaryRegistrations[identifier] {
      view = make(identifier)
      view?.reuseIdentifier = identifier
    } else {
      report(
        UpdateViolation(
          .unregisteredReuseIdentifier,
          "could not dequeue a view of kind: \(kindName) with identifier \(identifier) - must "
            + "register a nib or a class for the identifier or connect a prototype cell in a "
            + "storyboard"))
      view = nil
    }
    if var active = supplementaryRequest, active.path.sectionIndex == path.sectionIndex {
      if let view { active.dequeued.append(view) }
      supplementaryRequest = active
    } else if kind == .collectionView {
      report(
        UpdateViolation(
          .dequeueOutsideCellRequest,
          "Attempted to dequeue a supplementary view outside the data source's request for "
            + "one. Avoid dequeuing views without a request from the collection view."))
    }
    return view
  }
}
