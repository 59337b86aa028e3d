import Foundation
import Testing

@testable import HeadlessUIKit

/// The catalog's entries that HeadlessUIKit once modelled in part: section reloads and moves
/// beside other work, `reloadData()` inside a batch, a view released mid-update, self-sizing
/// cells of no height, flow items too wide by the delegate's size, and flow attributes changed
/// without copying (UIKit rules §7.8).
@Suite("UIKit's list assertions: the rest of the catalog")
@MainActor
struct CatalogRemainderTests {
  func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }

  // MARK: Section reloads and moves beside other work (§1.5 #15, #16)

  @Test func aTableDropsRowChangesInsideASectionItReloads() throws {
    // The reload is a delete and an insert of the section: what else happens inside is dropped.
    let update = BatchUpdate.with {
      $0.sectionReloads = [0]
      $0.itemInserts = [path(0, 3)]
      $0.itemDeletes = [path(0, 0)]
    }
    let plan = try BatchUpdateValidator(kind: .tableView)
      .validate(update, oldCounts: [3, 2], newCounts: [7, 2])
    #expect(plan.newCounts == [7, 2])
  }

  @Test func aCollectionViewRejectsTheReloadOfADisplacedSection() {
    // IGListKit#690: section 1 reloads while section 0 is inserted before it, so it is now 2.
    let update = BatchUpdate.with {
      $0.sectionInserts = [0]
      $0.sectionReloads = [1]
    }
    let found = violation(update, old: [1, 1], new: [1, 1, 1], kind: .collectionView)
    #expect(found?.message == "attempt to perform an insert and a move to the same section (2)")
    // In place, beside other work, it is a delete and an insert of the section.
    let inPlace = BatchUpdate.with {
      $0.sectionReloads = [0]
      $0.itemInserts = [path(1, 1)]
    }
    #expect(
      (try? BatchUpdateValidator(kind: .collectionView)
        .validate(inPlace, oldCounts: [1, 1], newCounts: [4, 2])) != nil)
  }

  @Test func aTableMiscountsARowReloadedBesideASectionMove() {
    // openradar 27041784: the reload's insert is placed without the section move, and the
    // count check fails for rows that did not change.
    let update = BatchUpdate.with {
      $0.sectionMoves = [.init(from: 0, to: 1)]
      $0.itemReloads = [path(0, 0)]
    }
    let found = violation(update, old: [3, 2], new: [2, 3])
    #expect(found?.rule == .invalidNumberOfItems)
    #expect(found?.message.hasPrefix("Invalid batch updates detected") == true)
  }

  // MARK: reloadData() inside a batch (§1.5 #20)

  @Test func operationsThatDoNotAddUpAfterAReloadInsideFailUIKitsCountCheck() {
    let (table, source) = makeTable(rows: 5)
    table.performBatchUpdates {
      source.rows[0].removeLast()
      table.reloadData()
      table.deleteRows(at: [path(0, 0)], with: .none)
    }
    #expect(table.violations.map(\.rule) == [.invalidNumberOfItems])
    #expect(table.violations.first?.isUIKitMessage == true)
    #expect(table.numberOfRows(inSection: 0) == 4)
  }

  // MARK: A view released mid-update (§7.1)

  @Test func aCollectionViewReleasedWhileAnUpdateAnimatesRaises() async {
    var reported: [UpdateViolation] = []
    do {
      let (grid, source) = makeGrid(items: 6)
      grid.onViolation = { reported.append($0) }
      let window = HeadlessWindow.show(grid)
      source.count = 7
      grid.insertItems(at: [path(0, 6)])
      grid.removeFromSuperview()
      withExtendedLifetime(window) {}
    }
    #expect(await yieldUntil { !reported.isEmpty })
    #expect(
      reported.map(\.message) == [
        "UICollectionView (<HeadlessCollectionView>) was deallocated while an update was in flight"
      ])
  }

  @Test func aCollectionViewReleasedAfterItsAnimationsIsFine() async {
    var reported: [UpdateViolation] = []
    var completed = false
    do {
      let (grid, source) = makeGrid(items: 6)
      grid.onViolation = { reported.append($0) }
      HeadlessWindow.show(grid)
      source.count = 7
      grid.performBatchUpdates({ grid.insertItems(at: [path(0, 6)]) }) { _ in completed = true }
      #expect(await yieldUntil { completed })
      grid.removeFromSuperview()
    }
    await Task.yield()
    #expect(reported.isEmpty)
  }

  // MARK: Self-sizing cells of no height (§4b)

  @Test func aSelfSizingCellOfNoHeightGetsAStandardOneAndAWarning() {
    final class Collapsed: HeadlessTableViewCell {
      override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        CGSize(width: targetSize.width, height: 0)
      }
    }
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    table.register(Collapsed.self, forCellReuseIdentifier: "row")
    let source = RowsDataSource([(0..<20).map { "r\($0)" }])
    KeepAlive.objects.append(source)
    table.dataSource = source
    HeadlessWindow.show(table)
    #expect(table.rectForRow(at: path(0, 1)).minY == 44)
    #expect(table.alerts.map(\.rule) == [.zeroSizeSelfSizingCell], "once")
    #expect(
      table.alerts.first?.message.hasPrefix(
        "Warning once only: Detected a case where constraints ambiguously suggest a height of "
          + "zero for a table view cell's content view.") == true)
    // A height of zero from the delegate is meant.
    final class NoHeight: HeadlessTableViewDelegate {
      func tableView(_ tableView: HeadlessTableView, heightForRowAt indexPath: IndexPath)
        -> CGFloat
      { indexPath[1] == 0 ? 0 : 44 }
    }
    let delegate = NoHeight()
    table.delegate = delegate
    table.reloadData()
    table.layoutIfNeeded()  // row 0, on screen, is measured as the reload lays out
    #expect(table.rectForRow(at: path(0, 1)).minY == 0)
  }

  // MARK: Flow layouts (§7.7)

  @Test func anItemTheDelegateSizesTooWideIsLogged() {
    final class Wide: HeadlessCollectionViewDelegateFlowLayout {
      func collectionView(
        _ collectionView: HeadlessCollectionView, layout: HeadlessCollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
      ) -> CGSize { CGSize(width: indexPath[1] == 2 ? 400 : 300, height: 50) }
    }
    let layout = HeadlessCollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 300, height: 50)
    let (grid, _) = makeGrid(items: 5)
    grid.collectionViewLayout = layout
    let delegate = Wide()
    grid.delegate = delegate
    HeadlessWindow.show(grid)
    #expect(grid.alerts.map(\.rule) == [.itemTooWide])
    #expect(
      grid.alerts.first?.message.contains("Please check the values returned by the delegate.")
        == true)
  }

  @Test func flowAttributesChangedWithoutCopyingAreLoggedOnce() {
    final class Shifting: HeadlessCollectionViewFlowLayout {
      override func layoutAttributesForElements(in rect: CGRect)
        -> [HeadlessCollectionViewLayoutAttributes]?
      {
        let attributes = super.layoutAttributesForElements(in: rect)
        attributes?.first?.frame.origin.x += 1  // changed in place, not copied
        return attributes
      }
    }
    let layout = Shifting()
    layout.itemSize = CGSize(width: 100, height: 100)
    let (grid, _) = makeGrid(items: 6)
    grid.collectionViewLayout = layout
    HeadlessWindow.show(grid)
    grid.scroll(by: 10)
    grid.scroll(by: 10)
    #expect(grid.alerts.map(\.rule) == [.cachedFrameMismatch])
    #expect(
      grid.alerts.first?.message.hasPrefix(
        "Logging only once for UICollectionViewFlowLayout cache mismatched frame") == true)
  }
}
