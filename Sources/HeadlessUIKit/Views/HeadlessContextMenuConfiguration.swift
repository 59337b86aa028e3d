import Foundation

/// What a long press on an item shows (`UIContextMenuConfiguration`): a menu its action
/// provider makes, and an optional preview. HeadlessUIKit shows neither; a test reads the menu
/// with ``HeadlessCollectionView/userLongPressesItem(at:)``.
@MainActor
public final class HeadlessContextMenuConfiguration {
  /// Makes the preview (`UIContextMenuContentPreviewProvider`); `nil` previews the cell.
  public typealias PreviewProvider = () -> HeadlessViewController?
  /// Makes the menu from the actions the system suggests (`UIContextMenuActionProvider`); none
  /// are suggested here.
  public typealias ActionProvider = ([HeadlessAction]) -> HeadlessMenu?

  /// Identifies the configuration to the delegate's other context-menu calls.
  public let identifier: (any NSCopying)?
  /// Makes the preview.
  public let previewProvider: PreviewProvider?
  /// Makes the menu.
  public let actionProvider: ActionProvider?

  /// A configuration with UIKit's initializer's parts.
  public init(
    identifier: (any NSCopying)? = nil, previewProvider: PreviewProvider? = nil,
    actionProvider: ActionProvider? = nil
  ) {
    self.identifier = identifier
    self.previewProvider = previewProvider
    self.actionProvider = actionProvider
  }
}
