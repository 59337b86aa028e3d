import BinderyUIKit
import Combine
import Foundation

/// The view model both screens observe: the mates grouped by team, published whenever the
/// feed changes. It lives on the main actor; the feed's work does not.
@MainActor
final class MatesViewModel: ObservableObject {
  /// The mates, flat, in feed order.
  @Published private(set) var mates: [Mate] = []
  /// The mates grouped by team, for the sectioned screens.
  @Published private(set) var sections: [ListSection<Team, Mate>] = []
  @Published private(set) var isRefreshing = false

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
  }
}
