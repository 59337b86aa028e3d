import BinderyUIKit
import Foundation

#if canImport(Combine)
  import Combine
#else
  import HeadlessUIKit  // Combine's names, where Combine does not exist (the model's tests)
#endif

/// The view model the mates' screens observe: the mates grouped by team, published whenever the
/// feed changes. It lives on the main actor; the feed's work does not.
@MainActor
final class MatesViewModel {
  /// The mates, flat, in feed order.
  @Published private(set) var mates: [Mate] = []
  /// The mates grouped by team, for the sectioned screens.
  @Published private(set) var sections: [ListSection<Team, Mate>] = []
  @Published private(set) var isRefreshing = false
  /// The teams and their mates as a tree, for the outline screen.
  @Published private(set) var teamTree: [TeamNode] = []

  private let feed: MateFeed
  private var updates: Task<Void, Never>?

  init(feed: MateFeed) {
    self.feed = feed
  }

  deinit { updates?.cancel() }

  /// Starts following the feed.
  func start() {
    updates = Task { [weak self, feed] in
      let (mates, teams) = (await feed.snapshot(), await feed.teamList())
      self?.show(mates, teams: teams)
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(2))
        let (mates, teams) = (await feed.change(), await feed.teamList())
        self?.show(mates, teams: teams)
      }
    }
  }

  /// Pull to refresh: asks the feed again.
  func refresh() async {
    isRefreshing = true
    show(await feed.snapshot(), teams: await feed.teamList())
    isRefreshing = false
  }

  /// The user dragged a mate to `destination` (a team's section, a place in it): the lists
  /// follow at once — the grid already shows it there, and a list still saying otherwise would
  /// move it back — and the feed is told.
  func move(_ mate: Mate, to destination: IndexPath) {
    guard sections.indices.contains(destination.section) else { return }
    let team = sections[destination.section].section.id
    let others = sections[destination.section].items.filter { $0.id != mate.id }
    let before = destination.item < others.count ? others[destination.item].id : nil
    let moved = Mate.moving(mate.id, toTeam: team, before: before, in: mates)
    let teams = sections.map { section in
      var team = section.section
      team.memberCount = moved.filter { $0.team == team.id }.count
      return team
    }
    show(moved, teams: teams)
    Task { _ = await feed.move(mate.id, toTeam: team, before: before) }
  }

  /// The user deleted a mate: the feed forgets it, and the next list no longer has it.
  func remove(_ mate: Mate) {
    Task {
      let mates = await feed.remove(mate.id)
      show(mates, teams: await feed.teamList())
    }
  }

  private func show(_ mates: [Mate], teams: [Team]) {
    self.mates = mates
    sections = teams.map { team in
      ListSection(team, items: mates.filter { $0.team == team.id })
    }
    teamTree = TeamNode.tree(sections)
  }
}
