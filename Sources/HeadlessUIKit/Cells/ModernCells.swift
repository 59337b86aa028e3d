import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// UIKit's modern cell API (iOS 14): content and background configurations, list cells and
// their accessories, colours. HeadlessUIKit draws nothing; it keeps the values so that tests can
// read what a cell shows, and it calls what the user would trigger (an accessory's action).

/// A colour (`UIColor` where UIKit does not exist): a name, for tests; nothing to draw.
public final class HeadlessColor: Sendable, Equatable, CustomStringConvertible {
  /// The colour's name (a system colour's, or the components it was made from).
  public let name: String

  /// A colour from red, green, blue and alpha components, each from 0 to 1.
  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(name: "rgba(\(red), \(green), \(blue), \(alpha))")
  }

  /// A grey from white (0 black, 1 white) and alpha.
  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(name: "white(\(white), \(alpha))")
  }

  init(name: String) { self.name = name }

  /// The same colour with another alpha.
  public func withAlphaComponent(_ alpha: CGFloat) -> HeadlessColor {
    HeadlessColor(name: "\(name) × \(alpha)")
  }

  /// Equal when named alike.
  public static func == (lhs: HeadlessColor, rhs: HeadlessColor) -> Bool { lhs.name == rhs.name }
  /// The name.
  public var description: String { name }

  /// No colour.
  public static let clear = HeadlessColor(name: "clear")
  /// Black.
  public static let black = HeadlessColor(name: "black")
  /// White.
  public static let white = HeadlessColor(name: "white")
  /// Text's primary colour.
  public static let label = HeadlessColor(name: "label")
  /// Text's secondary colour.
  public static let secondaryLabel = HeadlessColor(name: "secondaryLabel")
  /// Text's tertiary colour.
  public static let tertiaryLabel = HeadlessColor(name: "tertiaryLabel")
  /// A screen's background.
  public static let systemBackground = HeadlessColor(name: "systemBackground")
  /// A background on a background.
  public static let secondarySystemBackground = HeadlessColor(name: "secondarySystemBackground")
  /// A grouped list's background.
  public static let systemGroupedBackground = HeadlessColor(name: "systemGroupedBackground")
  /// The view's tint.
  public static let tintColor = HeadlessColor(name: "tintColor")
  /// Blue.
  public static let systemBlue = HeadlessColor(name: "systemBlue")
  /// Green.
  public static let systemGreen = HeadlessColor(name: "systemGreen")
  /// Orange.
  public static let systemOrange = HeadlessColor(name: "systemOrange")
  /// Red.
  public static let systemRed = HeadlessColor(name: "systemRed")
  /// Grey.
  public static let systemGray = HeadlessColor(name: "systemGray")
}

extension HeadlessListContentConfiguration {
  /// How a text is shown (UIKit's `UIListContentConfiguration.TextProperties`, in part).
  public struct TextProperties: Hashable, Sendable {
    /// The most lines the text takes; 0 for as many as it needs.
    public var numberOfLines = 1
    /// The text's colour.
    public var color = HeadlessColor.label

    /// Equal when every property is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.numberOfLines == rhs.numberOfLines && lhs.color == rhs.color
    }
    /// Hashes the number of lines.
    public func hash(into hasher: inout Hasher) { hasher.combine(numberOfLines) }
  }

  /// How the image is shown (UIKit's `UIListContentConfiguration.ImageProperties`, in part).
  public struct ImageProperties: Hashable, Sendable {
    /// The largest size the image is shown at; zero for its own size.
    public var maximumSize = CGSize.zero
    /// The radius of the image's corners.
    public var cornerRadius: CGFloat = 0
    /// The colour a template image is tinted with; `nil` for the view's tint.
    public var tintColor: HeadlessColor?

    /// Equal when every property is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.maximumSize == rhs.maximumSize && lhs.cornerRadius == rhs.cornerRadius
        && lhs.tintColor == rhs.tintColor
    }
    /// Hashes the corner radius.
    public func hash(into hasher: inout Hasher) { hasher.combine(cornerRadius) }
  }
}

/// What a cell shows behind its content (`UIBackgroundConfiguration` where UIKit does not
/// exist): a colour and corners.
public struct HeadlessBackgroundConfiguration: Hashable, Sendable {
  /// Which of UIKit's standard backgrounds it started from (HeadlessUIKit only).
  public var style: String
  /// The background's colour; `nil` for the style's own.
  public var backgroundColor: HeadlessColor?
  /// The radius of the background's corners.
  public var cornerRadius: CGFloat = 0

  init(style: String) { self.style = style }

  /// A plain list cell's background.
  public static func listPlainCell() -> Self { Self(style: "listPlainCell") }
  /// A grouped list cell's background.
  public static func listGroupedCell() -> Self { Self(style: "listGroupedCell") }
  /// A sidebar cell's background.
  public static func listSidebarCell() -> Self { Self(style: "listSidebarCell") }
  /// A plain list header or footer's background.
  public static func listPlainHeaderFooter() -> Self { Self(style: "listPlainHeaderFooter") }
  /// No background.
  public static func clear() -> Self { Self(style: "clear") }

  /// Equal when every property is.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.style == rhs.style && lhs.backgroundColor == rhs.backgroundColor
      && lhs.cornerRadius == rhs.cornerRadius
  }
  /// Hashes the style.
  public func hash(into hasher: inout Hasher) { hasher.combine(style) }
}

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

/// A collection view cell styled as a row of a list (`UICollectionViewListCell` where UIKit
/// does not exist): a list content configuration, accessories, an indentation level.
@MainActor
open class HeadlessCollectionViewListCell: HeadlessCollectionViewCell {
  /// The accessories at the cell's sides.
  open var accessories: [HeadlessCellAccessory] = []
  /// How deep the cell is indented (an outline's level).
  open var indentationLevel = 0

  /// A list content configuration styled for a list cell.
  public func defaultContentConfiguration() -> HeadlessListContentConfiguration { .cell() }
}

extension HeadlessCollectionView {
  /// The user taps an accessory of a visible list cell: its action runs, as on a device
  /// (HeadlessUIKit only). Returns `false` when the item is not visible, its cell is not a list
  /// cell, or it has no such accessory with an action.
  @discardableResult
  public func userTapsAccessory(
    _ kind: HeadlessCellAccessory.Kind, ofItemAt indexPath: IndexPath
  ) -> Bool {
    guard let cell = cellForItem(at: indexPath) as? HeadlessCollectionViewListCell,
      let handler = cell.accessories.first(where: { $0.kind == kind })?.actionHandler
    else { return false }
    handler()
    return true
  }
}
