import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A collection view's supplementary view, and the base of its cells
/// (`UICollectionReusableView` where UIKit does not exist).
@MainActor
open class HeadlessCollectionReusableView: HeadlessReusableView {
  /// Creates a view.
  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// How a collection view makes a registered class's view (HeadlessUIKit only): with
  /// `init(frame: .zero)`. Subclasses inherit it (see ``HeadlessReusableView``).
  public required convenience init(registeredWith reuseIdentifier: String?) {
    self.init(frame: .zero)
  }

  /// Creates a view from an archive (UIKit's required initializer).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}
