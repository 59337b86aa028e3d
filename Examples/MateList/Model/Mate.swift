import Foundation

/// A mate: `id` is who the row is; the rest is what it shows.
struct Mate: Identifiable, Equatable, Sendable {
  let id: UUID
  var name: String
  var status: Status
  var team: Team.ID
  var avatarURL: URL?

  enum Status: String, Sendable, CaseIterable {
    case online, away, offline
  }
}

extension Mate {
  /// `mates` with one of them moved into `team`, just before the mate `before` (at the end of
  /// the team when `nil`): the flat order that, grouped by team, shows the move.
  static func moving(_ id: Mate.ID, toTeam team: Team.ID, before: Mate.ID?, in mates: [Mate])
    -> [Mate]
  {
    var mates = mates
    guard let from = mates.firstIndex(where: { $0.id == id }) else { return mates }
    var mate = mates.remove(at: from)
    mate.team = team
    let at =
      before.flatMap { before in mates.firstIndex { $0.id == before } }
      ?? (mates.lastIndex { $0.team == team }.map { $0 + 1 } ?? mates.endIndex)
    mates.insert(mate, at: at)
    return mates
  }
}

/// A team: the section mates are grouped in. Its member count is content: when it changes,
/// the section header is updated in place.
struct Team: Identifiable, Equatable, Sendable {
  let id: Int
  var name: String
  var memberCount: Int
}
