import Bindery
import BinderyTesting
import Foundation
import HeadlessUIKit
import Testing

@testable import MateListModel

/// The example app's model, on Linux: the view model both screens observe, and the feed it
/// follows.
@MainActor
@Suite("MateList's model", .mainActorTurns)
struct MatesViewModelTests {
  func started() async -> MatesViewModel {
    let viewModel = MatesViewModel(feed: MateFeed())
    await viewModel.refresh()
    return viewModel
  }

  @Test func sectionsGroupTheMatesByTeamAndTheTreeFollows() async {
    let viewModel = await started()
    #expect(!viewModel.mates.isEmpty)
    for section in viewModel.sections {
      #expect(section.items.allSatisfy { $0.team == section.section.id })
      #expect(section.section.memberCount == section.items.count)
    }
    #expect(viewModel.sections.flatMap(\.items).count == viewModel.mates.count)
    #expect(viewModel.teamTree.map(\.id) == viewModel.sections.map { .team($0.section.id) })
    #expect(
      viewModel.teamTree.map { $0.children.map(\.mate) }
        == viewModel.sections.map { $0.items.map(Optional.some) })
  }

  @Test func aMateDraggedToAnotherTeamMovesThereAtOnce() async throws {
    let viewModel = await started()
    let mate = try #require(viewModel.sections.first?.items.first)
    let target = viewModel.sections[1]
    viewModel.move(mate, to: IndexPath(item: 1, section: 1))
    let moved = viewModel.sections[1].items
    #expect(moved[1].id == mate.id)
    #expect(moved[1].team == target.section.id)
    #expect(viewModel.sections[1].section.memberCount == target.items.count + 1)
    #expect(viewModel.sections[0].items.allSatisfy { $0.id != mate.id })
  }

  @Test func aRemovedMateLeavesTheLists() async throws {
    let viewModel = await started()
    let mate = try #require(viewModel.mates.last)
    viewModel.remove(mate)
    await eventually("the mate gone") { !viewModel.mates.contains { $0.id == mate.id } }
    #expect(
      viewModel.teamTree.allSatisfy { team in team.children.allSatisfy { $0.mate?.id != mate.id } })
  }

  @Test func theFeedChangesAsAServerWould() async {
    let feed = MateFeed()
    let first = await feed.snapshot()
    var changed = false
    for _ in 0..<20 where !changed {
      let next = await feed.change()
      changed = next != first
    }
    #expect(changed)
    #expect(
      Set(await feed.snapshot().map(\.id)).count == (await feed.snapshot()).count, "ids stay unique"
    )
  }
}
