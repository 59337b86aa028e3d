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

  /// An image from the app's asset catalog. HeadlessUIKit has no asset catalog: any name gives
  /// a 1 × 1 image with that name (UIKit returns `nil` for a name it does not have).
  public convenience init?(named name: String) {
    self.init(size: CGSize(width: 1, height: 1), name: name)
  }

  /// A system symbol (SF Symbols). HeadlessUIKit has no symbols: any name gives a 20 × 20 image
  /// with that name.
  public convenience init?(systemName name: String) {
    self.init(size: CGSize(width: 20, height: 20), name: name)
  }

  /// An image of a size, with a name to recognise it by in tests (HeadlessUIKit only): a
  /// loader in a test returns `UIImage(size: …, name: "avatar 7")`, and the test reads
  /// `cell.imageView?.image?.name` to see which image a cell shows.
  public init(size: CGSize, name: String? = nil) {
    self.size = size
    self.name = name
  }

  /// The name, or the size.
  public var description: String { name ?? "image \(size.width)×\(size.height)" }
}
