import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// UIKit's modern cell API (iOS 14): content and background configurations, list cells and
// their accessories, colours, each in a file of its own in this folder. HeadlessUIKit draws
// nothing; it keeps the values so that tests can read what a cell shows, and it calls what the
// user would trigger (an accessory's action).

/// What a view shows, as a value (`UIContentConfiguration` where UIKit does not exist): set it
/// on a cell or a header and the view shows it.
public protocol HeadlessContentConfiguration {
  /// A view that shows this configuration.
  @MainActor func makeContentView() -> any HeadlessView & HeadlessContentView
  /// The configuration for a state of its view (selected, highlighted, …).
  func updated(for state: any HeadlessConfigurationState) -> Self
}

/// A view that shows a content configuration (`UIContentView` where UIKit does not exist).
@MainActor
public protocol HeadlessContentView: AnyObject {
  /// The configuration it shows.
  var configuration: any HeadlessContentConfiguration { get set }
}

/// A view's state, for configurations (`UIConfigurationState` where UIKit does not exist).
public protocol HeadlessConfigurationState {}
