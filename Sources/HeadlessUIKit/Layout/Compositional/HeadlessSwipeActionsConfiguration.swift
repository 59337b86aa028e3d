import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The actions a swipe reveals (`UISwipeActionsConfiguration`).
@MainActor
public final class HeadlessSwipeActionsConfiguration {
  /// The actions, first nearest the edge.
  public let actions: [HeadlessContextualAction]
  /// Whether a full swipe performs the first action.
  public var performsFirstActionWithFullSwipe = true

  /// The actions, first nearest the edge.
  public init(actions: [HeadlessContextualAction]) {
    self.actions = actions
  }
}

extension HeadlessCollectionView {
  /// Which side of a row the user swipes from.
  public enum SwipeEdge: Sendable {
    /// From where lines start.
    case leading
    /// From where lines end.
    case trailing
  }

  /// The user swipes a visible row of a list layout from an edge: the actions its list
  /// configuration's provider gives (HeadlessUIKit only); `nil` when there are none.
  public func userSwipes(itemAt indexPath: IndexPath, from edge: SwipeEdge)
    -> HeadlessSwipeActionsConfiguration?
  {
    guard cellForItem(at: indexPath) != nil,
      let list = (collectionViewLayout as? HeadlessCompositionalLayout)?.listConfiguration
    else { return nil }
    let provider =
      edge == .leading
      ? list.leadingSwipeActionsConfigurationProvider
      : list.trailingSwipeActionsConfigurationProvider
    return provider?(indexPath)
  }

  /// The user taps an action a swipe revealed on the row at `indexPath`: its handler runs, and
  /// `completion` hears whether it was performed (HeadlessUIKit only).
  ///
  /// As in UIKit, the handler's completion closes the swipe, whatever it says. A destructive
  /// action completed with `true` while the row is still there (its data source did not delete
  /// it first) slides back into place on a device: HeadlessUIKit records that glitch in
  /// ``HeadlessScrollView/alerts`` (UIKit rules §7.4).
  public func userTaps(
    _ action: HeadlessContextualAction, onItemAt indexPath: IndexPath,
    completion: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    let cell = cellForItem(at: indexPath)
    let view = cell ?? HeadlessCollectionViewCell(frame: .zero)
    action.handler(action, view) { [weak self] performed in
      if let self, let cell, action.style == .destructive, performed {
        self.engine.checkSwipeDeleted(cell, at: indexPath)
      }
      completion(performed)
    }
  }
}
