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

  /// The size a list row's content needs at `targetSize`'s width, measured from its texts in
  /// their Dynamic Type styles at the text size of `traits` (UIKit rules §4b): the text in body,
  /// the secondary text under it in subheadline (``HeadlessListContentConfiguration/Style/subtitleCell``
  /// and ``HeadlessListContentConfiguration/Style/cell``) or beside it in body (a value cell),
  /// wrapped as ``HeadlessListContentConfiguration/TextProperties/numberOfLines`` allows, inside
  /// margins of 11 points above and below and 16 at the sides (20 on a screen 414 points wide or
  /// more), after the image; never less than 44 points, a row's height at the default size.
  /// Headers and footers measure as other views do.
  func fittingSize(_ targetSize: CGSize, traits: HeadlessTraitCollection) -> CGSize {
    guard let list = configuration as? HeadlessListContentConfiguration,
      [.cell, .subtitleCell, .valueCell].contains(list.style)
    else { return systemLayoutSizeFitting(targetSize) }
    let side: CGFloat = targetSize.width >= 414 ? 20 : 16
    var width = targetSize.width - 2 * side
    if let image = list.image {
      let shown =
        list.imageProperties.maximumSize.width > 0
        ? min(image.size.width, list.imageProperties.maximumSize.width) : image.size.width
      width -= shown + 16
    }
    let body = HeadlessFont.preferredFont(forTextStyle: .body, compatibleWith: traits)
    let secondaryFont =
      list.style == .valueCell
      ? body : HeadlessFont.preferredFont(forTextStyle: .subheadline, compatibleWith: traits)
    func height(_ text: String?, _ font: HeadlessFont, _ lines: Int, _ width: CGFloat) -> CGFloat {
      let measured = HeadlessLabel.measuredLines(
        of: text, font: font, numberOfLines: lines, width: max(1, width))
      return CGFloat(measured.count) * font.lineHeight
    }
    let textHeight = height(list.text, body, list.textProperties.numberOfLines, width)
    let content: CGFloat
    switch list.style {
    case .valueCell:
      let secondary = height(
        list.secondaryText, secondaryFont, list.secondaryTextProperties.numberOfLines, width / 2)
      let text = height(list.text, body, list.textProperties.numberOfLines, width / 2)
      content = max(text, secondary)
    default:
      let secondary = height(
        list.secondaryText, secondaryFont, list.secondaryTextProperties.numberOfLines, width)
      content = textHeight + (secondary > 0 && textHeight > 0 ? 3 : 0) + secondary
    }
    let imageHeight =
      list.image.map {
        list.imageProperties.maximumSize.height > 0
          ? min($0.size.height, list.imageProperties.maximumSize.height) : $0.size.height
      } ?? 0
    return CGSize(width: targetSize.width, height: max(44, max(content, imageHeight) + 22))
  }

  /// HeadlessUIKit has no archives.
  public required init?(coder: NSCoder) {
    configuration = HeadlessListContentConfiguration.cell()
    super.init(coder: coder)
  }
}
