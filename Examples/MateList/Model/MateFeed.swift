import Foundation

/// A simulated feed: the mates the server knows, changing now and then — someone comes online,
/// someone joins, someone leaves. Lists arrive on a background task, as a network client's
/// would.
actor MateFeed {
  private var mates: [Mate]
  private let teams = ["Design", "iOS", "Backend"]

  init() {
    let names = [
      "Ari", "Bo", "Cleo", "Dani", "Eli", "Fern", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea",
      "Mo", "Noa", "Oli", "Pia", "Quin", "Rae", "Sol", "Tao", "Uma", "Vic", "Wes", "Xia",
    ]
    mates = names.enumerated().map { index, name in
      Mate(
        id: UUID(), name: name, status: .allCases[index % 3], team: index % 3,
        avatarURL: URL(string: "https://avatars.example.com/\(name.lowercased()).png"))
    }
  }

  /// The teams with their current member counts.
  func teamList() -> [Team] {
    teams.enumerated().map { id, name in
      Team(id: id, name: name, memberCount: mates.filter { $0.team == id }.count)
    }
  }

  /// The current list.
  func snapshot() -> [Mate] { mates }

  /// One change, as the server would push it.
  func change() -> [Mate] {
    switch Int.random(in: 0..<10) {
    case 0..<6:
      let index = Int.random(in: 0..<mates.count)
      mates[index].status = Mate.Status.allCases.randomElement() ?? .online
    case 6..<8:
      mates.insert(
        Mate(id: UUID(), name: "New mate", status: .online, team: Int.random(in: 0..<3)),
        at: Int.random(in: 0...mates.count))
    default:
      if mates.count > 5 { mates.remove(at: Int.random(in: 0..<mates.count)) }
    }
    return mates
  }

  /// Moves a mate the user dragged: into `team`, just before the mate `before` (at the end of
  /// the team when `nil`).
  func move(_ id: Mate.ID, toTeam team: Team.ID, before: Mate.ID?) -> [Mate] {
    mates = Mate.moving(id, toTeam: team, before: before, in: mates)
    return mates
  }

  /// Forgets a mate the user deleted.
  func remove(_ id: Mate.ID) -> [Mate] {
    mates.removeAll { $0.id == id }
    return mates
  }
}
