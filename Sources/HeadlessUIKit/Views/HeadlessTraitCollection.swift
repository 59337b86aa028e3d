import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The traits a view is shown with (`UITraitCollection`): its interface style, the text size the
/// user chose, and its size classes. A view has its window's traits, with what a view or a
/// controller on the way overrides (`overrideUserInterfaceStyle`).
public struct HeadlessTraitCollection: Sendable, Hashable, CustomStringConvertible {
  /// Light or dark (`UIUserInterfaceStyle`).
  public enum UserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
  }

  /// A size class (`UIUserInterfaceSizeClass`).
  public enum SizeClass: Int, Sendable {
    case unspecified, compact, regular
  }

  /// Light or dark; light on a new window.
  public var userInterfaceStyle = UserInterfaceStyle.light
  /// The text size the user chose in Settings; Large, the default, on a new window.
  public var preferredContentSizeCategory = HeadlessContentSizeCategory.large
  /// The width's size class: compact on a phone in either orientation.
  public var horizontalSizeClass = SizeClass.compact
  /// The height's size class: regular on a phone upright, compact on its side.
  public var verticalSizeClass = SizeClass.regular
  /// Pixels per point: 3 on the phone HeadlessUIKit models.
  public var displayScale: CGFloat = 3

  /// Traits with UIKit's values for a phone held upright.
  public init() {}

  /// Traits made by changing some of another's (iOS 17's `modifyingTraits(_:)`).
  public func modifyingTraits(_ change: (inout HeadlessTraitCollection) -> Void)
    -> HeadlessTraitCollection
  {
    var traits = self
    change(&traits)
    return traits
  }

  /// The traits that differ between two collections.
  func changedTraits(from other: HeadlessTraitCollection) -> Set<HeadlessTrait> {
    var changed: Set<HeadlessTrait> = []
    if userInterfaceStyle != other.userInterfaceStyle { changed.insert(.userInterfaceStyle) }
    if preferredContentSizeCategory != other.preferredContentSizeCategory {
      changed.insert(.preferredContentSizeCategory)
    }
    if horizontalSizeClass != other.horizontalSizeClass { changed.insert(.horizontalSizeClass) }
    if verticalSizeClass != other.verticalSizeClass { changed.insert(.verticalSizeClass) }
    if displayScale != other.displayScale { changed.insert(.displayScale) }
    return changed
  }

  /// Whether a change between two collections may change a color's look (the interface style).
  public func hasDifferentColorAppearance(comparedTo other: HeadlessTraitCollection?) -> Bool {
    userInterfaceStyle != other?.userInterfaceStyle
  }

  /// The traits, by name.
  public var description: String {
    "traits(style: \(userInterfaceStyle), size: \(preferredContentSizeCategory.rawValue), "
      + "classes: \(horizontalSizeClass)/\(verticalSizeClass))"
  }
}

/// One trait of a collection, named as iOS 17 registers for changes of it
/// (`UITraitUserInterfaceStyle.self`, …).
public enum HeadlessTrait: Hashable, Sendable {
  case userInterfaceStyle, preferredContentSizeCategory, horizontalSizeClass, verticalSizeClass,
    displayScale
}

/// A trait a view can register for changes of (iOS 17's `UITraitDefinition`).
public protocol HeadlessTraitDefinition {
  /// The trait.
  static var trait: HeadlessTrait { get }
}

/// The interface style, for ``HeadlessView/registerForTraitChanges(_:handler:)``.
public enum HeadlessTraitUserInterfaceStyle: HeadlessTraitDefinition {
  /// The trait.
  public static var trait: HeadlessTrait { .userInterfaceStyle }
}
/// The text size, for ``HeadlessView/registerForTraitChanges(_:handler:)``.
public enum HeadlessTraitPreferredContentSizeCategory: HeadlessTraitDefinition {
  /// The trait.
  public static var trait: HeadlessTrait { .preferredContentSizeCategory }
}
/// The width's size class, for ``HeadlessView/registerForTraitChanges(_:handler:)``.
public enum HeadlessTraitHorizontalSizeClass: HeadlessTraitDefinition {
  /// The trait.
  public static var trait: HeadlessTrait { .horizontalSizeClass }
}
/// The height's size class, for ``HeadlessView/registerForTraitChanges(_:handler:)``.
public enum HeadlessTraitVerticalSizeClass: HeadlessTraitDefinition {
  /// The trait.
  public static var trait: HeadlessTrait { .verticalSizeClass }
}

/// A text size the user can choose (`UIContentSizeCategory`), smallest first.
public struct HeadlessContentSizeCategory: RawRepresentable, Hashable, Sendable, Comparable {
  /// UIKit's name for the size.
  public let rawValue: String
  /// A size by UIKit's name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// No size set.
  public static let unspecified = Self(rawValue: "_UICTContentSizeCategoryUnspecified")
  /// Extra small.
  public static let extraSmall = Self(rawValue: "UICTContentSizeCategoryXS")
  /// Small.
  public static let small = Self(rawValue: "UICTContentSizeCategoryS")
  /// Medium.
  public static let medium = Self(rawValue: "UICTContentSizeCategoryM")
  /// The default.
  public static let large = Self(rawValue: "UICTContentSizeCategoryL")
  /// Extra large.
  public static let extraLarge = Self(rawValue: "UICTContentSizeCategoryXL")
  /// Extra extra large.
  public static let extraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXL")
  /// The largest of the standard sizes.
  public static let extraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXXL")
  /// The first of the larger accessibility sizes.
  public static let accessibilityMedium = Self(rawValue: "UICTContentSizeCategoryAccessibilityM")
  /// An accessibility size.
  public static let accessibilityLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityL")
  /// An accessibility size.
  public static let accessibilityExtraLarge = Self(
    rawValue: "UICTContentSizeCategoryAccessibilityXL")
  /// An accessibility size.
  public static let accessibilityExtraExtraLarge = Self(
    rawValue: "UICTContentSizeCategoryAccessibilityXXL")
  /// The largest accessibility size.
  public static let accessibilityExtraExtraExtraLarge = Self(
    rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

  /// Every size, smallest first.
  static let ordered: [Self] = [
    .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
    .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge,
    .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
  ]

  /// Whether it is one of the accessibility sizes.
  public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }

  /// Where this text size is among the twelve, smallest first (`unspecified` as Large).
  var sizeIndex: Int { Self.ordered.firstIndex(of: self) ?? 3 }

  /// Smaller sizes first; `unspecified` as Large.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (ordered.firstIndex(of: lhs) ?? 3) < (ordered.firstIndex(of: rhs) ?? 3)
  }
}
