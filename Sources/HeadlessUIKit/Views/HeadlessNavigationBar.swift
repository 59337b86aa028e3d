import Foundation

/// A navigation controller's bar (`UINavigationBar` where UIKit does not exist): how it looks,
/// kept as set. Its height is ``HeadlessNavigationController/navigationBarHeight``.
@MainActor
open class HeadlessNavigationBar: HeadlessView {
  /// How the bar looks at rest.
  open var standardAppearance = HeadlessNavigationBarAppearance()
  /// How it looks when the content is scrolled to its top edge; the standard appearance when
  /// `nil`.
  open var scrollEdgeAppearance: HeadlessNavigationBarAppearance?
  /// How it looks in a compact height; the standard appearance when `nil`.
  open var compactAppearance: HeadlessNavigationBarAppearance?
  /// Whether screens show large titles (a taller bar on a device; HeadlessUIKit keeps 44
  /// points).
  open var prefersLargeTitles = false
  /// The colour of the bar's buttons.
  open var barTintColor: HeadlessColor?
}

/// How a navigation bar looks (`UINavigationBarAppearance`, iOS 13): its background, shadow and
/// title attributes, kept as set.
@MainActor
open class HeadlessNavigationBarAppearance {
  /// The background it was configured with (HeadlessUIKit only): `default`, `opaque` or
  /// `transparent`.
  public private(set) var backgroundStyle = "default"
  /// The background colour.
  open var backgroundColor: HeadlessColor?
  /// The shadow line's colour; `nil` hides it.
  open var shadowColor: HeadlessColor? = .separator
  /// The title's text attributes.
  open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
  /// The large title's text attributes.
  open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]

  /// An appearance with the default background.
  public init() {}

  /// An appearance like another.
  public init(barAppearance: HeadlessNavigationBarAppearance) {
    backgroundStyle = barAppearance.backgroundStyle
    backgroundColor = barAppearance.backgroundColor
    shadowColor = barAppearance.shadowColor
    titleTextAttributes = barAppearance.titleTextAttributes
    largeTitleTextAttributes = barAppearance.largeTitleTextAttributes
  }

  /// The default background: translucent, with a shadow.
  open func configureWithDefaultBackground() {
    backgroundStyle = "default"
    backgroundColor = nil
    shadowColor = .separator
  }

  /// An opaque background of the system's colour, with a shadow.
  open func configureWithOpaqueBackground() {
    backgroundStyle = "opaque"
    backgroundColor = .systemBackground
    shadowColor = .separator
  }

  /// No background and no shadow.
  open func configureWithTransparentBackground() {
    backgroundStyle = "transparent"
    backgroundColor = .clear
    shadowColor = nil
  }
}

#if !canImport(UIKit)
  extension NSAttributedString.Key {
    /// The text's colour (UIKit's key, which Linux's Foundation lacks).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The text's font (UIKit's key, which Linux's Foundation lacks).
    public static let font = NSAttributedString.Key("NSFont")
  }
#endif
