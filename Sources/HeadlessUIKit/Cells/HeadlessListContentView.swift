import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The view that shows a list content configuration (`UIListContentView` where UIKit does not
/// exist); HeadlessUIKit draws nothing.
@MainActor
public final class HeadlessListContentView: HeadlessView, HeadlessContentView {
  /// The configuration shown.
  public var configuration: any HeadlessContentConfiguration

  /// A view showing a configuration.
  public init(configuration: HeadlessListContentConfiguration) {
    self.configuration = configuration
    super.init(frame: .zero)
  }

  /// HeadlessUIKit has no archives.
  public required init?(coder: NSCoder) {
    configuration = HeadlessListContentConfiguration.cell()
    super.init(coder: coder)
  }
}
