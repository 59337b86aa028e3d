import Foundation

/// The batch of updates being built: how deeply `performBatchUpdates` (or `beginUpdates()`)
/// calls are nested, the operations recorded since the outermost one began, the completions
/// handed in with them, the counts the view had cached then, and whether `reloadData()` was
/// called inside.
///
/// Invariants: ``oldCounts`` and ``countsAtReload`` are set when an outermost batch begins and
/// hold until the next one does; ``update`` starts empty then and is taken out at the outermost
/// end, so a nested batch adds to its outer one and outside a batch it is empty.
///
/// It only stores: the engine asks the data source, validates, applies and reports, outside
/// any access to the recorder, as each of those may call back into the view.
struct BatchRecorder {
  /// How many batches are open; 0 outside any.
  private(set) var depth = 0
  /// The operations recorded since the outermost batch began.
  private(set) var update = BatchUpdate()
  /// The counts cached when the outermost batch began: those the batch is checked against.
  private(set) var oldCounts: [Int] = []
  /// Whether `reloadData()` was called inside the batch, which UIKit then fails.
  var reloadDataInside: Bool { countsAtReload != nil }
  /// The counts the data source gave when `reloadData()` was called inside the batch: the
  /// reload takes them as the view's, and the batch is checked against them.
  private(set) var countsAtReload: [Int]?

  /// The completions of the batch and of the batches nested in it: UIKit calls them together,
  /// when the outermost batch's animations end.
  private(set) var completions: [UpdateAnimations.Completion] = []

  /// Whether a batch is open.
  var isRecording: Bool { depth > 0 }

  /// Adds a completion to the open batch.
  mutating func addCompletion(_ completion: @escaping UpdateAnimations.Completion) {
    completions.append(completion)
  }

  /// Takes the outermost batch's completions out, as it ends.
  mutating func takeCompletions() -> [UpdateAnimations.Completion] {
    defer { completions = [] }
    return completions
  }

  /// Opens the outermost batch: `oldCounts` become the counts it is checked against, and
  /// whatever an earlier batch left is forgotten. The engine reads the counts first, as that
  /// may ask the data source, which may call back into the view.
  mutating func beginOutermost(oldCounts: [Int]) {
    self.oldCounts = oldCounts
    update = BatchUpdate()
    countsAtReload = nil
    depth += 1
  }

  /// Opens a batch inside an open one: it adds to the outer batch.
  mutating func beginNested() {
    depth += 1
  }

  /// Closes a batch; at the outermost end returns the update recorded, taken out of the
  /// recorder, and `nil` for a nested end or one with no batch open.
  mutating func end() -> BatchUpdate? {
    guard depth > 0 else { return nil }
    depth -= 1
    guard depth == 0 else { return nil }
    let finished = update
    update = BatchUpdate()
    return finished
  }

  /// Adds an operation to the open batch.
  mutating func record(_ operation: (inout BatchUpdate) -> Void) {
    operation(&update)
  }

  /// Notes a `reloadData()` inside the open batch, and the counts the data source gave then.
  mutating func noteReloadData(counts: [Int]) {
    if countsAtReload == nil { countsAtReload = counts }
  }
}
