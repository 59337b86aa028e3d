import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What a section provider is told about the space it lays out in
/// (`NSCollectionLayoutEnvironment`).
@MainActor
public protocol HeadlessLayoutEnvironment {
  /// The container: the collection view's size, less its insets.
  var container: any HeadlessLayoutContainer { get }
}

/// The space a layout lays out in (`NSCollectionLayoutContainer`).
@MainActor
public protocol HeadlessLayoutContainer {
  /// The container's size.
  var contentSize: CGSize { get }
  /// The container's size less its insets.
  var effectiveContentSize: CGSize { get }
}

struct LayoutContainer: HeadlessLayoutContainer {
  var contentSize: CGSize
  var effectiveContentSize: CGSize { contentSize }
}

struct LayoutEnvironment: HeadlessLayoutEnvironment {
  var container: any HeadlessLayoutContainer
}
