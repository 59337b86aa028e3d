/// What a list engine keeps of its geometry between layouts, as UIKit keeps its row data (and
/// the header heights and titles it read) and its visible cells: the sections' frames, the
/// visible items and their cells, until something they are worked out from changes — the
/// counts, the viewport, the layout, the rows' heights, a layout pass, the cells.
///
/// Invariant: ``generation`` grows with every change, so that what was worked out while one
/// happened (a data source that changes the view from inside its answer) is not kept: keep a
/// result only if the generation is the one read before working it out.
struct KeptGeometry {
  /// The sections' frames (``ListEngine/sectionFrames()``).
  var sectionFrames: [SectionFrame]?
  /// The visible items for a read from outside a layout
  /// (``ListEngine/visibleIndexPathsForRead()``): those the last layout put on screen, or
  /// worked out by a read since something changed.
  var visibleItems: [IndexPath]?
  /// Their cells (``ListEngine/visibleCellsForRead()``), kept the same way.
  var visibleCells: [HeadlessReusableView]?
  /// How many changes there have been.
  private(set) var generation: UInt64 = 0

  /// Something the sections' geometry is worked out from changed: everything goes.
  mutating func geometryChanged() {
    sectionFrames = nil
    cellsChanged()
  }

  /// The cells changed, or the window: the visible items and cells go, the frames stay.
  mutating func cellsChanged() {
    visibleItems = nil
    visibleCells = nil
    generation &+= 1
  }
}
