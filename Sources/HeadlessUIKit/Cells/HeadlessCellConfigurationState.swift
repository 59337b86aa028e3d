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
