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
  /// Debug builds only, once per item type: two values with the same id that the item's `==`
  /// calls equal differ in a stored property, so the row keeps showing the old value — an `==`
  /// that compares the id alone. The list is shown as `==` says.
  case equalityIgnoresContent(EqualityMisuse)

  /// What happened, in a sentence.
  public var description: String {
    switch self {
    case .duplicateIdentifiers(let report): "Shown without the repeats: \(report)"
    case .sourceFailed(let error): "The source failed and the last list stays: \(error)"
    case .modifierDoesNotApply(let misuse): "\(misuse)"
    case .equalityIgnoresContent(let misuse): "\(misuse)"
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

/// An item type whose `==` calls two values with the same id equal while what they hold differs:
/// which type, which stored property, and the fix.
public struct EqualityMisuse: Equatable, Sendable, CustomStringConvertible {
  /// The item type, as Swift names it: `MateList.Mate`.
  public var typeName: String
  /// The first stored property that differed: `image`.
  public var property: String

  /// What is wrong, and the two ways to put it right.
  public var description: String {
    "\(typeName)'s == calls two values with the same id equal while their `\(property)` "
      + "differs, so their row keeps showing the old one: Bindery shows a change where == sees "
      + "one. Compare in == everything the row shows, or adopt ContentEquatable to say what "
      + "counts (keep == for the id if a Set or a dictionary needs it)."
  }
}
