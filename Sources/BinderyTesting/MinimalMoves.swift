import BinderyDiff

/// The minimum numbers of moves between two snapshots, computed apart from the diff so that the
/// diff's counts can be checked against them.
///
/// Within a section, the matched items that stay in it need to move only if they are not part of
/// a longest increasing subsequence of their old positions; items that change section always
/// move. Sections are counted the same way.
public enum MinimalMoves {
  /// The minimum number of item moves from `old` to `new`.
  public static func items<Section, Item>(
    from old: Snapshot<Section, Item>, to new: Snapshot<Section, Item>
  ) -> Int {
    var oldPlace: [Item.ID: (section: Section.ID, index: Int)] = [:]
    for section in 0..<old.numberOfSections {
      guard let sectionID = old.section(at: section)?.id else { continue }
      for (index, item) in old.items(inSection: section).enumerated() {
        oldPlace[item.id] = (sectionID, index)
      }
    }
    var moves = 0
    for section in 0..<new.numberOfSections {
      guard let sectionID = new.section(at: section)?.id else { continue }
      var stayers: [Int] = []
      for item in new.items(inSection: section) {
        guard let place = oldPlace[item.id] else { continue }
        if place.section == sectionID { stayers.append(place.index) } else { moves += 1 }
      }
      moves += stayers.count - increasingRunLength(stayers)
    }
    return moves
  }

  /// The minimum number of section moves from `old` to `new`.
  public static func sections<Section, Item>(
    from old: Snapshot<Section, Item>, to new: Snapshot<Section, Item>
  ) -> Int {
    var oldIndex: [Section.ID: Int] = [:]
    for (index, section) in old.sections.enumerated() { oldIndex[section.id] = index }
    let matched = new.sections.compactMap { oldIndex[$0.id] }
    return matched.count - increasingRunLength(matched)
  }

  /// The length of a longest strictly increasing subsequence (length only, patience piles).
  public static func increasingRunLength(_ values: [Int]) -> Int {
    var pileTops: [Int] = []
    for value in values {
      var low = 0
      var high = pileTops.count
      while low < high {
        let middle = (low + high) >> 1
        if pileTops[middle] < value { low = middle + 1 } else { high = middle }
      }
      if low == pileTops.count { pileTops.append(value) } else { pileTops[low] = value }
    }
    return pileTops.count
  }
}
