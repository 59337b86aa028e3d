/// The list a binding's view shows, with one owner: the binding writes it as each stage is
/// installed (and as the user moves or deletes a row), and the view's data source reads it —
/// after the binding stopped too, as the view keeps answering from the last list it showed.
///
/// A class, so that the binding and the data source share it rather than keep two copies in
/// step.
@MainActor
package final class ShownList<Section, Item>
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// The list on screen, stage by stage.
  package var snapshot = Snapshot<Section, Item>() {
    didSet { writes &+= 1 }
  }
  /// Counts writes of ``snapshot``: whoever worked something out from it knows, by comparing,
  /// whether the list is still the one it read (the prefetcher's plan, each scrolled frame).
  package private(set) var writes: UInt64 = 0

  package init() {}
}
