/// A problem a ``ListBinding`` met and got past, delivered on its ``ListBinding/errors`` stream.
///
/// None of them stops the binding or loses the rest of the list: the screen keeps showing the
/// last valid list, or the valid rest of the new one.
public enum BindingError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error,
  CustomStringConvertible
{
  /// The source sent a list with repeated ids; the first occurrence of each was shown and the
  /// report names everything that was dropped.
  case duplicateIdentifiers(SnapshotError<SectionID, ItemID>)
  /// The source threw; the binding stopped reading it and the last list stays on screen.
  case sourceFailed(any Error)
  /// A modifier was given what it cannot work with — a binding that has stopped, a value out
  /// of its range, a table whose rows have exact heights — and changed nothing (debug builds
  /// also write it to the standard error). A modifier meant for another kind of view does not
  /// compile.
  case modifierDoesNotApply(ModifierMisuse)

  /// What happened, in a sentence.
  public var description: String {
    switch self {
    case .duplicateIdentifiers(let report): "Shown without the repeats: \(report)"
    case .sourceFailed(let error): "The source failed and the last list stays: \(error)"
    case .modifierDoesNotApply(let misuse): "\(misuse)"
    }
  }
}

/// A modifier given what it cannot work with: which one, and why not.
public struct ModifierMisuse: Equatable, Sendable, CustomStringConvertible {
  /// The modifier, as it is called: `keepsRowHeights()`.
  public var modifier: String
  /// Why it cannot work here, and what to use instead when there is something.
  public var reason: String

  /// Names a modifier and why it does not apply.
  public init(modifier: String, reason: String) {
    self.modifier = modifier
    self.reason = reason
  }

  /// `modifier` does nothing here: `reason`.
  public var description: String { "\(modifier) does nothing here: \(reason)" }
}
