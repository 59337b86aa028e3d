import Bindery
import BinderySwiftUI
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A SwiftUI list's reading place (`listReadingPlace(_:)`, issue 66 item 12), through the
/// coordinator that decides it: a place saved at the last launch is restored once its item is
/// shown, the user's scroll reports the place — its item at once, how far into the row once the
/// scroll rests — and the app's state coming back never moves the reader.
@Suite("A SwiftUI list's reading place", .mainActorTurns)
@MainActor
struct BoundListReadingPlaceTests {
  /// How far the item's row is above the viewport's top edge, when it is on screen.
  func pointsIntoRow(
    _ id: Int, _ view: UICollectionView, _ binding: CollectionBinding<FlatSection, TestItem>
  ) -> CGFloat? {
    guard let path = binding.indexPath(for: id),
      let frame = view.layoutAttributesForItem(at: path)?.frame
    else { return nil }
    return view.contentOffset.y + view.adjustedContentInset.top - frame.minY
  }

  @Test func aSavedPlaceIsRestoredOnceItsItemIsShown() async throws {
    let (view, coordinator, binding) = try boundHostedList { $0.anchor(.end) }
    var told: [ReadingPlace<Int>?] = []
    coordinator.onReadingPlaceChange = { told.append($0) }
    // The saved place comes with the scene's state, before the first list: a chat opens there,
    // not at its end.
    coordinator.update(readingPlace: .item(150, pointsIntoRow: 12))
    #expect(await binding.apply(items: items(0..<300)))
    let into = try #require(pointsIntoRow(150, view, binding))
    #expect(abs(into - 12) < 0.5, "150 is 12 points under the top edge: \(into)")
    #expect(coordinator.readingPlace == .item(150, pointsIntoRow: Double(into)))
    #expect(told.last == coordinator.readingPlace)
    // SwiftUI's round trip hands the same place back: nothing moves.
    let offset = view.contentOffset.y
    coordinator.update(readingPlace: coordinator.readingPlace)
    #expect(view.contentOffset.y == offset)
  }

  @Test func theUsersScrollReportsTheItemAtOnceAndTheRowWhenItRests() async throws {
    let (view, coordinator, binding) = try boundHostedList()
    var told: [ReadingPlace<Int>?] = []
    coordinator.onReadingPlaceChange = { told.append($0) }
    #expect(await binding.apply(items: items(0..<300)))
    #expect(told.last == .item(0, pointsIntoRow: 0))
    // A drag within the first row: the item is the same, and the finger is still down.
    told.removeAll()
    view.userBeginsDragging()
    view.userDrags(by: 5)
    #expect(told.isEmpty, "mid-drag, within one row: nothing written")
    view.userEndsDragging(velocity: 0)
    #expect(told == [.item(0, pointsIntoRow: 5)], "at rest: where in the row")
    coordinator.update(readingPlace: told.last ?? nil)  // SwiftUI's round trip
    // A drag past rows: the new item is told at once.
    view.userBeginsDragging()
    view.userDrags(by: 1_000)
    let place = try #require(told.last ?? nil)
    guard case .item(let id, _) = place else { return #expect(Bool(false), "\(place)") }
    #expect(id != 0 && binding.indexPath(for: id) != nil)
    view.userEndsDragging(velocity: 0)
    // An update that comes before the app's state caught up hands the older place in again:
    // the reader is not scrolled back.
    let offset = view.contentOffset.y
    coordinator.update(readingPlace: .item(0, pointsIntoRow: 5))
    #expect(view.contentOffset.y == offset)
  }

  @Test func aChatAtItsEndReportsTheEnd() async throws {
    let (_, coordinator, binding) = try boundHostedList { $0.anchor(.end) }
    var told: [ReadingPlace<Int>?] = []
    coordinator.onReadingPlaceChange = { told.append($0) }
    #expect(await binding.apply(items: items(0..<80)))
    // The rows measured as the chat opens may move it off its end for a turn; it ends there.
    await eventually("the end reported") { told.last == .end }
    #expect(coordinator.readingPlace == .end)
    let written = told.count
    #expect(await binding.apply(items: items(0..<82)))
    await eventually("the turn's end") { !coordinator.isNotingReadingPlace }
    #expect(told.count == written, "still at the end: nothing new to write")
  }
}
