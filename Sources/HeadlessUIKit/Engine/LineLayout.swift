import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What the view's layout says about laying items out in lines: the line length, the items
/// per line and the room around each section's items for every section alike (a table, a flow
/// layout). A layout that gives each section its own (a compositional layout) answers through
/// ``ListEngineHost/sectionLayout(_:)``.
///
/// Invariant: ``uniform`` has at least one column, whatever ``columns`` says (the engine
/// clamps a section's own layout likewise).
struct LineLayout {
  /// Each line's length along the scroll, spacing included.
  var rowHeight: CGFloat = ListEngine.defaultRowHeight
  /// The part of ``rowHeight`` that is room between lines: none follows the last line.
  var lineSpacing: CGFloat = 0
  /// Items per line; below 1 reads as 1.
  var columns = 1
  /// Room a flow layout leaves around each section's items, along the scroll and across it.
  var sectionInsets: (start: CGFloat, end: CGFloat) = (0, 0)
  var crossInsets: (start: CGFloat, end: CGFloat) = (0, 0)
  /// Whether the layout may give a section items that size themselves (a compositional
  /// layout's estimated groups), so that the engine asks each section.
  var sectionsMaySizeThemselves = false
  /// Whether an item shorter than its line sits in the line's middle (a flow layout's).
  var centersItemsInLine = false

  /// The layout of a section that has none of its own: ``columns`` lines of ``rowHeight``,
  /// with the insets.
  var uniform: SectionLayout {
    SectionLayout(
      columns: max(1, columns), lineHeight: rowHeight, lineSpacing: lineSpacing,
      insets: sectionInsets,
      crossInsets: crossInsets, centersItemsInLine: centersItemsInLine)
  }
}
