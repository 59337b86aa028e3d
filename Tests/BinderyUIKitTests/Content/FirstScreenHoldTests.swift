import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// The README's promise for `holdingFirstDisplay:`: the first screen is complete when it is
/// first shown — whenever the view comes on screen, and whatever the source sent before it had
/// rows. Each test looks at what a user sees: the content each row of the first screen had
/// when its cell was first configured.
@Suite("The first screen, held for its content", .mainActorTurns)
@MainActor
struct FirstScreenHoldTests {
  /// Each item's content state when its row was first configured: `true` when loaded.
  final class FirstLook {
    var loaded: [Int: Bool] = [:]
    var firstScreen: [Bool] { (0..<12).compactMap { loaded[$0] } }
  }

  /// A view model as the docs write one: its list starts empty and is published later.
  @MainActor final class MatesModel {
    @Published var mates: [TestItem] = []
  }

  func bind(
    _ table: UITableView, to source: ListSource<FlatSection, TestItem>,
    avatars: ContentStore<Int, String>,
    hold: Duration, look: FirstLook
  ) -> TableBinding<FlatSection, TestItem> {
    table.bind(to: source, content: .store(avatars, holdingFirstDisplay: hold)) {
      tableView, indexPath, mate, avatar in
      if look.loaded[mate.id] == nil { look.loaded[mate.id] = avatar.content != nil }
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = avatar.content ?? "placeholder"
      return cell
    }
  }

  /// The screen is pushed while its first screen's content loads: it comes into its window
  /// during the hold. Its coming on screen must not take the first screen's loads back (the
  /// view shows no rows yet, and a plan for what it shows wants nothing): every row is shown
  /// with its avatar.
  @Test func aScreenThatAppearsDuringTheHoldIsCompleteWhenShown() async throws {
    let table = makeTable()
    table.removeFromSuperview()  // bound now, pushed in a moment
    let clock = VirtualClock()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 40, clock: clock), loader: loader.load)
    let look = FirstLook()
    let binding = bind(
      table, to: .sequence(AsyncStream<[TestItem]> { _ in }), avatars: avatars, hold: .seconds(60),
      look: look)
    binding.submit(items: (0..<200).map { TestItem(id: $0) })
    await eventually("the first screen asked for") {
      Set(0..<12).isSubset(of: Set(loader.startedKeys))
    }
    UIWindow.show(table)  // the push: the view comes into its window, still held
    for _ in 0..<4 { await Task.yield() }
    #expect(rowCount(of: table) == 0, "still held")
    #expect(loader.cancelledKeys.isEmpty, "loads taken back: \(loader.cancelledKeys)")
    #expect(avatars.statistics.cancelled == 0)
    for key in 0..<12 { loader.open(key) }
    // Shown, and its cells configured: the table lays them out at the end of the turn the list
    // is shown in, which a check right after the rows count may come before.
    await eventually("the first screen shown") {
      rowCount(of: table) == 200 && look.firstScreen.count == 12
    }
    #expect(look.firstScreen.count == 12)
    #expect(look.firstScreen.allSatisfy { $0 }, "\(look.loaded)")
    loader.openAll()
  }

  /// A table on screen bound to a view model's mates, which start empty, with avatars on a
  /// virtual clock (six loads at a time, through a gated loader) and a hold of two seconds; the
  /// initial `[]` shown.
  func viewModelScreen() async -> (
    table: UITableView, clock: VirtualClock, loader: GatedLoader, model: MatesModel,
    look: FirstLook, binding: TableBinding<FlatSection, TestItem>
  ) {
    let table = makeTable()
    let clock = VirtualClock()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 6, clock: clock), loader: loader.load)
    let model = MatesModel()
    let look = FirstLook()
    let binding = bind(
      table, to: .publisher(model.$mates), avatars: avatars, hold: .seconds(2), look: look)
    await eventually("the empty list shown at once") { table.numberOfSections == 1 }
    return (table, clock, loader, model, look, binding)
  }

  /// The view model: `@Published var mates: [Mate] = []`, bound with a hold of two
  /// seconds, publishes its mates a moment later. The initial `[]` is shown at once (it has no
  /// content to wait for), and the hold waits for the list with rows.
  @Test func theHoldWaitsForTheFirstListWithRows() async throws {
    let (table, clock, loader, model, look, binding) = await viewModelScreen()
    #expect(rowCount(of: table) == 0)
    clock.advance(by: .milliseconds(300))  // the view model's request
    model.mates = (0..<30).map { TestItem(id: $0) }
    // Six at a time: the first screen's first six, then the rest of it.
    await eventually("the first screen asked for") {
      Set(0..<6).isSubset(of: Set(loader.startedKeys))
    }
    for _ in 0..<4 { await Task.yield() }
    #expect(rowCount(of: table) == 0, "held for the first screen's avatars")
    for key in 0..<6 { loader.open(key) }
    await eventually("the rest of the first screen asked for") {
      Set(6..<12).isSubset(of: Set(loader.startedKeys))
    }
    #expect(rowCount(of: table) == 0, "held for the first screen's avatars")
    for key in 6..<12 { loader.open(key) }
    await eventually("the first screen shown") {
      rowCount(of: table) == 30 && look.firstScreen.count == 12
    }
    #expect(look.firstScreen.count == 12)
    #expect(look.firstScreen.allSatisfy { $0 }, "\(look.loaded)")
    #expect(binding.statistics.updates == 2)
    loader.openAll()
  }

  /// The hold's deadline counts from the bind: rows that come after it are shown at once.
  @Test func rowsThatComeAfterTheDeadlineAreShownAtOnce() async throws {
    let (table, clock, loader, model, look, binding) = await viewModelScreen()
    clock.advance(by: .seconds(3))  // a slow server
    model.mates = (0..<30).map { TestItem(id: $0) }
    await eventually("shown without a hold") { rowCount(of: table) == 30 }
    #expect(look.firstScreen.allSatisfy { !$0 }, "nothing loaded: nothing was waited for")
    #expect(binding.statistics.updates == 2)
    loader.openAll()
  }
}
