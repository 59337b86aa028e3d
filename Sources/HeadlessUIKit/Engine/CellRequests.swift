/// The view's calls to its data source for what it shows, under way: the cell and the
/// supplementary view being asked for (with what was dequeued in each), how deep the view is in
/// such calls, and whether it asks at a path a batch just removed (UIKit rules §1.5 #21, §7.2,
/// §7.3).
///
/// Invariants: ``callDepth`` is never negative and is 0 between calls; a request is restored to
/// the one around it as it ends (a cell request made inside another, by a reconfigure from a
/// cell provider, ends first).
///
/// It only stores: the engine asks the data source, outside any access to it, as the data source
/// may call back into the view.
struct CellRequests {
  /// One request for a view: where, the cell a reconfigure hands back, what was dequeued.
  struct Request {
    var path: IndexPath
    var reconfiguring: HeadlessReusableView?
    var dequeued: [HeadlessReusableView] = []
    /// The element kind asked for, for a supplementary view.
    var elementKind: String?
    /// Whether a dequeue in it already failed: UIKit raised there, so nothing after it counts.
    var dequeueFailed = false
  }

  /// The cell request under way, and the supplementary view request.
  var cell: Request?
  var supplementary: Request?
  /// Cell requests made so far (HeadlessUIKit's `cellRequestCount`).
  private(set) var count = 0
  /// How deep the view is in calls to its data source for what it shows (counts, cells,
  /// supplementary views, titles): UIKit is updating its visible cells then, and an update
  /// issued from inside is re-entrant.
  private(set) var callDepth = 0
  /// When set, the view asks for cells at index paths a batch just removed, as UIKit's cell
  /// prefetching has been seen to (rdar 30632322).
  var asksAtStalePaths = false
  /// Whether the view is asking for a cell at a path a batch just removed (its stale context).
  var isAskingAtStalePath = false

  /// Counts a cell request.
  mutating func countCellRequest() { count += 1 }

  /// A call to the data source begins, or ends.
  mutating func enterCall() { callDepth += 1 }
  mutating func leaveCall() {
    assert(callDepth > 0, "a data-source call ended that did not begin")
    callDepth = max(0, callDepth - 1)
  }
}
