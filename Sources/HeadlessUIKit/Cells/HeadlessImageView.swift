import Foundation

/// A view that shows an image (`UIImageView` where UIKit does not exist).
@MainActor
open class HeadlessImageView: HeadlessView {
  /// The image shown.
  open var image: HeadlessImage?

  /// The image shown while the view is highlighted.
  open var highlightedImage: HeadlessImage?

  /// Whether the view shows its highlighted image.
  open var isHighlighted = false

  /// Creates an image view showing an image.
  public convenience init(image: HeadlessImage?) {
    self.init(frame: .zero)
    self.image = image
  }

  /// Creates an image view showing an image, and another when highlighted.
  public convenience init(image: HeadlessImage?, highlightedImage: HeadlessImage?) {
    self.init(image: image)
    self.highlightedImage = highlightedImage
  }

  /// The image's size.
  open override var intrinsicContentSize: CGSize {
    image?.size ?? super.intrinsicContentSize
  }

  /// The image's size: an image view fits its image.
  open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
}
