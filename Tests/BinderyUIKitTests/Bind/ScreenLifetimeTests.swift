import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// Screens that go away take their bindings with them: the README's patterns, written as an app
/// writes them, leave nothing behind.
@Suite("Screens that go away", .mainActorTurns)
@MainActor
struct ScreenLifetimeTests {
  /// The README's screen: a `@Published` list, and a task that logs the binding's problems.
  @MainActor
  final class LoggingScreen {
    @Published var mates: [TestItem] = []
    let tableView = makeTable()
    var binding: ListBinding<FlatSection, TestItem>?
    var problems: [String] = []
    /// Set when the task reading `errors` is done.
    let logEnded = Flag()

    func viewDidLoad() {
      let binding = tableView.bind(to: .publisher($mates), cellProvider: describeRow)
      self.binding = binding
      Task { [weak self, logEnded] in
        for await problem in binding.errors { self?.problems.append("\(problem)") }
        logEnded.set()
      }
    }
  }

  @MainActor
  final class Flag {
    private(set) var isSet = false
    func set() { isSet = true }
  }

  @Test func aScreenThatLogsItsProblemsGoesAwayWithItsBinding() async {
    weak var screen: LoggingScreen?
    weak var binding: ListBinding<FlatSection, TestItem>?
    weak var table: UITableView?
    let logEnded: Flag
    do {
      let shown = LoggingScreen()
      shown.viewDidLoad()
      shown.mates = [TestItem(id: 1), TestItem(id: 1), TestItem(id: 2)]
      await eventually("the repeat reported") { shown.problems.count == 1 }
      screen = shown
      binding = shown.binding
      table = shown.tableView
      logEnded = shown.logEnded
      shown.tableView.removeFromSuperview()  // dismissed
    }
    await eventually("the screen, its table and its binding to go") {
      screen == nil && table == nil && binding == nil
    }
    await eventually("the task reading errors to end") { logEnded.isSet }
  }

  @Test func aBindingWhoseViewIsGoneStops() async {
    let (stream, source) = AsyncStream.makeStream(of: [TestItem].self)
    var binding: ListBinding<FlatSection, TestItem>?
    do {
      let table = makeTable()
      binding = table.bind(to: .sequence(stream), cellProvider: describeRow)
      source.yield([TestItem(id: 1)])
      await eventually("the first list") { rowCount(of: table) == 1 }
      table.removeFromSuperview()
    }
    // The app still holds the binding; its view went away, so it stopped.
    await eventually("the binding to stop") { binding?.isCancelled == true }
    #expect(await binding?.apply(items: [TestItem(id: 2)]) == false)
    binding = nil
  }

  /// A view controller written as Apple's samples write them: the closures around the rows
  /// capture it strongly (`self.…`); it cancels its bindings when it goes.
  @MainActor
  final class TeamsController {
    let tableView = makeTable()
    let collectionView: UICollectionView = {
      let layout = UICollectionViewFlowLayout()
      layout.itemSize = CGSize(width: 100, height: 100)
      layout.headerReferenceSize = CGSize(width: 320, height: 30)
      let grid = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: layout)
      grid.register(LabelledCell.self, forCellWithReuseIdentifier: "item")
      UIWindow.show(grid)
      return grid
    }()
    var cancellables = Set<AnyCancellable>()
    let teamNames = ["Hosts", "Guests", "Crew"]
    var deletions = 0

    func viewDidLoad() {
      let sections = (0..<3).map { team in
        ListSection(TestSection(id: team), items: (0..<4).map { TestItem(id: team * 10 + $0) })
      }
      tableView.bind(
        to: .sectionedSequence(AsyncStream { $0.yield(sections) }), cellProvider: describeRow
      )
      .headerTitles { section in self.teamNames[section.id] }
      .footerTitles { section in "\(self.teamNames[section.id]) end" }
      .sectionIndexTitles { section in String(self.teamNames[section.id].prefix(1)) }
      .onDelete { _, _ in self.deletions += 1 }
      .store(in: &cancellables)
      collectionView.bind(
        to: .sectionedSequence(AsyncStream { $0.yield(sections) }), cellProvider: describeItem
      )
      .supplementaryViews(ofKind: UICollectionView.elementKindSectionHeader, TitleHeader.self) {
        header, section, _ in header.title = self.teamNames[section.id]
      }
      .headerTitles { section in self.teamNames[section.id] }
      .store(in: &cancellables)
    }

    func viewWillDisappear() { cancellables.removeAll() }
  }

  final class TitleHeader: UICollectionReusableView {
    var title: String?
  }

  @Test func aControllerWhoseClosuresCaptureItIsFreedAfterItIsDismissed() async {
    weak var controller: TeamsController?
    weak var table: UITableView?
    weak var grid: UICollectionView?
    do {
      let shown = TeamsController()
      shown.viewDidLoad()
      await eventually("both lists") {
        rowCount(of: shown.tableView) == 4 && shown.collectionView.numberOfSections == 3
      }
      shown.collectionView.layoutIfNeeded()
      #expect(
        shown.tableView.dataSource?.tableView(shown.tableView, titleForHeaderInSection: 1)
          == "Guests")
      controller = shown
      table = shown.tableView
      grid = shown.collectionView
      // Dismissed: it cancels, and its views leave the window. A stopped view still shows its
      // rows and the titles it had, without the closures that held the controller.
      shown.viewWillDisappear()
      shown.tableView.removeFromSuperview()
      shown.collectionView.removeFromSuperview()
    }
    await eventually("the controller and its views to go") {
      controller == nil && table == nil && grid == nil
    }
  }

  @Test func aStoppedViewKeepsItsRowsAndTitlesButNotTheClosures() async {
    weak var controller: TeamsController?
    let table: UITableView
    do {
      let shown = TeamsController()
      shown.viewDidLoad()
      await eventually("the table's list") { Self.showsAll(shown.tableView) }
      controller = shown
      table = shown.tableView
      shown.viewWillDisappear()
    }
    await eventually("the controller to go, though its table stays") { controller == nil }
    // The table still answers, from the last list and the titles it had.
    table.reloadData()
    table.layoutIfNeeded()
    #expect(table.numberOfSections == 3)
    #expect(table.dataSource?.tableView(table, titleForHeaderInSection: 2) == "Crew")
    #expect(table.dataSource?.tableView(table, titleForFooterInSection: 0) == "Hosts end")
    #expect(table.dataSource?.sectionIndexTitles(for: table) == ["H", "G", "C"])
    #expect(table.visibleCells.first?.textLabel?.text == "0:0")
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  private static func showsAll(_ table: UITableView, sections count: Int = 3) -> Bool {
    table.numberOfSections == count && table.numberOfRows(inSection: count - 1) == 4
  }
}
