import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A collection view's supplementary view, and the base of its cells
/// (`UICollectionReusableView` where UIKit does not exist).
@MainActor
open class HeadlessCollectionReusableView: HeadlessReusableView {
  /// Creates a view. `required` so that a registered class can be created from its type (see
  /// ``HeadlessReusableView``).
  public required override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// Creates a view from an archive (UIKit's required initializer).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}
