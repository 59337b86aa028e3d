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

  /// What happened, in a sentence.
  public var description: String {
    switch self {
    case .duplicateIdentifiers(let report): "Shown without the repeats: \(report)"
    case .sourceFailed(let error): "The source failed and the last list stays: \(error)"
    }
  }
}
