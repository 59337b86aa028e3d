import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A view that says which state it stands for.
final class StateView: UIView {
  var state = ""
}

@Suite("Empty, loading and failed states", .mainActorTurns)
@MainActor
struct EmptyStateTests {
  /// The view for a state, counting how often one is made.
  @MainActor
  final class States {
    var made: [String] = []

    func view(_ state: EmptyListState) -> UIView? {
      let view = StateView()
      switch state {
      case .loading: view.state = "loading"
      case .empty: view.state = "empty"
      case .failed(let error): view.state = "failed: \(error)"
      }
      made.append(view.state)
      return view
    }
  }

  func shown(_ view: UIView?) -> String? { (view as? StateView)?.state }

  @Test func aTableShowsLoadingThenEmptyThenRowsThenEmptyAgain() async {
    let table = makeTable()
    let states = States()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .emptyState { states.view($0) }
    #expect(shown(table.backgroundView) == "loading", "before the first list")
    await binding.apply(items: [])
    #expect(shown(table.backgroundView) == "empty")
    await binding.apply(items: (0..<3).map { TestItem(id: $0) })
    #expect(table.backgroundView == nil, "rows hide it")
    await binding.apply(items: [TestItem(id: 0, content: 1)] + (1..<3).map { TestItem(id: $0) })
    await binding.apply(items: [])
    #expect(shown(table.backgroundView) == "empty")
    await binding.apply(items: [])
    #expect(states.made == ["loading", "empty", "empty"], "made again only when the state changes")
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  @Test func aSourceThatEndsWithoutAListIsEmptyNotLoading() async {
    let table = makeTable()
    let states = States()
    let (stream, source) = AsyncStream.makeStream(of: [TestItem].self)
    let binding = table.bind(to: .sequence(stream), cellProvider: describeRow)
      .emptyState { states.view($0) }
    #expect(shown(table.backgroundView) == "loading")
    source.finish()
    await binding.waitUntilFinished()
    await eventually("the empty state") { shown(table.backgroundView) == "empty" }
    #expect(binding.hasEnded)
    #expect(binding.statistics.updates == 0)
  }

  @Test func emptySectionsKeepTheirHeadersInFrontOfTheEmptyState() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      cellProvider: describeRow
    )
    .headerTitles { "Team \($0.id)" }
    .emptyState { States().view($0) }
    await binding.apply([
      ListSection(TestSection(id: 1), items: []), ListSection(TestSection(id: 2), items: []),
    ])
    #expect(shown(table.backgroundView) == "empty")
    #expect(table.numberOfSections == 2)
    #expect(table.headerView(forSection: 1)?.textLabel?.text == "Team 2")
  }

  @Test func aFailedSourceWithNothingToShowSaysSo() async {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "offline" }
    }
    let table = makeTable()
    let (source, continuation) = AsyncThrowingStream.makeStream(of: [TestItem].self)
    let binding = table.bind(to: .sequence(source), cellProvider: describeRow).emptyState {
      States().view($0)
    }
    continuation.finish(throwing: Offline())
    await eventually("the failure shown") { shown(table.backgroundView) == "failed: offline" }
    #expect(binding.sourceFailure is Offline)
  }

  @Test func aFailureAfterRowsLeavesTheRows() async {
    let table = makeTable()
    let (source, continuation) = AsyncThrowingStream.makeStream(of: [TestItem].self)
    let binding = table.bind(to: .sequence(source), cellProvider: describeRow).emptyState {
      States().view($0)
    }
    continuation.yield((0..<3).map { TestItem(id: $0) })
    await eventually("the rows") { rowCount(of: table) == 3 }
    continuation.finish(throwing: CancellationError())
    await eventually("the failure known") { binding.sourceFailure != nil }
    #expect(table.backgroundView == nil)
    #expect(rowCount(of: table) == 3)
  }

  @Test func aGridShowsItsEmptyStateToo() async {
    let grid = makeGrid()
    let binding = grid.bind(to: .sequence(AsyncStream<[TestItem]> { _ in })) { grid, indexPath, _ in
      grid.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    }
    .emptyState { States().view($0) }
    await binding.apply(items: [])
    #expect(shown(grid.backgroundView) == "empty")
    await binding.apply(items: [TestItem(id: 1)])
    #expect(grid.backgroundView == nil)
    #expect(grid.violations.isEmpty, "\(grid.violations)")
  }

  @Test func theAppsOwnBackgroundViewStaysWheneverTheStateShowsNothing() async {
    let table = makeTable()
    let texture = UIView()
    table.backgroundView = texture
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .emptyState { state in
      guard case .empty = state else { return nil }  // nothing while loading
      let view = StateView()
      view.state = "empty"
      return view
    }
    #expect(table.backgroundView === texture, "loading shows nothing: the app's view stays")
    await binding.apply(items: [])
    #expect(shown(table.backgroundView) == "empty")
    await binding.apply(items: [TestItem(id: 1)])
    #expect(table.backgroundView === texture, "rows: the app's view is back")
    // The app changes its view while rows show; the empty state gives back the new one.
    let night = UIView()
    table.backgroundView = night
    await binding.apply(items: [])
    #expect(shown(table.backgroundView) == "empty")
    await binding.apply(items: [TestItem(id: 2)])
    #expect(table.backgroundView === night)
  }

  /// A view model that starts with `[]` while it fetches says so with its own flag: the empty
  /// list shows as loading until the flag says the fetch is done.
  @Test func aSourceThatStartsEmptyWhileItLoadsShowsLoading() async {
    @MainActor final class MatesModel {
      @Published var mates: [TestItem] = []
      @Published var isLoading = true
    }
    let model = MatesModel()
    let table = makeTable()
    let states = States()
    let binding = table.bind(to: .publisher(model.$mates), cellProvider: describeRow)
      .emptyState(loading: model.$isLoading) { states.view($0) }
    await binding.waitUntilShown()
    await eventually("the loading flag read") { binding.statistics.updates >= 1 }
    #expect(shown(table.backgroundView) == "loading", "[] while loading is not empty")
    model.isLoading = false  // the fetch found nobody
    await eventually("empty") { shown(table.backgroundView) == "empty" }
    model.isLoading = true  // pull to refresh
    await eventually("loading again") { shown(table.backgroundView) == "loading" }
    model.mates = [TestItem(id: 1)]
    model.isLoading = false
    await eventually("the rows") { rowCount(of: table) == 1 && table.backgroundView == nil }
    #expect(states.made == ["loading", "empty", "loading"], "no empty state before the fetch")
    binding.cancel()
  }

  /// A view bound anew gives the app's own background view back, not the old binding's empty
  /// state, once its rows show.
  @Test func aViewBoundAnewDoesNotKeepTheOldEmptyState() async {
    let table = makeTable()
    let texture = UIView()
    table.backgroundView = texture
    let first = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .emptyState { States().view($0) }
    await first.apply(items: [])
    #expect(shown(table.backgroundView) == "empty")
    let second = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .emptyState { state in
      guard case .empty = state else { return nil }
      return States().view(state)
    }
    #expect(table.backgroundView === texture, "the old empty state went with its binding")
    await second.apply(items: [TestItem(id: 1)])
    #expect(table.backgroundView === texture)
    #expect(table.violations.isEmpty)
  }
}
