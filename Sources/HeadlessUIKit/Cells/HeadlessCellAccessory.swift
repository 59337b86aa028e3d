import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A view at the side of a list cell (`UICellAccessory` where UIKit does not exist): a
/// disclosure indicator, an outline's disclosure triangle, a reorder handle, a delete button, a
/// checkmark or a label. Those the user acts on keep their action, which HeadlessUIKit's
/// ``HeadlessCollectionView/userTapsAccessory(_:ofItemAt:)`` calls.
public struct HeadlessCellAccessory {
  /// When the accessory shows (UIKit's `UICellAccessory.DisplayedState`).
  public enum DisplayedState: Sendable, Hashable {
    /// Always.
    case always
    /// While the list is editing.
    case whenEditing
    /// While it is not.
    case whenNotEditing
  }

  /// What a tap on an accessory does.
  public typealias ActionHandler = () -> Void

  /// Which accessory this is (HeadlessUIKit only).
  public enum Kind: Sendable, Hashable {
    /// A disclosure indicator.
    case disclosureIndicator
    /// An outline's disclosure triangle.
    case outlineDisclosure
    /// A reorder handle.
    case reorder
    /// A delete button.
    case delete
    /// A checkmark.
    case checkmark
    /// A label.
    case label
  }

  /// Options of a disclosure indicator.
  public struct DisclosureIndicatorOptions: Sendable {
    /// Creates the default options.
    public init() {}
  }

  /// Options of an outline's disclosure triangle.
  public struct OutlineDisclosureOptions: Sendable {
    /// Whether the triangle stands for a cell or a section header.
    public enum Style: Sendable, Hashable {
      /// A header when the cell is its section's first, a cell otherwise.
      case automatic
      /// A section header: tapping anywhere in the cell toggles.
      case header
      /// A cell: only the triangle toggles.
      case cell
    }
    /// The style.
    public var style: Style
    /// Creates options of a style.
    public init(style: Style = .automatic) { self.style = style }
  }

  /// Options of a reorder handle.
  public struct ReorderOptions: Sendable {
    /// Creates the default options.
    public init() {}
  }

  /// Options of a delete button.
  public struct DeleteOptions: Sendable {
    /// Creates the default options.
    public init() {}
  }

  /// Options of a checkmark.
  public struct CheckmarkOptions: Sendable {
    /// Creates the default options.
    public init() {}
  }

  /// Options of a label.
  public struct LabelOptions: Sendable {
    /// Creates the default options.
    public init() {}
  }

  /// Which accessory this is (HeadlessUIKit only).
  public let kind: Kind
  /// When it shows.
  public let displayed: DisplayedState
  /// A label's text (HeadlessUIKit only).
  public let text: String?
  /// What a tap on it does, for those that act.
  let actionHandler: ActionHandler?

  /// A chevron that says the row opens something.
  public static func disclosureIndicator(
    displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()
  ) -> Self {
    Self(kind: .disclosureIndicator, displayed: displayed, text: nil, actionHandler: nil)
  }

  /// An outline's disclosure triangle; `actionHandler` runs when the user taps it (without one,
  /// UIKit toggles the item in a diffable data source's section snapshot).
  public static func outlineDisclosure(
    displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(),
    actionHandler: ActionHandler? = nil
  ) -> Self {
    Self(kind: .outlineDisclosure, displayed: displayed, text: nil, actionHandler: actionHandler)
  }

  /// A handle to drag the row by, while editing.
  public static func reorder(
    displayed: DisplayedState = .whenEditing, options: ReorderOptions = .init()
  ) -> Self {
    Self(kind: .reorder, displayed: displayed, text: nil, actionHandler: nil)
  }

  /// A delete button, while editing; `actionHandler` runs when the user taps it.
  public static func delete(
    displayed: DisplayedState = .whenEditing, options: DeleteOptions = .init(),
    actionHandler: ActionHandler? = nil
  ) -> Self {
    Self(kind: .delete, displayed: displayed, text: nil, actionHandler: actionHandler)
  }

  /// A checkmark.
  public static func checkmark(
    displayed: DisplayedState = .always, options: CheckmarkOptions = .init()
  ) -> Self {
    Self(kind: .checkmark, displayed: displayed, text: nil, actionHandler: nil)
  }

  /// A label at the side of the cell.
  public static func label(
    text: String, displayed: DisplayedState = .always, options: LabelOptions = .init()
  ) -> Self {
    Self(kind: .label, displayed: displayed, text: text, actionHandler: nil)
  }
}
