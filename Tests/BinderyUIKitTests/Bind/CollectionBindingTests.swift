import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

@Suite("Binding a collection view", .mainActorTurns)
@MainActor
struct CollectionBindingTests {
  @Test func randomStreamsThroughAGrid() async {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let grid = makeGrid()
    let (stream, source) = AsyncStream.makeStream(of: [ListSection<TestSection, TestItem>].self)
    let binding = grid.bind(to: .sectionedSequence(stream), cellProvider: describeItem)
    var snapshot = SnapshotGenerator.snapshot(using: &random)
    for _ in 0..<80 {
      snapshot = SnapshotGenerator.successor(of: snapshot, using: &random)
      source.yield(snapshot.listSections)
      if Bool.random(using: &random) { await binding.settle() }
      grid.scroll(by: CGFloat(Int.random(in: -150...150, using: &random)))
    }
    source.finish()
    await binding.waitUntilFinished()
    #expect(grid.violations.isEmpty, "\(grid.violations) seed \(seed)")
    #expect(binding.snapshot == snapshot, "seed \(seed)")
    for path in grid.indexPathsForVisibleItems {
      let item = snapshot.item(at: ItemPosition(section: path.section, item: path.item))
      #expect(
        (grid.cellForItem(at: path) as? LabelledCell)?.text == item.map { "\($0)" }, "seed \(seed)")
    }
  }

  @Test func aPublisherOfSections() async {
    let grid = makeGrid()
    let subject = PassthroughSubject<[ListSection<TestSection, TestItem>], Never>()
    let cancellable = grid.bind(to: .sectionedPublisher(subject), cellProvider: describeItem)
    subject.send([ListSection(TestSection(id: 1), items: [TestItem(id: 1), TestItem(id: 2)])])
    await eventually("two items") { itemCount(of: grid) == 2 }
    subject.send([
      ListSection(TestSection(id: 2), items: [TestItem(id: 3)]),
      ListSection(TestSection(id: 1), items: [TestItem(id: 2), TestItem(id: 1)]),
    ])
    await eventually("two sections") { grid.numberOfSections == 2 }
    #expect(grid.numberOfItems(inSection: 1) == 2)
    #expect(grid.violations.isEmpty)
    cancellable.cancel()
  }
}
