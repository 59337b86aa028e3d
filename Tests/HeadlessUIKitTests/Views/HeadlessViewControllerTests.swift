import HeadlessUIKit
import Testing

/// View controllers as UIKit runs them: the view loaded on first use, appearance calls in
/// order around pushes, pops and presentations (UIKit rules §4f).
@Suite("View controllers")
@MainActor
struct ViewControllerTests {
  final class Screen: UIViewController {
    let name: String
    init(_ name: String, log: Log) {
      self.name = name
      self.sharedLog = log
      super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
    let sharedLog: Log
    override func viewDidLoad() { sharedLog.entries.append("\(name) did load") }
    override func viewWillAppear(_ animated: Bool) {
      sharedLog.entries.append("\(name) will appear")
    }
    override func viewDidAppear(_ animated: Bool) { sharedLog.entries.append("\(name) did appear") }
    override func viewWillDisappear(_ animated: Bool) {
      sharedLog.entries.append("\(name) will disappear")
    }
    override func viewDidDisappear(_ animated: Bool) {
      sharedLog.entries.append("\(name) did disappear")
    }
  }

  final class Log {
    var entries: [String] = []
    func take() -> [String] {
      defer { entries = [] }
      return entries
    }
  }

  @Test func theViewLoadsOnFirstUseFromLoadView() {
    final class OwnView: UIViewController {
      override func loadView() { view = UILabel(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
    }
    let plain = UIViewController()
    #expect(!plain.isViewLoaded && plain.viewIfLoaded == nil)
    #expect(plain.view.frame == UIWindow.screenBounds)
    #expect(plain.isViewLoaded)
    let own = OwnView()
    #expect(own.view is UILabel)
  }

  @Test func aWindowsRootAppearsWhenTheWindowIsShown() {
    let log = Log()
    let root = Screen("root", log: log)
    let window = UIWindow()
    window.rootViewController = root
    #expect(log.take() == ["root did load"], "in the window, not yet visible")
    window.makeKeyAndVisible()
    #expect(log.take() == ["root will appear", "root did appear"])
    window.makeKeyAndVisible()
    #expect(log.take().isEmpty, "appears once")
    window.resignVisible()
  }

  @Test func anUnanimatedPushAndPopCallEachScreenInUIKitsOrder() {
    let log = Log()
    let first = Screen("first", log: log)
    let navigation = UINavigationController(rootViewController: first)
    let window = UIWindow.show(navigation)
    #expect(log.take() == ["first did load", "first will appear", "first did appear"])
    let second = Screen("second", log: log)
    navigation.pushViewController(second, animated: false)
    // A device loads the screen coming in before the covered one hears it will disappear.
    #expect(
      log.take() == [
        "second did load", "first will disappear", "second will appear", "first did disappear",
        "second did appear",
      ])
    #expect(first.view.window == nil && second.view.window === window)
    #expect(second.navigationController === navigation && second.parent === navigation)
    #expect(navigation.popViewController(animated: false) === second)
    #expect(
      log.take() == [
        "second will disappear", "first will appear", "second did disappear", "first did appear",
      ])
    #expect(navigation.popViewController(animated: false) == nil, "the root stays")
    window.resignVisible()
  }

  @Test func popToRootSkipsTheScreensInBetween() {
    let log = Log()
    let root = Screen("root", log: log)
    let navigation = UINavigationController(rootViewController: root)
    let window = UIWindow.show(navigation)
    navigation.pushViewController(Screen("middle", log: log), animated: false)
    navigation.pushViewController(Screen("top", log: log), animated: false)
    _ = log.take()
    let popped = navigation.popToRootViewController(animated: false)
    #expect(popped?.count == 2)
    #expect(
      log.take() == [
        "top will disappear", "root will appear", "top did disappear", "root did appear",
      ])
    #expect(navigation.viewControllers.count == 1)
    window.resignVisible()
  }

  @Test func aStackChangedOffScreenAppearsWithItsNavigationController() {
    let log = Log()
    let navigation = UINavigationController(rootViewController: Screen("root", log: log))
    navigation.pushViewController(Screen("top", log: log), animated: false)
    #expect(log.take().isEmpty, "nothing is loaded off screen")
    let window = UIWindow.show(navigation)
    #expect(log.take() == ["top did load", "top will appear", "top did appear"])
    window.resignVisible()
  }

  @Test func aSheetLeavesItsPresenterOnScreenAndAFullScreenOneCoversIt() {
    let log = Log()
    let root = Screen("root", log: log)
    let window = UIWindow.show(root)
    _ = log.take()
    let sheet = Screen("sheet", log: log)
    root.present(sheet, animated: false)
    #expect(log.take() == ["sheet did load", "sheet will appear", "sheet did appear"])
    #expect(root.view.window === window, "a sheet's presenter stays")
    var dismissed = false
    sheet.dismiss(animated: false) { dismissed = true }
    #expect(dismissed && log.take() == ["sheet will disappear", "sheet did disappear"])
    #expect(root.presentedViewController == nil && sheet.presentingViewController == nil)

    let cover = Screen("cover", log: log)
    cover.modalPresentationStyle = .fullScreen
    root.present(cover, animated: false)
    #expect(
      log.take() == [
        "root will disappear", "cover did load", "cover will appear", "cover did appear",
        "root did disappear",
      ])
    #expect(root.view.window == nil && cover.view.window === window)
    root.dismiss(animated: false)
    #expect(
      log.take() == [
        "cover will disappear", "root will appear", "cover did disappear", "root did appear",
      ])
    #expect(root.view.window === window && cover.view.window == nil)
    window.resignVisible()
  }

  @Test func anAnimatedTransitionEndsOnALaterTurn() async {
    let log = Log()
    let root = Screen("root", log: log)
    let window = UIWindow.show(root)
    _ = log.take()
    let cover = Screen("cover", log: log)
    cover.modalPresentationStyle = .fullScreen
    var completed = false
    root.present(cover, animated: true) { completed = true }
    #expect(cover.isBeingPresented && !completed)
    #expect(root.view.window === window && cover.view.window === window, "both during it")
    while !completed { await Task.yield() }
    #expect(!cover.isBeingPresented && root.view.window == nil)
    #expect(log.take().suffix(2) == ["cover did appear", "root did disappear"])
    window.resignVisible()
  }

  /// A presentation and a dismissal take their time on the window's clock, as a device's
  /// (UIKit rules §7.5): a test in the middle of one sees both screens in the window.
  @Test func anAnimatedTransitionTakesItsTimeOnTheWindowsClock() {
    let log = Log()
    let root = Screen("root", log: log)
    let window = UIWindow.show(root)
    let clock = window.animationClock
    clock.mode = .manual
    let cover = Screen("cover", log: log)
    cover.modalPresentationStyle = .fullScreen
    var presented = false
    root.present(cover, animated: true) { presented = true }
    clock.advance(by: .milliseconds(300))
    #expect(!presented && cover.isBeingPresented && root.view.window === window)
    clock.advance(by: .milliseconds(50))
    #expect(presented && !cover.isBeingPresented && root.view.window == nil)
    _ = log.take()

    var dismissed = false
    cover.dismiss(animated: true) { dismissed = true }
    #expect(log.take() == ["cover will disappear", "root will appear"])
    clock.advance(by: .milliseconds(300))
    #expect(!dismissed && cover.isBeingDismissed)
    clock.finishAnimations()
    #expect(dismissed && log.take() == ["cover did disappear", "root did appear"])
    window.resignVisible()
  }

  /// A screen that already presents one refuses another, as a device does (with its warning,
  /// and without calling the completion); the presented screen presents on top.
  @Test func aPresentingScreenRefusesASecondAndThePresentedOneGoesOnTop() {
    let log = Log()
    let root = Screen("root", log: log)
    let window = UIWindow.show(root)
    let first = Screen("first", log: log)
    root.present(first, animated: false)
    let second = Screen("second", log: log)
    var completed = false
    root.present(second, animated: false) { completed = true }
    #expect(!completed && second.presentingViewController == nil && !second.isViewLoaded)
    #expect(
      root.alerts.map(\.message) == [
        "Attempt to present <Screen> on <Screen> (from <Screen>) which is already presenting "
          + "<Screen>."
      ])
    first.present(second, animated: false)
    #expect(first.presentedViewController === second && second.presentingViewController === first)
    _ = log.take()
    root.dismiss(animated: false)
    #expect(first.view.window == nil && second.view.window == nil)
    #expect(log.take() == ["first will disappear", "first did disappear"])
    window.resignVisible()
  }
}

/// Views as UIKit resizes and orders them, and the controls a screen taps.
@Suite("Views, controls and labels")
@MainActor
struct ViewSurfaceTests {
  @Test func autoresizingSharesAChangeOfSizeAmongTheFlexibleParts() {
    let parent = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
    let filling = UIView(frame: CGRect(x: 10, y: 10, width: 280, height: 180))
    filling.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    let pinnedRight = UIView(frame: CGRect(x: 250, y: 0, width: 50, height: 50))
    pinnedRight.autoresizingMask = [.flexibleLeftMargin]
    let fixed = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    for view in [filling, pinnedRight, fixed] { parent.addSubview(view) }
    parent.frame.size = CGSize(width: 400, height: 260)
    #expect(filling.frame == CGRect(x: 10, y: 10, width: 380, height: 240))
    #expect(pinnedRight.frame == CGRect(x: 350, y: 0, width: 50, height: 50))
    #expect(fixed.frame == CGRect(x: 0, y: 0, width: 20, height: 20))
  }

  @Test func subviewsInsertInOrderAndKnowTheirAncestors() {
    let parent = UIView()
    let back = UIView()
    let front = UIView()
    parent.addSubview(front)
    parent.insertSubview(back, belowSubview: front)
    #expect(parent.subviews.map { $0 === back } == [true, false])
    parent.bringSubviewToFront(back)
    #expect(parent.subviews.last === back)
    #expect(back.isDescendant(of: parent) && !parent.isDescendant(of: back))
    back.tag = 7
    #expect(parent.viewWithTag(7) === back)
  }

  @Test func aButtonsTitleFallsBackToNormalAndATapRunsItsActionsOnlyWhenEnabled() {
    let window = UIWindow.show(UIView())
    var taps = 0
    let button = UIButton(type: .system, primaryAction: UIAction(title: "Send") { _ in taps += 1 })
    window.addSubview(button)
    #expect(button.title(for: .normal) == "Send" && button.title(for: .highlighted) == "Send")
    button.setTitle("Sending", for: .disabled)
    #expect(button.userTaps() && taps == 1)
    button.isEnabled = false
    #expect(button.currentTitle == "Sending")
    #expect(!button.userTaps() && taps == 1, "a disabled button sends nothing")
    button.isEnabled = true
    button.removeFromSuperview()
    #expect(!button.userTaps(), "nor does one off screen")
    window.resignVisible()
  }

  @Test func aLabelMeasuresItsTextByItsFontAndItsLines() {
    let label = UILabel()
    label.font = .systemFont(ofSize: 20)
    label.text = "one two three four five six"  // 27 characters, 10 points each
    #expect(label.sizeThatFits(CGSize(width: 1_000, height: 0)).height == label.font.lineHeight)
    #expect(label.sizeThatFits(CGSize(width: 100, height: 0)).height == label.font.lineHeight)
    label.numberOfLines = 0
    let wrapped = label.sizeThatFits(CGSize(width: 100, height: 0))
    #expect(wrapped.height == 3 * label.font.lineHeight, "one two / three four / five six")
    label.numberOfLines = 2
    #expect(label.sizeThatFits(CGSize(width: 100, height: 0)).height == 2 * label.font.lineHeight)
    #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
    #expect(UIFont.preferredFont(forTextStyle: .caption1).pointSize == 12)
  }

  @Test func aTablesSelectionFollowsTheUsersTapsAndCodeTellsTheDelegateNothing() {
    final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
      var log: [String] = []
      func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
        -> UITableViewCell
      { tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) }
      func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.append("select \(indexPath.row)")
      }
      func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        log.append("deselect \(indexPath.row)")
      }
    }
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    let rows = Rows()
    table.dataSource = rows
    table.delegate = rows
    let window = UIWindow.show(table)
    table.userSelectsRow(at: IndexPath(row: 1, section: 0))
    table.userSelectsRow(at: IndexPath(row: 3, section: 0))
    #expect(rows.log == ["select 1", "deselect 1", "select 3"])
    #expect(table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
    table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
    table.deselectRow(at: IndexPath(row: 0, section: 0), animated: false)
    #expect(rows.log.count == 3, "code tells the delegate nothing")
    #expect(table.indexPathsForSelectedRows == nil)
    table.allowsMultipleSelection = true
    table.userSelectsRow(at: IndexPath(row: 1, section: 0))
    table.userSelectsRow(at: IndexPath(row: 2, section: 0))
    table.userSelectsRow(at: IndexPath(row: 1, section: 0))
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
    #expect(rows.log.suffix(3) == ["select 1", "select 2", "deselect 1"])
    window.resignVisible()
  }
}
