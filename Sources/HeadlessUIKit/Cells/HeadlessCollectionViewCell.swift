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
  /// Whether the cell's item is selected; the collection view sets it as its selection
  /// changes and before it shows the cell. A change updates the configuration.
  open var isSelected = false {
    didSet { if isSelected != oldValue { setNeedsUpdateConfiguration() } }
  }
  /// Whether a finger is on the cell. A change updates the configuration.
  open var isHighlighted = false {
    didSet { if isHighlighted != oldValue { setNeedsUpdateConfiguration() } }
  }
  /// Whether ``updateConfiguration(using:)`` gives ``contentConfiguration`` its
  /// `updated(for:)` version for the state; `true` by default, as in UIKit.
  open var automaticallyUpdatesContentConfiguration = true
  /// A configuration update asked for and not yet made.
  private var updatePending = ConfigurationUpdatePending()

  /// The cell's state: selected, highlighted, and its traits. HeadlessUIKit fills in no more of
  /// it (UIKit fills `isExpanded` only for a diffable data source's section snapshots); a
  /// subclass may override it to add its own, as UIKit's documentation invites.
  open var configurationState: HeadlessCellConfigurationState {
    var state = HeadlessCellConfigurationState()
    state.isSelected = isSelected
    state.isHighlighted = isHighlighted
    state.traitCollection = traitCollection
    return state
  }

  /// Asks for the configuration to be updated. Requests are coalesced, as UIKit's are: one
  /// update at the end of the turn, or before the cell is shown, however often it was asked.
  open func setNeedsUpdateConfiguration() {
    updatePending.ask { [weak self] in self?.updateConfigurationIfNeeded() }
  }

  /// Updates the configuration for a state: the content configuration's version for it (see
  /// ``automaticallyUpdatesContentConfiguration``), then ``configurationUpdateHandler``.
  open func updateConfiguration(using state: HeadlessCellConfigurationState) {
    if automaticallyUpdatesContentConfiguration, let content = contentConfiguration {
      contentConfiguration = content.updated(for: state)
    }
    configurationUpdateHandler?(self, state)
  }

  /// Makes the update asked for, if one is pending.
  func updateConfigurationIfNeeded() {
    guard updatePending.take() else { return }
    updateConfiguration(using: configurationState)
  }

  /// The size the cell needs: its content configuration's view's, as UIKit's self-sizing
  /// measures a configured cell by the content view's Auto Layout size (UIKit rules §4b); without
  /// a configuration, a standard cell's.
  open override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    configuredContent.fittingSize(targetSize, traits: traitCollection)
      ?? super.systemLayoutSizeFitting(targetSize)
  }
}
