import Foundation
import Testing

@testable import HeadlessUIKit

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A flow layout whose delegate gives items widths of their own (tags, chips, a "cloud"): lines
/// hold as many items as fit, spread across the room, a lone item in the middle, the last line
/// from its start (UIKit rules §4b).
@MainActor
@Suite("A flow layout's lines of items of their own widths")
struct FlowLinesTests {
  final class Tags: HeadlessCollectionViewDataSource, HeadlessCollectionViewDelegateFlowLayout {
    var widths: [CGFloat]
    var height: CGFloat = 30
    private(set) var sizeRequests = 0
    init(_ widths: [CGFloat]) { self.widths = widths }
    func collectionView(
      _ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int
    ) -> Int { widths.count }
    func collectionView(
      _ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath
    ) -> HeadlessCollectionViewCell {
      collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath)
    }
    func collectionView(
      _ collectionView: HeadlessCollectionView,
      layout collectionViewLayout: HeadlessCollectionViewLayout,
      sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
      sizeRequests += 1
      return CGSize(width: widths[indexPath[1]], height: height)
    }
  }

  /// A 320-point-wide grid with 10 points between items and lines, shown.
  func makeCloud(_ tags: Tags, inset: CGFloat = 0) -> HeadlessCollectionView {
    let layout = HeadlessCollectionViewFlowLayout()
    layout.minimumInteritemSpacing = 10
    layout.minimumLineSpacing = 10
    layout.sectionInset = HeadlessEdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
    let cloud = HeadlessCollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: layout)
    cloud.register(HeadlessCollectionViewCell.self, forCellWithReuseIdentifier: "tag")
    cloud.dataSource = tags
    cloud.delegate = tags
    KeepAlive.objects.append(tags)
    HeadlessWindow.show(cloud)
    return cloud
  }

  func frames(_ cloud: HeadlessCollectionView) -> [CGRect] {
    (0..<cloud.numberOfItems(inSection: 0)).map {
      cloud.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame ?? .zero
    }
  }

  @Test func linesHoldWhatFitsSpreadALoneItemCentredAndTheLastFromItsStart() {
    // 100 + 10 + 150 fits 320, 60 more does not; 300 is alone; 80 and 90 are the last line.
    let tags = Tags([100, 150, 60, 50, 300, 80, 90])
    let cloud = makeCloud(tags)
    #expect(tags.sizeRequests == 7, "one ask of the delegate an item, for both its lengths")
    let frames = frames(cloud)
    // Line 1: 100 and 150, the 70 points left between them.
    #expect(frames[0] == CGRect(x: 0, y: 0, width: 100, height: 30))
    #expect(frames[1] == CGRect(x: 170, y: 0, width: 150, height: 30))
    // Line 2: 60 and 50 (300 does not fit after them): spread too.
    #expect(frames[2] == CGRect(x: 0, y: 40, width: 60, height: 30))
    #expect(frames[3] == CGRect(x: 270, y: 40, width: 50, height: 30))
    // Line 3: 300 alone, in the middle.
    #expect(frames[4] == CGRect(x: 10, y: 80, width: 300, height: 30))
    // The last line: from its start, the minimum spacing between.
    #expect(frames[5] == CGRect(x: 0, y: 120, width: 80, height: 30))
    #expect(frames[6] == CGRect(x: 90, y: 120, width: 90, height: 30))
    #expect(cloud.contentSize.height == CGFloat(4 * 40 - 10))
    #expect(cloud.indexPathsForVisibleItems.count == 7)
    #expect(cloud.indexPathForItem(at: CGPoint(x: 200, y: 50)) == nil, "the gap of line 2")
    #expect(cloud.indexPathForItem(at: CGPoint(x: 280, y: 50)) == IndexPath(item: 3, section: 0))
  }

  /// The case: chips a third of the width sized by the delegate, where the layout's
  /// `itemSize` (UIKit's default, 50 × 50) would give five columns.
  @Test func theDelegatesWidthsDecideTheLinesNotTheItemSize() {
    let tags = Tags(Array(repeating: 100, count: 30))
    tags.height = 50
    let cloud = makeCloud(tags)
    // Three a line (100 + 10 + 100 + 10 + 100 = 320): ten lines of 50, 10 points apart.
    #expect(cloud.contentSize.height == CGFloat(10 * 50 + 9 * 10))
    let frames = frames(cloud)
    #expect(frames[2] == CGRect(x: 220, y: 0, width: 100, height: 50))
    #expect(frames[3].minY == 60)
    // One width throughout: the last line keeps the columns above it.
    let fewer = makeCloud(Tags(Array(repeating: 100, count: 4)))
    #expect(self.frames(fewer)[3] == CGRect(x: 0, y: 40, width: 100, height: 30))
    let singles = self.frames(makeCloud(Tags([200, 200])))
    #expect(singles.map(\.minX) == [60, 60], "one a line, every line's in the middle")
    let short = makeCloud(Tags([90, 90, 90, 90, 100]))
    #expect(self.frames(short)[3] == CGRect(x: 0, y: 40, width: 90, height: 30))
    #expect(self.frames(short)[4] == CGRect(x: 100, y: 40, width: 100, height: 30))
  }

  @Test func theSectionInsetsNarrowTheRoom() {
    let cloud = makeCloud(Tags([100, 100, 100, 80]), inset: 20)
    let frames = frames(cloud)
    // 280 points of room: two a line, spread to its ends; the last line from its start.
    #expect(frames[0].minX == 20 && frames[1].maxX == 300 && frames[2].minY == 40)
    #expect(frames[2].minX == 20 && frames[3].minX == 130)
  }

  @Test func aBatchAndANewWidthBreakTheLinesAgain() {
    let tags = Tags([100, 100, 100, 100])
    let cloud = makeCloud(tags)
    #expect(frames(cloud)[3].minY == 40)
    tags.widths.insert(200, at: 0)
    cloud.performBatchUpdates { cloud.insertItems(at: [IndexPath(item: 0, section: 0)]) }
    cloud.layoutIfNeeded()
    // 200 and 100, then three 100s, which fill the last line to its end.
    let after = frames(cloud)
    #expect(after[1] == CGRect(x: 220, y: 0, width: 100, height: 30))
    #expect(after[2].minY == 40 && after[4] == CGRect(x: 220, y: 40, width: 100, height: 30))
    cloud.frame = CGRect(x: 0, y: 0, width: 600, height: 320)
    cloud.layoutIfNeeded()
    // 600 points hold 200 and four 100s (640 with spacing does not): the last alone at its start.
    let wide = frames(cloud)
    #expect(wide[3].minY == 0 && wide[4] == CGRect(x: 0, y: 40, width: 100, height: 30))
  }

  @Test func itemsWiderThanTheRoomTakeALineEachAndAreReported() {
    let cloud = makeCloud(Tags([400, 50]))
    let frames = frames(cloud)
    #expect(frames[0].minY == 0 && frames[1].minY == 40)
    #expect(cloud.alerts.map(\.rule).contains(.itemTooWide))
  }

  @Test func breakingIntoLinesByWidth() {
    let lines = FlowLines(widths: [100, 150, 60, 50, 300, 80, 90], room: 320, spacing: 10)
    #expect(lines.lineCount == 4)
    #expect((0..<7).map(lines.line(ofItem:)) == [0, 0, 1, 1, 2, 3, 3])
    #expect(lines.itemRange(ofLine: 2) == 4..<5 && lines.itemRange(ofLine: 4).isEmpty)
    #expect(lines.widestLine == 2)
    #expect(FlowLines(widths: [], room: 320, spacing: 10).lineCount == 0)
    // Nonsense widths and spacing do not break it: none of them is below zero or infinite.
    let odd = FlowLines(widths: [.nan, -5, .infinity], room: 100, spacing: -.infinity)
    #expect(odd.lineCount == 1 && odd.spans.allSatisfy { $0.width == 0 })
  }
}
