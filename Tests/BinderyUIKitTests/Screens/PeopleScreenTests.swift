import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A service a test controls: each `people()` call waits until the test answers it.
final class PeopleServiceStub: PeopleService, @unchecked Sendable {
  struct Offline: Error {}
  private let lock = NSLock()
  private var waiting: [CheckedContinuation<[Person], any Error>] = []

  var pendingCalls: Int { lock.withLock { waiting.count } }

  func people() async throws -> [Person] {
    try await withCheckedThrowingContinuation { continuation in
      lock.withLock { waiting.append(continuation) }
    }
  }

  /// Answers the oldest call with a list, or with a failure.
  func answer(_ result: Result<[Person], any Error>) {
    let first = lock.withLock { waiting.isEmpty ? nil : waiting.removeFirst() }
    first?.resume(with: result)
  }
}

/// The people screen, written as for iOS (PeopleScreen.swift), driven as a user would: shown in
/// a navigation controller, loaded, tapped into, covered by a pushed screen and a full-screen
/// editor, uncovered, and let go.
@Suite("An ordinary UIKit screen on HeadlessUIKit", .mainActorTurns)
@MainActor
struct PeopleScreenTests {
  static let team = [
    Person(id: 1, name: "Ari", bio: "Designs the avatars, and the cells they sit in."),
    Person(id: 2, name: "Bo", bio: "Keeps the build green."),
    Person(id: 3, name: "Cleo", bio: "Writes the release notes."),
  ]

  /// The list screen in a navigation controller in a window, its first list loaded.
  func showLoadedScreen() async -> (
    list: PeopleViewController, navigation: UINavigationController, window: UIWindow,
    service: PeopleServiceStub, model: PeopleViewModel
  ) {
    let service = PeopleServiceStub()
    let model = PeopleViewModel(service: service)
    let list = PeopleViewController(viewModel: model)
    let navigation = UINavigationController(rootViewController: list)
    let window = UIWindow.show(navigation)
    list.reload()
    await eventually("the first request") { service.pendingCalls == 1 }
    service.answer(.success(Self.team))
    await eventually("the first list on screen") {
      list.tableView.numberOfSections == 1 && list.tableView.numberOfRows(inSection: 0) == 3
    }
    return (list, navigation, window, service, model)
  }

  @Test func theScreenLoadsAppearsAndShowsItsCells() async throws {
    let (list, navigation, window, _, _) = await showLoadedScreen()
    #expect(list.isViewLoaded && list.view.window === window)
    #expect(list.view.frame == window.bounds, "the navigation controller's view fills the window")
    #expect(list.tableView.frame == list.view.bounds, "autoresizing keeps the table full size")
    #expect(list.appearances == ["will appear", "did appear"])
    #expect(navigation.topViewController === list)
    #expect(list.title == "People" && list.navigationItem.title == "People")
    let cell = try #require(
      list.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) as? PersonCell)
    #expect(cell.nameLabel.text == "Ari")
    #expect(cell.bioLabel.numberOfLines == 0)
    #expect(cell.nameLabel.font == UIFont.preferredFont(forTextStyle: .headline))
    #expect(cell.avatarView.image?.name == "person.crop.circle")
    #expect(cell.accessoryType == .disclosureIndicator)
    #expect(cell.contentView.constraints.count >= 4, "the anchors were kept")
    #expect(list.tableView.violations.isEmpty, "\(list.tableView.violations)")
    window.resignVisible()
  }

  @Test func theRefreshButtonIsOffWhileALoadRunsAndAFailureKeepsTheList() async throws {
    let (list, _, window, service, model) = await showLoadedScreen()
    let refresh = try #require(list.navigationItem.rightBarButtonItem)
    await eventually("refresh on after the first load") { refresh.isEnabled }
    #expect(refresh.userTaps())
    await eventually("the second request") { service.pendingCalls == 1 }
    await eventually("refresh off while it runs") { !refresh.isEnabled }
    #expect(!refresh.userTaps(), "a disabled button runs nothing")
    service.answer(.failure(PeopleServiceStub.Offline()))
    await eventually("refresh on again") { refresh.isEnabled }
    #expect(model.lastError != nil)
    #expect(list.tableView.numberOfRows(inSection: 0) == 3, "the list stays")
    window.resignVisible()
  }

  @Test func aPushedScreenCoversTheListAndThePopUncoversIt() async throws {
    let (list, navigation, window, _, model) = await showLoadedScreen()
    list.tableView.userSelectsRow(at: IndexPath(row: 1, section: 0))
    #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    let detail = try #require(navigation.topViewController as? PersonDetailViewController)
    #expect(detail.person.name == "Bo")
    // The push is animated: until it is done both views are in the window.
    #expect(list.appearances.suffix(1) == ["will disappear"])
    #expect(list.view.window === window && detail.view.window === window)
    await eventually("the push done") { list.viewIfLoaded?.window == nil }
    #expect(list.appearances.suffix(2) == ["will disappear", "did disappear"])
    #expect(detail.bioLabel.text == "Keeps the build green.")

    // The detail changes the model while the list is covered.
    #expect(detail.favoriteButton.currentTitle == "Favorite")
    #expect(detail.favoriteButton.userTaps())
    #expect(model.people[1].isFavorite)

    navigation.popViewController(animated: true)
    #expect(list.appearances.suffix(1) == ["will appear"])
    #expect(list.tableView.indexPathForSelectedRow == nil, "deselected as the list comes back")
    await eventually("the pop done") { detail.viewIfLoaded?.window == nil }
    #expect(list.appearances.suffix(2) == ["will appear", "did appear"])
    #expect(navigation.viewControllers.count == 1 && detail.parent == nil)
    await eventually("the favorite on screen") {
      (list.tableView.cellForRow(at: IndexPath(row: 1, section: 0)) as? PersonCell)?.nameLabel
        .text == "★ Bo"
    }
    #expect(list.tableView.violations.isEmpty, "\(list.tableView.violations)")
    window.resignVisible()
  }

  @Test func aFullScreenEditorCoversTheScreenAndItsSaveReachesTheList() async throws {
    let (list, navigation, window, _, _) = await showLoadedScreen()
    list.tableView.userSelectsRow(at: IndexPath(row: 2, section: 0))
    let detail = try #require(navigation.topViewController as? PersonDetailViewController)
    await eventually("the push done") { list.viewIfLoaded?.window == nil }
    let edit = try #require(detail.navigationItem.rightBarButtonItem)
    #expect(edit.userTaps())
    let editorNavigation = try #require(detail.presentedViewController as? UINavigationController)
    #expect(navigation.presentedViewController === editorNavigation, "the screen presents it")
    #expect(editorNavigation.presentingViewController === navigation)
    let editor = try #require(editorNavigation.topViewController as? RenameViewController)
    await eventually("the presentation done") { navigation.viewIfLoaded?.window == nil }
    #expect(editor.view.window === window)
    editor.proposedName = "Cleo B."
    let save = try #require(editor.navigationItem.rightBarButtonItem)
    #expect(save.userTaps())
    #expect(editorNavigation.isBeingDismissed)
    await eventually("the dismissal done") { editorNavigation.viewIfLoaded?.window == nil }
    #expect(navigation.view.window === window && detail.view.window === window)
    #expect(navigation.presentedViewController == nil)
    navigation.popViewController(animated: false)
    #expect(list.view.window === window)
    await eventually("the new name on screen") {
      (list.tableView.cellForRow(at: IndexPath(row: 2, section: 0)) as? PersonCell)?.nameLabel
        .text == "Cleo B."
    }
    #expect(list.tableView.violations.isEmpty, "\(list.tableView.violations)")
    window.resignVisible()
  }

  @Test func aScreenThatIsNotOnScreenPresentsNothingAndSaysSo() {
    let offScreen = UIViewController()
    offScreen.loadViewIfNeeded()
    offScreen.present(UIViewController(), animated: false)
    #expect(offScreen.presentedViewController == nil)
    #expect(offScreen.alerts.map(\.rule) == [.presentationOutsideWindow])
    #expect(offScreen.alerts.first?.message.hasPrefix("Attempt to present") == true)
  }

  @Test func theScreenGoesAwayWithItsWindow() async {
    weak var list: PeopleViewController?
    weak var binding: ListBinding<FlatSection, Person>?
    weak var table: UITableView?
    do {
      let shown = await showLoadedScreen()
      list = shown.list
      binding = shown.list.binding
      table = shown.list.tableView
      shown.window.resignVisible()
    }
    await eventually("the screen, its table and its binding to go") {
      list == nil && table == nil && binding == nil
    }
  }
}
