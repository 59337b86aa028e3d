import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A width and a height (`NSCollectionLayoutSize`).
@MainActor
public final class HeadlessLayoutSize {
  /// The width.
  public let widthDimension: HeadlessLayoutDimension
  /// The height.
  public let heightDimension: HeadlessLayoutDimension

  /// A size of two dimensions.
  public init(widthDimension: HeadlessLayoutDimension, heightDimension: HeadlessLayoutDimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }
}

/// One dimension of a layout size (`NSCollectionLayoutDimension`): absolute, a fraction of the
/// container's width or height, or an estimate the content replaces.
@MainActor
public final class HeadlessLayoutDimension {
  enum Kind { case fractionalWidth, fractionalHeight, absolute, estimated }
  let kind: Kind
  /// The value: points, or a fraction.
  public let dimension: CGFloat

  init(_ kind: Kind, _ dimension: CGFloat) {
    self.kind = kind
    self.dimension = dimension
  }

  /// A fraction of the container's width.
  public static func fractionalWidth(_ fraction: CGFloat) -> HeadlessLayoutDimension {
    .init(.fractionalWidth, fraction)
  }
  /// A fraction of the container's height.
  public static func fractionalHeight(_ fraction: CGFloat) -> HeadlessLayoutDimension {
    .init(.fractionalHeight, fraction)
  }
  /// Points.
  public static func absolute(_ points: CGFloat) -> HeadlessLayoutDimension {
    .init(.absolute, points)
  }
  /// An estimate in points, replaced by the size the content needs.
  public static func estimated(_ points: CGFloat) -> HeadlessLayoutDimension {
    .init(.estimated, points)
  }

  /// Whether it is a fraction of the container's width.
  public var isFractionalWidth: Bool { kind == .fractionalWidth }
  /// Whether it is a fraction of the container's height.
  public var isFractionalHeight: Bool { kind == .fractionalHeight }
  /// Whether it is in points.
  public var isAbsolute: Bool { kind == .absolute }
  /// Whether it is an estimate.
  public var isEstimated: Bool { kind == .estimated }

  /// The length in a container of `size`.
  func length(in size: CGSize) -> CGFloat {
    switch kind {
    case .fractionalWidth: dimension * size.width
    case .fractionalHeight: dimension * size.height
    case .absolute, .estimated: dimension
    }
  }
}
