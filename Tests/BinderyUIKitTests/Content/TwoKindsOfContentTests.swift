import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// Two kinds of late content per row, each from its own store (issue 67, item 4): an app's icon
/// and its screenshot, requested, prefetched and held by the binding, as one kind alone is.
@Suite("Two kinds of content per row", .mainActorTurns)
@MainActor
struct TwoKindsOfContentTests {
  struct App: Identifiable, Equatable, Sendable {
    let id: Int
    var name: String
    /// The screenshot's key: another key space than the icon's.
    var screenshotKey: Int { 1_000 + id }
  }

  static let apps = (0..<100).map { App(id: $0, name: "App \($0)") }

  /// A table bound to `apps` with icons and screenshots; each row reads "name · icon · shot".
  func bind(
    _ table: UITableView, icons: ContentStore<Int, String>, screenshots: ContentStore<Int, String>,
    hold: Duration? = nil, newRowHold: Duration? = nil
  ) -> (TableBinding<FlatSection, App>, AsyncStream<[App]>.Continuation) {
    let (lists, feed) = AsyncStream.makeStream(of: [App].self)
    let binding = table.bind(
      to: .sequence(lists),
      content: .store(icons, holdingFirstDisplay: hold, holdingNewRows: newRowHold),
      .store(
        screenshots, keyedBy: \.screenshotKey, holdingFirstDisplay: hold,
        holdingNewRows: newRowHold)
    ) { tableView, indexPath, app, icon, screenshot in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = [app.name, icon.content ?? "-", screenshot.content ?? "-"]
        .joined(separator: " · ")
      return cell
    }
    return (binding, feed)
  }

  /// Icons and screenshots behind gates, on a clock that never moves: a hold's deadline never
  /// passes, so only the content lets a held list go.
  func heldStores() -> (
    icons: GatedLoader, screenshots: GatedLoader, ContentStore<Int, String>,
    ContentStore<Int, String>
  ) {
    let clock = VirtualClock()
    let iconLoader = GatedLoader()
    let shotLoader = GatedLoader()
    let icons = ContentStore<Int, String>(
      configuration: .init(clock: clock), loader: iconLoader.load)
    let screenshots = ContentStore<Int, String>(
      configuration: .init(clock: clock), loader: shotLoader.load)
    return (iconLoader, shotLoader, icons, screenshots)
  }

  func texts(_ table: UITableView) -> [String] {
    table.visibleCells.compactMap { $0.textLabel?.text }
  }

  @Test func bothKindsReachTheRowsAndArePrefetchedAhead() async {
    let table = makeTable()
    let iconLoader = GatedLoader()
    let shotLoader = CountingLoader { "shot \($0)" }
    let icons = ContentStore<Int, String>(loader: iconLoader.load)
    let screenshots = ContentStore<Int, String>(loader: shotLoader.load)
    let (binding, feed) = bind(table, icons: icons, screenshots: screenshots)
    feed.yield(Self.apps)
    await binding.waitUntilShown()
    await eventually("the screenshots of the first screen") {
      self.texts(table).count == 12
        && self.texts(table).allSatisfy {
          $0.hasSuffix(" · shot \(1_000 + Int($0.split(separator: " ")[1])!)")
        }
    }
    #expect(texts(table).first == "App 0 · - · shot 1000", "the icon still loading")
    iconLoader.open(0)
    await eventually("the first icon") {
      self.texts(table).first == "App 0 · content 0 · shot 1000"
    }
    // Both stores were asked for the rows below the screen, each by its own prefetching (the
    // icons wait for a slot behind the gated ones).
    await eventually("both prefetched ahead") {
      icons.interest(in: 14) > 0 && shotLoader.loads(of: 1_014) == 1
    }
    #expect(shotLoader.loads(of: 1_000) == 1, "one load per screenshot")
    await eventually("every icon") {
      iconLoader.openAll()  // the gates of the loads that started since, too
      return self.texts(table).allSatisfy { !$0.contains(" · - · ") }
    }
    #expect(table.violations.isEmpty)
    feed.finish()
  }

  /// The first screen waits for both kinds: the screenshots' arrival alone does not show it.
  @Test func theFirstDisplayWaitsForBothKinds() async {
    let table = makeTable()
    let (iconLoader, shotLoader, icons, screenshots) = heldStores()
    let (binding, feed) = bind(table, icons: icons, screenshots: screenshots, hold: .seconds(1))
    feed.yield(Self.apps)
    await eventually("both kinds asked for the first screen") {
      Set(iconLoader.startedKeys).isSuperset(of: 0..<6)
        && Set(shotLoader.startedKeys).isSuperset(of: 1_000..<1_006)
    }
    for key in 1_000..<1_012 { shotLoader.open(key) }
    await eventually("the first screen's screenshots") {
      (1_000..<1_012).allSatisfy { screenshots.state(for: $0).content != nil }
    }
    #expect(table.visibleCells.isEmpty, "held for the icons")
    for key in 0..<12 { iconLoader.open(key) }
    await binding.waitUntilShown()
    #expect(texts(table).count == 12)
    #expect(texts(table).allSatisfy { !$0.contains(" - ") }, "both kinds there when first shown")
    iconLoader.openAll()
    shotLoader.openAll()
    feed.finish()
  }

  /// A row inserted on screen waits for both kinds too.
  @Test func newRowsWaitForBothKinds() async {
    let table = makeTable()
    let (iconLoader, shotLoader, icons, screenshots) = heldStores()
    let (binding, feed) = bind(
      table, icons: icons, screenshots: screenshots, newRowHold: .seconds(1))
    let apps = Array(Self.apps.prefix(3))
    feed.yield(apps)
    await binding.waitUntilShown()
    await eventually("the first rows' content") {
      iconLoader.openAll()
      shotLoader.openAll()
      return self.texts(table).count == 3 && !self.texts(table).contains { $0.contains(" - ") }
    }
    let newApp = App(id: 500, name: "New")
    feed.yield([newApp] + apps)
    await eventually("the new row's content asked for") {
      iconLoader.startedKeys.contains(500) && shotLoader.startedKeys.contains(1_500)
    }
    shotLoader.open(1_500)
    await eventually("its screenshot") { screenshots.state(for: 1_500).content != nil }
    #expect(texts(table).count == 3, "held for its icon")
    iconLoader.open(500)
    await eventually("the new row") { self.texts(table).count == 4 }
    #expect(texts(table).first == "New · content 500 · content 1500")
    feed.finish()
  }
}
