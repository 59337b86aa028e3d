import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A header or footer of a section (`NSCollectionLayoutBoundarySupplementaryItem`).
@MainActor
public final class HeadlessLayoutBoundarySupplementaryItem: HeadlessLayoutItem {
  /// The element kind it is dequeued for.
  public let elementKind: String
  /// Where it sits: above (a header) or below (a footer) the section.
  public let alignment: HeadlessRectAlignment
  /// Whether it stays on screen while its section scrolls by.
  public var pinToVisibleBounds = false

  /// A header (`alignment: .top`) or footer (`.bottom`) of an element kind.
  public init(
    layoutSize: HeadlessLayoutSize, elementKind: String, alignment: HeadlessRectAlignment
  ) {
    self.elementKind = elementKind
    self.alignment = alignment
    super.init(layoutSize: layoutSize)
  }
}

/// Where a boundary supplementary item sits (`NSRectAlignment` where UIKit does not exist).
public enum HeadlessRectAlignment: Int, Sendable {
  /// Nowhere in particular.
  case none
  /// Above (a header).
  case top
  /// Above, at the leading edge.
  case topLeading
  /// At the leading edge.
  case leading
  /// Below, at the leading edge.
  case bottomLeading
  /// Below (a footer).
  case bottom
  /// Below, at the trailing edge.
  case bottomTrailing
  /// At the trailing edge.
  case trailing
  /// Above, at the trailing edge.
  case topTrailing
}
