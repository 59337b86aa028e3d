// The roles an attachment of a binding may take (a binding finds its attachments by role): what
// hears where a fling will stop, what hears that the view moved its content to keep the user's place.

/// What hears where a fling will stop (``ListBinding/flingWillComeToRest(atOffset:)``).
@MainActor
package protocol FlingLandingListener: AnyObject {
  func flingWillComeToRest(atOffset offset: Double)
}

/// What hears that the view moved its content to keep the user's place as the list changed
/// (scroll anchoring): not a scroll of the user's.
@MainActor
package protocol ContentShiftObserving: AnyObject {
  /// The content offset moved by `offset` points, and the rows on screen by `rows` flat
  /// indices, with the list.
  func contentDidShift(byOffset offset: Double, rows: Int)
}

extension ListBinding {
  /// Tells what watches the scroll that the view moved its content offset by `offset` points to
  /// keep the user's place as the list changed, the rows on screen now `rows` further down
  /// the list: a shift, not a scroll.
  package func contentDidShift(byOffset offset: Double, rows: Int) {
    for observer in attachments(of: (any ContentShiftObserving).self) {
      observer.contentDidShift(byOffset: offset, rows: rows)
    }
  }
}
