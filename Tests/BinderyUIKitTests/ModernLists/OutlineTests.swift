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
@Suite("Outlines: trees that expand and collapse")
struct OutlineTests {
  let row = UICollectionView.CellRegistration<UICollectionViewListCell, OutlineRow<Node>> {
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
    let binding = list.bindOutline(to: trees, children: \.children, using: row)
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
      to: trees, children: \.children, expanded: ["mobile"], using: row)
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
      to: topics.$tree, children: \.children, expanded: ["design"], using: row)
    await eventually("design open") { shown(list) == ["design", "Ari", "Bo", "mobile", "solo"] }
    topics.tree[2].id = "duo"
    await eventually("renamed") { shown(list).last == "duo" }
    binding.cancel()
  }
}
