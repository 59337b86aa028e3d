/// What a list view would have raised on and what it would only have logged, in order, and
/// which of UIKit's once-only warnings it has given (UIKit rules §7).
///
/// Invariants: an exception goes to ``violations`` and anything milder to ``alerts``, each
/// exactly once; a once-only warning is logged at most once per view, whatever
/// ``clear()`` does (UIKit warns once a process; HeadlessUIKit once a view, so that tests stay
/// apart).
///
/// It only stores: the engine calls the observer (``onViolation``) after logging, outside any
/// access to the log, as an observer may use the view.
struct ViolationLog {
  /// A warning UIKit gives once only.
  enum OnceOnly: Hashable {
    /// A table told to lay out its cells while not in a window (§7.7).
    case layoutOutsideHierarchy
    /// A self-sizing cell that needs no height (§4b).
    case zeroSizeCell
  }

  private(set) var violations: [UpdateViolation] = []
  private(set) var alerts: [UpdateViolation] = []
  /// Called with each violation as it is logged.
  var onViolation: ((UpdateViolation) -> Void)?
  private var warned: Set<OnceOnly> = []

  /// Logs `violation` by its severity.
  mutating func log(_ violation: UpdateViolation) {
    switch violation.severity {
    case .exception: violations.append(violation)
    case .alert, .glitch: alerts.append(violation)
    }
  }

  /// Whether `warning` is due: `true` the first time only.
  mutating func isFirst(_ warning: OnceOnly) -> Bool {
    warned.insert(warning).inserted
  }

  /// Forgets what was logged (a test's fresh start); once-only warnings stay given.
  mutating func clear() {
    violations.removeAll()
    alerts.removeAll()
  }
}
