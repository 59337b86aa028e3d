import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

@testable import MateListModel

/// The example's iOS 17 model: its sections bound from Observation follow the feed, and a
/// deletion reaches the table.
@MainActor
@Suite("MateList's @Observable model", .mainActorTurns)
struct ObservableMatesModelTests {
  @Test func theBoundTableFollowsTheModelsSections() async throws {
    let feed = MateFeed()
    let model = ObservableMatesModel(feed: feed)
    model.show(await feed.snapshot(), teams: await feed.teamList())
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 800))
    table.register(UITableViewCell.self, forCellReuseIdentifier: "mate")
    UIWindow.show(table)
    let binding = table.bind(to: .observingSections { model.sections }) {
      tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.textLabel?.text = mate.name
      return cell
    }
    #expect(await binding.waitUntilShown())
    #expect(table.numberOfSections == model.sections.count)
    let mate = try #require(model.sections.first?.items.first)
    let before = binding.snapshot.numberOfItems
    model.remove(mate)
    #expect(await eventually("the mate gone") { binding.snapshot.numberOfItems == before - 1 })
    #expect(binding.snapshot.position(of: mate.id) == nil)
    #expect(table.violations.isEmpty, "\(table.violations)")
    binding.cancel()
  }
}
