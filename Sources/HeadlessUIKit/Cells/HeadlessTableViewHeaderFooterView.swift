import Foundation

/// The view a table shows for a section's header or footer title
/// (`UITableViewHeaderFooterView` where UIKit does not exist).
@MainActor
open class HeadlessTableViewHeaderFooterView: HeadlessReusableView {
  /// The view that holds the header's content.
  public let contentView = HeadlessView()
  private let label = HeadlessLabel()
  private let detailLabel = HeadlessLabel()

  /// What the view shows, as a value; setting one replaces the labels, as in UIKit.
  open var contentConfiguration: (any HeadlessContentConfiguration)?

  // MARK: Configuration state (UIKit rules §4f)

  /// Configures the view for its state (iOS 15): called before the view is shown and after
  /// ``setNeedsUpdateConfiguration()``.
  public typealias ConfigurationUpdateHandler =
    @MainActor (HeadlessTableViewHeaderFooterView, HeadlessViewConfigurationState) -> Void
  /// Configures the view for its state.
  open var configurationUpdateHandler: ConfigurationUpdateHandler? {
    didSet { setNeedsUpdateConfiguration() }
  }
  /// Whether ``updateConfiguration(using:)`` gives ``contentConfiguration`` its
  /// `updated(for:)` version for the state; `true` by default, as in UIKit.
  open var automaticallyUpdatesContentConfiguration = true
  private var updatePending = ConfigurationUpdatePending()

  /// The view's state: its traits (a header is neither selected nor highlighted by a table); a
  /// subclass may override it to add its own.
  open var configurationState: HeadlessViewConfigurationState {
    HeadlessViewConfigurationState(traitCollection: traitCollection)
  }

  /// Asks for the configuration to be updated. Requests are coalesced, as a cell's are: one
  /// update at the end of the turn, or before the view is shown, however often it was asked.
  open func setNeedsUpdateConfiguration() {
    updatePending.ask { [weak self] in self?.updateConfigurationIfNeeded() }
  }

  /// Updates the configuration for a state: the content configuration's version for it (see
  /// ``automaticallyUpdatesContentConfiguration``), then ``configurationUpdateHandler``.
  open func updateConfiguration(using state: HeadlessViewConfigurationState) {
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

  /// The traits changed: the configuration is updated for them (its state carries them).
  open override func traitCollectionDidChange(_ previousTraitCollection: HeadlessTraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    setNeedsUpdateConfiguration()
  }

  /// The title label; `nil` once a ``contentConfiguration`` is set, as in UIKit (UIKit has
  /// deprecated it in favour of content configurations).
  open var textLabel: HeadlessLabel? { contentConfiguration == nil ? label : nil }
  /// The detail label; `nil` once a ``contentConfiguration`` is set.
  open var detailTextLabel: HeadlessLabel? { contentConfiguration == nil ? detailLabel : nil }

  /// The table's style and whether this is a footer, for ``defaultContentConfiguration()``.
  var tableStyle = HeadlessTableView.Style.plain
  var isFooter = false

  /// A configuration styled for this view in its table: a plain or grouped header or footer.
  public func defaultContentConfiguration() -> HeadlessListContentConfiguration {
    switch (tableStyle, isFooter) {
    case (.plain, false): .plainHeader()
    case (.plain, true): .plainFooter()
    case (_, false): .groupedHeader()
    case (_, true): .groupedFooter()
    }
  }

  /// The text the view shows, from its content configuration or its label (HeadlessUIKit only).
  public var displayedText: String? {
    if let configuration = contentConfiguration as? HeadlessListContentConfiguration {
      return configuration.text
    }
    return contentConfiguration == nil ? label.text : nil
  }

  /// Creates a header or footer view.
  public init(reuseIdentifier: String?) {
    super.init(frame: .zero)
    self.reuseIdentifier = reuseIdentifier
  }

  /// Creates a header or footer from an archive (UIKit's required initializer).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}
