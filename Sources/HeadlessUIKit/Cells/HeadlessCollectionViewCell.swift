import Foundation

/// The collection view's cell (`UICollectionViewCell` where UIKit does not exist).
@MainActor
open class HeadlessCollectionViewCell: HeadlessCollectionReusableView {
  /// The view that holds the cell's content.
  public let contentView = HeadlessView()
  /// What the cell shows, as a value (iOS 14).
  open var contentConfiguration: (any HeadlessContentConfiguration)? {
    didSet { configuredContent.show(contentConfiguration) }
  }
  /// The view that shows ``contentConfiguration``.
  private var configuredContent = ConfiguredContent()
  /// What the cell shows behind its content.
  open var backgroundConfiguration: HeadlessBackgroundConfiguration?

  /// Creates a cell; its content view fills it, as in UIKit.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.frame = bounds
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(contentView)
  }

  /// Creates a cell from an archive (UIKit's required initializer).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(contentView)
  }

  /// The traits changed: the configuration is updated for them, as UIKit updates it (its state
  /// carries the traits).
  open override func traitCollectionDidChange(_ previousTraitCollection: HeadlessTraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    setNeedsUpdateConfiguration()
  }

  /// Configures the cell for its state (iOS 15): called before the cell is shown and after
  /// ``setNeedsUpdateConfiguration()``.
  public typealias ConfigurationUpdateHandler =
    @MainActor (HeadlessCollectionViewCell, HeadlessCellConfigurationState) -> Void
  /// Configures the cell for its state.
  open var configurationUpdateHandler: ConfigurationUpdateHandler? {
    didSet { setNeedsUpdateConfiguration() }
  }
  /// The cell's state: its traits. HeadlessUIKit fills in no more of it (UIKit fills
  /// `isExpanded` only for a diffable data source's section snapshots); a subclass may override
  /// it to add its own, as UIKit's documentation invites.
  open var configurationState: HeadlessCellConfigurationState {
    var state = HeadlessCellConfigurationState()
    state.traitCollection = traitCollection
    return state
  }

  /// Asks for the configuration to be updated: HeadlessUIKit does it at once.
  open func setNeedsUpdateConfiguration() {
    updateConfiguration(using: configurationState)
  }

  /// Updates the configuration for a state: calls ``configurationUpdateHandler``.
  open func updateConfiguration(using state: HeadlessCellConfigurationState) {
    configurationUpdateHandler?(self, state)
  }

  /// The size the cell needs: its content configuration's view's, as UIKit's self-sizing
  /// measures a configured cell by the content view's Auto Layout size (UIKit rules §4b); without
  /// a configuration, a standard cell's.
  open override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    configuredContent.fittingSize(targetSize) ?? super.systemLayoutSizeFitting(targetSize)
  }
}
