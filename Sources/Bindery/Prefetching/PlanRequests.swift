/// What a prefetcher's last plan asked of the store, row by row, for one list: each planned
/// row's priority and content key, and how many planned rows want each key at each priority
/// (rows can share a key: avatars keyed by their author).
///
/// The next plan of the same list is compared with it by flat index, on plain integers, so
/// that a window that moved by a row looks up and settles the keys of the few rows that
/// changed rather than every row it wants — in code not specialized for the app's key type,
/// where each hash of a key costs far more than the comparison.
struct PlanRequests<Key: Hashable> {
  /// How many planned rows want a key, at each priority.
  struct Wants: Equatable {
    var visible = 0
    var prefetch = 0

    /// The most urgent priority any row wants the key at; `nil` when no row wants it.
    var priority: ContentPriority? {
      visible > 0 ? .visible : prefetch > 0 ? .prefetch : nil
    }

    mutating func add(_ priority: ContentPriority, _ count: Int) {
      switch priority {
      case .visible: visible += count
      case .prefetch: prefetch += count
      }
    }
  }

  /// The plan these requests were made for; empty before the first.
  private(set) var plan: [PrefetchPlanner.Want] = []
  /// The binding's count of snapshot writes for the list the plan was made for; `nil` for a
  /// list not yet on screen, whose rows no later plan can start from.
  let snapshotWrites: UInt64?
  /// The priority of each planned row whose item has a key, by flat index.
  private(set) var priorities: [Int: ContentPriority] = [:]
  /// The content key of each row in ``priorities`` (and of rows whose priority is changing).
  private var keys: [Int: Key] = [:]
  private var wants: [Key: Wants] = [:]

  /// No request yet, for the list of `snapshotWrites`.
  init(snapshotWrites: UInt64?) {
    self.snapshotWrites = snapshotWrites
  }

  /// Moves the record on to `plan`, of the same list: takes out the rows that left it or whose
  /// priority changed, and adds the rows that joined it or changed, looking up with `key` the
  /// key of the row at a flat index only where the record does not know it (`nil`: a row past
  /// the list, left out). From an empty record, every row of the plan is added.
  ///
  /// - Returns: the keys of the rows added, in the plan's order (the order they are asked
  ///   for), and the keys of the rows taken out.
  /// - Complexity: O(p) integer comparisons for p rows in either plan, and a lookup and a hash
  ///   of a key per row that changed.
  mutating func move(to plan: [PrefetchPlanner.Want], key: (Int) -> Key?)
    -> (added: [Key], removed: [Key])
  {
    self.plan = plan
    let removed = removeRows(changingTo: Self.priorities(of: plan))
    var added: [Key] = []
    for want in plan where priorities[want.index] != want.priority {
      guard let rowKey = keys[want.index] ?? key(want.index), add(want, key: rowKey) else {
        continue
      }
      added.append(rowKey)
    }
    return (added, removed)
  }

  /// The priority of each row of a plan, by flat index: the first, for a row planned twice.
  private static func priorities(of plan: [PrefetchPlanner.Want]) -> [Int: ContentPriority] {
    var priorities: [Int: ContentPriority] = [:]
    priorities.reserveCapacity(plan.count)
    for want in plan where priorities[want.index] == nil {
      priorities[want.index] = want.priority
    }
    return priorities
  }

  /// The most urgent priority the planned rows want `key` at; `nil` when none wants it.
  func priority(of key: Key) -> ContentPriority? { wants[key]?.priority }

  /// Adds a planned row whose item has `key`; `false` for a row already planned, which keeps
  /// its first want.
  private mutating func add(_ want: PrefetchPlanner.Want, key: Key) -> Bool {
    guard priorities[want.index] == nil else { return false }
    priorities[want.index] = want.priority
    keys[want.index] = key
    wants[key, default: Wants()].add(want.priority, 1)
    return true
  }

  /// Takes out the rows whose priority in `next` differs from theirs (those that left the
  /// plan, and those whose priority changed: the next plan adds them back at theirs), and
  /// returns their keys. A row whose priority changed keeps its key, to be added back without
  /// a lookup.
  ///
  /// - Complexity: O(p) for p planned rows, and one hash of a key per row taken out.
  private mutating func removeRows(changingTo next: [Int: ContentPriority]) -> [Key] {
    var changed: [(index: Int, priority: ContentPriority)] = []
    for (index, priority) in priorities where next[index] != priority {
      changed.append((index, priority))
    }
    var removed: [Key] = []
    removed.reserveCapacity(changed.count)
    for (index, priority) in changed {
      guard let key = keys[index] else { continue }
      priorities[index] = nil
      if next[index] == nil { keys[index] = nil }
      var keyWants = wants[key] ?? Wants()
      keyWants.add(priority, -1)
      wants[key] = keyWants.priority == nil ? nil : keyWants
      removed.append(key)
    }
    return removed
  }

  /// Checks that each planned row has a key and counts once under it. Traps on a broken
  /// invariant; debug builds only.
  func _checkInvariants() {
    #if DEBUG
      var counted: [Key: Wants] = [:]
      for (index, priority) in priorities {
        guard let key = keys[index] else { preconditionFailure("a planned row has its key") }
        counted[key, default: Wants()].add(priority, 1)
      }
      precondition(counted == wants, "each key counts the planned rows that want it")
    #endif
  }
}
