import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A text label (`UILabel` where UIKit does not exist): its text and how it is set, readable
/// back in tests.
///
/// HeadlessUIKit draws no glyphs, so a label measures its text as if every character were
/// half its font's size wide, and lines ``HeadlessFont/lineHeight`` tall, wrapping at word
/// boundaries when ``numberOfLines`` allows more than one line. That is enough for cells that
/// size themselves from their labels to grow with their text and their font.
@MainActor
open class HeadlessLabel: HeadlessView {
  override var isAccessibilityElementByDefault: Bool { true }
  override var defaultAccessibilityLabel: String? { text }
  override var defaultAccessibilityTraits: HeadlessAccessibilityTraits { .staticText }

  /// The label's text; setting it replaces ``attributedText``.
  open var text: String? {
    didSet {
      storedAttributedText = nil
      if text != oldValue { invalidateIntrinsicContentSize() }
    }
  }

  /// The label's text with attributes; setting it sets ``text`` to its string.
  open var attributedText: NSAttributedString? {
    get { storedAttributedText ?? text.map { NSAttributedString(string: $0) } }
    set {
      text = newValue?.string
      storedAttributedText = newValue
    }
  }
  private var storedAttributedText: NSAttributedString?

  /// The font: the 17-point system font unless set.
  open var font: HeadlessFont {
    get { storedFont ?? .systemFont(ofSize: HeadlessFont.labelFontSize) }
    set {
      storedFont = newValue
      invalidateIntrinsicContentSize()
    }
  }
  private var storedFont: HeadlessFont?

  /// The text's colour: the label colour unless set.
  open var textColor: HeadlessColor {
    get { storedTextColor ?? .label }
    set { storedTextColor = newValue }
  }
  private var storedTextColor: HeadlessColor?

  /// The most lines the text takes; 0 for as many as it needs. 1 by default.
  open var numberOfLines = 1 {
    didSet { if numberOfLines != oldValue { invalidateIntrinsicContentSize() } }
  }

  /// How the lines line up.
  open var textAlignment = HeadlessTextAlignment.natural

  /// Where a line too long for the label breaks or is cut.
  open var lineBreakMode = HeadlessLineBreakMode.byTruncatingTail

  /// Whether the font follows the text size the user chose (Dynamic Type), for fonts made with
  /// `preferredFont(forTextStyle:)`.
  open var adjustsFontForContentSizeCategory = false

  /// Whether the font shrinks to fit the text in the width.
  open var adjustsFontSizeToFitWidth = false

  /// The smallest scale the font shrinks to.
  open var minimumScaleFactor: CGFloat = 0

  /// The width at which a label that wraps breaks its lines when it measures itself.
  open var preferredMaxLayoutWidth: CGFloat = 0

  /// The traits changed: a label that follows the text size takes its style's font at the new
  /// size, as UIKit's does.
  open override func traitCollectionDidChange(_ previousTraitCollection: HeadlessTraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    guard adjustsFontForContentSizeCategory, let style = font.textStyle else { return }
    font = .preferredFont(forTextStyle: style, compatibleWith: traitCollection)
  }

  /// The size the text needs within `size`'s width (see the type's note on measuring).
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let lines = measuredLines(width: size.width > 0 ? size.width : .greatestFiniteMagnitude)
    return CGSize(width: lines.width, height: CGFloat(lines.count) * font.lineHeight)
  }

  /// The size the text needs on one line, or wrapped at ``preferredMaxLayoutWidth``.
  open override var intrinsicContentSize: CGSize {
    sizeThatFits(CGSize(width: preferredMaxLayoutWidth, height: 0))
  }

  /// The size the label needs at `targetSize`'s width, for cells that size themselves.
  open override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    CGSize(width: targetSize.width, height: sizeThatFits(targetSize).height)
  }

  /// The lines the text breaks into at `width`, and the widest one's width.
  private func measuredLines(width: CGFloat) -> (count: Int, width: CGFloat) {
    Self.measuredLines(of: text, font: font, numberOfLines: numberOfLines, width: width)
  }

  /// The lines `text` breaks into at `width` in `font`, at most `numberOfLines` (0: as many as
  /// it takes), and the widest one's width: every character half the font's size wide, breaks
  /// at spaces and new lines.
  nonisolated static func measuredLines(
    of text: String?, font: HeadlessFont, numberOfLines: Int, width: CGFloat
  ) -> (count: Int, width: CGFloat) {
    guard let text, !text.isEmpty else { return (0, 0) }
    let characterWidth = font.pointSize / 2
    var lines = 0
    var widest: CGFloat = 0
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line: CGFloat = 0
      lines += 1
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        let wordWidth = CGFloat(word.count) * characterWidth
        let needed = line == 0 ? wordWidth : line + characterWidth + wordWidth
        if needed > width && line > 0 && numberOfLines != 1 {
          widest = max(widest, line)
          lines += 1
          line = wordWidth
        } else {
          line = needed
        }
      }
      widest = max(widest, min(line, width))
    }
    if numberOfLines > 0 { lines = min(lines, numberOfLines) }
    return (lines, widest)
  }
}
