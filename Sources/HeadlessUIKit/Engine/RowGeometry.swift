import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// How the items of a list get heights of their own, and what the engine learnt of those
/// heights: the view's sizing rule, each section's item heights (estimated or measured) in its
/// lines, the rows whose negative height was reported, and the content-offset corrections
/// measuring made.
///
/// Invariants: ``heights`` is `nil` until the engine first lays rows out by ``sizing``, and
/// becomes `nil` again whenever ``sizing`` is set or UIKit would forget its heights
/// (`reloadData()`, a new width); a row's negative height is reported once.
///
/// It only stores: the engine asks the delegate and the cells for heights outside any access
/// to it, as they may call back into the view.
struct RowGeometry {
  /// How the view's rows get heights of their own; `nil` lays every line out at its section's
  /// line height (a section may still size its items itself). Setting it forgets every height.
  var sizing: RowSizing? {
    didSet { heights = nil }
  }
  /// Each section's item heights, for the sections whose items have heights of their own (a
  /// `nil` section is laid out in lines of one height); `nil` until read, and after anything
  /// that makes UIKit forget its heights.
  var heights: [SectionHeights?]?
  /// Rows whose negative height was reported, so that each is reported once.
  private var reportedNegativeHeights: Set<IndexPath> = []
  /// The content-offset corrections made because a row above the viewport's top turned out
  /// taller or shorter than its estimate (HeadlessUIKit's record).
  private(set) var offsetCorrections: [OffsetCorrection] = []

  /// Forgets every row's height, as UIKit does on `reloadData()` or at a new width.
  mutating func forgetHeights() {
    heights = nil
  }

  /// Notes that the row at `path` has a negative height; returns whether it is the first time,
  /// and so to be reported.
  mutating func noteNegativeHeight(at path: IndexPath) -> Bool {
    reportedNegativeHeights.insert(path).inserted
  }

  /// Records a content-offset correction.
  mutating func recordCorrection(_ correction: OffsetCorrection) {
    offsetCorrections.append(correction)
  }
}
