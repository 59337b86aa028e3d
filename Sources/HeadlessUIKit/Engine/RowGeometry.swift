import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// How the rows of a single-column list get heights of their own, and what the engine learnt
/// of those heights: the sizing rule, each section's row heights (estimated or measured), the
/// rows whose negative height was reported, and the content-offset corrections measuring made.
///
/// Invariants: ``heights`` is `nil` until the engine first lays rows out by ``sizing``, and
/// becomes `nil` again whenever ``sizing`` is set or UIKit would forget its heights
/// (`reloadData()`, a new width); a row's negative height is reported once.
///
/// It only stores: the engine asks the delegate and the cells for heights outside any access
/// to it, as they may call back into the view.
struct RowGeometry {
  /// How rows get heights of their own; `nil` lays every line out at ``LineLayout/rowHeight``.
  /// Setting it forgets every height.
  var sizing: RowSizing? {
    didSet { heights = nil }
  }
  /// Each section's row heights while ``sizing`` applies; `nil` until read, and after anything
  /// that makes UIKit forget its heights.
  var heights: [RowHeights]?
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
