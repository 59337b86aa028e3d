import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

@Suite("Late content keyed by what determines it", .mainActorTurns)
@MainActor
struct ContentKeyTests {
  /// An avatar's key: the mate's id with its avatar's version (`content`), as a URL would be.
  static func avatarKey(_ mate: TestItem) -> Int { mate.id * 100 + mate.content }

  func bindMates(
    _ view: UITableView, _ avatars: ContentStore<Int, String>
  ) -> ListBinding<FlatSection, TestItem> {
    view.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(avatars, keyedBy: Self.avatarKey)
    ) { tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = "\(mate.id) · \(avatar.content ?? "placeholder")"
      return cell
    }
  }

  func text(_ table: UITableView, row: Int) -> String? {
    table.cellForRow(at: IndexPath(row: row, section: 0))?.textLabel?.text
  }

  @Test func aChangedKeyLoadsTheNewContentWhileTheCellKeepsTheOld() async {
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    let binding = bindMates(table, avatars)
    await binding.apply(items: (0..<30).map { TestItem(id: $0) })
    for mate in 0..<24 { loader.open(mate * 100) }
    await eventually("the avatars") { text(table, row: 3) == "3 · content 300" }
    // Mate 3 changes avatar: a new key, loading.
    var mates = (0..<30).map { TestItem(id: $0) }
    mates[3].content = 1
    await binding.apply(items: mates)
    await eventually("the new avatar requested") { loader.startedKeys.contains(301) }
    #expect(text(table, row: 3) == "3 · content 300", "the old avatar stays until the new arrives")
    #expect(avatars.interest(in: 301) > 0)
    loader.open(301)
    await eventually("the new avatar") { text(table, row: 3) == "3 · content 301" }
    #expect(avatars.interest(in: 300) == 0, "nobody wants the old one")
    #expect(table.violations.isEmpty, "\(table.violations)")
    binding.cancel()
  }

  @Test func theFirstScreenIsPrefetchedByKey() async {
    let table = makeTable()
    table.removeFromSuperview()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(maximumConcurrentLoads: 24), loader: loader.load)
    let binding = bindMates(table, avatars)
    await binding.apply(items: (0..<30).map { TestItem(id: $0, content: 7) })
    await eventually("the first screen by key") {
      Set(loader.startedKeys).isSuperset(of: (0..<12).map { $0 * 100 + 7 })
    }
    #expect(avatars.interest(in: 0) == 0 && avatars.interest(in: 7) > 0)
    loader.openAll()
    binding.cancel()
  }

  @Test func aFailureOfTheNewKeyShowsTheFailureAndItsRetryNoLongerTheOldContent() async {
    let clock = VirtualClock()
    let table = makeTable()
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(
      configuration: .init(
        maximumConcurrentLoads: 50, retry: RetryPolicy(backoff: .seconds(1), jitter: 0),
        clock: clock), loader: loader.load)
    let binding = view(table, avatars)
    await binding.apply(items: (0..<20).map { TestItem(id: $0) })
    for mate in 0..<24 { loader.open(mate * 100) }
    await eventually("the avatar") { text(table, row: 0) == "0 · content 0" }
    await binding.apply(items: [TestItem(id: 0, content: 1)] + (1..<20).map { TestItem(id: $0) })
    #expect(text(table, row: 0) == "0 · content 0", "the old avatar while the new one loads")
    loader.open(1, failing: true)
    await eventually("the failure shown") { text(table, row: 0) == "0 · failed" }
    clock.advance(by: .seconds(1))  // the retry starts: loading again
    await eventually("the retry shown") { text(table, row: 0) == "0 · placeholder" }
    loader.openAll()
    binding.cancel()
  }

  /// Binds with a provider that shows failures.
  func view(_ table: UITableView, _ avatars: ContentStore<Int, String>) -> ListBinding<
    FlatSection, TestItem
  > {
    table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(avatars, keyedBy: Self.avatarKey)
    ) { tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      let shown = avatar.failure != nil ? "failed" : avatar.content ?? "placeholder"
      cell.textLabel?.text = "\(mate.id) · \(shown)"
      return cell
    }
  }
}
