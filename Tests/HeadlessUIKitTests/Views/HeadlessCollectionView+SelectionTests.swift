import Foundation
import HeadlessUIKit
import Testing

/// A delegate that writes down what it is told of selection.
@MainActor
final class SelectionLog: HeadlessCollectionViewDelegate {
  var events: [String] = []
  func collectionView(
    _ collectionView: HeadlessCollectionView, didSelectItemAt indexPath: IndexPath
  ) {
    events.append("select \(indexPath.item)")
  }
  func collectionView(
    _ collectionView: HeadlessCollectionView, didDeselectItemAt indexPath: IndexPath
  ) {
    events.append("deselect \(indexPath.item)")
  }
}

/// A collection view of `count` items in one section, on screen.
@MainActor
final class SelectionFixture: HeadlessCollectionViewDataSource {
  var count: Int
  let view: HeadlessCollectionView
  let log = SelectionLog()

  init(count: Int) {
    self.count = count
    let layout = HeadlessCollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 320, height: 44)
    view = HeadlessCollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: layout)
    view.register(HeadlessCollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = self
    view.delegate = log
    HeadlessWindow.show(view)
  }

  func collectionView(_ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int)
    -> Int
  { count }

  func collectionView(
    _ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath
  ) -> HeadlessCollectionViewCell {
    collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
  }

  var selected: [Int] { (view.indexPathsForSelectedItems ?? []).map(\.item).sorted() }
}

@MainActor
@Suite("Collection view selection (UIKit rules §4d)")
struct CollectionSelectionTests {
  @Test func codeSelectsSilentlyAndTheUsersTapTellsTheDelegate() {
    let fixture = SelectionFixture(count: 20)
    fixture.view.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: [])
    #expect(fixture.selected == [3])
    #expect(fixture.log.events.isEmpty)
    #expect(fixture.view.contentOffset.y == 0, "an empty scroll position does not scroll")
    fixture.view.userSelectsItem(at: IndexPath(item: 5, section: 0))
    #expect(fixture.selected == [5])
    #expect(fixture.log.events == ["deselect 3", "select 5"])
  }

  @Test func multipleSelectionTogglesAndOffSelectsNothing() {
    let fixture = SelectionFixture(count: 20)
    fixture.view.allowsMultipleSelection = true
    fixture.view.userSelectsItem(at: IndexPath(item: 1, section: 0))
    fixture.view.userSelectsItem(at: IndexPath(item: 2, section: 0))
    fixture.view.userSelectsItem(at: IndexPath(item: 1, section: 0))
    #expect(fixture.selected == [2])
    #expect(fixture.log.events == ["select 1", "select 2", "deselect 1"])
    fixture.view.allowsSelection = false
    #expect(fixture.selected == [])
    fixture.view.userSelectsItem(at: IndexPath(item: 4, section: 0))
    #expect(fixture.selected == [])
  }

  @Test func batchesCarryTheSelectionAndReloadsDropIt() {
    let fixture = SelectionFixture(count: 20)
    fixture.view.allowsMultipleSelection = true
    for item in [2, 5, 9] {
      fixture.view.selectItem(
        at: IndexPath(item: item, section: 0), animated: false, scrollPosition: [])
    }
    fixture.count = 20
    fixture.view.performBatchUpdates {
      fixture.view.deleteItems(at: [IndexPath(item: 5, section: 0)])
      fixture.view.insertItems(at: [IndexPath(item: 0, section: 0)])
      fixture.view.moveItem(at: IndexPath(item: 9, section: 0), to: IndexPath(item: 19, section: 0))
    }
    #expect(fixture.selected == [3, 19])
    fixture.view.reloadItems(at: [IndexPath(item: 3, section: 0)])
    #expect(fixture.selected == [19])
    fixture.view.reloadData()
    #expect(fixture.selected == [])
    #expect(fixture.view.violations.isEmpty)
  }
}
