import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A node of a tree: a team and its members, a topic and its subtopics.
struct Node: Identifiable, Equatable, Sendable {
  var id: String
  var children: [Node] = []
}

@MainActor
@Suite("Outlines: trees that expand and collapse", .mainActorTurns)
struct OutlineTests {
  let row = UICollectionView.CellRegistration<OutlineListCell, OutlineRow<Node>> {
    cell, _, row in
    var content = cell.defaultContentConfiguration()
    content.text = row.item.id
    cell.contentConfiguration = content
    cell.indentationLevel = row.level
    cell.accessories = row.hasChildren ? [.outlineDisclosure(actionHandler: row.toggle)] : []
  }

  static let tree = [
    Node(id: "design", children: [Node(id: "Ari"), Node(id: "Bo")]),
    Node(
      id: "mobile",
      children: [Node(id: "Cleo", children: [Node(id: "Cleo's plant")]), Node(id: "Dev")]),
    Node(id: "solo"),
  ]

  func shown(_ list: UICollectionView) -> [String] {
    list.indexPathsForVisibleItems.sorted().compactMap { list.cellForItem(at: $0)?.shownText }
  }

  @Test func tapsExpandAndCollapseWithBatchesAndTheStateSurvivesNewTrees() async throws {
    let list = makeListView(headers: false)
    let (trees, send) = AsyncStream.makeStream(of: [Node].self)
    let binding = list.bindOutline(to: .sequence(trees), children: \.children, using: row)
    send.yield(Self.tree)
    await eventually("the roots") { shown(list) == ["design", "mobile", "solo"] }
    let batches = list.acceptedBatchCount
    // The user taps mobile's disclosure triangle.
    #expect(list.userTapsAccessory(.outlineDisclosure, ofItemAt: IndexPath(item: 1, section: 0)))
    await eventually("mobile's members") {
      shown(list) == ["design", "mobile", "Cleo", "Dev", "solo"]
    }
    #expect(list.acceptedBatchCount > batches, "inserted as a batch, not reloaded")
    #expect(
      (list.cellForItem(at: IndexPath(item: 2, section: 0)) as? UICollectionViewListCell)?
        .indentationLevel == 1)
    let outline = try #require(binding.outline())
    #expect(outline.expandedIDs == ["mobile"])
    outline.expand("Cleo")
    await eventually("Cleo's plant") { shown(list).contains("Cleo's plant") }
    // A new tree: Dev renamed nothing, Bo left; what was expanded stays so.
    var next = Self.tree
    next[0].children.removeLast()
    send.yield(next)
    await eventually("the new tree") {
      shown(list) == ["design", "mobile", "Cleo", "Cleo's plant", "Dev", "solo"]
    }
    // Collapsing mobile hides its rows, and Cleo's; Cleo stays expanded for next time.
    #expect(list.userTapsAccessory(.outlineDisclosure, ofItemAt: IndexPath(item: 1, section: 0)))
    await eventually("collapsed") { shown(list) == ["design", "mobile", "solo"] }
    #expect(outline.isExpanded("Cleo"))
    // An expanded id that leaves the tree is let go of.
    send.yield(Array(next.dropFirst()))
    await eventually("design gone") { shown(list) == ["mobile", "solo"] }
    outline.expand("design")  // not in the tree: shows nothing
    #expect(!list.userTapsAccessory(.outlineDisclosure, ofItemAt: IndexPath(item: 1, section: 0)))
    #expect(list.violations.isEmpty, "\(list.violations)")
    // The source ends; the outline goes on.
    send.finish()
    #expect(list.userTapsAccessory(.outlineDisclosure, ofItemAt: IndexPath(item: 0, section: 0)))
    await eventually("mobile open again") {
      shown(list) == ["mobile", "Cleo", "Cleo's plant", "Dev", "solo"]
    }
    binding.cancel()
  }

  /// A view model's tree starts empty: what is to start expanded waits for the real one, and a
  /// tree source that throws says so.
  @Test func anEmptyFirstTreeKeepsTheStartingExpansionAndFailuresAreReported() async {
    struct Offline: Error {}
    let list = makeListView(headers: false)
    let (trees, send) = AsyncThrowingStream.makeStream(of: [Node].self)
    let binding = list.bindOutline(
      to: .sequence(trees), children: \.children, expanded: ["mobile"], using: row)
    send.yield([])
    binding.outline()?.expand("design")  // before any real tree: shows nothing yet
    send.yield(Self.tree)
    await eventually("both open") {
      shown(list) == ["design", "Ari", "Bo", "mobile", "Cleo", "Dev", "solo"]
    }
    send.finish(throwing: Offline())
    await eventually("the failure") { binding.sourceFailure is Offline }
    binding.cancel()
  }

  @Test func aPublishedTreeStartsExpandedWhereAsked() async {
    @MainActor final class Topics {
      @Published var tree: [Node] = []
    }
    let topics = Topics()
    topics.tree = Self.tree
    let list = makeListView(headers: false)
    let binding = list.bindOutline(
      to: .publisher(topics.$tree), children: \.children, expanded: ["design"], using: row)
    await eventually("design open") { shown(list) == ["design", "Ari", "Bo", "mobile", "solo"] }
    topics.tree[2].id = "duo"
    await eventually("renamed") { shown(list).last == "duo" }
    binding.cancel()
  }

  /// What the outline's disclosure triangles show, by row: `true` turned down (expanded).
  func triangles(_ list: UICollectionView) -> [String: Bool] {
    var shown: [String: Bool] = [:]
    for path in list.indexPathsForVisibleItems {
      guard let cell = list.cellForItem(at: path) as? UICollectionViewListCell,
        let text = cell.shownText, let expanded = cell.showsOutlineExpanded
      else { continue }
      shown[text] = expanded
    }
    return shown
  }

  @Test func disclosureTrianglesTurnWithTheirRows() async {
    let list = makeListView(headers: false)
    let (trees, send) = AsyncStream.makeStream(of: [Node].self)
    let binding = list.bindOutline(to: .sequence(trees), children: \.children, using: row)
    send.yield(Self.tree)
    await eventually("the roots") { shown(list) == ["design", "mobile", "solo"] }
    #expect(triangles(list) == ["design": false, "mobile": false], "solo has no children")
    #expect(list.userTapsAccessory(.outlineDisclosure, ofItemAt: IndexPath(item: 1, section: 0)))
    await eventually("mobile's triangle turned down") {
      triangles(list) == ["design": false, "mobile": true, "Cleo": false]
    }
    #expect(list.userTapsAccessory(.outlineDisclosure, ofItemAt: IndexPath(item: 1, section: 0)))
    await eventually("and back") { triangles(list) == ["design": false, "mobile": false] }
    // A plain list cell cannot show it: UIKit fills the state in for section snapshots only.
    let plain = UICollectionView.CellRegistration<UICollectionViewListCell, OutlineRow<Node>> {
      cell, _, row in
      cell.accessories = row.hasChildren ? [.outlineDisclosure(actionHandler: row.toggle)] : []
    }
    let other = makeListView(headers: false)
    let plainBinding = other.bindOutline(
      to: .sequence(AsyncStream { $0.yield(Self.tree) }), children: \.children,
      expanded: ["design"],
      using: plain)
    await eventually("the plain outline") { other.indexPathsForVisibleItems.count == 5 }
    let first = other.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell
    #expect(first?.showsOutlineExpanded == false)
    #expect(list.violations.isEmpty && other.violations.isEmpty)
    binding.cancel()
    plainBinding.cancel()
  }

  /// The app's `children` runs off the main actor and outside Bindery's locks: one that reads
  /// the expansion (to hide the children of a collapsed row, say) neither deadlocks nor runs
  /// on the main thread, for taps and for a tree published on the main thread alike.
  @Test func childrenRunOffTheMainActorAndMayReadTheExpansion() async {
    @MainActor final class Topics {
      @Published var tree: [Node] = []
    }
    let probe = ChildrenProbe()
    let topics = Topics()
    let list = makeListView(headers: false)
    let binding = list.bindOutline(
      to: .publisher(topics.$tree),
      children: { node in
        probe.called(onMain: Thread.isMainThread, expanded: probe.outline?.isExpanded(node.id))
        return node.children
      }, using: row)
    probe.outline = binding.outline()
    topics.tree = Self.tree  // on the main thread
    await eventually("the roots") { shown(list) == ["design", "mobile", "solo"] }
    #expect(list.userTapsAccessory(.outlineDisclosure, ofItemAt: IndexPath(item: 0, section: 0)))
    await eventually("design's members") { shown(list).count == 5 }
    #expect(probe.calls > 0)
    #expect(probe.callsOnMain == 0, "children ran on the main thread")
    #expect(probe.sawAnExpandedRow, "children read the expansion")
    binding.cancel()
  }
}

/// Counts how the app's `children` closure was called.
final class ChildrenProbe: @unchecked Sendable {
  private let lock = NSLock()
  private var _outline: OutlineExpansion<Node>?
  private var _calls = 0
  private var _callsOnMain = 0
  private var _sawAnExpandedRow = false

  var outline: OutlineExpansion<Node>? {
    get { lock.withLock { _outline } }
    set { lock.withLock { _outline = newValue } }
  }
  var calls: Int { lock.withLock { _calls } }
  var callsOnMain: Int { lock.withLock { _callsOnMain } }
  var sawAnExpandedRow: Bool { lock.withLock { _sawAnExpandedRow } }

  func called(onMain: Bool, expanded: Bool?) {
    lock.withLock {
      _calls += 1
      if onMain { _callsOnMain += 1 }
      if expanded == true { _sawAnExpandedRow = true }
    }
  }
}
