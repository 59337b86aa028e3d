import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A cell's state (`UICellConfigurationState` where UIKit does not exist).
public struct HeadlessCellConfigurationState: HeadlessConfigurationState, Hashable, Sendable {
  /// Whether the cell is selected.
  public var isSelected = false
  /// Whether the cell is highlighted (a finger on it).
  public var isHighlighted = false
  /// Whether the cell is disabled.
  public var isDisabled = false
  /// Whether the cell has the focus.
  public var isFocused = false
  /// Whether the list is editing.
  public var isEditing = false
  /// Whether the cell's outline item shows its children.
  public var isExpanded = false
  /// Whether the cell is swiped open.
  public var isSwiped = false
  /// Whether the cell is being moved.
  public var isReordering = false
  /// The traits the cell is shown with.
  public var traitCollection = HeadlessTraitCollection()

  /// A cell's state, all off.
  public init() {}
}

/// A view's state, for a header's or footer's configurations (`UIViewConfigurationState` where
/// UIKit does not exist).
public struct HeadlessViewConfigurationState: HeadlessConfigurationState, Hashable, Sendable {
  /// Whether the view is selected.
  public var isSelected = false
  /// Whether the view is highlighted.
  public var isHighlighted = false
  /// Whether the view is disabled.
  public var isDisabled = false
  /// Whether the view has the focus.
  public var isFocused = false
  /// The traits the view is shown with.
  public var traitCollection = HeadlessTraitCollection()

  /// A view's state, all off, with these traits.
  public init(traitCollection: HeadlessTraitCollection = HeadlessTraitCollection()) {
    self.traitCollection = traitCollection
  }
}

/// A cell's configuration update asked for and not yet made: requests are coalesced into one,
/// made at the end of the main-actor turn or before the cell is shown, whichever comes first
/// (UIKit's `setNeedsUpdateConfiguration()`: "Requests … are coalesced").
@MainActor
struct ConfigurationUpdatePending {
  private var isPending = false

  /// Asks for an update; the first request of a round schedules `update` for the turn's end.
  mutating func ask(_ update: @escaping @MainActor () -> Void) {
    guard !isPending else { return }
    isPending = true
    Task { @MainActor in update() }
  }

  /// Whether an update is due, which the caller now makes.
  mutating func take() -> Bool {
    defer { isPending = false }
    return isPending
  }
}

/// A cell whose state the list view keeps: its selection, and the configuration update it
/// makes before it is shown.
@MainActor
protocol StatefulCell: AnyObject {
  var isSelected: Bool { get set }
  func updateConfigurationIfNeeded()
}

extension HeadlessCollectionViewCell: StatefulCell {}
extension HeadlessTableViewCell: StatefulCell {}

/// A header or footer view whose configuration update is made before it is shown.
@MainActor
protocol StatefulSupplementary: AnyObject {
  func updateConfigurationIfNeeded()
}

extension HeadlessTableViewHeaderFooterView: StatefulSupplementary {}
