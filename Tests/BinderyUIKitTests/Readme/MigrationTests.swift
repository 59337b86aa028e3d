import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// "Moving a screen to Bindery": each note's screen after the move does what the note asked
/// for, and the screens before it still run as the notes describe them.
@Suite("Moving a screen to Bindery", .mainActorTurns)
@MainActor
struct MigrationTests {
  /// Puts a screen's table on screen (12 rows of 44 points), judged in strict mode, with the
  /// notes' reuse identifiers registered.
  func show(_ table: UITableView) {
    table.frame = CGRect(x: 0, y: 0, width: 320, height: 12 * 44)
    table.isStrict = true
    for identifier in ["mate", "savedApp", "deposit", "Cell"] {
      table.register(UITableViewCell.self, forCellReuseIdentifier: identifier)
    }
    UIWindow.show(table)
  }

  // MARK: The first note

  /// 30 mates; every third has no photo (`nil`). Images wait for `open()` when `gated`.
  actor Mates: FirstNote.MateListInteractor {
    let list = (0..<30).map { FirstNote.MateInfo(userID: UUID(), name: "Mate \($0)") }
    nonisolated let imageCalls = Locked(0)
    var gated: Bool
    var waiting: [CheckedContinuation<Void, Never>] = []

    init(gated: Bool = false) { self.gated = gated }

    func mates() async throws -> [FirstNote.MateInfo] { list }

    func open() {
      gated = false
      for waiter in waiting { waiter.resume() }
      waiting = []
    }

    func profileImageData(of mateID: UUID) async throws -> Data? {
      imageCalls.withLock { $0 += 1 }
      if gated { await withCheckedContinuation { waiting.append($0) } }
      guard let index = list.firstIndex(where: { $0.userID == mateID }) else { return nil }
      return index.isMultiple(of: 3) ? nil : Data([UInt8(index)])
    }
  }

  /// The note's failed migration lost the images as the mates changed. After the move, every
  /// row on the first screen has its image (or its "no photo") when first shown, and keeps it
  /// through a rename.
  @Test func theFirstNotesMatesShowEveryImageFromTheFirstScreenOn() async throws {
    let interactor = Mates(gated: true)
    let presenter = FirstNote.MateListPresenter(interactor: interactor)
    let screen = FirstNote.After.MateListViewController(
      presenter: presenter, interactor: interactor)
    show(screen.tableView)
    // The hold's second is counted on the store's time: stopped here, so that a busy machine
    // cannot use it up while the images are held back.
    screen.profileImages.pauseTime()
    defer { screen.profileImages.resumeTime() }
    screen.viewDidLoad()
    await presenter.loadMates()
    let binding = try #require(screen.binding)
    await eventually("the first screen's images asked for") {
      interactor.imageCalls.withLock { $0 } == screen.profileImages.maximumConcurrentLoads
    }
    #expect(screen.tableView.visibleCells.isEmpty, "held while the first screen's images load")
    await interactor.open()
    await eventually("the mates on screen") { screen.tableView.visibleCells.count == 12 }
    // Shown only once the first screen's images were in: each row has what its mate has.
    func imagesMatchTheMates() -> Bool {
      screen.tableView.indexPathsForVisibleRows?.allSatisfy { indexPath in
        let hasPhoto = !indexPath.row.isMultiple(of: 3)
        return (screen.tableView.cellForRow(at: indexPath)?.imageView?.image != nil) == hasPhoto
      } ?? false
    }
    #expect(imagesMatchTheMates(), "every image there at first display")
    var renamed = presenter.output.mates.value
    for index in renamed.indices { renamed[index].name += " (renamed)" }
    presenter.output.mates.send(renamed)
    await binding.waitUntilShown()
    #expect(screen.tableView.visibleCells.first?.textLabel?.text == "Mate 0 (renamed)")
    #expect(imagesMatchTheMates(), "the images kept through the rename")
    #expect(interactor.imageCalls.withLock { $0 } <= 30, "one call per mate at most")
    #expect(screen.tableView.violations.isEmpty)
  }

  /// The note's screen as it was: it shows the images too, once the presenter pushed them.
  @Test func theFirstNotesScreenBeforeShowsTheImagesItWasPushed() async {
    let interactor = Mates()
    let presenter = FirstNote.MateListPresenter(interactor: interactor)
    let screen = FirstNote.Before.MateListViewController(presenter: presenter)
    show(screen.tableView)
    screen.viewDidLoad()
    await presenter.loadMates()
    await presenter.loadProfileImages()
    await eventually("the mates on screen") { screen.tableView.visibleCells.count == 12 }
    #expect(screen.tableView.visibleCells.filter { $0.imageView?.image != nil }.count == 8)
  }

  // MARK: The second note

  /// Details answer at once, through a publisher, as the note's use case does; counts calls.
  final class Usecase: SecondNote.AppFolderUsecase, @unchecked Sendable {
    let calls = Locked(0)
    func readSavedAppDetail(of savedApp: SecondNote.SavedApp)
      -> AnyPublisher<SecondNote.SavedAppDetail, any Error>
    {
      calls.withLock { $0 += 1 }
      let rating = Double(savedApp.id) ?? 0
      return Just(SecondNote.SavedAppDetail(rating: rating))
        .setFailureType(to: (any Error).self).eraseToAnyPublisher()
    }
  }

  /// The note's improvement still left the first screen without details (its prefetching
  /// starts with the scroll). After the move, the first screen has every detail when first
  /// shown, each app's detail is read once, and an empty folder says so once it is known empty.
  @Test func theSecondNotesFirstScreenHasItsDetailsWhenFirstShown() async throws {
    let usecase = Usecase()
    let viewModel = SecondNote.After.AppFolderDetailViewModel(appFolderUsecase: usecase)
    let screen = SecondNote.After.AppFolderDetailViewController(viewModel: viewModel)
    show(screen.tableView)
    screen.viewDidLoad()
    #expect(screen.tableView.backgroundView == nil, "still loading: no empty folder")
    viewModel.savedApps = (0..<40).map { SecondNote.SavedApp(id: "\($0)", name: "App \($0)") }
    viewModel.isLoading = false
    await eventually("the apps on screen") { screen.tableView.visibleCells.count == 12 }
    #expect(
      screen.tableView.visibleCells.map { $0.textLabel?.text }
        == (0..<12).map { "App \($0) ★ \(Double($0))" }, "every detail there at first display")
    screen.tableView.scroll(by: 40 * 44)
    await eventually("the last apps' details") {
      screen.tableView.visibleCells.last?.textLabel?.text == "App 39 ★ 39.0"
    }
    #expect(usecase.calls.withLock { $0 } <= 40, "each app's detail read once at most")
    viewModel.savedApps = []
    await eventually("the empty folder") {
      (screen.tableView.backgroundView as? MessageView)?.text == "No apps in this folder"
    }
    #expect(screen.tableView.violations.isEmpty)
  }

  /// The note's screen as it was: rows scrolled to were prefetched, the first screen was not.
  @Test func theSecondNotesScreenBeforeFetchesItsFirstScreenInCellForRow() async {
    let usecase = Usecase()
    let viewModel = SecondNote.Before.AppFolderDetailViewModel(appFolderUsecase: usecase)
    let table = UITableView()
    show(table)
    table.dataSource = viewModel
    table.prefetchDataSource = viewModel
    viewModel.savedApps = (0..<40).map { SecondNote.SavedApp(id: "\($0)", name: "App \($0)") }
    table.reloadData()
    table.layoutIfNeeded()
    #expect(table.visibleCells.count == 12)
    #expect(
      table.visibleCells.allSatisfy { $0.textLabel?.text?.contains("★") == false },
      "no detail when first shown: each is fetched as its cell is made")
    await eventually("the first screen's details, once fetched") {
      table.visibleCells.allSatisfy { $0.textLabel?.text?.contains("★") == true }
    }
  }

  // MARK: The third note

  @Test func theThirdNotesValuesAreBoundInOneLine() async {
    let screen = ThirdNote.After.DepositViewController()
    show(screen.tableView)
    let transaction = CurrentValueSubject<[ThirdNote.Deposit], Never>([
      .init(memo: "rent", amount: -900), .init(memo: "salary", amount: 3_000),
    ])
    screen.bind(transaction.eraseToAnyPublisher())
    await eventually("the deposits") { screen.tableView.visibleCells.count == 2 }
    transaction.send([.init(memo: "salary", amount: 3_000), .init(memo: "gift", amount: 50)])
    await eventually("the new list") {
      screen.tableView.visibleCells.map { $0.textLabel?.text } == ["salary 3000", "gift 50"]
    }
    // A value twice, which a diffable snapshot crashes on: shown once.
    let gift = ThirdNote.Deposit(memo: "gift", amount: 50)
    transaction.send([gift, .init(memo: "rent", amount: -900), gift])
    await eventually("the list without the repeat") {
      screen.tableView.visibleCells.map { $0.textLabel?.text } == ["gift 50", "rent -900"]
    }
    #expect(screen.tableView.violations.isEmpty)
  }

  @Test func rxCocoasItemsBindingIsOneLine() async {
    let screen = ThirdNote.After.DepositViewController()
    show(screen.tableView)
    screen.bindItems()
    await eventually("the items") {
      screen.tableView.visibleCells.map { $0.textLabel?.text } == [
        "First Item @ row 0", "Second Item @ row 1", "Third Item @ row 2",
      ]
    }
  }
}
