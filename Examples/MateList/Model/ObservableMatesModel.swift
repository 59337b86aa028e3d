import BinderyUIKit
import Foundation
import Observation

/// The mates' view model in Observation (iOS 17): the same feed as ``MatesViewModel``, its
/// state plain stored properties of an `@Observable` class. A screen binds what it reads —
/// `tableView.bind(to: .observingSections { model.sections })` — and a change made here is on screen in
/// the main-actor job after it.
// Observable by hand rather than with the `@Observable` macro — what the macro writes, in
// short — because `.ci/ios-check` compiles this against Apple's SDK with the Linux toolchain,
// whose macro expands to names (`shouldNotifyObservers`) the iOS 18.6 SDK's macro declaration
// does not cover. An app compiled by Xcode writes `@Observable`.
@available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
@MainActor
final class ObservableMatesModel: Observable {
  private let registrar = ObservationRegistrar()
  private var storedMates: [Mate] = []
  private var storedSections: [ListSection<Team, Mate>] = []

  /// The mates, flat, in feed order.
  private(set) var mates: [Mate] {
    get {
      registrar.access(self, keyPath: \.mates)
      return storedMates
    }
    set { registrar.withMutation(of: self, keyPath: \.mates) { storedMates = newValue } }
  }

  /// The mates grouped by team.
  private(set) var sections: [ListSection<Team, Mate>] {
    get {
      registrar.access(self, keyPath: \.sections)
      return storedSections
    }
    set { registrar.withMutation(of: self, keyPath: \.sections) { storedSections = newValue } }
  }

  private let feed: MateFeed
  private var updates: Task<Void, Never>?

  init(feed: MateFeed) { self.feed = feed }

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

  /// The user deleted a mate: the feed forgets it, and the next list no longer has it.
  func remove(_ mate: Mate) {
    Task {
      let mates = await feed.remove(mate.id)
      show(mates, teams: await feed.teamList())
    }
  }

  func show(_ mates: [Mate], teams: [Team]) {
    self.mates = mates
    sections = teams.map { team in
      ListSection(team, items: mates.filter { $0.team == team.id })
    }
  }
}
