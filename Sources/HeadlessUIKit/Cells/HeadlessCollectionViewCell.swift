import Foundation

/// The collection view's cell (`UICollectionViewCell` where UIKit does not exist).
@MainActor
open class HeadlessCollectionViewCell: HeadlessCollectionReusableView {
  /// The view that holds the cell's content.
  public let contentView = HeadlessView()
  /// What the cell shows, as a value (iOS 14).
  open var contentConfiguration: (any HeadlessContentConfiguration)?
  /// What the cell shows behind its content.
  open var backgroundConfiguration: HeadlessBackgroundConfiguration?

  /// Configures the cell for its state (iOS 15): called before the cell is shown and after
  /// ``setNeedsUpdateConfiguration()``.
  public typealias ConfigurationUpdateHandler =
    @MainActor (HeadlessCollectionViewCell, HeadlessCellConfigurationState) -> Void
  /// Configures the cell for its state.
  open var configurationUpdateHandler: ConfigurationUpdateHandler? {
    didSet { setNeedsUpdateConfiguration() }
  }
  /// The cell's state. HeadlessUIKit fills in none of it (UIKit fills `isExpanded` only for a
  /// diffable data source's section snapshots); a subclass may override it to add its own, as
  /// UIKit's documentation invites.
  open var configurationState: HeadlessCellConfigurationState { HeadlessCellConfigurationState() }

  /// Asks for the configuration to be updated: HeadlessUIKit does it at once.
  open func setNeedsUpdateConfiguration() {
    updateConfiguration(using: configurationState)
  }

  /// Updates the configuration for a state: calls ``configurationUpdateHandler``.
  open func updateConfiguration(using state: HeadlessCellConfigurationState) {
    configurationUpdateHandler?(self, state)
  }
}
