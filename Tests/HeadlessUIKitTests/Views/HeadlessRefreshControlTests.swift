import Foundation
import HeadlessUIKit
import Testing

@MainActor
@Suite("Refresh control (UIKit rules §4e)")
struct RefreshControlTests {
  @Test func aPullSendsValueChangedOnceUntilTheRefreshEnds() {
    let view = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    #expect(!view.userPullsToRefresh(), "no control, no refresh")
    let control = UIRefreshControl()
    var sent = 0
    control.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
    view.refreshControl = control
    #expect(view.alwaysBounceVertical, "a table bounces however short its content, as in UIKit")
    view.alwaysBounceVertical = false
    #expect(!view.userPullsToRefresh(), "no content to drag: an empty list that does not bounce")
    view.alwaysBounceVertical = true
    #expect(view.userPullsToRefresh())
    #expect(control.isRefreshing && sent == 1)
    #expect(!view.userPullsToRefresh(), "a pull while it refreshes starts nothing")
    #expect(sent == 1)
    control.endRefreshing()
    #expect(!control.isRefreshing)
    #expect(view.userPullsToRefresh())
    #expect(sent == 2)
  }

  @Test func beginningFromCodeSendsNothing() {
    let control = UIRefreshControl()
    let action = UIAction { _ in Issue.record("no event for a refresh started from code") }
    control.addAction(action, for: .valueChanged)
    control.beginRefreshing()
    #expect(control.isRefreshing)
    control.endRefreshing()
    control.removeAction(action, for: .valueChanged)
    control.sendActions(for: .valueChanged)  // removed: nothing runs
  }
}
