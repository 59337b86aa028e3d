/// The priority each row of a plan is wanted at, by flat index, as sorted runs of consecutive
/// rows at one priority: a plan of a screen and the rows ahead and behind it is two or three
/// runs, so looking a row up, and comparing two plans row by row, is integer work over a few
/// runs — no hashing, and no more memory than the runs however far apart they lie (a fling's
/// landing screen and the screen it leaves).
///
/// Invariants: the runs are non-empty, disjoint and sorted by their rows.
struct RowPriorities: Equatable {
  /// Consecutive rows wanted at one priority.
  struct Run: Equatable {
    var rows: Range<Int>
    var priority: ContentPriority
  }

  /// The runs, sorted by their rows.
  private(set) var runs: [Run] = []

  /// No row.
  init() {}

  /// The rows of `plan`, each at its first want's priority (a row planned twice keeps its
  /// first).
  ///
  /// - Complexity: O(p + s²) for p wants forming s runs in the plan's order (a handful for the
  ///   planner's plans).
  init(_ plan: [PrefetchPlanner.Want]) {
    var start = 0
    while start < plan.count {
      // The longest stretch of wants from `start` at one priority whose rows follow each
      // other, upward or downward.
      let priority = plan[start].priority
      var (low, high) = (plan[start].index, plan[start].index + 1)
      var direction = 0
      var next = start + 1
      while next < plan.count, plan[next].priority == priority {
        let index = plan[next].index
        if direction >= 0, index == high {
          (direction, high) = (1, high + 1)
        } else if direction <= 0, index == low - 1 {
          (direction, low) = (-1, low - 1)
        } else {
          break
        }
        next += 1
      }
      add(Run(rows: low..<high, priority: priority))
      start = next
    }
  }

  /// Adds the rows of `run` that no run has yet, at its priority.
  private mutating func add(_ run: Run) {
    var position = firstRun(endingAfter: run.rows.lowerBound)
    var lower = run.rows.lowerBound
    while lower < run.rows.upperBound {
      if position < runs.count, runs[position].rows.lowerBound <= lower {
        // Covered by an earlier want: skip past it.
        lower = max(lower, runs[position].rows.upperBound)
        position += 1
        continue
      }
      let upper = min(
        run.rows.upperBound, position < runs.count ? runs[position].rows.lowerBound : .max)
      runs.insert(Run(rows: lower..<upper, priority: run.priority), at: position)
      position += 1
      lower = upper
    }
  }

  /// The index of the first run whose rows end after `row`: the one that has it, or the first
  /// after it; `runs.count` when none does.
  ///
  /// - Complexity: O(log s).
  private func firstRun(endingAfter row: Int) -> Int {
    var (low, high) = (0, runs.count)
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].rows.upperBound <= row { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The priority `row` is wanted at; `nil` for a row not planned.
  ///
  /// - Complexity: O(log s).
  subscript(row: Int) -> ContentPriority? {
    let position = firstRun(endingAfter: row)
    guard position < runs.count, runs[position].rows.contains(row) else { return nil }
    return runs[position].priority
  }

  /// Takes `row` out of the plan (a row past the list, which has no key).
  ///
  /// - Complexity: O(s).
  mutating func remove(_ row: Int) {
    let position = firstRun(endingAfter: row)
    guard position < runs.count, runs[position].rows.contains(row) else { return }
    let run = runs[position]
    let pieces = [run.rows.lowerBound..<row, (row + 1)..<run.rows.upperBound].filter {
      !$0.isEmpty
    }
    runs.replaceSubrange(
      position...position, with: pieces.map { Run(rows: $0, priority: run.priority) })
  }

  /// Every planned row with its priority, in order.
  var rows: some Sequence<(row: Int, priority: ContentPriority)> {
    runs.lazy.flatMap { run in run.rows.lazy.map { (row: $0, priority: run.priority) } }
  }
}
