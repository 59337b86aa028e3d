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

/// A team: the section mates are grouped in. Its member count is content: when it changes,
/// the section header is updated in place.
struct Team: Identifiable, Equatable, Sendable {
  let id: Int
  var name: String
  var memberCount: Int
}
