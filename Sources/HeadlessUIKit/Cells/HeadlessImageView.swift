import Foundation

/// A view that shows an image (`UIImageView` where UIKit does not exist).
@MainActor
open class HeadlessImageView: HeadlessView {
  /// The image shown.
  open var image: HeadlessImage?

  /// Creates an image view showing an image.
  public convenience init(image: HeadlessImage?) {
    self.init(frame: .zero)
    self.image = image
  }
}
