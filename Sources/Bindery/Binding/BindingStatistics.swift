/// Counts of what a binding did, for status lines and benchmarks.
public struct BindingStatistics: Sendable, Equatable {
  /// Lists shown.
  public var updates = 0
  /// Lists shown with a reload instead of batches.
  public var reloads = 0
  /// Batches applied.
  public var batches = 0
  /// Operations in the changesets of the lists shown, each diffed to the end (a change proved
  /// too large to animate is shown with a reload, not diffed to the end, and counts none).
  public var operations = 0
  /// How long validating and diffing the last list took, off the main actor.
  public var lastDiffTime: Duration = .zero
  /// Items reconfigured in place because their content arrived (no diff, no snapshot change).
  public var contentReconfigures = 0
  /// How long showing the last list took on the main actor: the batches, or the reload.
  public var lastApplyTime: Duration = .zero
  /// Times a list was held back because the user was moving a row or an item by hand.
  public var heldForUser = 0

  /// Zero counts.
  public init() {}
}
