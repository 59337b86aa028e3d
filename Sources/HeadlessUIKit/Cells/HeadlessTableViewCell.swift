import Foundation

/// The table view's cell (`UITableViewCell` where UIKit does not exist).
@MainActor
open class HeadlessTableViewCell: HeadlessReusableView {
  override var isAccessibilityElementByDefault: Bool { true }
  override var defaultAccessibilityLabel: String? { readText }
  override var defaultAccessibilityTraits: HeadlessAccessibilityTraits {
    isSelected ? .selected : .none
  }

  /// The cell style, as UIKit's `UITableViewCell.CellStyle`.
  public enum CellStyle: Int, Sendable {
    /// A label on the left.
    case `default`
    /// A label on the left and a right-aligned detail label.
    case value1
    /// A right-aligned label and a left-aligned detail label.
    case value2
    /// A label above a detail label.
    case subtitle
  }

  /// How a table separates its rows (`UITableViewCell.SeparatorStyle`).
  public typealias SeparatorStyle = HeadlessTableView.SeparatorStyle

  /// What editing does to a row, as UIKit's `UITableViewCell.EditingStyle`.
  public enum EditingStyle: Int, Sendable {
    /// No editing control.
    case none
    /// The row is deleted.
    case delete
    /// A row is inserted.
    case insert
  }

  /// The standard view shown at the row's trailing edge (`UITableViewCell.AccessoryType`).
  public enum AccessoryType: Int, Sendable {
    case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
  }

  /// How a selected row looks (`UITableViewCell.SelectionStyle`).
  public enum SelectionStyle: Int, Sendable {
    case none, blue, gray
    /// The system's look, the default.
    case `default`
  }

  /// The view that holds the cell's content.
  public let contentView = HeadlessView()
  /// The standard view at the trailing edge; none by default.
  open var accessoryType = AccessoryType.none
  /// A view of your own at the trailing edge, in place of ``accessoryType``'s.
  open var accessoryView: HeadlessView?
  /// How the row looks while selected.
  open var selectionStyle = SelectionStyle.default
  /// The separator's inset from the edges.
  open var separatorInset = HeadlessEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
  /// The cell's main label.
  open private(set) var textLabel: HeadlessLabel? = HeadlessLabel()
  /// The cell's secondary label; `nil` in the `.default` style, which has none — as UIKit's,
  /// so that a detail set on a `.default` cell (the style a registered class is made with)
  /// shows nothing here as on a device.
  open private(set) var detailTextLabel: HeadlessLabel?
  /// The cell's image, shown before the text.
  open private(set) var imageView: HeadlessImageView? = HeadlessImageView()
  /// What the cell shows, as a value (iOS 14): it takes the place of the labels, and a
  /// self-sizing row is as tall as its view needs.
  open var contentConfiguration: (any HeadlessContentConfiguration)? {
    didSet { configuredContent.show(contentConfiguration) }
  }
  /// The view that shows ``contentConfiguration``.
  private var configuredContent = ConfiguredContent()
  /// What the cell shows behind its content.
  open var backgroundConfiguration: HeadlessBackgroundConfiguration?
  /// A view of the app's behind the content.
  open var backgroundView: HeadlessView?
  /// A view of the app's behind the content while the cell is selected or highlighted.
  open var selectedBackgroundView: HeadlessView?
  /// The style the cell was made with, for ``defaultContentConfiguration()``.
  let style: CellStyle

  /// Configures the cell for its state (iOS 15): called before the cell is shown and after
  /// ``setNeedsUpdateConfiguration()``.
  public typealias ConfigurationUpdateHandler =
    @MainActor (HeadlessTableViewCell, HeadlessCellConfigurationState) -> Void
  /// Configures the cell for its state.
  open var configurationUpdateHandler: ConfigurationUpdateHandler? {
    didSet { setNeedsUpdateConfiguration() }
  }
  /// Whether ``updateConfiguration(using:)`` gives ``contentConfiguration`` its
  /// `updated(for:)` version for the state; `true` by default, as in UIKit.
  open var automaticallyUpdatesContentConfiguration = true
  private var selected = false
  private var highlighted = false
  private var updatePending = ConfigurationUpdatePending()

  /// Whether the cell's row is selected; the table sets it as its selection changes and before
  /// it shows the cell. Setting it calls ``setSelected(_:animated:)``, which a subclass may
  /// override, as in UIKit.
  open var isSelected: Bool {
    get { selected }
    set { setSelected(newValue, animated: false) }
  }

  /// Whether a finger is on the cell; setting it calls ``setHighlighted(_:animated:)``.
  open var isHighlighted: Bool {
    get { highlighted }
    set { setHighlighted(newValue, animated: false) }
  }

  /// Selects or deselects the cell; a change updates the configuration.
  open func setSelected(_ selected: Bool, animated: Bool) {
    guard selected != self.selected else { return }
    self.selected = selected
    setNeedsUpdateConfiguration()
  }

  /// Highlights the cell or takes the highlight away; a change updates the configuration.
  open func setHighlighted(_ highlighted: Bool, animated: Bool) {
    guard highlighted != self.highlighted else { return }
    self.highlighted = highlighted
    setNeedsUpdateConfiguration()
  }

  /// The cell's state: selected, highlighted, editing (its table's), and its traits; a
  /// subclass may override it to add its own, as UIKit's documentation invites.
  open var configurationState: HeadlessCellConfigurationState {
    var state = HeadlessCellConfigurationState()
    state.isSelected = isSelected
    state.isHighlighted = isHighlighted
    state.isEditing = (hostingList as? HeadlessTableView)?.isEditing ?? false
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

  /// The traits changed: the configuration is updated for them (its state carries them).
  open override func traitCollectionDidChange(_ previousTraitCollection: HeadlessTraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    setNeedsUpdateConfiguration()
  }

  /// How a table makes a registered class's cell (HeadlessUIKit only): with
  /// `init(style: .default, reuseIdentifier:)`. Subclasses inherit it (see
  /// ``HeadlessReusableView``).
  public required convenience init(registeredWith reuseIdentifier: String?) {
    self.init(style: .default, reuseIdentifier: reuseIdentifier)
  }

  /// Creates a cell.
  public init(style: CellStyle, reuseIdentifier: String?) {
    self.style = style
    detailTextLabel = style == .default ? nil : HeadlessLabel()
    super.init(frame: .zero)
    self.reuseIdentifier = reuseIdentifier
    installContentView()
  }

  /// Creates a cell from an archive (UIKit's required initializer); see
  /// ``HeadlessView/init(coder:)``.
  public required init?(coder: NSCoder) {
    style = .default
    super.init(coder: coder)
    installContentView()
  }

  /// The size the cell needs: its content configuration's view's, as UIKit's self-sizing
  /// measures a configured cell by the content view's Auto Layout size (UIKit rules §4b); without
  /// a configuration, a standard cell's.
  open override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    configuredContent.fittingSize(targetSize, traits: traitCollection)
      ?? super.systemLayoutSizeFitting(targetSize)
  }

  /// The content view fills the cell, as in UIKit, so that what is added to it is in the cell.
  private func installContentView() {
    contentView.frame = bounds
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(contentView)
  }
}

extension HeadlessTableViewCell {
  /// A list content configuration in the cell's style: text, or text and secondary text.
  public func defaultContentConfiguration() -> HeadlessListContentConfiguration {
    switch style {
    case .default: .cell()
    case .subtitle: .subtitleCell()
    case .value1, .value2: .valueCell()
    }
  }
}
