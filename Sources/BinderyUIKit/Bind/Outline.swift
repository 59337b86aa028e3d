import Bindery
import BinderyDiff
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif
#if canImport(Combine)
  import Combine
#endif

// Outlines: a tree shown as rows that expand and collapse, as a diffable data source's section
// snapshot does. The tree is flattened to the rows that show, by what is expanded, and the flat
// list goes through the binding's diff: expanding inserts rows, collapsing deletes them, both
// as animated batches, and what is expanded is kept by id across new trees.

/// A row of an outline: an item, how deep it is, and whether it has children and shows them.
/// A change of any of these is a change of the row's content (its disclosure accessory turns).
public struct OutlineRow<Item>: Identifiable, Equatable, Sendable
where Item: Identifiable & Equatable & Sendable, Item.ID: Sendable {
  /// The item.
  public let item: Item
  /// Its depth: 0 for a root.
  public let level: Int
  /// Whether it has children.
  public let hasChildren: Bool
  /// Whether its children show.
  public let isExpanded: Bool
  /// Weak: the rows the binding holds must not keep the expansion (and the inbox it feeds)
  /// alive.
  weak var outline: OutlineExpansion<Item>?

  /// The item's id: rows are identified by their items.
  public var id: Item.ID { item.id }

  /// Expands a collapsed row, collapses an expanded one: what an outline disclosure accessory's
  /// action does (`.outlineDisclosure(actionHandler: row.toggle)`). Callable from any thread.
  public func toggle() { outline?.toggle(id) }

  /// Equal when the item, its depth, and whether it has and shows children are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.item == rhs.item && lhs.level == rhs.level && lhs.hasChildren == rhs.hasChildren
      && lhs.isExpanded == rhs.isExpanded
  }
}

/// What is expanded in an outline, the latest tree, and the binding they feed. Thread-safe: a
/// new tree may come on any thread, a tap on the main actor. Each change is numbered under a
/// lock and then worked on, in order, on a queue of the outline's own: the tree is flattened
/// there, off the main actor and outside the lock (the app's `children` closure never runs
/// under Bindery's locks, so it may read the expansion), and rows made for a change that is no
/// longer the newest are dropped, so the newest tree and expansion are what shows.
public final class OutlineExpansion<Item>: Sendable
where Item: Identifiable & Equatable & Sendable, Item.ID: Sendable {
  private struct State {
    var roots: [Item] = []
    var expanded: Set<Item.ID>
    /// Whether a tree came: until then a tap changes what is expanded and shows nothing.
    var hasTree = false
    /// A tree received and not yet taken in (its ids are read on the queue).
    var pendingRoots: [Item]?
    /// The number of the newest change: only rows made for it are sent.
    var version: UInt64 = 0
  }
  private let state: Locked<State>
  private let children: @Sendable (Item) -> [Item]
  private let inbox: ListInbox<FlatSection, OutlineRow<Item>>
  private let queue = DispatchQueue(label: "Bindery.OutlineExpansion", qos: .userInitiated)

  init(
    expanded: Set<Item.ID>, children: @escaping @Sendable (Item) -> [Item],
    inbox: ListInbox<FlatSection, OutlineRow<Item>>
  ) {
    state = Locked(State(expanded: expanded))
    self.children = children
    self.inbox = inbox
  }

  /// The ids whose children show.
  public var expandedIDs: Set<Item.ID> { state.withLock { $0.expanded } }

  /// Whether an item's children show.
  public func isExpanded(_ id: Item.ID) -> Bool { state.withLock { $0.expanded.contains(id) } }

  /// Shows an item's children.
  public func expand(_ id: Item.ID) { change { $0.insert(id) } }

  /// Hides an item's children (and theirs: they stay expanded, to show again with it).
  public func collapse(_ id: Item.ID) { change { $0.remove(id) } }

  /// Expands a collapsed item, collapses an expanded one.
  public func toggle(_ id: Item.ID) {
    change { expanded in
      if expanded.remove(id) == nil { expanded.insert(id) }
    }
  }

  /// Takes a new tree: what was expanded stays expanded, by id; ids no longer in the tree are
  /// let go of. Returns at once; the tree is read on the outline's queue.
  ///
  /// - Complexity: O(1) here; O(n) on the queue for the n items of the tree.
  func receive(_ roots: [Item]) {
    state.withLock { state in
      state.pendingRoots = roots
      state.version += 1
    }
    queue.async { [self] in update() }
  }

  private func change(_ body: (inout Set<Item.ID>) -> Void) {
    let changed = state.withLock { state in
      let before = state.expanded
      body(&state.expanded)
      guard state.expanded != before else { return false }
      state.version += 1
      return true
    }
    if changed { queue.async { [self] in update() } }
  }

  /// On the queue: takes in a pending tree, flattens what shows, and sends the rows if no newer
  /// change came meanwhile (the newer one's own update is queued behind this one).
  private func update() {
    let (version, roots) = state.withLock { state in
      defer { state.pendingRoots = nil }
      return (state.version, state.pendingRoots)
    }
    if let roots {
      // An empty tree (a view model's initial value, say) keeps what is to start expanded.
      let present = roots.isEmpty ? nil : ids(in: roots)
      state.withLock { state in
        state.roots = roots
        state.hasTree = true
        if let present { state.expanded.formIntersection(present) }
      }
    }
    let (current, expanded, hasTree) = state.withLock { ($0.roots, $0.expanded, $0.hasTree) }
    guard hasTree else { return }
    let rows = rows(of: current, expanded: expanded)
    state.withLock { state in
      // Only Bindery's inbox is called under the lock.
      guard state.version == version else { return }
      _ = inbox.submit([ListSection(FlatSection(), items: rows)])
    }
  }

  /// The rows that show, depth first.
  private func rows(of roots: [Item], expanded: Set<Item.ID>) -> [OutlineRow<Item>] {
    var rows: [OutlineRow<Item>] = []
    func add(_ items: [Item], level: Int) {
      for item in items {
        let kids = children(item)
        let isExpanded = expanded.contains(item.id)
        rows.append(
          OutlineRow(
            item: item, level: level, hasChildren: !kids.isEmpty, isExpanded: isExpanded,
            outline: self))
        if isExpanded { add(kids, level: level + 1) }
      }
    }
    add(roots, level: 0)
    return rows
  }

  private func ids(in roots: [Item]) -> Set<Item.ID> {
    var ids = Set<Item.ID>()
    var pending = roots
    while let item = pending.popLast() {
      ids.insert(item.id)
      pending.append(contentsOf: children(item))
    }
    return ids
  }
}

/// A list cell for an outline's rows whose disclosure triangle turns with its row. UIKit fills
/// a cell's expanded state in only for a diffable data source's section snapshots, so the
/// triangle of a plain `UICollectionViewListCell` bound by Bindery always shows collapsed; this
/// one adds the state (``isOutlineExpanded``), which `bindOutline` sets from each row before
/// the cell shows. Use it, or a subclass, as your registration's cell.
open class OutlineListCell: UICollectionViewListCell {
  /// Whether the row this cell shows is expanded; set by `bindOutline` as it dequeues the cell
  /// (after your registration's handler ran), and again for each change of the row.
  public var isOutlineExpanded = false {
    didSet { if isOutlineExpanded != oldValue { setNeedsUpdateConfiguration() } }
  }

  /// The cell's state, with ``isOutlineExpanded`` as its `isExpanded`.
  open override var configurationState: UICellConfigurationState {
    var state = super.configurationState
    state.isExpanded = isOutlineExpanded
    return state
  }
}

extension UICollectionView {
  /// Shows a tree an `AsyncSequence` sends as an outline: each root a row, and the children of
  /// expanded rows below it, indented (``OutlineRow/level``). Expanding and collapsing
  /// (``OutlineExpansion``, or ``OutlineRow/toggle()`` from an outline disclosure accessory)
  /// insert and delete rows as animated batches; what is expanded is kept by id across new
  /// trees, and `expanded` says what starts expanded. When the source ends the outline goes on:
  /// taps still expand and collapse the last tree; a source that throws reports it on
  /// ``ListBinding/errors``.
  ///
  /// ```swift
  /// let row = UICollectionView.CellRegistration<OutlineListCell, OutlineRow<Topic>> {
  ///   cell, _, row in
  ///   var content = cell.defaultContentConfiguration()
  ///   content.text = row.item.title
  ///   cell.contentConfiguration = content
  ///   cell.indentationLevel = row.level
  ///   cell.accessories = row.hasChildren ? [.outlineDisclosure(actionHandler: row.toggle)] : []
  /// }
  /// let binding = collectionView.bindOutline(to: .sequence(topics), children: \.subtopics, using: row)
  /// ```
  ///
  /// Use an ``OutlineListCell`` for the rows, so that their disclosure triangles turn as they
  /// expand; `children` runs off the main actor, never under Bindery's locks, and may read the
  /// expansion.
  ///
  /// - Complexity: O(n) per tree and per expansion change, off the main actor but for the
  ///   batches, like every list.
  public func bindOutline<Item, Cell>(
    to source: ListSource<FlatSection, Item>, children: @escaping @Sendable (Item) -> [Item],
    expanded: Set<Item.ID> = [],
    using registration: UICollectionView.CellRegistration<Cell, OutlineRow<Item>>
  ) -> CollectionBinding<FlatSection, OutlineRow<Item>> {
    let binding = bind(
      to: .sequence(AsyncStream<[OutlineRow<Item>]> { _ in }),
      cellProvider: Self.outlineCells(registration))
    let outline = OutlineExpansion(expanded: expanded, children: children, inbox: binding.inbox)
    binding.attach(outline: outline)
    // When the source ends the outline goes on: taps still expand and collapse what it sent.
    let stop = source.feed(
      { sections in outline.receive(sections.first?.items ?? []) },
      { [weak binding] error in binding?.sourceFailed(error) })
    binding.addCancellation(stop)
    return binding
  }
}

extension UICollectionView {
  /// The cell provider of an outline: the registration's cell, told its row's expansion when
  /// it is an ``OutlineListCell``.
  static func outlineCells<Cell, Item>(
    _ registration: UICollectionView.CellRegistration<Cell, OutlineRow<Item>>
  ) -> @MainActor (UICollectionView, IndexPath, OutlineRow<Item>) -> UICollectionViewCell {
    { collectionView, indexPath, row in
      let cell = collectionView.dequeueConfiguredReusableCell(
        using: registration, for: indexPath, item: row)
      (cell as? OutlineListCell)?.isOutlineExpanded = row.isExpanded
      return cell
    }
  }
}

extension ListBinding {
  /// The expansion state of an outline bound with `bindOutline(to:children:expanded:using:)`:
  /// expand, collapse and toggle rows by id.
  public func outline<Node>() -> OutlineExpansion<Node>?
  where Item == OutlineRow<Node> {
    // The binding's one outline slot; its type is this module's, so the slot cannot name it.
    screenParts.outline as? OutlineExpansion<Node>
  }
}
