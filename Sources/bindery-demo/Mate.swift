import Bindery

/// A row of the demo's mate list: `id` is who it is, `name` and `status` are what it shows.
struct Mate: Identifiable, Equatable, Sendable {
  enum Status: String, CaseIterable, Sendable {
    case online, away, walking, offline
  }

  let id: Int
  var name: String
  var status: Status
}

/// Generated names, so the demo needs no data files.
enum MateNames {
  static let first = [
    "Ari", "Bo", "Cleo", "Dara", "Eun", "Fin", "Gus", "Hana", "Ivo", "Jun", "Kai", "Luna", "Min",
    "Nico", "Oli", "Pia", "Quin", "Rae", "Seo", "Toby", "Uma", "Vik", "Wren", "Yuki", "Zed",
  ]
  static let pets = [
    "& Mochi", "& Biscuit", "& Kong", "& Dubu", "& Pepper", "& Nori", "& Latte", "& Bori",
  ]

  static func name(for id: Int) -> String {
    "\(first[id % first.count]) \(pets[(id / first.count) % pets.count])"
  }
}
