import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// An image (`UIImage` where UIKit does not exist): it has a size and nothing to draw.
public final class HeadlessImage: Sendable, CustomStringConvertible {
  /// The image's size in points.
  public let size: CGSize
  /// Pixels per point: 1 here (UIKit's `scale`; 2 or 3 for images drawn for a Retina screen).
  public var scale: CGFloat { 1 }
  /// A name, for tests and descriptions; `nil` for images made from data.
  public let name: String?

  /// An empty image.
  public convenience init() {
    self.init(size: .zero, name: nil)
  }

  /// An image decoded from data; `nil` when the data is empty. HeadlessUIKit decodes nothing:
  /// any bytes make a 1 × 1 image.
  public convenience init?(data: Data) {
    guard !data.isEmpty else { return nil }
    self.init(size: CGSize(width: 1, height: 1), name: nil)
  }

  /// An image of a size, with a name to recognise it by in tests (HeadlessUIKit only).
  public init(size: CGSize, name: String? = nil) {
    self.size = size
    self.name = name
  }

  /// The name, or the size.
  public var description: String { name ?? "image \(size.width)×\(size.height)" }
}
