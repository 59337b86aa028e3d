import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Observation
import Testing

/// An id that is an object, so that a test can tell whether anything still holds it.
final class RowTag: Hashable, Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
  static func == (lhs: RowTag, rhs: RowTag) -> Bool { lhs.number == rhs.number }
  func hash(into hasher: inout Hasher) { hasher.combine(number) }
}

struct TaggedRow: Identifiable, Equatable, Sendable {
  let id: RowTag
}

@MainActor @Observable
final class TaggedRows {
  var rows: [TaggedRow] = []
}

/// Settings every cell reads (a text size, a theme): shared by all rows.
@MainActor @Observable
final class SharedSettings {
  var showsNames = true
}

/// A cell's observation ends with the cell: what Observation keeps registered is bounded by the
/// cells the view made, not by the rows ever shown, and a stopped binding's cells follow
/// nothing.
@Suite("Observation that ends with its cell", .mainActorTurns)
@MainActor
struct ObservationLifetimeTests {
  @Test func rowsScrolledPastAreNotKeptByWhatTheirCellsRead() async {
    let table = makeTable()
    let settings = SharedSettings()
    var cells: Set<ObjectIdentifier> = []
    var configured = 0
    let binding = table.bind(to: .sequence(AsyncStream<[TaggedRow]> { _ in })) {
      tableView, indexPath, row in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = settings.showsNames ? "row \(row.id.number)" : ""
      cells.insert(ObjectIdentifier(cell))
      configured += 1
      return cell
    }
    weak var firstTag: RowTag?
    weak var lastTag: RowTag?
    do {
      let rows = (0..<2_000).map { TaggedRow(id: RowTag($0)) }
      firstTag = rows.first?.id
      lastTag = rows.last?.id
      #expect(await binding.apply(items: rows))
    }
    for _ in 0..<3 {
      for row in stride(from: 0, to: 2_000, by: 10) {
        table.scrollToRow(at: IndexPath(row: row, section: 0), at: .top, animated: false)
        table.layoutIfNeeded()
      }
      table.setContentOffset(.zero, animated: false)
      table.layoutIfNeeded()
    }
    #expect(configured > 5_000, "every row was configured, three times")
    #expect(binding.cellTrackingCount <= cells.count)
    #expect(cells.count < 40)
    #expect(await binding.apply(items: []))
    // The worker lets the old list go off the main actor, once done with it.
    await eventually("the rows scrolled past let go of") { firstTag == nil && lastTag == nil }
    // Still followed: a change reconfigures the cells on screen (none now), nothing else.
    let before = configured
    settings.showsNames = false
    await Task.yield()
    await Task.yield()
    #expect(configured == before)
    binding.cancel()
  }

  /// A list replaced by the next is let go of, whatever the source: here lists read from
  /// observable state, small enough to be shown at once, and then one diffed off the main actor.
  @Test(arguments: [3, 3_000])
  func aReplacedListIsLetGoOf(count: Int) async {
    let table = makeTable()
    let model = TaggedRows()
    weak var firstTag: RowTag?
    do {
      let rows = (0..<count).map { TaggedRow(id: RowTag($0)) }
      firstTag = rows.first?.id
      model.rows = rows
    }
    let binding = table.bind(to: .observing { model.rows }) { tableView, indexPath, row in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = "row \(row.id.number)"
      return cell
    }
    #expect(await binding.waitUntilShown())
    model.rows = (10_000..<10_000 + count).map { TaggedRow(id: RowTag($0)) }
    await eventually("the new list on screen") {
      table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "row 10000"
    }
    model.rows = (20_000..<20_000 + count).map { TaggedRow(id: RowTag($0)) }
    await eventually("the next one on screen") {
      table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "row 20000"
    }
    await eventually("the first list let go of") { firstTag == nil }
    binding.cancel()
  }

  @Test func theCellsOnScreenStillFollowWhatTheyRead() async {
    let table = makeTable()
    let settings = SharedSettings()
    let binding = table.bind(to: .sequence(AsyncStream<[TestItem]> { _ in })) {
      tableView, indexPath, item in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = settings.showsNames ? "row \(item.id)" : "-"
      return cell
    }
    #expect(await binding.apply(items: (0..<100).map { TestItem(id: $0) }))
    // Scrolled, and each cell configured again for rows of its own: the latest tracking holds.
    table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
    table.layoutIfNeeded()
    settings.showsNames = false
    await eventually("every visible row follows the setting") {
      table.visibleCells.allSatisfy { $0.textLabel?.text == "-" }
    }
    settings.showsNames = true  // and again: each reconfigure tracks anew
    await eventually("and back") {
      table.visibleCells.allSatisfy { $0.textLabel?.text?.hasPrefix("row") == true }
    }
    #expect(table.violations.isEmpty, "\(table.violations)")
    binding.cancel()
  }

  /// A cell configured again ends its previous tracking, and the end serves the next tracking:
  /// an end is Bindery's, not a change the cell shows, and configures nothing, while a change
  /// to what the cells read still does, through ends that served many trackings before.
  @Test func endingACellsTrackingConfiguresNothing() async {
    let table = makeTable()
    let settings = SharedSettings()
    let (binding, configurations) = bindCounting(table, reading: settings)
    #expect(await binding.apply(items: (0..<300).map { TestItem(id: $0) }))
    for row in stride(from: 0, to: 300, by: 7) {
      table.scrollToRow(at: IndexPath(row: row, section: 0), at: .top, animated: false)
      table.layoutIfNeeded()
    }
    #expect(
      configurations.count >= 300, "every row configured, in cells reused: their trackings ended")
    // The rows on screen change: their cells are configured again in place, ending trackings
    // that are still registered.
    #expect(await binding.apply(items: (0..<300).map { TestItem(id: $0, content: 1) }))
    let reconfigured = configurations.count
    await Task.yield()
    await Task.yield()
    #expect(configurations.count == reconfigured, "nothing configured again for an ended tracking")
    settings.showsNames = false
    await eventually("every visible row follows the setting") {
      table.visibleCells.allSatisfy { $0.textLabel?.text == "-" }
    }
    // Those rows' cells were configured again in place, ending the trackings of the same rows.
    let followed = configurations.count
    await Task.yield()
    await Task.yield()
    #expect(
      configurations.count == followed, "configured once for the change, not again for its end")
    binding.cancel()
  }

  @Test func aStoppedBindingsCellsFollowNothing() async {
    let table = makeTable()
    let settings = SharedSettings()
    let (binding, configurations) = bindCounting(table, reading: settings)
    #expect(await binding.apply(items: (0..<30).map { TestItem(id: $0) }))
    binding.cancel()
    await eventually("the binding to stop") { binding.cellTrackingCount == 0 }
    let before = configurations.count
    settings.showsNames = false
    await Task.yield()
    await Task.yield()
    #expect(configurations.count == before, "nothing reconfigured")
  }

  /// How many times cells were configured.
  final class Configurations {
    var count = 0
  }

  /// `table` bound to rows whose cells read `settings`, and the count of cells configured.
  func bindCounting(_ table: UITableView, reading settings: SharedSettings)
    -> (TableBinding<FlatSection, TestItem>, Configurations)
  {
    let configurations = Configurations()
    let binding = table.bind(to: .sequence(AsyncStream<[TestItem]> { _ in })) {
      tableView, indexPath, item in
      configurations.count += 1
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = settings.showsNames ? "row \(item.id)" : "-"
      return cell
    }
    return (binding, configurations)
  }
}
