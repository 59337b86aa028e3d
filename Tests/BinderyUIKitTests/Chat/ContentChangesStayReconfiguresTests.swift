import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// Content that changes on every row — a chat's timestamps ("2 min ago" → "3 min ago") — is
/// reconfigured in place (issue 66, item 7): no reload, which would ask for every cell again and
/// drop VoiceOver's focus, an open swipe and a text field's first responder.
@Suite("Content changes stay reconfigures", .mainActorTurns)
@MainActor
struct ContentChangesStayReconfiguresTests {
  @Test func everyTimestampChangedKeepsEveryCell() async throws {
    let table = makeFeedTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: feedCell
    )
    .anchor(.end)
    #expect(await binding.apply(items: posts(0..<60)))
    binding.scrollToEnd()
    let visible = try #require(table.indexPathsForVisibleRows)
    let cells = visible.map { table.cellForRow(at: $0).map(ObjectIdentifier.init) }
    let reloads = binding.statistics.reloads
    let stamped = (0..<60).map { TestItem(id: $0, content: 1) }
    #expect(await binding.apply(items: stamped))
    #expect(binding.statistics.reloads == reloads, "not a reload")
    #expect(table.indexPathsForVisibleRows == visible)
    #expect(visible.map { table.cellForRow(at: $0).map(ObjectIdentifier.init) } == cells)
    for path in visible {
      #expect(table.cellForRow(at: path)?.textLabel?.text == "\(stamped[path.row])")
    }
    #expect(table.violations.isEmpty, "\(table.violations)")
  }
}
