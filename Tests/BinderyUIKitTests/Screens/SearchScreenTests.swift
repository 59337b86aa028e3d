import BinderyTesting
import Foundation
import HeadlessUIKit
import Testing

/// The search screen's Combine pipeline, run on HeadlessUIKit's Combine names.
@Suite("A search screen written with Combine", .mainActorTurns)
@MainActor
struct SearchScreenTests {
  @Test func theQueryFindsItsNamesAndTheAvatarFallsBackToAPlaceholder() async throws {
    let model = SearchModel(
      names: ["Ari", "Arlo", "Bo"], avatars: CachedAvatars(), scheduler: ImmediateScheduler.shared)
    #expect(model.matches.isEmpty)
    model.query = "Ar"
    #expect(model.matches == ["Ari", "Arlo"])
    model.query = "B"
    #expect(model.matches == ["Bo"])
    model.showAvatar(of: 7, from: CachedAvatars())
    #expect(model.avatar == Data([7]))
    model.showAvatar(of: 0, from: CachedAvatars())  // the use case fails for it
    #expect(model.avatar == Data())
    #expect(try await model.firstAvatar(from: CachedAvatars(), id: 9) == Data([9]))
    await #expect(throws: SearchOffline.self) {
      try await model.firstAvatar(from: CachedAvatars(), id: 0)
    }
  }

  /// The screen laid out by its anchors, with nothing set by hand: the field under the status
  /// bar, the table below it to the bottom, and rows as tall as their stack views.
  @Test func theScreenIsLaidOutByItsAnchorsAndTypingFindsTheNames() async {
    let model = SearchModel(
      names: ["Ari", "Arlo", "Bo"], avatars: CachedAvatars(), scheduler: ImmediateScheduler.shared)
    let screen = SearchViewController(model: model)
    let window = UIWindow.show(screen)
    window.layoutIfNeeded()
    let view: UIView = screen.view
    #expect(
      screen.field.frame == CGRect(x: 8, y: 47 + 8, width: view.bounds.width - 16, height: 44))
    #expect(screen.tableView.frame.minY == screen.field.frame.maxY + 8)
    #expect(screen.tableView.frame.maxY == view.bounds.maxY)

    screen.field.userTypes("Ar")
    await eventually("the two matches on screen") {
      screen.tableView.indexPathsForVisibleRows?.count == 2
    }
    let cell = screen.tableView.cellForRow(at: IndexPath(row: 1, section: 0)) as? SearchResultCell
    #expect(cell?.nameLabel.text == "Arlo")
    let body = UIFont.preferredFont(forTextStyle: .body).lineHeight
    let footnote = UIFont.preferredFont(forTextStyle: .footnote).lineHeight
    #expect(
      screen.tableView.rectForRow(at: IndexPath(row: 1, section: 0)).height
        == 8 + body + 2 + footnote + 8, "the stack's height within the margins")
    #expect(screen.tableView.violations.isEmpty, "\(screen.tableView.violations)")
    window.resignVisible()
  }
}
