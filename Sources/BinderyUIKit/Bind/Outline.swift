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
/// new tree may come on any thread, a tap on the main actor, and each sends the rows it makes
/// while holding the state, so the newest tree and the newest expansion are what shows.
public final class OutlineExpansion<Item>: Sendable
where Item: Identifiable & Equatable & Sendable, Item.ID: Sendable {
  private struct State {
    var roots: [Item] = []
    var expanded: Set<Item.ID>
    /// Whether a tree came: until then a tap changes what is expanded and shows nothing.
    var hasTree = false
  }
  private let state: Locked<State>
  private let children: @Sendable (Item) -> [Item]
  private let inbox: ListInbox<FlatSection, OutlineRow<Item>>

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
  /// let go of.
  ///
  /// - Complexity: O(n) for the n items of the tree.
  func receive(_ roots: [Item]) {
    state.withLock { state in
      state.roots = roots
      state.hasTree = true
      // An empty tree (a view model's initial value, say) keeps what is to start expanded.
      if !roots.isEmpty {
        var present = Set<Item.ID>()
        visit(roots) { present.insert($0.id) }
        state.expanded.formIntersection(present)
      }
      send(state)
    }
  }

  private func change(_ body: (inout Set<Item.ID>) -> Void) {
    state.withLock { state in
      let before = state.expanded
      body(&state.expanded)
      if state.expanded != before && state.hasTree { send(state) }
    }
  }

  /// The rows that show, depth first, submitted while the state is held so that the newest
  /// state is the newest list.
  private func send(_ state: State) {
    var rows: [OutlineRow<Item>] = []
    func add(_ items: [Item], level: Int) {
      for item in items {
        let kids = children(item)
        let isExpanded = state.expanded.contains(item.id)
        rows.append(
          OutlineRow(
            item: item, level: level, hasChildren: !kids.isEmpty, isExpanded: isExpanded,
            outline: self))
        if isExpanded { add(kids, level: level + 1) }
      }
    }
    add(state.roots, level: 0)
    _ = inbox.submit([ListSection(FlatSection(), items: rows)])
  }

  private func visit(_ items: [Item], _ body: (Item) -> Void) {
    for item in items {
      body(item)
      visit(children(item), body)
    }
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
  /// let row = UICollectionView.CellRegistration<UICollectionViewListCell, OutlineRow<Topic>> {
  ///   cell, _, row in
  ///   var content = cell.defaultContentConfiguration()
  ///   content.text = row.item.title
  ///   cell.contentConfiguration = content
  ///   cell.indentationLevel = row.level
  ///   cell.accessories = row.hasChildren ? [.outlineDisclosure(actionHandler: row.toggle)] : []
  /// }
  /// let binding = collectionView.bindOutline(to: topics, children: \.subtopics, using: row)
  /// ```
  ///
  /// - Complexity: O(n) per tree and per expansion change, off the main actor but for the
  ///   batches, like every list.
  public func bindOutline<Source, Item, Cell>(
    to source: Source, children: @escaping @Sendable (Item) -> [Item],
    expanded: Set<Item.ID> = [],
    using registration: UICollectionView.CellRegistration<Cell, OutlineRow<Item>>
  ) -> ListBinding<FlatSection, OutlineRow<Item>>
  where
    Source: AsyncSequence & Sendable, Source.Element == [Item],
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    let binding = bind(to: AsyncStream<[OutlineRow<Item>]> { _ in }, using: registration)
    let outline = OutlineExpansion(expanded: expanded, children: children, inbox: binding.inbox)
    binding.retain(outline)
    // When the source ends the outline goes on: taps still expand and collapse what it sent.
    let reader = Task.detached { [weak binding] in
      do {
        for try await roots in source { outline.receive(roots) }
      } catch {
        await binding?.sourceFailed(error)
      }
    }
    binding.addCancellation { reader.cancel() }
    return binding
  }

  /// Shows a tree a Combine publisher sends as an outline; see
  /// ``bindOutline(to:children:expanded:using:)-(Source,_,_,_)``.
  public func bindOutline<P, Item, Cell>(
    to publisher: P, children: @escaping @Sendable (Item) -> [Item],
    expanded: Set<Item.ID> = [],
    using registration: UICollectionView.CellRegistration<Cell, OutlineRow<Item>>
  ) -> ListBinding<FlatSection, OutlineRow<Item>>
  where
    P: Publisher, P.Output == [Item], P.Failure == Never,
    Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
  {
    let binding = bind(to: AsyncStream<[OutlineRow<Item>]> { _ in }, using: registration)
    let outline = OutlineExpansion(expanded: expanded, children: children, inbox: binding.inbox)
    binding.retain(outline)
    // When the publisher finishes the outline goes on: taps still expand and collapse what it
    // sent.
    publisher.subscribe(for: binding, receive: { outline.receive($0) }, finished: {})
    return binding
  }
}

extension ListBinding {
  /// The expansion state of an outline bound with `bindOutline(to:children:expanded:using:)`:
  /// expand, collapse and toggle rows by id.
  public func outline<Node>() -> OutlineExpansion<Node>?
  where Item == OutlineRow<Node> {
    attachments(of: OutlineExpansion<Node>.self).first
  }
}
