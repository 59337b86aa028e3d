import BinderyUIKit
import Foundation

/// A row of the teams outline: a team, whose children are its mates, or a mate.
struct TeamNode: Identifiable, Equatable, Sendable {
  enum ID: Hashable, Sendable {
    case team(Team.ID)
    case mate(Mate.ID)
  }

  let id: ID
  var title: String
  var subtitle: String?
  /// The mate this row is, for a mate's row.
  var mate: Mate?
  var children: [TeamNode] = []

  /// The teams, each with its mates as children, in the order the sections have them.
  static func tree(_ sections: [ListSection<Team, Mate>]) -> [TeamNode] {
    sections.map { section in
      TeamNode(
        id: .team(section.section.id), title: section.section.name,
        subtitle: "\(section.section.memberCount) mates",
        children: section.items.map { mate in
          TeamNode(id: .mate(mate.id), title: mate.name, subtitle: mate.status.rawValue, mate: mate)
        })
    }
  }
}
