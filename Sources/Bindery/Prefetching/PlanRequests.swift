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
  /// The priority of each planned row whose item has a key.
  private var rows = RowPriorities()
  /// The content key of each row in ``rows``.
  private var keys: [Int: Key] = [:]
  private var wants: [Key: Wants] = [:]

  /// No request yet, for the list of `snapshotWrites`.
  init(snapshotWrites: UInt64?) {
    self.snapshotWrites = snapshotWrites
  }

  /// The priority of each planned row whose item has a key, by flat index.
  var priorities: [Int: ContentPriority] {
    Dictionary(uniqueKeysWithValues: rows.rows.map { ($0.row, $0.priority) })
  }

  /// Moves the record on to `plan`, of the same list: takes out the rows that left it or whose
  /// priority changed, and adds the rows that joined it or changed, looking up with `key` the
  /// key of the row at a flat index only where the record does not know it (`nil`: a row past
  /// the list, left out). From an empty record, every row of the plan is added.
  ///
  /// - Returns: the keys of the rows added, in the plan's order (the order they are asked
  ///   for), and the keys of the rows taken out.
  /// - Complexity: O(p log s) integer work for p rows in either plan, in s runs of
  ///   consecutive rows (``RowPriorities``), and a lookup and a hash of a key per row that
  ///   changed.
  mutating func move(to plan: [PrefetchPlanner.Want], key: (Int) -> Key?)
    -> (added: [Key], removed: [Key])
  {
    self.plan = plan
    var next = RowPriorities(plan)
    // Taken out: the rows whose priority differs in the next plan (a row whose priority
    // changed keeps its key, to be added back without a lookup).
    var removed: [Key] = []
    for (row, priority) in rows.rows where next[row] != priority {
      guard let rowKey = keys[row] else { continue }
      if next[row] == nil { keys[row] = nil }
      var keyWants = wants[rowKey] ?? Wants()
      keyWants.add(priority, -1)
      wants[rowKey] = keyWants.priority == nil ? nil : keyWants
      removed.append(rowKey)
    }
    // Added, in the plan's order: the rows whose priority is new, once each.
    var added: [Key] = []
    var settled: Set<Int> = []
    for want in plan {
      guard let priority = next[want.index], rows[want.index] != priority,
        settled.insert(want.index).inserted
      else { continue }
      guard let rowKey = keys[want.index] ?? key(want.index) else {
        next.remove(want.index)  // past the list: not planned
        continue
      }
      keys[want.index] = rowKey
      wants[rowKey, default: Wants()].add(priority, 1)
      added.append(rowKey)
    }
    rows = next
    return (added, removed)
  }

  /// The most urgent priority the planned rows want `key` at; `nil` when none wants it.
  func priority(of key: Key) -> ContentPriority? { wants[key]?.priority }

  /// Checks that each planned row has a key and counts once under it. Traps on a broken
  /// invariant; debug builds only.
  func _checkInvariants() {
    #if DEBUG
      var counted: [Key: Wants] = [:]
      for (index, priority) in rows.rows {
        guard let key = keys[index] else { preconditionFailure("a planned row has its key") }
        counted[key, default: Wants()].add(priority, 1)
      }
      precondition(counted == wants, "each key counts the planned rows that want it")
      precondition(
        Set(keys.keys) == Set(rows.rows.map(\.row)), "a key is kept for each planned row")
    #endif
  }
}
